/**
 * The one owner of every streaming FFmpeg process: the channels' shared HLS sessions (one per
 * channel, read by HLS and hybrid MPEG-TS viewers alike) and the per-viewer streams (ts-legacy,
 * hls-direct). Sessions stop `idleTimeoutMs` after their last request once no MPEG-TS viewer is
 * connected. At start the leftovers of a previous run (folders, recorded FFmpeg pids) are removed;
 * `stopAll` ends everything when the server stops.
 */
import path from "node:path";
import type { Writable } from "node:stream";
import type { MetricsPort } from "../metrics/metrics-port";
import type { StreamPlan } from "../domain/stream-plan";
import type { HardwareAcceleration } from "../domain/enums";
import type { AccelerationFailure, SessionInfo, StreamSessionOwner, ViewerIdentity } from "../domain/stream-session";
import { AccelerationHealth } from "./acceleration-health";
import type { EncoderCapabilities } from "./ffmpeg";
import { DEFAULT_TIMING, HlsSession, type SessionTiming } from "./hls/hls-session";
import { pipeSessionAsTs } from "./hls/ts-segment-reader";
import { MediaProbe } from "./media-probe";
import { ViewerStream } from "./per-viewer-stream";
import { cleanUpStale, ProcessRegistry } from "./process-registry";
import type { EventLog } from "../domain/event-log";
import { CueCache } from "./hls/session-renditions";

export const SESSIONS_FOLDER = path.join("cache", "sessions");

export interface SessionManagerOptions {
  dataDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  idleTimeoutMs: number;
  plan(channelNumber: string, at: number): Promise<StreamPlan>;
  capabilities(): Promise<EncoderCapabilities>;
  /** Before a channel's stream starts (on-demand channels resume their timeline). */
  tuneIn?(channelNumber: string): Promise<void>;
  /** After a channel's last stream stopped; `lastWatchedAt` is its last request (on-demand channels pause). */
  leave?(channelNumber: string, lastWatchedAt: number): Promise<void>;
  timing?: SessionTiming;
  clock?: () => number;
  log?: (message: string) => void;
  /** Something the user should see among the warnings (a hardware encoder that failed); `log` when absent. */
  warn?: (message: string) => void;
  metrics?: MetricsPort;
  /** Takes the server's secrets out of FFmpeg's error text (see ProcessRegistry). */
  redact?: (text: string) => string;
  /** A remote stream item's source failed (its reason) or played again (null). */
  remoteOutcome?: (mediaItemId: number, error: string | null) => void;
  /** Sessions starting and stopping, FFmpeg starting and exiting. */
  events?: EventLog;
}

export class SessionManager implements StreamSessionOwner {
  readonly registry: ProcessRegistry;
  /** Subtitle cues converted for soft-subtitle renditions, shared by the sessions. */
  private readonly cues: CueCache;
  readonly folder: string;
  private readonly probe: MediaProbe;
  /** Profiles whose hardware acceleration failed lately (shared by every session). */
  readonly acceleration: AccelerationHealth;
  /** Sessions started so far: numbers each session's folder. */
  private sessionsStarted = 0;
  private readonly live = new Map<string, HlsSession>();
  /** Per-viewer streams, with when they started and who watches. */
  private readonly viewers = new Map<ViewerStream, { startedAt: number; viewer?: ViewerIdentity }>();
  private readonly clock: () => number;
  private readonly log: (message: string) => void;
  private reaper: NodeJS.Timeout | undefined;
  private stopping = false;
  /** Checkpoints being stored for sessions that ended: the server waits for them before it closes the database. */
  private readonly leaving = new Set<Promise<void>>();
  /** Why a session was stopped, for its log line (a session that stops by itself "ended"). */
  private readonly stopReasons = new WeakMap<HlsSession, string>();

  constructor(private readonly options: SessionManagerOptions) {
    this.folder = path.join(options.dataDir, SESSIONS_FOLDER);
    this.registry = new ProcessRegistry(options.ffmpegPath, this.folder, options.metrics, options.redact, options.events);
    this.cues = new CueCache(this.registry, path.join(this.folder, "cues"));
    this.probe = new MediaProbe(options.ffprobePath);
    this.clock = options.clock ?? Date.now;
    this.log = options.log ?? (() => undefined);
    this.acceleration = new AccelerationHealth(this.clock);
  }

  /** Cleans up after a previous run and starts the idle timer. */
  start(): void {
    const killed = cleanUpStale(this.folder);
    if (killed) this.log(`killed ${killed} FFmpeg process(es) left by a previous run`);
    this.reaper = setInterval(() => void this.reapIdle(), Math.min(1000, Math.max(100, this.options.idleTimeoutMs / 4)));
    this.reaper.unref();
  }

