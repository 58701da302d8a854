import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import type { GraphqlContext } from "../context";
import { FillerPresetInputType } from "../inputs/filler-preset-inputs";
import { FillerPresetType, toFillerPresetType } from "../types/filler-preset-type";

@Resolver(() => FillerPresetType)
export class FillerPresetResolver {
  @Query(() => [FillerPresetType], { description: "Every filler preset, by name." })
  async fillerPresets(@Ctx() ctx: GraphqlContext): Promise<FillerPresetType[]> {
    return (await ctx.services.fillerPresets.list()).map(toFillerPresetType);
  }

  @Query(() => FillerPresetType)
  async fillerPreset(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<FillerPresetType> {
    return toFillerPresetType(await ctx.services.fillerPresets.get(id));
  }

  @Mutation(() => FillerPresetType)
  async createFillerPreset(@Arg("input", () => FillerPresetInputType) input: FillerPresetInputType, @Ctx() ctx: GraphqlContext): Promise<FillerPresetType> {
    return toFillerPresetType(await ctx.services.fillerPresets.create(input));
  }

  @Mutation(() => FillerPresetType, { description: "Replaces every field; a preset in use must keep the kind its users need." })
  async updateFillerPreset(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => FillerPresetInputType) input: FillerPresetInputType,
    @Ctx() ctx: GraphqlContext,
  ): Promise<FillerPresetType> {
    return toFillerPresetType(await ctx.services.fillerPresets.update(id, input));
  }

  @Mutation(() => ID, { description: "Deletes the preset (refused while a schedule item or channel uses it); returns the id." })
  async deleteFillerPreset(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.fillerPresets.delete(id);
    return id;
  }
}
