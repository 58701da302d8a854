import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Collection, MultiCollection, SmartCollection } from "../../../db/entities/collection";
import { MediaItem } from "../../../db/entities/media-item";
import { Playlist, PlaylistGroup, PlaylistItem } from "../../../db/entities/playlist";
import type { GraphqlContext } from "../context";
import { PlaylistInputType } from "../inputs/playlist-inputs";

@Resolver(() => PlaylistGroup)
export class PlaylistGroupResolver {
  @Query(() => [PlaylistGroup], { description: "Every playlist group, by name." })
  playlistGroups(@Ctx() ctx: GraphqlContext): Promise<PlaylistGroup[]> {
    return ctx.services.playlists.listGroups();
  }

  @Query(() => PlaylistGroup)
  playlistGroup(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<PlaylistGroup> {
    return ctx.services.playlists.getGroup(id);
  }

  @Mutation(() => PlaylistGroup)
  createPlaylistGroup(@Arg("name", () => String) name: string, @Ctx() ctx: GraphqlContext): Promise<PlaylistGroup> {
    return ctx.services.playlists.createGroup({ name });
  }

  @Mutation(() => PlaylistGroup)
  updatePlaylistGroup(@Arg("id", () => Int) id: number, @Arg("name", () => String) name: string, @Ctx() ctx: GraphqlContext): Promise<PlaylistGroup> {
    return ctx.services.playlists.updateGroup(id, { name });
  }

  @Mutation(() => ID, { description: "Deletes the group with all its playlists (refused while one is in use); returns the id." })
  async deletePlaylistGroup(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.playlists.deleteGroup(id);
    return id;
  }
}

@Resolver(() => Playlist)
export class PlaylistResolver {
  @Query(() => [Playlist], { description: "Every playlist, or those of one group; by name." })
  async playlists(@Arg("groupId", () => Int, { nullable: true }) groupId: number | null | undefined, @Ctx() ctx: GraphqlContext): Promise<Playlist[]> {
    return (await ctx.services.playlists.list(groupId ?? undefined)).map((v) => v.playlist);
  }

  @Query(() => Playlist)
  async playlist(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<Playlist> {
    return (await ctx.services.playlists.get(id)).playlist;
  }

  @Mutation(() => Playlist)
  async createPlaylist(@Arg("input", () => PlaylistInputType) input: PlaylistInputType, @Ctx() ctx: GraphqlContext): Promise<Playlist> {
    return (await ctx.services.playlists.create(input)).playlist;
  }

  @Mutation(() => Playlist, { description: "Renames, moves and replaces every entry at once." })
  async updatePlaylist(@Arg("id", () => Int) id: number, @Arg("input", () => PlaylistInputType) input: PlaylistInputType, @Ctx() ctx: GraphqlContext): Promise<Playlist> {
    return (await ctx.services.playlists.update(id, input)).playlist;
  }

  @Mutation(() => ID, { description: "Refused while a schedule item or filler preset uses it; returns the id." })
  async deletePlaylist(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.playlists.delete(id);
    return id;
  }

  @FieldResolver(() => [PlaylistItem], { description: "The entries in their order." })
  items(@Root() playlist: Playlist, @Ctx() ctx: GraphqlContext): Promise<PlaylistItem[]> {
    return ctx.loaders.playlistItems.load(playlist.id);
  }
}

/** The target of an entry, by its type; each is batched over the whole response. */
@Resolver(() => PlaylistItem)
export class PlaylistItemResolver {
  @FieldResolver(() => Collection, { nullable: true })
  async collection(@Root() item: PlaylistItem, @Ctx() ctx: GraphqlContext): Promise<Collection | null> {
    return item.collectionId === null ? null : (await ctx.loaders.collectionById.load(item.collectionId)) ?? null;
  }

  @FieldResolver(() => MediaItem, { nullable: true, description: "The show, season or single item." })
  async mediaItem(@Root() item: PlaylistItem, @Ctx() ctx: GraphqlContext): Promise<MediaItem | null> {
    return item.mediaItemId === null ? null : (await ctx.loaders.mediaItem.load(item.mediaItemId)) ?? null;
  }

  @FieldResolver(() => MultiCollection, { nullable: true })
  async multiCollection(@Root() item: PlaylistItem, @Ctx() ctx: GraphqlContext): Promise<MultiCollection | null> {
    return item.multiCollectionId === null ? null : (await ctx.loaders.multiCollectionById.load(item.multiCollectionId)) ?? null;
  }

  @FieldResolver(() => SmartCollection, { nullable: true })
  async smartCollection(@Root() item: PlaylistItem, @Ctx() ctx: GraphqlContext): Promise<SmartCollection | null> {
    return item.smartCollectionId === null ? null : (await ctx.loaders.smartCollectionById.load(item.smartCollectionId)) ?? null;
  }
}
