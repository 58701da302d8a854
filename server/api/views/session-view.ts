/** The stream session view both transports return (REST `SessionDto`, GraphQL `StreamSession`). */
import type { SessionView } from "../../services/stream-session-service";

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
  /** Wall-clock time up to which the channel has been transcoded; null before the first segment. */
  transcodedUntil: string | null;
  /** The last request that touched the session. */
  lastAccess: string;
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
    nowPlaying: info.nowPlaying && { kind: info.nowPlaying.kind, title: info.nowPlaying.title, offsetSeconds: Math.floor(info.nowPlaying.offsetMs / 1000), durationSeconds: Math.round(info.nowPlaying.durationMs / 1000) },
    speed: info.speed,
    restarts: info.restarts,
    transcodedUntil: info.transcodedUntil === null ? null : new Date(info.transcodedUntil).toISOString(),
    lastAccess: new Date(info.lastAccess).toISOString(),
  };
}
