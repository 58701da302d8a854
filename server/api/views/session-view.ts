/** The stream session view both transports return (REST `SessionDto`, GraphQL `StreamSession`). */
import type { ChannelPlayoutMode } from "../../domain/enums";
import type { SessionPiece } from "../../domain/stream-session";
import type { SessionView } from "../../services/stream-session-service";
import { toAccelerationFailureDto, type AccelerationFailureDto } from "./acceleration-failure-view";
import { toCheckpointDto, type OnDemandCheckpointDto } from "./on-demand-view";

export interface SessionViewerDto {
  /** `hls`: fetches playlists and segments; `mpegts`: holds one MPEG-TS connection. */
  kind: "hls" | "mpegts";
  address: string;
  userAgent: string | null;
  /** When the viewer arrived. */
  since: string;
  /** Its last request. */
  lastSeen: string;
}

export interface SessionPieceDto {
  kind: "media" | "offline" | "error";
  /** The file's name for media, else what the slate says. */
  title: string;
  /** Position in the file (or slate) now, seconds. */
  offsetSeconds: number;
  /** Where the piece ends in the file, seconds. */
  durationSeconds: number;
  /** Media: the video copied or transcoded, and why. */
  video: StreamHandlingDto | null;
  /** Media: the audio copied or transcoded, and why. */
  audio: StreamHandlingDto | null;
  /** A copied piece starts on the keyframe at or before its planned offset: this many ms earlier. */
  earlyMs: number | null;
  /** The hardware acceleration the piece's encoder used (`None`: software or copy). */
  acceleration: string | null;
}

export interface StreamHandlingDto {
  mode: "copy" | "transcode";
  reason: string;
}

export interface SessionDto {
  /** The channel the session streams. */
  channelNumber: string;
  /** The channel's name; null when the channel was deleted while streaming. */
  channelName: string | null;
  /** `segmenter`: the channel's shared transcode (HLS and hybrid MPEG-TS viewers); `ts-legacy`, `hls-direct`: one FFmpeg for one viewer. */
  mode: "segmenter" | "ts-legacy" | "hls-direct";
  state: "starting" | "running" | "stopping";
  startedAt: string;
  /** Connected MPEG-TS viewers plus HLS clients seen within the idle timeout. */
  viewers: number;
  viewerList: SessionViewerDto[];
  /** The piece on air now; null when unknown. */
  nowPlaying: SessionPieceDto | null;
  /** Media time transcoded per wall-clock time by the latest FFmpeg run (1 = real time); null before one ran. */
  speed: number | null;
  /** FFmpeg runs that failed and were followed by an error slate or a retry. */
  restarts: number;
  /** The profile's hardware acceleration is failing: pieces are encoded in software until `failingUntil`; null when not. */
  acceleration: AccelerationFailureDto | null;
  /** Wall-clock time up to which the channel has been transcoded; null before the first segment. */
  transcodedUntil: string | null;
  /** The last request that touched the session. */
  lastAccess: string;
  /** The channel's playout mode (`OnDemand`: its timeline runs only while watched); null when the channel was deleted while streaming. */
  playoutMode: ChannelPlayoutMode | null;
  /** On-demand channels: when the timeline paused (the last viewer left and the session winds down); absent while playing. */
  pausedSince?: string;
  /** On-demand channels: where the channel resumes; absent while playing. */
  checkpoint?: OnDemandCheckpointDto;
}

export function toSessionDto(info: SessionView): SessionDto {
  return {
    channelNumber: info.channelNumber,
    channelName: info.channelName,
    mode: info.mode,
    state: info.state,
    startedAt: new Date(info.startedAt).toISOString(),
    viewers: info.viewers,
    viewerList: info.viewerList.map((v) => ({ kind: v.kind, address: v.address, userAgent: v.userAgent, since: new Date(v.since).toISOString(), lastSeen: new Date(v.lastSeen).toISOString() })),
    nowPlaying: info.nowPlaying && toPieceDto(info.nowPlaying),
    speed: info.speed,
    restarts: info.restarts,
    acceleration: toAccelerationFailureDto(info.acceleration),
    transcodedUntil: info.transcodedUntil === null ? null : new Date(info.transcodedUntil).toISOString(),
    lastAccess: new Date(info.lastAccess).toISOString(),
    playoutMode: info.playoutMode,
    pausedSince: info.pausedSince === null ? undefined : new Date(info.pausedSince).toISOString(),
    checkpoint: info.checkpoint ? toCheckpointDto(info.checkpoint) : undefined,
  };
}

function toPieceDto(piece: SessionPiece): SessionPieceDto {
  const { kind, title, video, audio, earlyMs, acceleration } = piece;
  return {
    kind,
    title,
    offsetSeconds: Math.floor(piece.offsetMs / 1000),
    durationSeconds: Math.round(piece.durationMs / 1000),
    video: video ?? null,
    audio: audio ?? null,
    earlyMs: earlyMs ?? null,
    acceleration: acceleration ?? null,
  };
}
