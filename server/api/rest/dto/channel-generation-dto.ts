import type { ChannelGenerationReport, GeneratedChannel, SkippedGroup } from "../../../services/channel-generation/channel-generation-service";

export type { GenerateChannelsInput as GenerateChannelsRequest } from "../../../services/channel-generation/generation-input";

export type GeneratedChannelDto = Omit<GeneratedChannel, "logoPath"> & {
  /** The generated logo (the name drawn on a card) until the user sets one. */
  logoUrl: string;
};

export interface ChannelGenerationReportDto {
  /** False for a dry run: nothing was created. */
  applied: boolean;
  channels: GeneratedChannelDto[];
  /** Groups that get no channel, with why. */
  skipped: SkippedGroup[];
}

export function toChannelGenerationReportDto(report: ChannelGenerationReport, base: string): ChannelGenerationReportDto {
  return {
    applied: report.applied,
    channels: report.channels.map(({ logoPath, ...channel }) => ({ ...channel, logoUrl: `${base}${logoPath}` })),
    skipped: report.skipped,
  };
}
