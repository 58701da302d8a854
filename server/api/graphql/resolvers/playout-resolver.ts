import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Channel } from "../../../db/entities/channel";
import type { Playout } from "../../../db/entities/playout";
import { toBuildSummaryDto, toNowPlayingDto, toPlayoutDto, toPlayoutItemDto, toPreviewItemDto } from "../../views/playout-view";
import type { GraphqlContext } from "../context";
import { PlayoutCreateInputType, PlayoutUpdateInputType } from "../inputs/playout-inputs";
import {
  NowPlayingType,
  PlayoutBuildSummaryType,
  PlayoutChangeType,
  PlayoutItemPageType,
  PlayoutPreviewType,
  PlayoutType,
} from "../types/playout-types";

// The GraphQL views are the REST DTOs (same mapping, same ISO dates); only the enums are typed.
const toPlayoutType = (p: Playout) => toPlayoutDto(p) as PlayoutType;
const toSummaryType = (b: Parameters<typeof toBuildSummaryDto>[0]) => toBuildSummaryDto(b) as PlayoutBuildSummaryType;

@Resolver(() => PlayoutType)
export class PlayoutResolver {
  @Query(() => [PlayoutType], { description: "Every playout, in id order." })
  async playouts(@Ctx() ctx: GraphqlContext): Promise<PlayoutType[]> {
    return (await ctx.services.playouts.list()).map(toPlayoutType);
  }

  @Query(() => PlayoutType)
  async playout(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<PlayoutType> {
    return toPlayoutType(await ctx.services.playouts.get(id));
  }

  @Query(() => PlayoutItemPageType, { description: "The timeline between `from` and `to` (ISO 8601; default now and 24 hours later), a page at a time." })
  async playoutItems(
    @Arg("playoutId", () => Int) playoutId: number,
    @Arg("from", () => String, { nullable: true }) from: string | null | undefined,
    @Arg("to", () => String, { nullable: true }) to: string | null | undefined,
    @Arg("pageNumber", () => Int, { defaultValue: 0 }) pageNumber: number,
    @Arg("pageSize", () => Int, { defaultValue: 100 }) pageSize: number,
    @Ctx() ctx: GraphqlContext,
  ): Promise<PlayoutItemPageType> {
    const start = from === undefined || from === null ? undefined : Date.parse(from);
    const end = to === undefined || to === null ? undefined : Date.parse(to);
    const page = await ctx.services.playouts.items(playoutId, start, end, pageNumber, pageSize);
    return { pageNumber, pageSize, totalCount: page.totalCount, items: page.items.map(toPlayoutItemDto) };
  }

  @Query(() => NowPlayingType, { description: "What the channel plays now (or at `at`, ISO 8601): the item, the offset into it, and what follows." })
  async nowPlaying(
    @Arg("channelId", () => Int) channelId: number,
    @Arg("at", () => String, { nullable: true }) at: string | null | undefined,
    @Ctx() ctx: GraphqlContext,
  ): Promise<NowPlayingType> {
    const time = at === undefined || at === null ? undefined : Date.parse(at);
    return toNowPlayingDto(await ctx.services.playouts.nowPlaying(channelId, time !== undefined && Number.isFinite(time) ? time : undefined));
  }

  @Query(() => PlayoutPreviewType, { description: "The timeline a Reset build of this definition would produce, without saving anything." })
  async previewPlayout(
    @Arg("definition", () => String) definition: string,
    @Arg("start", () => String, { nullable: true, description: "ISO 8601; default now." }) start: string | null | undefined,
    @Arg("hours", () => Int, { nullable: true, description: "1–168; default 24." }) hours: number | null | undefined,
    @Arg("seed", () => Int, { nullable: true, description: "Default 1." }) seed: number | null | undefined,
    @Ctx() ctx: GraphqlContext,
  ): Promise<PlayoutPreviewType> {
    const result = await ctx.services.playouts.preview({ definition, start: start ?? undefined, hours: hours ?? undefined, seed: seed ?? undefined });
    return { items: result.items.map(toPreviewItemDto), warnings: result.warnings };
  }

  @Mutation(() => PlayoutChangeType, { description: "Creates a channel's playout (one per channel) and runs a Reset build; the definition must validate." })
  async createPlayout(@Arg("input", () => PlayoutCreateInputType) input: PlayoutCreateInputType, @Ctx() ctx: GraphqlContext): Promise<PlayoutChangeType> {
    const { playout, build } = await ctx.services.playouts.create({ ...input });
    return { playout: toPlayoutType(playout), build: toSummaryType(build) };
  }

  @Mutation(() => PlayoutChangeType, { description: "Replaces the definition (re-validated), then runs a Refresh build." })
  async updatePlayout(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => PlayoutUpdateInputType) input: PlayoutUpdateInputType,
    @Ctx() ctx: GraphqlContext,
  ): Promise<PlayoutChangeType> {
    const { playout, build } = await ctx.services.playouts.update(id, { ...input });
    return { playout: toPlayoutType(playout), build: toSummaryType(build) };
  }

  @Mutation(() => ID, { description: "Deletes the playout and its items; returns the id." })
  async deletePlayout(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.playouts.delete(id);
    return id;
  }

  @Mutation(() => PlayoutBuildSummaryType, {
    description: "Runs a Reset build of the channel's playout now (keyed by channel id). Content positions carry over; eraseHistory forgets them and draws a new seed.",
  })
  async resetPlayout(
    @Arg("channelId", () => Int) channelId: number,
    @Arg("eraseHistory", () => Boolean, { defaultValue: false }) eraseHistory: boolean,
    @Ctx() ctx: GraphqlContext,
  ): Promise<PlayoutBuildSummaryType> {
    return toSummaryType(await ctx.services.playouts.resetChannel(channelId, eraseHistory));
  }
}

/** `Channel.playout`, batched per request. */
@Resolver(() => Channel)
export class ChannelPlayoutResolver {
  @FieldResolver(() => PlayoutType, { nullable: true, description: "The channel's playout, if it has one." })
  async playout(@Root() channel: Channel, @Ctx() ctx: GraphqlContext): Promise<PlayoutType | null> {
    const playout = await ctx.loaders.playoutByChannel.load(channel.id);
    return playout ? toPlayoutType(playout) : null;
  }
}
