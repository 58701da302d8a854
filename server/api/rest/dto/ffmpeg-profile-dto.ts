import type { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../../../domain/enums";
import type { FFmpegProfileInput } from "../../../services/ffmpeg-profile-input";
import type { FFmpegProfileView } from "../../../services/ffmpeg-profile-service";

export interface ResolutionDto {
  /** @isInt */
  width: number;
  /** @isInt */
  height: number;
}

export interface FFmpegProfileDto {
  /** @isInt */
  id: number;
  name: string;
  /** New channels use the default profile when none is named. */
  isDefault: boolean;
  /** @isInt */
  threadCount: number;
  hardwareAcceleration: HardwareAcceleration;
  vaapiDevice?: string;
  resolution: ResolutionDto;
  scalingBehavior: ScalingBehavior;
  videoFormat: VideoFormat;
  videoProfile: string;
  /** @isInt */
  bitDepth: number;
  /** @isInt */
  videoBitrate: number;
  /** @isInt */
  videoBufferSize: number;
  audioFormat: AudioFormat;
  /** @isInt */
  audioBitrate: number;
  /** @isInt */
  audioBufferSize: number;
  /** @isInt */
  audioChannels: number;
  audioSampleRate: number;
  normalizeFramerate: boolean;
  deinterlaceVideo: boolean;
  normalizeLoudness: boolean;
}

/** Body of POST and PUT: `name` is required, everything else has a default. */
export interface FFmpegProfileCreateRequest extends FFmpegProfileInput {
  name: string;
}

export function toFFmpegProfileDto({ profile: p, isDefault }: FFmpegProfileView): FFmpegProfileDto {
  return {
    id: p.id,
    name: p.name,
    isDefault,
    threadCount: p.threadCount,
    hardwareAcceleration: p.hardwareAcceleration,
    vaapiDevice: p.vaapiDevice ?? undefined,
    resolution: { width: p.resolution.width, height: p.resolution.height },
    scalingBehavior: p.scalingBehavior,
    videoFormat: p.videoFormat,
    videoProfile: p.videoProfile,
    bitDepth: p.bitDepth,
    videoBitrate: p.videoBitrate,
    videoBufferSize: p.videoBufferSize,
    audioFormat: p.audioFormat,
    audioBitrate: p.audioBitrate,
    audioBufferSize: p.audioBufferSize,
    audioChannels: p.audioChannels,
    audioSampleRate: p.audioSampleRate,
    normalizeFramerate: p.normalizeFramerate,
    deinterlaceVideo: p.deinterlaceVideo,
    normalizeLoudness: p.normalizeLoudness,
  };
}
