/**
 * Turns one piece of a channel's plan (media from an offset, offline slate, error slate) into the
 * FFmpeg argument array for an output, through the pure builder. A file that cannot be probed
 * becomes an error slate with ffprobe's reason.
 */
import type { StreamPlan } from "../domain/stream-plan";
import { buildErrorSlateArgs, buildOfflineSlateArgs, buildPlayoutArgs, type EncoderCapabilities, type OutputTarget } from "./ffmpeg";
import { bundledFonts } from "./bundled-fonts";
import type { MediaProbe } from "./media-probe";

export interface PieceRequest {
  plan: StreamPlan;
  /** How much of the plan to produce (ms, ≤ the plan's limit). */
  durationMs: number;
  realtime: boolean;
  output: OutputTarget;
  ptsOffsetMs: number;
}

export interface PieceCommand {
  args: string[];
  warnings: string[];
  kind: "media" | "offline" | "error";
  /** The error slate's text. */
  reason?: string;
}

export async function pieceCommand(request: PieceRequest, caps: EncoderCapabilities, probe: MediaProbe): Promise<PieceCommand> {
  const { plan, durationMs, realtime, output, ptsOffsetMs } = request;
  const profile = plan.channel.profile;
  const slate = { durationMs, realtime, output, ptsOffsetMs, channelName: plan.channel.name, fontFile: bundledFonts().regular };
  const content = plan.content;
  if (content.kind === "offline") return { ...buildOfflineSlateArgs(profile, slate, caps), kind: "offline" };
  if (content.kind === "error") return errorSlate(content.reason);
  let source;
  try {
    source = await probe.probe(content.path);
  } catch (error) {
    return errorSlate(`Cannot read ${content.path}\n${firstLine(error)}`);
  }
  const command = buildPlayoutArgs(
    profile,
    source,
    {
      inputPath: content.path,
      seekMs: content.seekMs,
      durationMs,
      preferredAudioLanguages: content.preferredAudioLanguages,
      preferredSubtitleLanguage: content.preferredSubtitleLanguage,
      subtitleMode: content.subtitleMode,
      song: content.song ? { ...content.song, fonts: bundledFonts() } : undefined,
      watermark: content.watermark,
      realtime,
      output,
      ptsOffsetMs,
      channelName: plan.channel.name,
    },
    caps,
  );
  return { args: command.args, warnings: command.warnings, kind: "media" };

  function errorSlate(reason: string): PieceCommand {
    return { ...buildErrorSlateArgs(profile, reason, slate, caps), kind: "error", reason };
  }
}

export function errorSlateCommand(plan: StreamPlan, reason: string, request: Omit<PieceRequest, "plan">, caps: EncoderCapabilities): PieceCommand {
  const slate = { durationMs: request.durationMs, realtime: request.realtime, output: request.output, ptsOffsetMs: request.ptsOffsetMs, channelName: plan.channel.name, fontFile: bundledFonts().regular };
  return { ...buildErrorSlateArgs(plan.channel.profile, reason, slate, caps), kind: "error", reason };
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n").find((l) => l.trim() !== "")?.trim() ?? "unknown error";
}
