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
export interface VideoEncoderOptions {
  /** A session's first run: the length of its first two segments (keyframes at their ends), and x264 without lookahead delay. */
  quickStartSeconds?: number;
}

export function videoEncoderArgs(profile: FFmpegProfile, encoder: VideoEncoderChoice, frameRate: number, options: VideoEncoderOptions = {}): string[] {
  const args = ["-c:v", encoder.encoder];
  if (profile.threadCount > 0) args.push("-threads", String(profile.threadCount));
  if (encoder.profile) args.push("-profile:v", encoder.profile);
  if (encoder.preset) args.push("-preset", encoder.preset);
  // Without lookahead x264 hands out its first frames at once; the first segment is ready sooner.
  if (options.quickStartSeconds && encoder.encoder === "libx264") args.push("-tune", "zerolatency");
  args.push(
    "-b:v", `${profile.videoBitrate}k`,
    "-maxrate:v", `${profile.videoBitrate}k`,
    "-bufsize:v", `${profile.videoBufferSize}k`,
  );
  args.push(...keyframeArgs(encoder, frameRate, options.quickStartSeconds));
  if (!profile.allowBFrames) args.push("-bf", "0");
  return args;
}

/**
 * Closed GOPs and keyframes at every multiple of KEYFRAME_INTERVAL_SECONDS; on a quick start of `s` seconds
 * at 0, s and 2s (the ends of the two short first HLS segments), then every KEYFRAME_INTERVAL_SECONDS from
 * 2s on (s = 0.5: 0, 0.5, 1, 3, 5 … s), so the segments after the short ones are hls_time long.
 */
export function keyframeArgs(encoder: VideoEncoderChoice, frameRate: number, quickStartSeconds?: number): string[] {
  // QSV encoders drift with long GOPs; they get a GOP of one second (two per forced keyframe).
  const gopSeconds = encoder.acceleration === HardwareAcceleration.Qsv ? 1 : KEYFRAME_INTERVAL_SECONDS;
  const gop = String(Math.max(1, Math.round(frameRate * gopSeconds)));
  const args = [
    "-g", gop,
    "-keyint_min", gop,
    "-force_key_frames", quickStartSeconds ? quickStartKeyframes(quickStartSeconds) : `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_SECONDS})`,
    "-sc_threshold", "0",
    "-flags", "+cgop",
  ];
  if (encoder.acceleration === HardwareAcceleration.Nvenc) args.push("-forced-idr", "1");
  return args;
}

function quickStartKeyframes(step: number): string {
  const later = `${KEYFRAME_INTERVAL_SECONDS}*(n_forced-2)+${2 * step}`;
  return `expr:gte(t,if(lt(n_forced,3),n_forced*${step},${later}))`;
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
