import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Channel } from "../../../db/entities/channel";
import { FFmpegProfile } from "../../../db/entities/ffmpeg-profile";
import { formatPlayoutOffset } from "../../../services/channel-service";
import { channelStreamPath } from "../../../services/channel-stream-path";
import type { GraphqlContext } from "../context";
import { ChannelCreateInput, ChannelUpdateInput } from "../inputs/channel-inputs";

@Resolver(() => Channel)
export class ChannelResolver {
  @Query(() => [Channel], { description: "Every channel, in channel-number order." })
  async channels(@Ctx() ctx: GraphqlContext): Promise<Channel[]> {
    return (await ctx.services.channels.list()).map((view) => view.channel);
  }

  @Query(() => Channel)
  async channel(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<Channel> {
    return (await ctx.services.channels.get(id)).channel;
  }

  @Mutation(() => Channel)
  async createChannel(@Arg("input", () => ChannelCreateInput) input: ChannelCreateInput, @Ctx() ctx: GraphqlContext): Promise<Channel> {
    return (await ctx.services.channels.create(input)).channel;
  }

  @Mutation(() => Channel, { description: "Changes only the fields given; null clears a clearable field." })
  async updateChannel(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => ChannelUpdateInput) input: ChannelUpdateInput,
    @Ctx() ctx: GraphqlContext,
  ): Promise<Channel> {
    return (await ctx.services.channels.patch(id, input)).channel;
  }

  @Mutation(() => ID, { description: "Deletes the channel and its playout; returns the id." })
  async deleteChannel(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.channels.delete(id);
    return id;
  }

  @FieldResolver(() => FFmpegProfile)
  async ffmpegProfile(@Root() channel: Channel, @Ctx() ctx: GraphqlContext): Promise<FFmpegProfile | undefined> {
    return ctx.loaders.ffmpegProfile.load(channel.ffmpegProfileId);
  }

  @FieldResolver(() => String, { description: "Absolute URL of the channel's stream for its streaming mode." })
  streamUrl(@Root() channel: Channel, @Ctx() ctx: GraphqlContext): string {
    return ctx.baseUrl + channelStreamPath(channel.number, channel.streamingMode);
  }

  @FieldResolver(() => String, { nullable: true, description: "hh:mm:ss added to the mirror source's timeline." })
  playoutOffset(@Root() channel: Channel): string | null {
    return formatPlayoutOffset(channel);
  }

  @FieldResolver(() => Int, { nullable: true })
  async playoutId(@Root() channel: Channel, @Ctx() ctx: GraphqlContext): Promise<number | null> {
    return ctx.loaders.playoutIdByChannel.load(channel.id);
  }
}
