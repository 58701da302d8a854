/**
 * Encoder options: codec, profile, rate control, and a keyframe cadence that lines up with HLS
 * segment boundaries (closed GOPs, a forced keyframe every 2 s, no scene-cut keyframes).
 */
import { HardwareAcceleration } from "../../domain/enums";
import { sampleRateHz } from "./audio-filter-chain";
import type { AudioEncoderChoice, VideoEncoderChoice } from "./encoder-choice";
import type { FFmpegProfile } from "./types";

/** Seconds between forced keyframes; HLS segments (4 s) hold exactly two GOPs. */
export const KEYFRAME_INTERVAL_SECONDS = 2;
/** A quick start forces a keyframe every second until the first full GOP (1 s first segments). */
export const QUICK_START_KEYFRAME_SECONDS = 1;

export interface VideoEncoderOptions {
  /** A session's first run: 1 s keyframes for the first 2 s, and x264 without lookahead delay. */
  quickStart?: boolean;
}

export function videoEncoderArgs(profile: FFmpegProfile, encoder: VideoEncoderChoice, frameRate: number, options: VideoEncoderOptions = {}): string[] {
  const args = ["-c:v", encoder.encoder];
  if (profile.threadCount > 0) args.push("-threads", String(profile.threadCount));
  if (encoder.profile) args.push("-profile:v", encoder.profile);
  if (encoder.preset) args.push("-preset", encoder.preset);
  // Without lookahead x264 hands out its first frames at once; the first segment is ready sooner.
  if (options.quickStart && encoder.encoder === "libx264") args.push("-tune", "zerolatency");
  args.push(
    "-b:v", `${profile.videoBitrate}k`,
    "-maxrate:v", `${profile.videoBitrate}k`,
    "-bufsize:v", `${profile.videoBufferSize}k`,
  );
  args.push(...keyframeArgs(encoder, frameRate, options.quickStart));
  if (!profile.allowBFrames) args.push("-bf", "0");
  return args;
}

/**
 * Closed GOPs and keyframes at every multiple of KEYFRAME_INTERVAL_SECONDS; on a quick start also at
 * every second before the first interval (0, 1, 2, 4, 6 … s), so the first HLS segments can be 1 s.
 */
export function keyframeArgs(encoder: VideoEncoderChoice, frameRate: number, quickStart = false): string[] {
  // QSV encoders drift with long GOPs; they get a GOP of one second (two per forced keyframe).
  const gopSeconds = encoder.acceleration === HardwareAcceleration.Qsv ? 1 : KEYFRAME_INTERVAL_SECONDS;
  const gop = String(Math.max(1, Math.round(frameRate * gopSeconds)));
  const args = [
    "-g", gop,
    "-keyint_min", gop,
    "-force_key_frames", quickStart ? quickStartKeyframes() : `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_SECONDS})`,
    "-sc_threshold", "0",
    "-flags", "+cgop",
  ];
  if (encoder.acceleration === HardwareAcceleration.Nvenc) args.push("-forced-idr", "1");
  return args;
}

function quickStartKeyframes(): string {
  const step = QUICK_START_KEYFRAME_SECONDS;
  const early = KEYFRAME_INTERVAL_SECONDS / step + 1; // forced keyframes at 0, step, … KEYFRAME_INTERVAL_SECONDS
  const later = `${KEYFRAME_INTERVAL_SECONDS}*(n_forced-${early - 1})+${KEYFRAME_INTERVAL_SECONDS}`;
  return `expr:gte(t,if(lt(n_forced,${early}),n_forced*${step},${later}))`;
}

export function audioEncoderArgs(profile: FFmpegProfile, encoder: AudioEncoderChoice): string[] {
  return [
    "-c:a", encoder.encoder,
    "-ac", String(profile.audioChannels),
    "-b:a", `${profile.audioBitrate}k`,
    "-maxrate:a", `${profile.audioBitrate}k`,
    "-bufsize:a", `${profile.audioBufferSize}k`,
    "-ar", String(sampleRateHz(profile)),
  ];
}
