import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { Library } from "../../../db/entities/library";
import { toMediaSourceView } from "../../views/media-source-view";
import type { GraphqlContext } from "../context";
import { MediaSourceCreateInput, MediaSourceType, MediaSourceUpdateInput, RemoteCollectionType, RemoteLibraryType, ServerIdentityType } from "../types/media-source-types";

@Resolver(() => MediaSourceType)
export class MediaSourceResolver {
  @Query(() => [MediaSourceType])
  async mediaSources(@Ctx() ctx: GraphqlContext): Promise<MediaSourceType[]> {
    return (await ctx.services.mediaSources.list()).map(toMediaSourceView);
  }

  @Query(() => MediaSourceType)
  async mediaSource(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<MediaSourceType> {
    return toMediaSourceView(await ctx.services.mediaSources.get(id));
  }

  @Query(() => [RemoteLibraryType], { description: "The server's libraries Airwave can use." })
  async mediaSourceLibraries(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<RemoteLibraryType[]> {
    return ctx.services.mediaSources.libraries(id);
  }

  @Query(() => [RemoteCollectionType], { description: "The server's collections (box sets) and playlists." })
  async mediaSourceCollections(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<RemoteCollectionType[]> {
    return ctx.services.mediaSources.remoteCollections(id);
  }

  @Mutation(() => MediaSourceType, { description: "Tests the server, then stores the source." })
  async createMediaSource(@Arg("input", () => MediaSourceCreateInput) input: MediaSourceCreateInput, @Ctx() ctx: GraphqlContext): Promise<MediaSourceType> {
    return toMediaSourceView(await ctx.services.mediaSources.create(input));
  }

  @Mutation(() => MediaSourceType)
  async updateMediaSource(@Arg("id", () => Int) id: number, @Arg("input", () => MediaSourceUpdateInput) input: MediaSourceUpdateInput, @Ctx() ctx: GraphqlContext): Promise<MediaSourceType> {
    return toMediaSourceView(await ctx.services.mediaSources.update(id, input));
  }

  @Mutation(() => ID, { description: "Deletes the source with the libraries and collections synced from it." })
  async deleteMediaSource(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.mediaSources.delete(id);
    return id;
  }

  @Mutation(() => ServerIdentityType, { description: "Checks reachability, kind and credential." })
  async testMediaSource(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<ServerIdentityType> {
    return ctx.services.mediaSources.test(id);
  }

  @Mutation(() => Library, { description: "Creates the Airwave library bound to a server library (scanLibrary syncs it)." })
  async enableMediaSourceLibrary(
    @Arg("id", () => Int) id: number,
    @Arg("remoteLibraryId", () => String) remoteLibraryId: string,
    @Arg("name", () => String, { nullable: true }) name: string | undefined,
    @Ctx() ctx: GraphqlContext,
  ): Promise<Library> {
    return ctx.services.mediaSources.enableLibrary(id, remoteLibraryId, name ?? undefined);
  }

  @Mutation(() => Int, { description: "Mirrors a server collection or playlist as an Airwave collection; returns its id." })
  async importMediaSourceCollection(
    @Arg("id", () => Int) id: number,
    @Arg("remoteKind", () => String) remoteKind: string,
    @Arg("remoteId", () => String) remoteId: string,
    @Arg("name", () => String, { nullable: true }) name: string | undefined,
    @Ctx() ctx: GraphqlContext,
  ): Promise<number> {
    return ctx.services.mediaSources.importCollection(id, remoteKind, remoteId, name ?? undefined);
  }
}
