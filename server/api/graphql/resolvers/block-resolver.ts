import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Block, BlockItem, BlockTemplate } from "../../../db/entities/block";
import type { BlockView } from "../../../services/block-service";
import type { BlockTemplateView } from "../../../services/block-template-service";
import { formatTimeSpan } from "../../../services/validation/time-span";
import type { GraphqlContext } from "../context";
import { BlockInputType, BlockTemplateInputType } from "../inputs/block-inputs";
import { BlockTemplateEntry } from "../types/block-types";

/** The block with its items attached, so `items` needs no second lookup. */
const withItems = ({ block, items }: BlockView): Block => Object.assign(block, { items });
const withEntries = ({ template, items }: BlockTemplateView): BlockTemplate & { entries?: BlockTemplateEntry[] } =>
  Object.assign(template, { entries: items.map((i) => Object.assign(new BlockTemplateEntry(), { blockId: i.blockId, startTime: formatTimeSpan(i.startTimeSeconds) })) });

@Resolver(() => Block)
export class BlockResolver {
  @Query(() => [Block], { description: "Every block, by name." })
  async blocks(@Ctx() ctx: GraphqlContext): Promise<Block[]> {
    return (await ctx.services.blocks.list()).map(withItems);
  }

  @Query(() => Block)
  async block(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<Block> {
    return withItems(await ctx.services.blocks.get(id));
  }

  @Mutation(() => Block)
  async createBlock(@Arg("input", () => BlockInputType) input: BlockInputType, @Ctx() ctx: GraphqlContext): Promise<Block> {
    return withItems(await ctx.services.blocks.create(input));
  }

  @Mutation(() => Block, { description: "Replaces the block and its items at once; Block playouts that play it are rebuilt." })
  async updateBlock(@Arg("id", () => Int) id: number, @Arg("input", () => BlockInputType) input: BlockInputType, @Ctx() ctx: GraphqlContext): Promise<Block> {
    return withItems(await ctx.services.blocks.update(id, input));
  }

  @Mutation(() => ID, { description: "Deletes the block (refused while a template places it); returns the id." })
  async deleteBlock(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.blocks.delete(id);
    return id;
  }

  @FieldResolver(() => [BlockItem], { description: "The items in their order." })
  async items(@Root() block: Block, @Ctx() ctx: GraphqlContext): Promise<BlockItem[]> {
    return block.items ?? (await ctx.services.blocks.get(block.id)).items;
  }
}

@Resolver(() => BlockTemplate)
export class BlockTemplateResolver {
  @Query(() => [BlockTemplate], { description: "Every block template, by name." })
  async blockTemplates(@Ctx() ctx: GraphqlContext): Promise<BlockTemplate[]> {
    return (await ctx.services.blockTemplates.list()).map(withEntries);
  }

  @Query(() => BlockTemplate)
  async blockTemplate(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<BlockTemplate> {
    return withEntries(await ctx.services.blockTemplates.get(id));
  }

  @Mutation(() => BlockTemplate)
  async createBlockTemplate(@Arg("input", () => BlockTemplateInputType) input: BlockTemplateInputType, @Ctx() ctx: GraphqlContext): Promise<BlockTemplate> {
    return withEntries(await ctx.services.blockTemplates.create(input));
  }

  @Mutation(() => BlockTemplate, { description: "Replaces the template at once; Block playouts that assign it are rebuilt." })
  async updateBlockTemplate(@Arg("id", () => Int) id: number, @Arg("input", () => BlockTemplateInputType) input: BlockTemplateInputType, @Ctx() ctx: GraphqlContext): Promise<BlockTemplate> {
    return withEntries(await ctx.services.blockTemplates.update(id, input));
  }

  @Mutation(() => ID, { description: "Deletes the template (refused while a Block playout assigns it); returns the id." })
  async deleteBlockTemplate(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.blockTemplates.delete(id);
    return id;
  }

  @FieldResolver(() => [BlockTemplateEntry], { description: "The blocks in start-time order." })
  async items(@Root() template: BlockTemplate & { entries?: BlockTemplateEntry[] }, @Ctx() ctx: GraphqlContext): Promise<BlockTemplateEntry[]> {
    return template.entries ?? withEntries(await ctx.services.blockTemplates.get(template.id)).entries!;
  }
}
