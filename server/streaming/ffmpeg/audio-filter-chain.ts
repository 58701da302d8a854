/**
 * The audio half of `-filter_complex`: optional loudness normalisation, resampling with async
 * correction (stretches/squeezes to keep sync, fills a late start with silence), then `apad` so the
 * audio never ends before the video. `apad` is endless, so it is only added when the output is
 * bounded by `-t`.
 */
import type { FFmpegProfile } from "./types";

export const AUDIO_OUTPUT_LABEL = "aout";

export interface AudioChainOptions {
  profile: FFmpegProfile;
  /** Graph input specifier of the audio, e.g. `0:2`. */
  audioInput: string;
  /** True when the command has a `-t` limit, which makes padding safe. */
  bounded: boolean;
  /** The chain's output pad (default `aout`; a channel's further audio tracks use `aout1`, `aout2`, …). */
  outputLabel?: string;
}

export const DEFAULT_TARGET_LOUDNESS = -16;

export function buildAudioFilterChain(options: AudioChainOptions): { segments: string[]; outputLabel: string } {
  const { profile } = options;
  const filters: string[] = [];
  if (profile.normalizeLoudness) filters.push(loudnormFilter(profile.targetLoudness ?? DEFAULT_TARGET_LOUDNESS));
  filters.push(`aresample=${sampleRateHz(profile)}:async=1:first_pts=0`);
  if (options.bounded) filters.push("apad");
  const label = options.outputLabel ?? AUDIO_OUTPUT_LABEL;
  return { segments: [`[${options.audioInput}]${filters.join(",")}[${label}]`], outputLabel: label };
}

export function loudnormFilter(integratedLufs: number): string {
  return `loudnorm=I=${integratedLufs}:TP=-1.5:LRA=11`;
}

/** The profile's sample rate (kHz) in Hz. */
export function sampleRateHz(profile: FFmpegProfile): number {
  return Math.round(profile.audioSampleRate * 1000);
}

/** A channel layout name for a channel count (`anullsrc` needs one). */
export function channelLayout(channels: number): string {
  switch (channels) {
    case 1:
      return "mono";
    case 2:
      return "stereo";
    case 6:
      return "5.1";
    case 8:
      return "7.1";
    default:
      return `${channels}c`;
  }
}
