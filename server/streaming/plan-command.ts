/**
 * Turns one piece of a channel's plan (media from an offset, offline slate, error slate) into the
 * FFmpeg argument array for an output, through the pure builder. A file that cannot be probed
 * becomes an error slate with ffprobe's reason. A piece whose video is copied is aligned to the
 * file's keyframes (keyframe-alignment.ts): its real start, length and how early it starts come back.
 */
import { VersionPreference } from "../domain/enums";
import type { StreamContent, StreamPlan, StreamVersion } from "../domain/stream-plan";
import { chooseVersion } from "./ffmpeg/version-choice";
import {
  alignToKeyframes,
  buildErrorSlateArgs,
  buildOfflineSlateArgs,
  buildPlayoutArgs,
  keyframeIntervals,
  type CopyDecision,
  type CopyResume,
  type EncoderCapabilities,
  type FFmpegProfile,
  type OutputTarget,
  type ProbedSource,
  type ProbedSubtitleStream,
} from "./ffmpeg";
import { selectSoftSubtitles } from "./ffmpeg/stream-selection";
import { bundledFonts } from "./bundled-fonts";
import { KEYFRAME_LOOKBACK_MS } from "./keyframe-probe";
import type { MediaProbe } from "./media-probe";
import { remotePieceCommand } from "./remote-piece";

export interface PieceRequest {
  plan: StreamPlan;
  /** How much of the plan to produce (ms, ≤ the plan's limit). */
  durationMs: number;
  realtime: boolean;
  output: OutputTarget;
  ptsOffsetMs: number;
  /** Where the previous copied chunk ended, so a chunk of the same file continues on that keyframe. */
  resume?: CopyResume;
  /** Replaces the channel's profile (a software retry of a failed hardware piece). */
  profile?: FFmpegProfile;
  /** An MPEG-TS viewer of a soft-subtitle channel: the selected subtitle is burned in (it cannot switch renditions). */
  burnSoftSubtitles?: boolean;
  /** Remote stream items: how long opening the source may take, and how long the slate plays when it cannot. */
  remoteTimeoutMs?: number;
  remoteRetryMs?: number;
}

export interface PieceCommand {
  args: string[];
  warnings: string[];
  kind: "media" | "offline" | "error";
  /** The error slate's text. */
  reason?: string;
  /** Media: copy or transcode, per stream, and why. */
  decision?: CopyDecision;
  /** Media: where in the file the piece starts (a copied piece: on a keyframe, `earlyMs` before the plan's offset). */
  seekMs?: number;
  earlyMs?: number;
  /** The piece's real length when it differs from the requested one (a copied piece ends on a keyframe). */
  durationMs: number;
  /** The hardware acceleration the piece's encoder uses ("None" for software or copy). */
  acceleration?: string;
  /** Added to the requested timestamp offset: a copied piece's B-frame DTS and primed audio start a little before its first picture. */
  ptsLeadMs?: number;
  /** An HDR source's tone map (for the troubleshooter's report and the Sessions page). */
  toneMapping?: string;
  /** A remote stream could not be opened: why (the piece is the offline slate). */
  remoteError?: string;
  /** An item with several versions: the one played (`path` is what FFmpeg reads, not a URL) and why. */
  version?: { path: string; label: string | null; reason: string; candidates: string[] };
  /** Soft subtitles: the file FFmpeg reads and, per rendition language, the text stream of this programme. */
  softSubtitles?: { input: string; tracks: Array<{ language: string; stream?: ProbedSubtitleStream }> };
}

/** Room a copied piece's first DTS and audio packets need before its first picture (3 reordered frames at 24 fps, an audio frame). */
export const COPY_PTS_LEAD_MS = 250;

