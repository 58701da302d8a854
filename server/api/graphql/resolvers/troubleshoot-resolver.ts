import { Arg, Ctx, Field, Float, Int, Mutation, ObjectType, Resolver } from "type-graphql";
import type { TroubleshootRun } from "../../../domain/troubleshoot";
import type { TroubleshootReport } from "../../../services/troubleshoot-service";
import type { GraphqlContext } from "../context";

@ObjectType("TroubleshootRun", { description: "One FFmpeg run of the troubleshooter." })
export class TroubleshootRunType implements TroubleshootRun {
  @Field(() => String, { description: "media, offline or error (slate)" })
  kind: TroubleshootRun["kind"];

  @Field(() => String, { description: "The exact command, credentials redacted." })
  commandLine: string;

  @Field(() => [String])
  maps: string[];

  @Field(() => String, { nullable: true })
  filters: string | null;

  @Field(() => String, { nullable: true })
  videoEncoder: string | null;

  @Field(() => String, { nullable: true })
  audioEncoder: string | null;

  @Field(() => String, { nullable: true, description: "An HDR source's tone map (algorithm, peak); null for SDR." })
  toneMapping: string | null;

  @Field(() => String, { nullable: true, description: "An item with several versions: the one played, why, and how each fits the profile." })
  version: string | null;

  @Field(() => String, { nullable: true, description: "Copy or transcode per stream, and why." })
  copyDecision: string | null;

  @Field(() => [String])
  warnings: string[];

  @Field(() => Int, { nullable: true })
  exitCode: number | null;

  @Field(() => String)
  stderr: string;

  @Field(() => Int, { nullable: true })
  firstSegmentMs: number | null;

  @Field(() => Int)
  encodedMs: number;

  @Field(() => Int)
  elapsedMs: number;

  @Field(() => Float, { nullable: true })
  speed: number | null;
}

@ObjectType("TroubleshootReport", { description: "What the troubleshooter found for a channel." })
export class TroubleshootReportType {
  @Field(() => String)
  channelNumber: string;

  @Field(() => String)
  channelName: string;

  @Field(() => String)
  at: string;

  @Field(() => String, { description: "media, offline or error" })
  planKind: string;

  @Field(() => String, { nullable: true, description: "Why the channel shows the error slate." })
  planReason: string | null;

  @Field(() => String, { nullable: true, description: "ffprobe of the input, or its error." })
  probe: string | null;

  @Field(() => [TroubleshootRunType])
  runs: TroubleshootRunType[];

  @Field(() => String, { description: "Everything as one text file." })
  text: string;
}

@Resolver(() => TroubleshootReportType)
export class TroubleshootResolver {
  @Mutation(() => TroubleshootReportType, { description: "Runs the channel's real pipeline for up to 20 s without viewers and reports it." })
  async troubleshootChannel(@Arg("channelNumber", () => String) channelNumber: string, @Ctx() ctx: GraphqlContext): Promise<TroubleshootReportType> {
    return toReportType(await ctx.services.troubleshoot.channel(channelNumber));
  }

  @Mutation(() => TroubleshootReportType, { description: "Runs a media item from its start with an FFmpeg profile through the same pipeline (up to 20 s, no viewers); channelNumber is empty, channelName says what ran." })
  async troubleshootMediaItem(@Arg("mediaItemId", () => Int) mediaItemId: number, @Arg("ffmpegProfileId", () => Int) ffmpegProfileId: number, @Ctx() ctx: GraphqlContext): Promise<TroubleshootReportType> {
    return toReportType(await ctx.services.troubleshoot.mediaItem(mediaItemId, ffmpegProfileId));
  }
}

function toReportType(r: TroubleshootReport): TroubleshootReportType {
  const probe = r.probe ? (r.probe.ok ? (r.probe.summary ?? null) : (r.probe.error ?? "ffprobe failed")) : null;
  return { channelNumber: r.channelNumber, channelName: r.channelName, at: r.at, planKind: r.plan.kind, planReason: r.plan.reason ?? null, probe, runs: r.runs, text: r.text };
}
