import type { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../../../domain/enums";
import { toAccelerationFailureDto, type AccelerationFailureDto } from "../../views/acceleration-failure-view";
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
  /** Copy video and/or audio that already fit the profile instead of transcoding them. */
  copyWhenCompatible: boolean;
  /** The hardware acceleration failed lately: its pieces are encoded in software until then; null when it works. */
  accelerationFailure: AccelerationFailureDto | null;
}


/** Body of POST and PUT: `name` is required, everything else has a default. */
export interface FFmpegProfileCreateRequest extends FFmpegProfileInput {
  name: string;
}


export function toFFmpegProfileDto({ profile: p, isDefault, acceleration }: FFmpegProfileView): FFmpegProfileDto {
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
    copyWhenCompatible: p.copyWhenCompatible,
    accelerationFailure: toAccelerationFailureDto(acceleration),
  };
}
