import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { MultiCollection, MultiCollectionItem } from "../../../db/entities/collection";
import type { GraphqlContext } from "../context";
import { MultiCollectionInputType } from "../inputs/playlist-inputs";

@Resolver(() => MultiCollection)
export class MultiCollectionResolver {
  @Query(() => [MultiCollection], { description: "Every multi collection, by name." })
  async multiCollections(@Ctx() ctx: GraphqlContext): Promise<MultiCollection[]> {
    return (await ctx.services.multiCollections.list()).map((v) => v.multiCollection);
  }

  @Query(() => MultiCollection)
  async multiCollection(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<MultiCollection> {
    return (await ctx.services.multiCollections.get(id)).multiCollection;
  }

  @Mutation(() => MultiCollection)
  async createMultiCollection(@Arg("input", () => MultiCollectionInputType) input: MultiCollectionInputType, @Ctx() ctx: GraphqlContext): Promise<MultiCollection> {
    return (await ctx.services.multiCollections.create(input)).multiCollection;
  }

  @Mutation(() => MultiCollection, { description: "Renames and replaces every member at once." })
  async updateMultiCollection(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => MultiCollectionInputType) input: MultiCollectionInputType,
    @Ctx() ctx: GraphqlContext,
  ): Promise<MultiCollection> {
    return (await ctx.services.multiCollections.update(id, input)).multiCollection;
  }

  @Mutation(() => ID, { description: "Refused while a playlist, schedule item or filler preset uses it; returns the id." })
  async deleteMultiCollection(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.multiCollections.delete(id);
    return id;
  }

  @FieldResolver(() => [MultiCollectionItem], { description: "The members in their order." })
  async items(@Root() multiCollection: MultiCollection, @Ctx() ctx: GraphqlContext): Promise<MultiCollectionItem[]> {
    return ctx.loaders.multiCollectionItems.load(multiCollection.id);
  }
}
