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

export function videoEncoderArgs(profile: FFmpegProfile, encoder: VideoEncoderChoice, frameRate: number): string[] {
  const args = ["-c:v", encoder.encoder];
  if (profile.threadCount > 0) args.push("-threads", String(profile.threadCount));
  if (encoder.profile) args.push("-profile:v", encoder.profile);
  if (encoder.preset) args.push("-preset", encoder.preset);
  args.push(
    "-b:v", `${profile.videoBitrate}k`,
    "-maxrate:v", `${profile.videoBitrate}k`,
    "-bufsize:v", `${profile.videoBufferSize}k`,
  );
  args.push(...keyframeArgs(encoder, frameRate));
  if (!profile.allowBFrames) args.push("-bf", "0");
  return args;
}

/** Closed GOPs and keyframes at every multiple of KEYFRAME_INTERVAL_SECONDS. */
export function keyframeArgs(encoder: VideoEncoderChoice, frameRate: number): string[] {
  // QSV encoders drift with long GOPs; they get a GOP of one second (two per forced keyframe).
  const gopSeconds = encoder.acceleration === HardwareAcceleration.Qsv ? 1 : KEYFRAME_INTERVAL_SECONDS;
  const gop = String(Math.max(1, Math.round(frameRate * gopSeconds)));
  const args = [
    "-g", gop,
    "-keyint_min", gop,
    "-force_key_frames", `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_SECONDS})`,
    "-sc_threshold", "0",
    "-flags", "+cgop",
  ];
  if (encoder.acceleration === HardwareAcceleration.Nvenc) args.push("-forced-idr", "1");
  return args;
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