  get idleTimeoutMs(): number {
    return this.options.idleTimeoutMs;
  }

  /** The channel's shared session, started when none runs. */
  session(channelNumber: string): HlsSession {
    if (this.stopping) throw new Error("the server is stopping");
    const existing = this.live.get(channelNumber);
    if (existing && !existing.isStopping) return existing;
    // Each session has its own folder: the channel's previous session may still be stopping, and its
    // stop() removes its folder once its FFmpeg is gone (a shared folder was then removed under the new one).
    this.sessionsStarted += 1;
    const session = new HlsSession(
      channelNumber,
      path.join(this.folder, `${channelNumber}-${this.sessionsStarted}`),
      { plan: this.options.plan, capabilities: this.options.capabilities, probe: this.probe, registry: this.registry, clock: this.clock, log: this.log, warn: this.options.warn ?? this.log, prepare: () => this.tuneIn(channelNumber), acceleration: this.acceleration, remoteOutcome: this.options.remoteOutcome, cues: this.cues, viewerChange: (change, viewer, reason) => this.viewerChanged(channelNumber, "segmenter", change, viewer, reason) },
      this.options.timing ?? DEFAULT_TIMING,
    );
    this.live.set(channelNumber, session);
    const events = this.options.events;
    events?.info("stream session started", { channel: channelNumber, mode: "segmenter" });
    session.once("stopped", () => {
      const reason = this.stopReasons.get(session) ?? "ended";
      events?.info("stream session stopped", { channel: channelNumber, mode: "segmenter", reason, viewers: session.viewers.list(this.clock(), this.options.idleTimeoutMs).length, restarts: session.restarts });
      session.viewers.endAll(`the session stopped (${reason})`);
      if (this.live.get(channelNumber) === session) this.live.delete(channelNumber);
      // While the server stops, `stopAll` reports every channel that was watched once everything ended.
      if (!this.stopping) {
        const left = this.leave(channelNumber, session.lastAccess).finally(() => this.leaving.delete(left));
        this.leaving.add(left);
      }
    });
    return session;
  }

  /** One log line per viewer arriving or leaving: channel, mode, address, user agent. */
  private viewerChanged(channelNumber: string, mode: string, change: "joined" | "left", viewer: ViewerIdentity & { kind?: string }, reason?: string): void {
    const fields = { channel: channelNumber, mode: viewer.kind === "mpegts" && mode === "segmenter" ? "ts (shared session)" : mode, address: viewer.address || "unknown", userAgent: viewer.userAgent ?? "none", ...(reason ? { reason } : {}) };
    this.options.events?.info(change === "joined" ? "viewer joined" : "viewer left", fields);
  }

  /** The running session of the channel drops what it made past `at` and continues from there. */
  async cut(channelNumber: string, at: number): Promise<void> {
    await this.find(channelNumber)?.cut(at);
  }

  private async tuneIn(channelNumber: string): Promise<void> {
    try {
      await this.options.tuneIn?.(channelNumber);
    } catch (error) {
      (this.options.warn ?? this.log)(`channel ${channelNumber}: resuming its timeline failed: ${(error as Error).message}`);
    }
  }

  private async leave(channelNumber: string, lastWatchedAt: number): Promise<void> {
    try {
      await this.options.leave?.(channelNumber, lastWatchedAt);
    } catch (error) {
      (this.options.warn ?? this.log)(`channel ${channelNumber}: storing its checkpoint failed: ${(error as Error).message}`);
    }
  }

  /** A running session (for playlist and segment requests), or undefined. */
  find(channelNumber: string): HlsSession | undefined {
    const session = this.live.get(channelNumber);
    return session && !session.isStopping ? session : undefined;
  }

  /** A hybrid MPEG-TS viewer: reads the shared session until `closed()` or the session ends. */
  async watchAsTs(channelNumber: string, out: Writable, closed: () => boolean, viewer?: ViewerIdentity): Promise<void> {
    const session = this.session(channelNumber);
    const leave = session.viewers.connect(viewer ?? { address: "", userAgent: null }, this.clock());
    session.touch();
    try {
      await pipeSessionAsTs(session, out, { clock: this.clock, closed: () => closed() || this.stopping });
    } finally {
      leave();
      session.touch();
    }
  }

