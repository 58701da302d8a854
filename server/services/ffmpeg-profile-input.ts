import type { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../domain/enums";

export interface ResolutionInput {
  /**
   * Even number of pixels, 16–7680.
   * @isInt
   */
  width: number;
  /**
   * Even number of pixels, 16–7680.
   * @isInt
   */
  height: number;
}

/**
 * What a client may set on an FFmpeg profile. Omitted fields take their defaults on create and on a
 * full update (PUT); on a partial update (PATCH, GraphQL `updateFFmpegProfile`) they keep their value.
 */
export interface FFmpegProfileInput {
  /** 1–50 characters, unique without regard to letter case. */
  name?: string;
  /**
   * 0–64; 0 lets FFmpeg decide.
   * @isInt
   */
  threadCount?: number;
  hardwareAcceleration?: HardwareAcceleration;
  /** VAAPI render node, e.g. /dev/dri/renderD128; only with Vaapi. */
  vaapiDevice?: string | null;
  /** Default 1920×1080. */
  resolution?: ResolutionInput;
  scalingBehavior?: ScalingBehavior;
  videoFormat?: VideoFormat;
  /** Encoder profile; defaults by format and bit depth (high, high10, main, main10). */
  videoProfile?: string;
  /**
   * 8 or 10; Mpeg2Video is 8-bit only.
   * @isInt
   */
  bitDepth?: number;
  /**
   * kbps, default 2000.
   * @isInt
   */
  videoBitrate?: number;
  /**
   * kbit, default 4000.
   * @isInt
   */
  videoBufferSize?: number;
  audioFormat?: AudioFormat;
  /**
   * kbps, default 192.
   * @isInt
   */
  audioBitrate?: number;
  /**
   * kbit, default 384.
   * @isInt
   */
  audioBufferSize?: number;
  /**
   * 1–8 (Ac3: up to 6), default 2.
   * @isInt
   */
  audioChannels?: number;
  /** kHz, default 48. */
  audioSampleRate?: number;
  normalizeFramerate?: boolean;
  deinterlaceVideo?: boolean;
  normalizeLoudness?: boolean;
  /** Copy video and/or audio that already fit the profile (codec, size, rate, format) instead of transcoding; default true. */
  copyWhenCompatible?: boolean;
}
