import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { SmartCollection } from "../../../db/entities/collection";
import type { GraphqlContext } from "../context";
import { MediaItemPageType } from "../types/media-item-page-type";

@Resolver(() => SmartCollection)
export class SmartCollectionResolver {
  @Query(() => [SmartCollection])
  smartCollections(@Ctx() ctx: GraphqlContext): Promise<SmartCollection[]> {
    return ctx.services.smartCollections.list();
  }

  @Query(() => SmartCollection)
  smartCollection(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<SmartCollection> {
    return ctx.services.smartCollections.get(id);
  }

  @Query(() => MediaItemPageType, { description: "Runs a search query (the smart-collection language)." })
  searchMedia(
    @Arg("query", () => String) query: string,
    @Ctx() ctx: GraphqlContext,
    @Arg("pageNumber", () => Int, { nullable: true }) pageNumber?: number,
    @Arg("pageSize", () => Int, { nullable: true }) pageSize?: number,
  ): Promise<MediaItemPageType> {
    return ctx.services.smartCollections.search(query, pageNumber ?? undefined, pageSize ?? undefined);
  }

  @Mutation(() => SmartCollection)
  createSmartCollection(@Arg("name", () => String) name: string, @Arg("query", () => String) query: string, @Ctx() ctx: GraphqlContext): Promise<SmartCollection> {
    return ctx.services.smartCollections.create({ name, query });
  }

  @Mutation(() => SmartCollection)
  updateSmartCollection(
    @Arg("id", () => Int) id: number,
    @Ctx() ctx: GraphqlContext,
    @Arg("name", () => String, { nullable: true }) name?: string,
    @Arg("query", () => String, { nullable: true }) query?: string,
  ): Promise<SmartCollection> {
    return ctx.services.smartCollections.update(id, { name: name ?? undefined, query: query ?? undefined });
  }

  @Mutation(() => ID)
  async deleteSmartCollection(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.smartCollections.delete(id);
    return id;
  }
}
