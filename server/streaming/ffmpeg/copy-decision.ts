/**
 * Copy when the source fits: per piece, whether its video and its audio can be copied into the channel's
 * format unchanged, with the reason. Video is copied when codec, codec profile and level, resolution
 * (square pixels), frame rate, pixel format and bit depth already match the profile and nothing has to
 * be drawn on the picture; audio when codec, channels and sample rate match and no loudness filter runs.
 * Pure: the caller has probed the file.
 */
import { AudioFormat, VideoFormat } from "../../domain/enums";
import { sampleRateHz } from "./audio-filter-chain";
import { parseFrameRate } from "./frame-rate";
import type { FFmpegProfile, ProbedAudioStream, ProbedVideoStream } from "./types";

export type StreamHandling = "copy" | "transcode";

export interface StreamDecision {
  mode: StreamHandling;
  /** Why (for the Sessions page): what fits, or the first thing that does not. */
  reason: string;
}

export interface CopyDecision {
  video: StreamDecision;
  audio: StreamDecision;
}

/** What the piece draws on or does to the picture and sound besides encoding. */
export interface PieceEffects {
  watermark: boolean;
  /** Graphics elements are drawn. */
  graphics?: boolean;
  burnSubtitles: boolean;
  /** No video in the source: a song picture or black frames are generated. */
  generatedVideo: boolean;
  /** A reason found outside the stream's properties (no keyframe to start a copy on). */
  videoBlocked?: string;
  /** The source is HDR and is tone-mapped (its label, e.g. `HDR10`). */
  toneMap?: string;
  /** Audio tracks the channel carries (several are each resampled and padded as one track would be). */
  audioTracks?: number;
}

const VIDEO_CODECS: Record<VideoFormat, string> = {
  [VideoFormat.H264]: "h264",
  [VideoFormat.Hevc]: "hevc",
  [VideoFormat.Mpeg2Video]: "mpeg2video",
};

const AUDIO_CODECS: Record<AudioFormat, string> = {
  [AudioFormat.Aac]: "aac",
  [AudioFormat.Ac3]: "ac3",
};

/** H.264 source profiles a player of each output profile decodes. */
const H264_PROFILES_WITHIN: Record<string, readonly string[]> = {
  baseline: ["baseline", "constrained baseline"],
  main: ["baseline", "constrained baseline", "main"],
  high: ["baseline", "constrained baseline", "main", "high"],
  high10: ["baseline", "constrained baseline", "main", "high", "high 10"],
};

/** Highest level copied: what set-top players of 1080p streams decode (H.264 4.1; HEVC 4.1 = 123). */
const MAX_LEVEL: Partial<Record<VideoFormat, number>> = { [VideoFormat.H264]: 41, [VideoFormat.Hevc]: 123 };

const FRAME_RATE_TOLERANCE = 0.01;

export function decideCopy(profile: FFmpegProfile, video: ProbedVideoStream | undefined, audio: ProbedAudioStream | undefined, effects: PieceEffects): CopyDecision {
  if (profile.copyWhenCompatible !== true) {
    const off = { mode: "transcode", reason: "copy when compatible is off" } as const;
    return { video: off, audio: off };
  }
  return { video: videoDecision(profile, video, effects), audio: audioDecision(profile, audio, effects) };
}

function videoDecision(profile: FFmpegProfile, video: ProbedVideoStream | undefined, effects: PieceEffects): StreamDecision {
  const problem = videoProblem(profile, video, effects);
  return problem === undefined ? { mode: "copy", reason: `${video!.codec} ${video!.width}x${video!.height} fits the profile` } : { mode: "transcode", reason: problem };
}

