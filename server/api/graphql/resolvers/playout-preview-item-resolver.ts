import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { GraphqlContext } from "../context";
import { PlayoutPreviewItemType } from "../types/playout-types";

/** The title a preview item shows (a preview has no stored rows to join, so it is looked up). */
@Resolver(() => PlayoutPreviewItemType)
export class PlayoutPreviewItemResolver {
  @FieldResolver(() => String, { nullable: true, description: "Title of the media item." })
  async mediaTitle(@Root() item: PlayoutPreviewItemType, @Ctx() ctx: GraphqlContext): Promise<string | null> {
    if (item.mediaItemId === undefined || item.mediaItemId === null) return null;
    return (await ctx.loaders.mediaItem.load(item.mediaItemId))?.title ?? null;
  }
}
