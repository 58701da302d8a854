import { AudioFormat, HardwareAcceleration, ScalingBehavior, SubtitleMode, VideoFormat } from "../../../server/domain/enums";
import type { EncoderCapabilities, FFmpegProfile, PlayRequest, ProbedSource } from "../../../server/streaming/ffmpeg";

export function profile(overrides: Partial<FFmpegProfile> = {}): FFmpegProfile {
  return {
    threadCount: 0,
    hardwareAcceleration: HardwareAcceleration.None,
    resolution: { width: 1920, height: 1080 },
    scalingBehavior: ScalingBehavior.ScaleAndPad,
    videoFormat: VideoFormat.H264,
    videoProfile: "high",
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
    ...overrides,
  };
}

export function source(overrides: Partial<ProbedSource> = {}): ProbedSource {
  return {
    container: "matroska",
    durationMs: 1_800_000,
    video: {
      index: 0,
      codec: "h264",
      width: 1920,
      height: 1080,
      sampleAspectRatio: "1:1",
      frameRate: "24000/1001",
      scanKind: "Progressive",
      pixelFormat: "yuv420p",
    },
    audio: [{ index: 1, codec: "ac3", channels: 6, language: "eng", isDefault: true }],
    subtitles: [],
    ...overrides,
  };
}

export function request(overrides: Partial<PlayRequest> = {}): PlayRequest {
  return {
    inputPath: "/media/movie.mkv",
    seekMs: 0,
    durationMs: 600_000,
    subtitleMode: SubtitleMode.None,
    realtime: false,
    output: { kind: "mpegts" },
    ...overrides,
  };
}

export const SOFTWARE_ENCODERS = ["libx264", "libx265", "mpeg2video", "aac", "ac3"];
export const ALL_FILTERS = ["overlay", "subtitles", "drawtext", "hwupload", "yadif", "loudnorm", "apad", "aresample"];

export function caps(overrides: { encoders?: string[]; hwaccels?: string[]; filters?: string[]; supportsReadrate?: boolean } = {}): EncoderCapabilities {
  return {
    encoders: new Set(overrides.encoders ?? SOFTWARE_ENCODERS),
    hwaccels: new Set(overrides.hwaccels ?? []),
    filters: new Set(overrides.filters ?? ALL_FILTERS),
    supportsReadrate: overrides.supportsReadrate ?? true,
  };
}

/** The value following `flag` in an argument vector (first occurrence). */
export function valueOf(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args[at + 1];
}

/** Every value following `flag`. */
export function valuesOf(args: readonly string[], flag: string): string[] {
  return args.flatMap((a, i) => (a === flag && i + 1 < args.length ? [args[i + 1] as string] : []));
}
