/** What a shared session keeps of its runs and viewers, and what the Sessions page shows of them. */
import path from "node:path";
import type { StreamPlan } from "../../domain/stream-plan";
import type { SessionPiece, SessionViewer, StreamHandlingInfo, ViewerIdentity } from "../../domain/stream-session";
import type { OwnedProcess } from "../process-registry";

export interface SessionTiming {
  /** Below this much buffered content the session transcodes as fast as it can. */
  lowWaterMs: number;
  /** Work ahead up to this much; the first burst fills it. */
  highWaterMs: number;
  /** Aired segments are kept this long, then deleted. */
  retainMs: number;
}

export const DEFAULT_TIMING: SessionTiming = { lowWaterMs: 30_000, highWaterMs: 60_000, retainMs: 60_000 };

export type SegmentState =
  | { state: "complete"; file: string; wallStart: number }
  | { state: "writing"; file: string; wallStart: number; run: number }
  | { state: "pending" }
  | { state: "gone" };

/** One FFmpeg run of a session, while it runs. */
export interface Run {
  index: number;
  process: OwnedProcess;
  startNumber: number;
  wallStart: number;
  playlist: string;
  seen: number;
  producedMs: number;
}

/** What each run played (kept short): for the Sessions page, diagnostics and tests. */
export interface RunRecord {
  kind: "media" | "offline" | "error";
  reason?: string;
  /** The file's name, or what the slate says. */
  title: string;
  /** Where in the file the run started (ms). */
  seekMs: number;
  wallStart: number;
  durationMs: number;
  realtime: boolean;
  /** Clock time FFmpeg was started and, once it exited, ended. */
  startedAt: number;
  endedAt?: number;
  exitCode?: number | null;
  video?: StreamHandlingInfo;
  audio?: StreamHandlingInfo;
  earlyMs?: number;
  acceleration?: string;
}

export function pieceTitle(plan: StreamPlan, kind: RunRecord["kind"], reason?: string): { title: string; seekMs: number } {
  if (kind === "media" && plan.content.kind === "media") return { title: path.basename(plan.content.path), seekMs: plan.content.seekMs };
  if (kind === "offline") return { title: "Offline slate", seekMs: 0 };
  return { title: `Error slate: ${(reason ?? "").split("\n")[0]}`, seekMs: 0 };
}

/**
 * The piece on air at wall time `now`: the run whose span covers it. A session behind the clock (it started
 * late or makes pieces slower than they play, as on a loaded machine) has no run covering `now` although viewers
 * are receiving its newest run: that run is on air then, at what it has produced (`producedMs`, while it runs).
 */
export function pieceOnAir(runs: readonly RunRecord[], now: number, producedMs?: number): SessionPiece | null {
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!;
    if (run.wallStart <= now && now < run.wallStart + run.durationMs) return piece(run, now - run.wallStart);
  }
  const newest = runs.at(-1);
  if (!newest || newest.wallStart + newest.durationMs > now) return null;
  return piece(newest, Math.min(newest.durationMs, newest.endedAt === undefined ? (producedMs ?? 0) : newest.durationMs));
}

function piece(run: RunRecord, intoMs: number): SessionPiece {
  const { kind, title, video, audio, earlyMs, acceleration } = run;
  return { kind, title, offsetMs: run.seekMs + intoMs, durationMs: run.seekMs + run.durationMs, video, audio, earlyMs, acceleration };
}

/** Media time per wall time of the newest run: `producedMs` so far while it runs. */
export function runSpeed(run: RunRecord | undefined, producedMs: number | undefined, now: number): number | null {
  if (!run) return null;
  const produced = run.endedAt === undefined ? (producedMs ?? 0) : run.durationMs;
  const elapsed = (run.endedAt ?? now) - run.startedAt;
  if (elapsed <= 0 || produced <= 0) return null;
  return Math.round((produced / elapsed) * 100) / 100;
}

/** A viewer arriving or leaving (for the log). */
export type ViewerChange = (change: "joined" | "left", viewer: SessionViewer, reason?: string) => void;

/** The viewers of a shared session: HLS clients by address and user agent, MPEG-TS connections. */
export class SessionViewers {
  private readonly hls = new Map<string, SessionViewer>();
  private readonly ts = new Set<SessionViewer>();

  constructor(private readonly changed: ViewerChange = () => undefined) {}

  get tsCount(): number {
    return this.ts.size;
  }

  seen(client: ViewerIdentity, now: number): void {
    const key = `${client.address}|${client.userAgent ?? ""}`;
    const known = this.hls.get(key);
    if (known) known.lastSeen = now;
    else {
      const viewer: SessionViewer = { ...client, kind: "hls", since: now, lastSeen: now };
      this.hls.set(key, viewer);
      this.changed("joined", viewer);
    }
  }

  /** An MPEG-TS viewer connected; call the returned function when it leaves. */
  connect(client: ViewerIdentity, now: number): () => void {
    const viewer: SessionViewer = { ...client, kind: "mpegts", since: now, lastSeen: now };
    this.ts.add(viewer);
    this.changed("joined", viewer);
    return () => {
      if (this.ts.delete(viewer)) this.changed("left", viewer, "disconnected");
    };
  }

  /** Every viewer, dropping HLS clients not seen within `idleMs`; MPEG-TS viewers are seen now. */
  list(now: number, idleMs: number): SessionViewer[] {
    for (const [key, viewer] of this.hls) {
      if (now - viewer.lastSeen <= idleMs) continue;
      this.hls.delete(key);
      this.changed("left", viewer, `no request for ${Math.round(idleMs / 1000)} s`);
    }
    for (const viewer of this.ts) viewer.lastSeen = now;
    return [...this.ts, ...this.hls.values()];
  }

  /** The session ended: every viewer still counted leaves. */
  endAll(reason: string): void {
    for (const viewer of [...this.hls.values(), ...this.ts]) this.changed("left", viewer, reason);
    this.hls.clear();
    this.ts.clear();
  }
}
