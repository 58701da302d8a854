/**
 * The running streams as services and the stream routes see them; the process owner
 * (server/streaming) implements `StreamSessionOwner`.
 */
import type { Writable } from "node:stream";
import type { StreamPlan } from "./stream-plan";

export type SessionState = "starting" | "running" | "stopping";

export interface SessionInfo {
  channelNumber: string;
  state: SessionState;
  /** Connected MPEG-TS viewers plus HLS clients seen within the idle timeout. */
  viewers: number;
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
  touch(client?: string): void;
  mediaPlaylist(query: string): string;
  /** The file of a complete segment named `name`, or undefined. */
  segmentFile(name: string): string | undefined;
}

/** The process owner of live streams (server/streaming), as services and the stream routes see it. */
export interface StreamSessionOwner {
  sessions(): SessionInfo[];
  /** Stops everything streaming channel `number`; false when nothing was. */
  stopChannel(number: string): Promise<boolean>;
  /** The channel's shared session, started when none runs. */
  session(number: string): LiveSession;
  /** The running session, or undefined. */
  find(number: string): LiveSession | undefined;
  /** Hybrid MPEG-TS: the shared session's segments as one stream, until `closed()`. */
  watchAsTs(number: string, out: Writable, closed: () => boolean): Promise<void>;
  /** One FFmpeg for this viewer (ts-legacy, hls-direct) from `first`, killed once `closed()`. */
  watchPerViewer(number: string, mode: "ts-legacy" | "hls-direct", out: Writable, first: StreamPlan, closed: () => boolean): Promise<void>;
}