function videoProblem(profile: FFmpegProfile, video: ProbedVideoStream | undefined, effects: PieceEffects): string | undefined {
  if (effects.generatedVideo || !video) return "no video stream (picture generated)";
  if (effects.watermark) return "watermark";
  if (effects.graphics) return "graphics";
  if (effects.burnSubtitles) return "subtitles burned in";
  if (effects.toneMap) return `tone mapping ${effects.toneMap} to BT.709 SDR`;
  if (effects.videoBlocked) return effects.videoBlocked;
  const codec = VIDEO_CODECS[profile.videoFormat];
  if (video.codec !== codec) return `codec ${video.codec}, profile wants ${codec}`;
  const { width, height } = profile.resolution;
  if (video.width !== width || video.height !== height) return `scaling ${video.width}x${video.height} to ${width}x${height}`;
  if (!squarePixels(video.sampleAspectRatio)) return `sample aspect ratio ${video.sampleAspectRatio}`;
  if (profile.deinterlaceVideo && video.scanKind === "Interlaced") return "deinterlacing";
  const rate = parseFrameRate(video.frameRate);
  if (rate === undefined) return "unknown frame rate";
  if (profile.normalizeFramerate) {
    const wanted = profile.normalizedFrameRate ?? 30;
    if (Math.abs(rate - wanted) > FRAME_RATE_TOLERANCE) return `frame rate ${round(rate)} fps, profile wants ${wanted}`;
  }
  const depth = video.bitDepth ?? 8;
  if (depth !== profile.bitDepth) return `bit depth ${depth}, profile wants ${profile.bitDepth}`;
  const pixelFormat = profile.bitDepth === 10 ? "yuv420p10le" : "yuv420p";
  if (video.pixelFormat !== pixelFormat) return `pixel format ${video.pixelFormat ?? "unknown"}, profile wants ${pixelFormat}`;
  const codecProfile = profileProblem(profile, video);
  if (codecProfile) return codecProfile;
  const maxLevel = MAX_LEVEL[profile.videoFormat];
  if (maxLevel !== undefined && (video.level === undefined || video.level > maxLevel)) return `level ${video.level ?? "unknown"} above ${maxLevel}`;
  return undefined;
}

function profileProblem(profile: FFmpegProfile, video: ProbedVideoStream): string | undefined {
  const source = video.profile ?? "unknown";
  if (profile.videoFormat === VideoFormat.H264) {
    const wanted = profile.bitDepth === 10 ? "high10" : (profile.videoProfile?.trim().toLowerCase() || "high");
    const within = H264_PROFILES_WITHIN[wanted] ?? H264_PROFILES_WITHIN.high!;
    return within.includes(source) ? undefined : `codec profile ${source}, profile wants ${wanted}`;
  }
  if (profile.videoFormat === VideoFormat.Hevc) {
    const within = profile.bitDepth === 10 ? ["main", "main 10"] : ["main"];
    return within.includes(source) ? undefined : `codec profile ${source}, profile wants ${within.at(-1)}`;
  }
  return undefined;
}

function audioDecision(profile: FFmpegProfile, audio: ProbedAudioStream | undefined, effects: PieceEffects): StreamDecision {
  const tracks = effects.audioTracks ?? 1;
  const problem = tracks > 1 ? `${tracks} audio tracks, each resampled and padded to the profile` : audioProblem(profile, audio);
  return problem === undefined ? { mode: "copy", reason: `${audio!.codec} ${audio!.channels} ch ${audio!.sampleRate} Hz fits the profile` } : { mode: "transcode", reason: problem };
}

function audioProblem(profile: FFmpegProfile, audio: ProbedAudioStream | undefined): string | undefined {
  if (!audio) return "no audio stream (silence generated)";
  if (profile.normalizeLoudness) return "loudness normalization";
  const codec = AUDIO_CODECS[profile.audioFormat];
  if (audio.codec !== codec) return `codec ${audio.codec}, profile wants ${codec}`;
  if (audio.channels !== profile.audioChannels) return `${audio.channels} channels, profile wants ${profile.audioChannels}`;
  const rate = sampleRateHz(profile);
  if (audio.sampleRate !== rate) return `sample rate ${audio.sampleRate ?? "unknown"} Hz, profile wants ${rate}`;
  return undefined;
}

function squarePixels(sar: string | undefined): boolean {
  if (sar === undefined || sar === "0:1") return true;
  const [n, d] = sar.split(":").map(Number);
  return n === d;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
