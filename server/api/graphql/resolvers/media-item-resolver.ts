import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { MediaItemKind } from "../../../domain/enums";
import { MediaItem } from "../../../db/entities/media-item";
import { MediaVersion } from "../../../db/entities/media-version";
import type { GraphqlContext } from "../context";
import { artworkLinks } from "../../../services/artwork-service";
import { ArtworkType } from "../types/artwork-type";
import { MediaItemPageType } from "../types/media-item-page-type";
import { MediaSourceBadgeType } from "../types/media-source-badge-type";

@Resolver(() => MediaItem)
export class MediaItemResolver {
  @Query(() => MediaItemPageType, { description: "Browse media: by library, kind, or parent (a show's seasons, a season's episodes)." })
  async mediaItems(
    @Ctx() ctx: GraphqlContext,
    @Arg("libraryId", () => Int, { nullable: true }) libraryId?: number,
    @Arg("kind", () => MediaItemKind, { nullable: true }) kind?: MediaItemKind,
    @Arg("parentId", () => Int, { nullable: true }) parentId?: number,
    @Arg("includeTrashed", () => Boolean, { nullable: true }) includeTrashed?: boolean,
    @Arg("pageNumber", () => Int, { nullable: true }) pageNumber?: number,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize?: number,
  ): Promise<MediaItemPageType> {
    return ctx.services.media.page({ libraryId: libraryId ?? undefined, kind: kind ?? undefined, parentId: parentId ?? undefined, includeTrashed: includeTrashed ?? undefined, pageNumber: pageNumber ?? undefined, pageSize: pageSize ?? undefined });
  }

  @Query(() => MediaItem)
  async mediaItem(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<MediaItem> {
    return (await ctx.services.media.detail(id)).item;
  }

  @FieldResolver(() => MediaItem, { nullable: true, description: "The show of a season, the season of an episode, the artist of a song or music video." })
  async parent(@Root() item: MediaItem, @Ctx() ctx: GraphqlContext): Promise<MediaItem | null> {
    return item.parentId === null ? null : ((await ctx.loaders.mediaItem.load(item.parentId)) ?? null);
  }

  @FieldResolver(() => [MediaItem], { description: "Seasons of a show, episodes of a season, songs and music videos of an artist." })
  async children(@Root() item: MediaItem, @Ctx() ctx: GraphqlContext): Promise<MediaItem[]> {
    return item.kind === MediaItemKind.Show || item.kind === MediaItemKind.Season || item.kind === MediaItemKind.Artist ? ctx.loaders.children.load(item.id) : [];
  }

  @FieldResolver(() => [ArtworkType], { description: "The item's pictures, one per kind (its season's and show's where it has none)." })
  async artwork(@Root() item: MediaItem, @Ctx() ctx: GraphqlContext): Promise<ArtworkType[]> {
    return artworkLinks(await ctx.loaders.artwork.load(item.id), ctx.baseUrl);
  }

  @FieldResolver(() => MediaSourceBadgeType, { nullable: true, description: "The media server the item is synced from; null for an item of a local folder." })
  async source(@Root() item: MediaItem, @Ctx() ctx: GraphqlContext): Promise<MediaSourceBadgeType | null> {
    return ctx.loaders.pathSource.load(item.libraryPathId);
  }

  @FieldResolver(() => [MediaVersion])
  async versions(@Root() item: MediaItem, @Ctx() ctx: GraphqlContext): Promise<MediaVersion[]> {
    return ctx.loaders.versions.load(item.id);
  }

  @FieldResolver(() => String, { description: "ISO 8601" })
  addedAt(@Root() item: MediaItem): string {
    return new Date(item.addedAt).toISOString();
  }
}
