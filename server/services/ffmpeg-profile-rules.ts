import { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../domain/enums";

/** Encoder profiles FFmpeg accepts per video format. */
export const VIDEO_PROFILES: Record<VideoFormat, readonly string[]> = {
  [VideoFormat.H264]: ["baseline", "main", "high", "high10"],
  [VideoFormat.Hevc]: ["main", "main10"],
  [VideoFormat.Mpeg2Video]: ["simple", "main", "high"],
};

export function defaultVideoProfile(format: VideoFormat, bitDepth: number): string {
  if (format === VideoFormat.H264) return bitDepth === 10 ? "high10" : "high";
  if (format === VideoFormat.Hevc) return bitDepth === 10 ? "main10" : "main";
  return "main";
}

/** Video formats each kind of hardware acceleration can encode. */
export const FORMATS_BY_ACCELERATION: Record<HardwareAcceleration, readonly VideoFormat[]> = {
  [HardwareAcceleration.None]: [VideoFormat.H264, VideoFormat.Hevc, VideoFormat.Mpeg2Video],
  [HardwareAcceleration.Qsv]: [VideoFormat.H264, VideoFormat.Hevc, VideoFormat.Mpeg2Video],
  [HardwareAcceleration.Vaapi]: [VideoFormat.H264, VideoFormat.Hevc, VideoFormat.Mpeg2Video],
  [HardwareAcceleration.Nvenc]: [VideoFormat.H264, VideoFormat.Hevc],
  [HardwareAcceleration.VideoToolbox]: [VideoFormat.H264, VideoFormat.Hevc],
  [HardwareAcceleration.Amf]: [VideoFormat.H264, VideoFormat.Hevc],
};

export const SAMPLE_RATES_KHZ: Record<AudioFormat, readonly number[]> = {
  [AudioFormat.Aac]: [22.05, 24, 32, 44.1, 48, 88.2, 96],
  [AudioFormat.Ac3]: [32, 44.1, 48],
};

export const MAX_AUDIO_CHANNELS: Record<AudioFormat, number> = { [AudioFormat.Aac]: 8, [AudioFormat.Ac3]: 6 };
export const MAX_AUDIO_BITRATE: Record<AudioFormat, number> = { [AudioFormat.Aac]: 1536, [AudioFormat.Ac3]: 640 };

export const DEFAULT_RESOLUTION = { width: 1920, height: 1080 } as const;

/** What a new profile gets for every field it is not given (the encoder profile follows format and bit depth). */
export const PROFILE_DEFAULTS = {
  threadCount: 0,
  hardwareAcceleration: HardwareAcceleration.None,
  resolution: DEFAULT_RESOLUTION,
  scalingBehavior: ScalingBehavior.ScaleAndPad,
  videoFormat: VideoFormat.H264,
  bitDepth: 8,
  videoBitrate: 2000,
  videoBufferSize: 4000,
  audioFormat: AudioFormat.Aac,
  audioBitrate: 192,
  audioBufferSize: 384,
  audioChannels: 2,
  audioSampleRate: 48,
  normalizeFramerate: false,
  deinterlaceVideo: true,
  normalizeLoudness: false,
  copyWhenCompatible: true,
} as const;
export const SEEDED_RESOLUTIONS: ReadonlyArray<[number, number]> = [
  [720, 480],
  [1280, 720],
  [1920, 1080],
  [3840, 2160],
];
