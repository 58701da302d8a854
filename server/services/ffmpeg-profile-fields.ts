import { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../domain/enums";
import type { FFmpegProfile } from "../db/entities/ffmpeg-profile";
import type { FFmpegProfileInput } from "./ffmpeg-profile-input";
import {
  defaultVideoProfile,
  FORMATS_BY_ACCELERATION,
  MAX_AUDIO_BITRATE,
  MAX_AUDIO_CHANNELS,
  PROFILE_DEFAULTS as D,
  SAMPLE_RATES_KHZ,
  VIDEO_PROFILES,
} from "./ffmpeg-profile-rules";
import type { Violations } from "./validation/violations";

/** A profile's stored settings other than its name, its resolution as a size. */
export type ProfileFields = Omit<FFmpegProfile, "id" | "name" | "resolutionId" | "resolution"> & { resolution: { width: number; height: number } };

/**
 * The settings a profile gets from `input`: a field not given keeps `existing`'s when `keep` (PATCH), else takes
 * the default. Every rule is checked (ranges, formats per acceleration, encoder profile per format and bit
 * depth, audio limits per format); problems go into `v`. No I/O: the service and the migration share it.
 */
export function checkedProfileFields(v: Violations, input: FFmpegProfileInput, existing: FFmpegProfile | undefined, keep: boolean): ProfileFields {
  // A new profile (nothing kept from it) reads no field of its own.
  const profile = existing ?? ({} as FFmpegProfile);
  const isNew = profile.id === undefined;
  const pick = <K extends keyof FFmpegProfileInput>(key: K, value: FFmpegProfileInput[K], fallback: FFmpegProfileInput[K]) =>
    input[key] !== undefined && input[key] !== null ? input[key] : keep ? value : fallback;

  const threadCount = pick("threadCount", profile.threadCount, D.threadCount)!;
  v.integer("threadCount", threadCount, 0, 64);

  const acceleration = pick("hardwareAcceleration", profile.hardwareAcceleration, D.hardwareAcceleration)!;
  v.oneOf("hardwareAcceleration", acceleration, Object.values(HardwareAcceleration));

  const vaapiDevice = (input.vaapiDevice === undefined && keep ? profile.vaapiDevice : input.vaapiDevice)?.trim() || null;
  if (vaapiDevice !== null) {
    if (acceleration !== HardwareAcceleration.Vaapi) v.add("vaapiDevice", "is only used with Vaapi hardware acceleration");
    else if (vaapiDevice.length > 255 || !vaapiDevice.startsWith("/")) v.add("vaapiDevice", "must be an absolute device path such as /dev/dri/renderD128");
  }

  const current = profile.resolution ? { width: profile.resolution.width, height: profile.resolution.height } : undefined;
  const resolution = pick("resolution", current, D.resolution)!;
  for (const side of ["width", "height"] as const) {
    const value = resolution[side];
    if (!Number.isInteger(value) || value < 16 || value > 7680 || value % 2 !== 0) {
      v.add(`resolution.${side}`, "must be an even whole number from 16 to 7680");
    }
  }

  const scalingBehavior = pick("scalingBehavior", profile.scalingBehavior, D.scalingBehavior)!;
  v.oneOf("scalingBehavior", scalingBehavior, Object.values(ScalingBehavior));

  const videoFormat = pick("videoFormat", profile.videoFormat, D.videoFormat)!;
  v.oneOf("videoFormat", videoFormat, Object.values(VideoFormat));
  const allowedFormats = FORMATS_BY_ACCELERATION[acceleration] ?? [];
  if (!v.has("videoFormat") && !v.has("hardwareAcceleration") && !allowedFormats.includes(videoFormat)) {
    v.add("videoFormat", `${acceleration} acceleration can encode only ${allowedFormats.join(", ")}`);
  }

  const bitDepth = pick("bitDepth", profile.bitDepth, D.bitDepth)!;
  if (bitDepth !== 8 && bitDepth !== 10) v.add("bitDepth", "must be 8 or 10");
  else if (bitDepth === 10 && videoFormat === VideoFormat.Mpeg2Video) v.add("bitDepth", "Mpeg2Video supports only 8-bit");

  // A profile chosen for another format no longer fits when the format changes: take the new default.
  const formatChanged = !isNew && input.videoFormat !== undefined && input.videoFormat !== profile.videoFormat;
  const explicitProfile = input.videoProfile?.trim().toLowerCase();
  const videoProfile = explicitProfile || (keep && !formatChanged && input.bitDepth === undefined ? profile.videoProfile : defaultVideoProfile(videoFormat, bitDepth));
  const profiles = VIDEO_PROFILES[videoFormat] ?? [];
  if (!v.has("videoFormat") && !profiles.includes(videoProfile)) {
    v.add("videoProfile", `must be one of ${profiles.join(", ")} for ${videoFormat}`);
  } else if (bitDepth === 10 && videoFormat === VideoFormat.H264 && videoProfile !== "high10") {
    v.add("videoProfile", "10-bit H264 needs the high10 profile");
  } else if (bitDepth === 10 && videoFormat === VideoFormat.Hevc && videoProfile !== "main10") {
    v.add("videoProfile", "10-bit Hevc needs the main10 profile");
  }

  const videoBitrate = pick("videoBitrate", profile.videoBitrate, D.videoBitrate)!;
  v.integer("videoBitrate", videoBitrate, 100, 200_000);
  const videoBufferSize = pick("videoBufferSize", profile.videoBufferSize, D.videoBufferSize)!;
  v.integer("videoBufferSize", videoBufferSize, 100, 400_000);

  const audioFormat = pick("audioFormat", profile.audioFormat, D.audioFormat)!;
  v.oneOf("audioFormat", audioFormat, Object.values(AudioFormat));
  const knownAudio = Object.values(AudioFormat).includes(audioFormat);
  const audioBitrate = pick("audioBitrate", profile.audioBitrate, D.audioBitrate)!;
  if (knownAudio) v.integer("audioBitrate", audioBitrate, 32, MAX_AUDIO_BITRATE[audioFormat]);
  const audioBufferSize = pick("audioBufferSize", profile.audioBufferSize, D.audioBufferSize)!;
  v.integer("audioBufferSize", audioBufferSize, 32, 10_000);
  const audioChannels = pick("audioChannels", profile.audioChannels, D.audioChannels)!;
  if (knownAudio) v.integer("audioChannels", audioChannels, 1, MAX_AUDIO_CHANNELS[audioFormat]);
  const audioSampleRate = pick("audioSampleRate", profile.audioSampleRate, D.audioSampleRate)!;
  if (knownAudio && !SAMPLE_RATES_KHZ[audioFormat].includes(audioSampleRate)) {
    v.add("audioSampleRate", `must be one of ${SAMPLE_RATES_KHZ[audioFormat].join(", ")} (kHz) for ${audioFormat}`);
  }

  const normalizeFramerate = pick("normalizeFramerate", profile.normalizeFramerate, D.normalizeFramerate)!;
  const deinterlaceVideo = pick("deinterlaceVideo", profile.deinterlaceVideo, D.deinterlaceVideo)!;
  const normalizeLoudness = pick("normalizeLoudness", profile.normalizeLoudness, D.normalizeLoudness)!;
  const copyWhenCompatible = pick("copyWhenCompatible", profile.copyWhenCompatible, D.copyWhenCompatible)!;

  return {
    threadCount, hardwareAcceleration: acceleration, vaapiDevice, resolution, scalingBehavior, videoFormat, videoProfile, bitDepth, videoBitrate, videoBufferSize,
    audioFormat, audioBitrate, audioBufferSize, audioChannels, audioSampleRate, normalizeFramerate, deinterlaceVideo, normalizeLoudness, copyWhenCompatible,
  };
}
