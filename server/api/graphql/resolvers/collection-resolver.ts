import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Collection } from "../../../db/entities/collection";
import { MediaItem } from "../../../db/entities/media-item";
import type { GraphqlContext } from "../context";

@Resolver(() => Collection)
export class CollectionResolver {
  @Query(() => [Collection])
  async collections(@Ctx() ctx: GraphqlContext): Promise<Collection[]> {
    return (await ctx.services.collections.list()).map((v) => v.collection);
  }

  @Query(() => Collection)
  async collection(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<Collection> {
    return (await ctx.services.collections.get(id)).collection;
  }

  @Mutation(() => Collection)
  async createCollection(@Arg("name", () => String) name: string, @Ctx() ctx: GraphqlContext): Promise<Collection> {
    return (await ctx.services.collections.create({ name })).collection;
  }

  @Mutation(() => Collection)
  async updateCollection(@Arg("id", () => Int) id: number, @Arg("name", () => String) name: string, @Ctx() ctx: GraphqlContext): Promise<Collection> {
    return (await ctx.services.collections.update(id, { name })).collection;
  }

  @Mutation(() => ID)
  async deleteCollection(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.collections.delete(id);
    return id;
  }

  @Mutation(() => Collection, { description: "Adds media items (a show or season as a unit); all ids must exist." })
  async addCollectionItems(
    @Arg("id", () => Int) id: number,
    @Arg("mediaItemIds", () => [Int]) mediaItemIds: number[],
    @Ctx() ctx: GraphqlContext,
  ): Promise<Collection> {
    return (await ctx.services.collections.addItems(id, mediaItemIds)).collection;
  }

  @Mutation(() => Collection)
  async removeCollectionItem(@Arg("id", () => Int) id: number, @Arg("mediaItemId", () => Int) mediaItemId: number, @Ctx() ctx: GraphqlContext): Promise<Collection> {
    await ctx.services.collections.removeItem(id, mediaItemId);
    return (await ctx.services.collections.get(id)).collection;
  }

  @FieldResolver(() => Int)
  async itemCount(@Root() collection: Collection, @Ctx() ctx: GraphqlContext): Promise<number> {
    return ctx.loaders.collectionItemCount.load(collection.id);
  }

  @FieldResolver(() => [MediaItem])
  async items(@Root() collection: Collection, @Ctx() ctx: GraphqlContext): Promise<MediaItem[]> {
    return ctx.services.collections.members(collection.id);
  }
}
