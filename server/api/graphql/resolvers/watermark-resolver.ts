import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import type { GraphqlContext } from "../context";
import { WatermarkInputType } from "../inputs/watermark-inputs";
import { toWatermarkType, WatermarkType } from "../types/watermark-type";

@Resolver(() => WatermarkType)
export class WatermarkResolver {
  @Query(() => [WatermarkType], { description: "Every watermark, by name." })
  async watermarks(@Ctx() ctx: GraphqlContext): Promise<WatermarkType[]> {
    return (await ctx.services.watermarks.list()).map(toWatermarkType);
  }

  @Query(() => WatermarkType)
  async watermark(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<WatermarkType> {
    return toWatermarkType(await ctx.services.watermarks.get(id));
  }

  @Query(() => String, { description: "One 640×360 frame of a generated test pattern with the watermark drawn on it by FFmpeg, as a data: URL of a PNG." })
  async watermarkPreview(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<string> {
    return `data:image/png;base64,${(await ctx.services.watermarks.preview(id)).toString("base64")}`;
  }

  @Mutation(() => WatermarkType)
  async createWatermark(@Arg("input", () => WatermarkInputType) input: WatermarkInputType, @Ctx() ctx: GraphqlContext): Promise<WatermarkType> {
    return toWatermarkType(await ctx.services.watermarks.create(input));
  }

  @Mutation(() => WatermarkType, { description: "Replaces every field (absent ones take their defaults)." })
  async updateWatermark(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => WatermarkInputType) input: WatermarkInputType,
    @Ctx() ctx: GraphqlContext,
  ): Promise<WatermarkType> {
    return toWatermarkType(await ctx.services.watermarks.update(id, input));
  }

  @Mutation(() => ID, { description: "Deletes the watermark (refused while a channel or schedule item uses it); returns the id." })
  async deleteWatermark(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.watermarks.delete(id);
    return id;
  }
}
