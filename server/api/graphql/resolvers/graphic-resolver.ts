import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import type { GraphqlContext } from "../context";
import { GraphicInputType } from "../inputs/graphic-inputs";
import { GraphicType, toGraphicType } from "../types/graphic-type";

@Resolver(() => GraphicType)
export class GraphicResolver {
  @Query(() => [GraphicType], { description: "Every graphics element, by name." })
  async graphics(@Ctx() ctx: GraphqlContext): Promise<GraphicType[]> {
    return (await ctx.services.graphics.list()).map(toGraphicType);
  }

  @Query(() => GraphicType)
  async graphic(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<GraphicType> {
    return toGraphicType(await ctx.services.graphics.get(id));
  }

  @Query(() => String, {
    description:
      "One 640×360 frame of a test pattern with the element drawn by FFmpeg, as a data: URL of a PNG: the stored element (id), or unsaved settings (input, as the form holds them), filled in from the channel's programmes (channel) or sample titles.",
  })
  async graphicPreview(
    @Arg("id", () => Int, { nullable: true }) id: number | null,
    @Arg("input", () => GraphicInputType, { nullable: true }) input: GraphicInputType | null,
    @Arg("channel", () => String, { nullable: true }) channel: string | null,
    @Ctx() ctx: GraphqlContext,
  ): Promise<string> {
    return `data:image/png;base64,${(await ctx.services.graphics.preview(id, channel ?? undefined, input ?? undefined)).toString("base64")}`;
  }

  @Mutation(() => GraphicType)
  async createGraphic(@Arg("input", () => GraphicInputType) input: GraphicInputType, @Ctx() ctx: GraphqlContext): Promise<GraphicType> {
    return toGraphicType(await ctx.services.graphics.create(input));
  }

  @Mutation(() => GraphicType, { description: "Replaces every field (absent ones take their defaults)." })
  async updateGraphic(@Arg("id", () => Int) id: number, @Arg("input", () => GraphicInputType) input: GraphicInputType, @Ctx() ctx: GraphqlContext): Promise<GraphicType> {
    return toGraphicType(await ctx.services.graphics.update(id, input));
  }

  @Mutation(() => ID, { description: "Deletes the element (refused while channels, schedule items or block items use it, naming them); returns the id." })
  async deleteGraphic(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.graphics.delete(id);
    return id;
  }
}
