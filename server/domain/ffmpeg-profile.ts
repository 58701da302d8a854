import type { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "./enums";

export interface Resolution {
  width: number;
  height: number;
}

/** The channel's FFmpeg profile (reference §1.2.2), reduced to what the argument builder reads. */
export interface FFmpegProfile {
  /** The stored profile's id (hardware-failure memory is kept per profile); absent for ad-hoc profiles. */
  id?: number;
  /** Copy video and/or audio that already fit the profile instead of transcoding (see copy-decision.ts). */
  copyWhenCompatible?: boolean;
  /** 0 = let FFmpeg decide; otherwise `-threads N` for the encoder. */
  threadCount: number;
  hardwareAcceleration: HardwareAcceleration;
  /** VAAPI render node; `/dev/dri/renderD128` when absent. */
  vaapiDevice?: string;
  resolution: Resolution;
  scalingBehavior: ScalingBehavior;
  videoFormat: VideoFormat;
  /** Encoder profile, e.g. `high` / `main`. A 10-bit output upgrades `high`→`high10`, `main`→`main10`. */
  videoProfile?: string;
  /** Encoder preset (`veryfast`, `p4`, ...). Software x264/x265 default to `veryfast` when absent. */
  videoPreset?: string;
  bitDepth: 8 | 10;
  /** kbit/s */
  videoBitrate: number;
  /** kbit */
  videoBufferSize: number;
  /** B-frames are disabled (`-bf 0`) unless this is true. */
  allowBFrames?: boolean;
  audioFormat: AudioFormat;
  /** kbit/s */
  audioBitrate: number;
  /** kbit */
  audioBufferSize: number;
  audioChannels: number;
  /** kHz, e.g. 48 */
  audioSampleRate: number;
  /** Convert every source to a constant `normalizedFrameRate` (default 30 fps). */
  normalizeFramerate: boolean;
  normalizedFrameRate?: number;
  /** Deinterlace (yadif) sources that are interlaced. */
  deinterlaceVideo: boolean;
  /** EBU R128 loudness normalisation (loudnorm) to `targetLoudness` LUFS (default -16). */
  normalizeLoudness: boolean;
  targetLoudness?: number;
}