  /** A per-viewer stream (ts-legacy, hls-direct); `close()` it when the viewer leaves. */
  openViewer(channelNumber: string, mode: "ts-legacy" | "hls-direct", who?: ViewerIdentity): ViewerStream {
    if (this.stopping) throw new Error("the server is stopping");
    const viewer = new ViewerStream(channelNumber, mode, { plan: this.options.plan, capabilities: this.options.capabilities, probe: this.probe, registry: this.registry, clock: this.clock });
    this.viewers.set(viewer, { startedAt: this.clock(), viewer: who });
    this.options.events?.info("stream session started", { channel: channelNumber, mode });
    this.viewerChanged(channelNumber, mode, "joined", who ?? { address: "", userAgent: null });
    return viewer;
  }

  async closeViewer(viewer: ViewerStream): Promise<void> {
    const entry = this.viewers.get(viewer);
    this.viewers.delete(viewer);
    if (entry) {
      this.viewerChanged(viewer.channelNumber, viewer.mode, "left", entry.viewer ?? { address: "", userAgent: null }, this.stopping ? "server stopping" : "disconnected");
      this.options.events?.info("stream session stopped", { channel: viewer.channelNumber, mode: viewer.mode, reason: this.stopping ? "server stopping" : "viewer left", viewers: 0 });
    }
    await viewer.close();
  }

  async watchPerViewer(channelNumber: string, mode: "ts-legacy" | "hls-direct", out: Writable, first: StreamPlan, closed: () => boolean, who?: ViewerIdentity): Promise<void> {
    const viewer = this.openViewer(channelNumber, mode, who);
    const onClose = () => void this.closeViewer(viewer);
    out.once("close", onClose);
    try {
      if (!closed()) await viewer.pipe(out, first);
    } finally {
      out.off("close", onClose);
      await this.closeViewer(viewer);
      const alone = ![...this.viewers.keys()].some((v) => v.channelNumber === channelNumber) && !this.find(channelNumber);
      if (alone && !this.stopping) await this.leave(channelNumber, this.clock());
    }
  }

  sessions(): SessionInfo[] {
    const now = this.clock();
    const perViewer = [...this.viewers].map(([stream, { startedAt, viewer }]): SessionInfo => ({
      channelNumber: stream.channelNumber,
      mode: stream.mode,
      state: stream.running ? "running" : "stopping",
      startedAt,
      viewers: 1,
      viewerList: [{ address: viewer?.address ?? "", userAgent: viewer?.userAgent ?? null, kind: "mpegts", since: startedAt, lastSeen: now }],
      nowPlaying: null,
      speed: null,
      restarts: 0,
      acceleration: null,
      transcodedUntil: null,
      lastAccess: now,
    }));
    return [...[...this.live.values()].map((s) => s.info(this.options.idleTimeoutMs)), ...perViewer];
  }

  accelerationFailure(profile: { id: number; hardwareAcceleration: HardwareAcceleration }): AccelerationFailure | undefined {
    return this.acceleration.failure(profile);
  }

  async stopChannel(channelNumber: string): Promise<boolean> {
    const session = this.live.get(channelNumber);
    const viewers = [...this.viewers.keys()].filter((v) => v.channelNumber === channelNumber);
    if (!session && !viewers.length) return false;
    if (session) this.stopReasons.set(session, "stopped through the API");
    await Promise.all([session?.stop(), ...viewers.map((v) => this.closeViewer(v))]);
    return true;
  }

  /** Ends every session and viewer; no FFmpeg process is left when this resolves. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    if (this.reaper) clearInterval(this.reaper);
    const now = this.clock();
    const watched = new Map<string, number>([...[...this.viewers.keys()].map((v): [string, number] => [v.channelNumber, now]), ...[...this.live.values()].map((s): [string, number] => [s.channelNumber, s.lastAccess])]);
    for (const s of this.live.values()) this.stopReasons.set(s, "server stopping");
    await Promise.all([...[...this.live.values()].map((s) => s.stop()), ...[...this.viewers.keys()].map((v) => this.closeViewer(v))]);
    await this.registry.killAll();
    await Promise.all(this.leaving);
    // Channels watched until now pause there (on-demand ones keep their place across a restart).
    for (const [channelNumber, at] of watched) await this.leave(channelNumber, at);
  }

  private async reapIdle(): Promise<void> {
    const now = this.clock();
    for (const session of this.live.values()) {
      // Listing drops (and logs) HLS viewers gone quiet.
      if (!session.isStopping) session.viewers.list(now, this.options.idleTimeoutMs);
      if (session.isStopping || session.viewers.tsCount > 0 || session.startWaiters > 0) continue;
      if (now - session.lastAccess >= this.options.idleTimeoutMs) {
        this.stopReasons.set(session, `idle for ${Math.round(this.options.idleTimeoutMs / 1000)} s`);
        await session.stop();
      }
    }
  }
}
