/**
 * Picks the video/audio encoders for a profile from what the installed FFmpeg offers. A hardware
 * encoder that is missing (or lacks what it needs) falls back to software with a warning.
 */
import { AudioFormat, HardwareAcceleration, VideoFormat } from "../../domain/enums";
import type { EncoderCapabilities, FFmpegProfile } from "./types";

export interface VideoEncoderChoice {
  /** `-c:v` value. */
  encoder: string;
  /** The acceleration actually used (None after a fallback). */
  acceleration: HardwareAcceleration;
  bitDepth: 8 | 10;
  /** Pixel format the filter chain must end in (before any hardware upload). */
  pixelFormat: string;
  /** `-profile:v` value, when the encoder takes one. */
  profile?: string;
  /** `-preset` value, when one applies. */
  preset?: string;
  /** VAAPI only: the render node frames are uploaded to. */
  vaapiDevice?: string;
  warnings: string[];
}

/** Raised when not even the software encoder for a format exists in this FFmpeg. */
export class EncoderUnavailableError extends Error {
  constructor(readonly encoder: string) {
    super(`FFmpeg has no '${encoder}' encoder`);
    this.name = "EncoderUnavailableError";
  }
}

const SOFTWARE_VIDEO_ENCODERS: Record<VideoFormat, string> = {
  [VideoFormat.H264]: "libx264",
  [VideoFormat.Hevc]: "libx265",
  [VideoFormat.Mpeg2Video]: "mpeg2video",
};

const HARDWARE_VIDEO_ENCODERS: Record<Exclude<HardwareAcceleration, HardwareAcceleration.None>, Partial<Record<VideoFormat, string>>> = {
  [HardwareAcceleration.Qsv]: { H264: "h264_qsv", Hevc: "hevc_qsv", Mpeg2Video: "mpeg2_qsv" },
  [HardwareAcceleration.Nvenc]: { H264: "h264_nvenc", Hevc: "hevc_nvenc" },
  [HardwareAcceleration.Vaapi]: { H264: "h264_vaapi", Hevc: "hevc_vaapi", Mpeg2Video: "mpeg2_vaapi" },
  [HardwareAcceleration.VideoToolbox]: { H264: "h264_videotoolbox", Hevc: "hevc_videotoolbox" },
  [HardwareAcceleration.Amf]: { H264: "h264_amf", Hevc: "hevc_amf" },
};

/** The hwaccel name FFmpeg lists (`ffmpeg -hwaccels`) for each acceleration, where one is required. */
const REQUIRED_HWACCEL: Partial<Record<HardwareAcceleration, string>> = {
  [HardwareAcceleration.Vaapi]: "vaapi",
};

export const DEFAULT_VAAPI_DEVICE = "/dev/dri/renderD128";

export function chooseVideoEncoder(profile: FFmpegProfile, caps: EncoderCapabilities): VideoEncoderChoice {
  const warnings: string[] = [];
  let bitDepth = profile.bitDepth;
  if (profile.videoFormat === VideoFormat.Mpeg2Video && bitDepth === 10) {
    warnings.push("MPEG-2 video is 8-bit only; encoding 8-bit");
    bitDepth = 8;
  }

  let acceleration = profile.hardwareAcceleration;
  let encoder: string | undefined;
  if (acceleration !== HardwareAcceleration.None) {
    const unusable = hardwareProblem(acceleration, profile.videoFormat, caps);
    if (unusable === undefined) {
      encoder = HARDWARE_VIDEO_ENCODERS[acceleration][profile.videoFormat];
    } else {
      warnings.push(`${acceleration} acceleration unavailable (${unusable}); falling back to software encoding`);
      acceleration = HardwareAcceleration.None;
    }
  }
  if (acceleration !== HardwareAcceleration.None && profile.videoFormat === VideoFormat.H264 && bitDepth === 10) {
    warnings.push(`10-bit H.264 is not supported by ${acceleration} encoders; encoding 8-bit`);
    bitDepth = 8;
  }
  if (encoder === undefined) {
    encoder = SOFTWARE_VIDEO_ENCODERS[profile.videoFormat];
    if (!caps.encoders.has(encoder)) throw new EncoderUnavailableError(encoder);
  }

  return {
    encoder,
    acceleration,
    bitDepth,
    pixelFormat: pixelFormatFor(acceleration, bitDepth),
    profile: encoderProfile(profile, bitDepth),
    preset: profile.videoPreset ?? (acceleration === HardwareAcceleration.None && encoder !== "mpeg2video" ? "veryfast" : undefined),
    vaapiDevice: acceleration === HardwareAcceleration.Vaapi ? (profile.vaapiDevice ?? DEFAULT_VAAPI_DEVICE) : undefined,
    warnings,
  };
}

/** Why a hardware acceleration cannot be used for a format, or undefined when it can. */
function hardwareProblem(
  acceleration: Exclude<HardwareAcceleration, HardwareAcceleration.None>,
  format: VideoFormat,
  caps: EncoderCapabilities,
): string | undefined {
  const encoder = HARDWARE_VIDEO_ENCODERS[acceleration][format];
  if (encoder === undefined) return `no ${acceleration} encoder exists for ${format}`;
  if (!caps.encoders.has(encoder)) return `encoder ${encoder} not present`;
  const hwaccel = REQUIRED_HWACCEL[acceleration];
  if (hwaccel !== undefined && !caps.hwaccels.has(hwaccel)) return `hwaccel ${hwaccel} not present`;
  if (acceleration === HardwareAcceleration.Vaapi && !caps.filters.has("hwupload")) return "filter hwupload not present";
  return undefined;
}

function pixelFormatFor(acceleration: HardwareAcceleration, bitDepth: 8 | 10): string {
  if (acceleration === HardwareAcceleration.None) return bitDepth === 10 ? "yuv420p10le" : "yuv420p";
  if (bitDepth === 10) return "p010le";
  return acceleration === HardwareAcceleration.Nvenc || acceleration === HardwareAcceleration.Amf || acceleration === HardwareAcceleration.VideoToolbox
    ? "yuv420p"
    : "nv12";
}

const H264_PROFILES = new Set(["baseline", "main", "high", "high10", "high422", "high444p"]);

/**
 * The `-profile:v` for the output. H.264 keeps a valid requested profile (default `high`) and uses
 * `high10` for 10-bit; HEVC uses `main` / `main10` (a stray H.264 name such as `high` is ignored).
 */
function encoderProfile(profile: FFmpegProfile, bitDepth: 8 | 10): string | undefined {
  const requested = profile.videoProfile?.trim().toLowerCase() ?? "";
  switch (profile.videoFormat) {
    case VideoFormat.Mpeg2Video:
      return undefined;
    case VideoFormat.Hevc:
      return bitDepth === 10 ? "main10" : "main";
    case VideoFormat.H264: {
      if (bitDepth === 10) return requested === "high444p" ? requested : "high10";
      return H264_PROFILES.has(requested) && requested !== "high10" ? requested : "high";
    }
  }
}

export interface AudioEncoderChoice {
  encoder: string;
}

const AUDIO_ENCODERS: Record<AudioFormat, string> = {
  [AudioFormat.Aac]: "aac",
  [AudioFormat.Ac3]: "ac3",
};

export function chooseAudioEncoder(profile: FFmpegProfile, caps: EncoderCapabilities): AudioEncoderChoice {
  const encoder = AUDIO_ENCODERS[profile.audioFormat];
  if (!caps.encoders.has(encoder)) throw new EncoderUnavailableError(encoder);
  return { encoder };
}
