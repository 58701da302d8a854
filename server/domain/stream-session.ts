/**
 * The running streams as services and the stream routes see them; the process owner
 * (server/streaming) implements `StreamSessionOwner`.
 */
import type { Writable } from "node:stream";
import type { HardwareAcceleration } from "./enums";
import type { StreamPlan } from "./stream-plan";

export type SessionState = "starting" | "running" | "stopping";

/** Who watches: the client's address and user agent. */
export interface ViewerIdentity {
  address: string;
  userAgent: string | null;
}

export interface SessionViewer extends ViewerIdentity {
  /** `hls`: fetches playlists and segments; `mpegts`: holds one MPEG-TS connection. */
  kind: "hls" | "mpegts";
  /** When the viewer arrived, and its last request (epoch ms). */
  since: number;
  lastSeen: number;
}

/** Whether a piece copies a stream of its file or transcodes it, and why. */
export interface StreamHandlingInfo {
  mode: "copy" | "transcode";
  reason: string;
}

/** A profile whose hardware acceleration failed: its pieces are encoded in software until `failingUntil`. */
export interface AccelerationFailure {
  acceleration: HardwareAcceleration;
  failingUntil: number;
  /** FFmpeg's last line. */
  reason: string;
}

/** The piece of the channel on air now. */
export interface SessionPiece {
  kind: "media" | "offline" | "error";
  /** The file's name for media, else what the slate says. */
  title: string;
  /** Position in the file (or slate) now, ms. */
  offsetMs: number;
  durationMs: number;
  /** Media pieces: copy or transcode per stream. */
  video?: StreamHandlingInfo;
  audio?: StreamHandlingInfo;
  /** A copied piece starts on the keyframe at or before its planned offset: this much earlier (ms). */
  earlyMs?: number;
  /** The acceleration the piece's encoder used (`None`: software or copy). */
  acceleration?: string;
}

/** `segmenter`: the channel's shared HLS transcode; `ts-legacy`, `hls-direct`: one FFmpeg for one viewer. */
export type SessionMode = "segmenter" | "ts-legacy" | "hls-direct";

export interface SessionInfo {
  channelNumber: string;
  mode: SessionMode;
  state: SessionState;
  /** When the session started (epoch ms). */
  startedAt: number;
  /** Connected MPEG-TS viewers plus HLS clients seen within the idle timeout. */
  viewers: number;
  viewerList: SessionViewer[];
  /** The piece on air now; null before the first one or when unknown. */
  nowPlaying: SessionPiece | null;
  /** Media time transcoded per wall-clock time by the latest FFmpeg run (1 = real time); null before one ran. */
  speed: number | null;
  /** FFmpeg runs that failed and were followed by an error slate or a retry. */
  restarts: number;
  /** The channel profile's hardware acceleration is failing (pieces encoded in software); null when not. */
  acceleration: AccelerationFailure | null;
  /** Wall-clock time (epoch ms) up to which the session has transcoded; null before the first segment. */
  transcodedUntil: number | null;
  /** Last request that touched the session (epoch ms). */
  lastAccess: number;
}

/** A channel's shared HLS session, as the stream routes use it. */
export interface LiveSession {
  /** Resolves once the first segment exists; rejects when the session stops first or the time is up. */
  firstSegment(timeoutMs: number): Promise<void>;
  /** A request touched the session (keeps it from idling); `client` identifies an HLS viewer. */
  touch(client?: ViewerIdentity): void;
  mediaPlaylist(query: string): string;
  /** The file of a complete segment named `name`, or undefined. */
  segmentFile(name: string): string | undefined;
  /** Audio track and soft-subtitle languages (renditions of the master playlist). */
  tracks(): { audio: string[]; subtitles: Array<{ language: string; isDefault: boolean; forced: boolean }> };
  /** The media playlist of an audio (track ≥ 1) or subtitle rendition; undefined when there is no such track. */
  renditionPlaylist(kind: "audio" | "subtitles", track: number, query: string): string | undefined;
  /** A rendition segment (`live000042-<tag>.a1.ts`, `….s0.vtt`): a file or WebVTT text; undefined when none. */
  renditionSegment(name: string): Promise<{ file: string } | { text: string } | undefined>;
  /**
   * Soft-subtitle track `track` as one document's cues (ms of the MPEG-TS clock), for players that read HLS
   * through libavformat; undefined when there is no such track.
   */
  wholeSubtitles(track: number): Promise<ReadonlyArray<{ startMs: number; endMs: number; text: string }>> | undefined;
}

/** The process owner of live streams (server/streaming), as services and the stream routes see it. */
export interface StreamSessionOwner {
  sessions(): SessionInfo[];
  /**
   * The channel's timeline changed from wall time `at` on (a skip): its shared session drops what it made
   * for later and continues from `at` after a discontinuity.
   */
  cut(number: string, at: number): Promise<void>;
  /** The profile's hardware acceleration failure in force, if any. */
  accelerationFailure(profile: { id: number; hardwareAcceleration: HardwareAcceleration }): AccelerationFailure | undefined;
  /** Stops everything streaming channel `number`; false when nothing was. */
  stopChannel(number: string): Promise<boolean>;
  /** The channel's shared session, started when none runs. */
  session(number: string): LiveSession;
  /** The running session, or undefined. */
  find(number: string): LiveSession | undefined;
  /** Hybrid MPEG-TS: the shared session's segments as one stream, until `closed()`. */
  watchAsTs(number: string, out: Writable, closed: () => boolean, viewer?: ViewerIdentity): Promise<void>;
  /** One FFmpeg for this viewer (ts-legacy, hls-direct) from `first`, killed once `closed()`. */
  watchPerViewer(number: string, mode: "ts-legacy" | "hls-direct", out: Writable, first: StreamPlan, closed: () => boolean, viewer?: ViewerIdentity): Promise<void>;
}