export async function pieceCommand(request: PieceRequest, caps: EncoderCapabilities, probe: MediaProbe): Promise<PieceCommand> {
  const { plan, durationMs, realtime, output, ptsOffsetMs } = request;
  const profile = request.profile ?? plan.channel.profile;
  const slate = { durationMs, realtime, output, ptsOffsetMs, channelName: plan.channel.name, fontFile: bundledFonts().regular, audioTracks: plan.channel.audioTracks };
  const content = plan.content;
  if (content.kind === "offline") return { ...buildOfflineSlateArgs(profile, slate, caps), kind: "offline", durationMs };
  if (content.kind === "error") return errorSlate(content.reason);
  if (content.remote) return remotePieceCommand({ plan, remote: content.remote, durationMs, realtime, output, ptsOffsetMs, profile, timeoutMs: request.remoteTimeoutMs, retryMs: request.remoteRetryMs }, caps, probe);
  const version = content.versions && content.versions.length > 1 ? await pickVersion(content, content.versions, profile, probe) : undefined;
  // The chosen version plays: its file, its keyframes, its sidecar subtitles.
  const media = version ? { ...content, path: version.path, inputUrl: version.inputUrl } : content;
  const input = media.inputUrl ?? media.path;
  const intervals = keyframeIntervals(media.seekMs, durationMs, media.limitMs, KEYFRAME_LOOKBACK_MS);
  // A profile that may copy, and a file not probed yet: its keyframes are read while it is probed (from the
  // container's index in process; a file without one costs a second ffprobe, run alongside instead of after).
  // Unused when the piece is transcoded; a probed file's decision is known at once, so nothing is read in vain.
  const earlyKeyframes = profile.copyWhenCompatible === true && intervals.length && !probe.knows(input) ? probe.keyframes(input, intervals) : undefined;
  earlyKeyframes?.catch(() => undefined);
  let source: ProbedSource;
  try {
    source = await probe.probe(input);
  } catch (error) {
    return errorSlate(`Cannot read ${media.path}\n${firstLine(error)}`);
  }
  let ptsLeadMs = 0;
  const build = (seekMs: number, length: number, videoCopyBlocked?: string) =>
    buildPlayoutArgs(
      profile,
      source,
      {
        inputPath: input,
        seekMs,
        durationMs: length,
        preferredAudioLanguages: media.preferredAudioLanguages,
        preferredSubtitleLanguage: media.preferredSubtitleLanguage,
        subtitleMode: media.subtitleMode,
        ...(media.audioTracks?.length ? { audioTracks: media.audioTracks } : {}),
        subtitleDelivery: media.softSubtitles?.length && !request.burnSoftSubtitles ? "soft" : "burn",
        song: media.song ? { ...media.song, fonts: bundledFonts() } : undefined,
        watermark: media.watermark,
        graphics: media.graphics?.length ? { elements: media.graphics, fontFile: bundledFonts().regular } : undefined,
        realtime,
        output,
        ptsOffsetMs: ptsOffsetMs + ptsLeadMs,
        channelName: plan.channel.name,
        videoCopyBlocked,
      },
      caps,
    );
  let command = build(media.seekMs, durationMs);
  let span = { seekMs: media.seekMs, durationMs, earlyMs: 0 };
  if (command.decision.video.mode === "copy") {
    const piece = { path: media.path, seekMs: media.seekMs, durationMs, limitMs: media.limitMs, lookbackMs: KEYFRAME_LOOKBACK_MS };
    const keyframes = intervals.length ? await (earlyKeyframes ?? probe.keyframes(input, intervals)).catch(() => undefined) : [];
    const aligned = keyframes && alignToKeyframes(keyframes, piece, request.resume);
    if (aligned) {
      span = aligned;
      ptsLeadMs = COPY_PTS_LEAD_MS;
      command = build(aligned.seekMs, aligned.durationMs);
    } else {
      command = build(media.seekMs, durationMs, `no keyframe within ${KEYFRAME_LOOKBACK_MS / 1000} s before the offset`);
    }
  }
  const toneMapping = command.toneMapping?.summary;
  const soft = media.softSubtitles?.length && !request.burnSoftSubtitles ? { input, tracks: selectSoftSubtitles(source.subtitles, media.softSubtitles) } : undefined;
  return { args: command.args, warnings: command.warnings, kind: "media", decision: command.decision, ...(version ? { version: { path: version.path, label: version.label, reason: version.reason, candidates: version.candidates } } : {}), ...span, acceleration: command.acceleration, ptsLeadMs, ...(toneMapping ? { toneMapping } : {}), ...(soft ? { softSubtitles: soft } : {}) };

  function errorSlate(reason: string): PieceCommand {
    return { ...buildErrorSlateArgs(profile, reason, slate, caps), kind: "error", reason, durationMs };
  }
}

export function errorSlateCommand(plan: StreamPlan, reason: string, request: Omit<PieceRequest, "plan">, caps: EncoderCapabilities): PieceCommand {
  const slate = { durationMs: request.durationMs, realtime: request.realtime, output: request.output, ptsOffsetMs: request.ptsOffsetMs, channelName: plan.channel.name, fontFile: bundledFonts().regular, audioTracks: plan.channel.audioTracks };
  return { ...buildErrorSlateArgs(plan.channel.profile, reason, slate, caps), kind: "error", reason, durationMs: request.durationMs };
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n").find((l) => l.trim() !== "")?.trim() ?? "unknown error";
}

/**
 * What a remux of `content` reads (hls-direct copies it as it is): the version the channel's preference picks
 * for its profile, or the item's only file.
 */
export async function remuxInput(content: Extract<StreamContent, { kind: "media" }>, profile: FFmpegProfile, probe: MediaProbe): Promise<string> {
  const version = content.versions && content.versions.length > 1 ? await pickVersion(content, content.versions, profile, probe) : undefined;
  const media = version ?? content;
  return media.inputUrl ?? media.path;
}

/** Probes every version (one that cannot be probed is left out) and picks one by the channel's preference. */
async function pickVersion(
  content: Extract<StreamContent, { kind: "media" }>,
  versions: readonly StreamVersion[],
  profile: FFmpegProfile,
  probe: MediaProbe,
): Promise<(StreamVersion & { reason: string; candidates: string[] }) | undefined> {
  const probed = await Promise.all(versions.map(async (v) => ({ v, source: await probe.probe(v.inputUrl ?? v.path).catch(() => undefined) })));
  const readable = probed.flatMap(({ v, source }) => (source ? [{ v, source }] : []));
  if (!readable.length) return undefined;
  const effects = { watermark: Boolean(content.watermark), graphics: Boolean(content.graphics?.length), burnSubtitles: false, generatedVideo: false, audioTracks: content.audioTracks?.length };
  const choice = chooseVersion(profile, readable.map(({ v, source }) => ({ label: v.label, path: v.path, source })), content.versionPreference ?? VersionPreference.MatchProfile, effects);
  const chosen = readable[choice.index]!.v;
  return { ...chosen, reason: choice.reason, candidates: choice.candidates };
}
