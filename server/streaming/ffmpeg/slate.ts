/**
 * Slates: generated video for when nothing can be played. A black picture in the channel's
 * resolution with a message drawn bottom-centre (font size = height/20, bottom margin = 5 % of the
 * height), plus silence, encoded with the channel profile's codecs so it splices into the stream.
 * - offline slate: "Channel is Offline" (nothing scheduled; lasts until the next item starts)
 * - error slate: a reason text (may span lines), e.g. "Playout item does not exist on disk\n/path"
 */
import { HardwareAcceleration } from "../../domain/enums";
import { channelLayout, sampleRateHz } from "./audio-filter-chain";
import { audioEncoderArgs, videoEncoderArgs } from "./encoder-args";
import { chooseAudioEncoder, chooseVideoEncoder } from "./encoder-choice";
import { filterValue } from "./filter-escaping";
import { outputFrameRate } from "./frame-rate";
import { globalArgs, lavfiInput, pacingArgs } from "./input-args";
import { muxerArgs, quickStartSeconds } from "./output-muxer";
import { formatFfmpegDuration, formatSeconds } from "./time-format";
import type { EncoderCapabilities, FFmpegCommand, FFmpegProfile, OutputTarget } from "./types";
import { finalVideoFilters } from "./video-filter-chain";

export const OFFLINE_SLATE_TEXT = "Channel is Offline";

export interface SlateRequest {
  durationMs: number;
  realtime: boolean;
  output: OutputTarget;
  ptsOffsetMs?: number;
  channelName?: string;
  /** A TrueType font file; otherwise fontconfig's default sans font. */
  fontFile?: string;
  /** A moving test pattern and a tone instead of black and silence (for trying a profile out). */
  testPattern?: boolean;
  /** A channel with several audio tracks: one silent track per language (tagged), so track numbers never change. */
  audioTracks?: readonly string[];
}

export interface SlateCommand extends FFmpegCommand {
  videoEncoder: string;
  acceleration: HardwareAcceleration;
}

export function buildOfflineSlateArgs(profile: FFmpegProfile, request: SlateRequest, caps: EncoderCapabilities): SlateCommand {
  return buildSlateArgs(profile, OFFLINE_SLATE_TEXT, request, caps);
}

export function buildErrorSlateArgs(
  profile: FFmpegProfile,
  reason: string,
  request: SlateRequest,
  caps: EncoderCapabilities,
): SlateCommand {
  return buildSlateArgs(profile, reason, request, caps);
}

/** A slate showing `text` for `request.durationMs`. */
export function buildSlateArgs(
  profile: FFmpegProfile,
  text: string,
  request: SlateRequest,
  caps: EncoderCapabilities,
): SlateCommand {
  const videoEncoder = chooseVideoEncoder(profile, caps);
  const audioEncoder = chooseAudioEncoder(profile, caps);
  const warnings = [...videoEncoder.warnings];
  const { width, height } = profile.resolution;
  const frameRate = outputFrameRate(undefined, profile.normalizeFramerate, profile.normalizedFrameRate);
  const seconds = formatSeconds(request.durationMs);

  const videoFilters: string[] = [];
  if (caps.filters.has("drawtext")) {
    videoFilters.push(drawTextFilter(text, height, request.fontFile));
  } else {
    warnings.push("FFmpeg has no drawtext filter; slate shows no text");
  }
  videoFilters.push(...finalVideoFilters(videoEncoder));

  const pacing = pacingArgs(request.realtime, caps, "1.0");
  const args = [
    ...globalArgs(videoEncoder),
    ...pacing,
    ...lavfiInput(`${request.testPattern ? "testsrc2=" : "color=c=black:"}s=${width}x${height}:r=${frameRate}:d=${seconds}`),
    ...pacing,
    ...lavfiInput(request.testPattern ? `sine=frequency=1000:sample_rate=${sampleRateHz(profile)}` : `anullsrc=channel_layout=${channelLayout(profile.audioChannels)}:sample_rate=${sampleRateHz(profile)}`),
    "-filter_complex",
    `[0:v]${videoFilters.join(",")}[vout]`,
    "-map",
    "[vout]",
    ...(request.audioTracks && request.audioTracks.length > 1 ? request.audioTracks.flatMap(() => ["-map", "1:a"]) : ["-map", "1:a"]),
    ...videoEncoderArgs(profile, videoEncoder, frameRate, { quickStartSeconds: quickStartSeconds(request.output) }),
    ...audioEncoderArgs(profile, audioEncoder),
    "-t",
    formatFfmpegDuration(request.durationMs),
    ...muxerArgs({ output: request.output, ptsOffsetMs: request.ptsOffsetMs, channelName: request.channelName, audioTrackLanguages: request.audioTracks }),
  ];
  return { args, warnings, videoEncoder: videoEncoder.encoder, acceleration: videoEncoder.acceleration };
}

/** White text, bottom-centred; `expansion=none` so `%` in the text is literal. */
export function drawTextFilter(text: string, height: number, fontFile?: string): string {
  const fontSize = Math.max(8, Math.round(height / 20));
  const margin = Math.round(height * 0.05);
  const font = fontFile ? `fontfile=${filterValue(fontFile)}` : "font=Sans";
  return [
    `drawtext=${font}`,
    `text=${filterValue(text)}`,
    "expansion=none",
    "fontcolor=white",
    `fontsize=${fontSize}`,
    "x=(w-text_w)/2",
    `y=h-text_h-${margin}`,
  ].join(":");
}
