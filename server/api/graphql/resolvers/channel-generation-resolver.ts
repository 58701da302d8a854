import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { GeneratedChannel } from "../../../services/channel-generation/channel-generation-service";
import type { GraphqlContext } from "../context";
import { GenerateChannelsGraphqlInput } from "../inputs/channel-generation-inputs";
import { ChannelGenerationReportType, type GeneratedChannelType } from "../types/channel-generation-types";

@Resolver()
export class ChannelGenerationResolver {
  @Mutation(() => ChannelGenerationReportType, { description: "Channels made from the library's networks, genres, decades, collections or shows; creates them (all or nothing) only with apply: true." })
  async generateChannels(
    @Arg("input", () => GenerateChannelsGraphqlInput) input: GenerateChannelsGraphqlInput,
    @Arg("apply", () => Boolean, { defaultValue: false }) apply: boolean,
    @Ctx() ctx: GraphqlContext,
  ): Promise<ChannelGenerationReportType> {
    const report = await ctx.services.channelGeneration.generate(input, apply);
    const channel = ({ logoPath, ...rest }: GeneratedChannel): GeneratedChannelType => ({ ...rest, logoUrl: ctx.baseUrl + logoPath });
    return { applied: report.applied, channels: report.channels.map(channel), skipped: report.skipped };
  }
}
