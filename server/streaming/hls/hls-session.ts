/**
 * One channel's shared transcode: FFmpeg runs one piece at a time (an item from its offset, a slate,
 * a chunk of a long item) into the session folder, each run continuing the previous run's timestamps
 * (`-output_ts_offset`) and segment numbers (`-start_number`). The session keeps its own segment list
 * (with wall-clock start times and a discontinuity at every run boundary), from which it serves the
 * sliding-window playlist. It bursts ahead until `highWaterMs` is transcoded, then runs at real time
 * while at least `lowWaterMs` is buffered; segments that aired long ago are deleted.
 */
import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { DomainError } from "../../domain/domain-error";
import type { StreamPlan } from "../../domain/stream-plan";
import type { SessionInfo, SessionState, ViewerIdentity } from "../../domain/stream-session";
import type { AccelerationHealth } from "../acceleration-health";
import type { CopyResume, EncoderCapabilities, FFmpegProfile, HlsOutput } from "../ffmpeg";
import { runWithFallback } from "./hardware-fallback";
import { meaningfulErrorLines } from "../ffmpeg/error-lines";
import { DEFAULT_HLS_SEGMENT_SECONDS } from "../ffmpeg/output-muxer";
import type { MediaProbe } from "../media-probe";
import { errorSlateCommand, pieceCommand, type PieceCommand } from "../plan-command";
import type { ProcessRegistry } from "../process-registry";
import { mediaPlaylist, parseSegmentUrlName, playlistWindow, segmentFileName, segmentUrlName, type SessionSegment } from "./playlist";
import { RunPlaylistReader } from "./run-playlist-reader";
import { firstVideoPtsIn } from "./segment-start-pts";
import { truncateTs } from "./ts-truncate";
import { cutSegments, segmentNumberAt, takeAired } from "./session-segments";
import { CueCache, parseRenditionName, renditionName, SessionRenditions, type SessionTracks } from "./session-renditions";
import { upcomingSubtitleSpans, WHOLE_SUBTITLES_HORIZON_MS, type UpcomingSpan } from "./upcoming-subtitles";
import { wholeDocumentCues } from "../subtitles/whole-document";
import type { SegmentCue } from "../subtitles/webvtt";
import { DEFAULT_TIMING, pieceOnAir, pieceTitle, runSpeed, SessionViewers, type Run, type RunRecord, type SegmentState, type SessionTiming, type ViewerChange } from "./session-details";

export { DEFAULT_TIMING, type SegmentState, type SessionTiming };

export interface SessionDependencies {
  plan(channelNumber: string, at: number): Promise<StreamPlan>;
  capabilities(): Promise<EncoderCapabilities>;
  probe: MediaProbe;
  registry: ProcessRegistry;
  clock(): number;
  log(message: string): void;
  /** Runs before the first piece is planned (an on-demand channel resumes its timeline). */
  prepare?(): Promise<void>;
  acceleration: AccelerationHealth;
  /** A warning for the Logs page (the hardware encoder failed). */
  warn?(message: string): void;
  /** A remote stream item's source failed (its reason) or played again (null). */
  remoteOutcome?(mediaItemId: number, error: string | null): void;
  /** A viewer joined or left (the log). */
  viewerChange?: ViewerChange;
  /** Converted subtitle cues, shared by the sessions (one per session when absent). */
  cues?: CueCache;
}

/** Pieces shorter than this are skipped (a rounding remainder of an item). */
const MIN_PIECE_MS = 250;
/** A real-time run covers at most this much of a long item. */
const MAX_REALTIME_PIECE_MS = 30 * 60_000;
/** Gap left between runs' timestamps so audio that overshoots `-t` by a frame never runs backwards. */
const PTS_GUARD_MS = 50;
const POLL_MS = 100;
/**
 * A session's first run starts with segments this long, so its first viewer waits for half a second of video,
 * not 4 s: the first segment is what a cold start waits for (a hybrid MPEG-TS viewer too: FFmpeg's HLS muxer
 * writes a segment's file only once it is complete). 1 s segments made a cold start 1.2x a bare FFmpeg's first byte.
 */
const FIRST_SEGMENT_SECONDS = 0.5;
/** A whole subtitle document is made again after this long (its viewers read it once, when they tune in). */
const WHOLE_REUSE_MS = 5000;
/** At most this many cues in a whole subtitle document (about 100 bytes each). */
const WHOLE_MAX_CUES = 20_000;
/** Remote sources: the offline slate plays this long after the first failure, doubling up to the maximum, between retries. */
const REMOTE_RETRY_MS = 2000;
const REMOTE_RETRY_MAX_MS = 16_000;
/** A remote piece that produced this much less than asked ended early (the source stopped). */
const REMOTE_SHORT_MS = 1500;

export class HlsSession extends EventEmitter {
  state: SessionState = "starting";
  readonly segments: SessionSegment[] = [];
  readonly runs: RunRecord[] = [];
  lastAccess: number;
  /** Requests waiting for the first segment: the session is not idle while someone waits for it to start. */
  startWaiters = 0;
  readonly startedAt: number;
  readonly viewers: SessionViewers;
  /** FFmpeg runs that failed. */
  restarts = 0;
  /** Remote source failures in a row (the retry back-off). */
  private remoteFailures = 0;
  private nextNumber = 0;
  private wallCursor: number;
  private ptsCursor = 0;
  private runCount = 0;
  /** Cuts applied so far: part of every new segment's tag. */
  private cutCount = 0;
  private current: Run | undefined;
  /**
   * A cut asked for (wall time): what was made past it is hidden from viewers at once and dropped before the
   * next piece, which is planned again (a plan read before the skip plays the skipped item).
   */
  private pendingCut: number | undefined;
  /** The next run starts with short segments: the session's first run, and the first run after a cut. */
  private quickStart = true;
  /** Where the last copied chunk ended, so the next chunk of the file continues on that keyframe. */
  private resume: CopyResume | undefined;
  /** The channel's profile as of the last plan (for the acceleration state). */
  private profile: FFmpegProfile | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;
  private readonly reader = new RunPlaylistReader({
    file: (n) => this.file(n),
    addSegment: (run, entry) => this.addSegment(run, entry),
    progress: () => this.emit("progress"),
    unmeasured: (n) => this.deps.log(`session ${this.channelNumber}: cannot measure segment ${n}; assuming ${DEFAULT_HLS_SEGMENT_SECONDS} s`),
  });
  private watcher: fs.FSWatcher | undefined;
  private readonly renditions: SessionRenditions;
  private readonly cueCache: CueCache;
  /** Whole subtitle documents made lately (per track), and the plan read for them. */
  private readonly wholeDocuments = new Map<number, { at: number; cues: Promise<SegmentCue[]> }>();
  private upcoming: { from: number; at: number; spans: Promise<UpcomingSpan[]> } | undefined;
  private readonly done: Promise<void>;
  private stopped: Promise<void> | undefined;

  constructor(
    readonly channelNumber: string,
    readonly folder: string,
    private readonly deps: SessionDependencies,
    private readonly timing: SessionTiming = DEFAULT_TIMING,
  ) {
    super();
    this.setMaxListeners(0);
    this.viewers = new SessionViewers(deps.viewerChange);
    const now = deps.clock();
    this.lastAccess = now;
    this.startedAt = now;
    this.wallCursor = now;
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { recursive: true });
    this.cueCache = deps.cues ?? new CueCache(deps.registry, folder);
    this.renditions = new SessionRenditions(deps.registry, this.cueCache, (n) => this.file(n));
    this.watchFolder();
    this.done = this.loop().catch((error) => deps.log(`session ${channelNumber}: ${(error as Error).message}`));
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  touch(client?: ViewerIdentity): void {
    const now = this.deps.clock();
    this.lastAccess = now;
    if (client) this.viewers.seen(client, now);
  }

  info(idleTimeoutMs: number): SessionInfo {
    const now = this.deps.clock();
    const viewerList = this.viewers.list(now, idleTimeoutMs);
    const last = this.segments.at(-1);
    return {
      channelNumber: this.channelNumber,
      mode: "segmenter",
      state: this.state,
      startedAt: this.startedAt,
      viewers: viewerList.length,
      viewerList,
      nowPlaying: pieceOnAir(this.runs, now, this.current?.producedMs),
      speed: runSpeed(this.runs.at(-1), this.current?.producedMs, now),
      restarts: this.restarts,
      acceleration: this.profile ? (this.deps.acceleration.failure(this.profile) ?? null) : null,
      transcodedUntil: last ? last.wallStart + last.durationMs : null,
      lastAccess: this.lastAccess,
    };
  }

  /** Resolves once the first segment is complete; rejects when the session stops first or `timeoutMs` passes. */
  firstSegment(timeoutMs: number): Promise<void> {
    if (this.segments.length) return Promise.resolve();
    this.startWaiters += 1;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error("the stream did not start in time")), timeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.startWaiters -= 1;
        this.lastAccess = this.deps.clock();
        this.off("segment", onSegment);
        this.off("stopped", onStopped);
        if (error) reject(error);
        else resolve();
      };
      const onSegment = () => finish();
      const onStopped = () => finish(new Error("the stream stopped"));
      this.on("segment", onSegment);
      this.on("stopped", onStopped);
    });
  }

  /** The number of the segment on air at wall time `at` (the one being written when `at` is past the last). */
  segmentNumberAt(at: number): number {
    return segmentNumberAt(this.segments, at, this.writingNumber());
  }

  segmentState(number: number): SegmentState {
    const first = this.segments[0];
    if (first && number >= first.number) {
      const segment = this.segments[number - first.number];
      if (segment && segment.number === number) return this.cutHides(segment) ? { state: "pending" } : { state: "complete", file: this.file(number), wallStart: segment.wallStart };
    }
    const run = this.current;
    // While a cut is pending, what the running FFmpeg writes is past the skip: the number comes again after it.
    if (this.pendingCut !== undefined && run && number >= run.startNumber + run.seen) return { state: "pending" };
    if (run && run.process.child.exitCode === null && number === run.startNumber + run.seen) {
      return { state: "writing", file: this.file(number), wallStart: run.wallStart + run.producedMs, run: run.index };
    }
    if (number >= this.nextNumber && (!run || number >= run.startNumber + run.seen)) return { state: "pending" };
    return { state: "gone" };
  }

  /** The sliding-window media playlist at this moment; `query` is appended to every segment URL. */
  mediaPlaylist(query: string): string {
    const listed = this.listed();
    return mediaPlaylist(listed, playlistWindow(listed, this.deps.clock()), query);
  }

  /** The segments viewers may see: while a cut is pending, none that ends past it (they are about to be replaced). */
  private listed(): SessionSegment[] {
    return this.pendingCut === undefined ? this.segments : this.segments.filter((s) => !this.cutHides(s));
  }

  private cutHides(segment: SessionSegment): boolean {
    return this.pendingCut !== undefined && segment.wallStart + segment.durationMs > this.pendingCut;
  }

  /**
   * The path of a complete segment named `name` (`live000042-<tag>.ts` as listed, or the plain file name),
   * or undefined — also when the tag names content a cut has replaced.
   */
  segmentFile(name: string): string | undefined {
    const parsed = parseSegmentUrlName(name);
    if (!parsed) return undefined;
    if (parsed.tag !== undefined && this.listed().find((s) => s.number === parsed.number)?.tag !== parsed.tag) return undefined;
    const state = this.segmentState(parsed.number);
    return state.state === "complete" ? state.file : undefined;
  }

  /** The audio and subtitle languages the session offers (known once its first piece ran). */
  tracks(): SessionTracks {
    return this.renditions.tracks;
  }

  /** The media playlist of audio track `track` or subtitle rendition `track`, listing the main playlist's segments. */
  renditionPlaylist(kind: "audio" | "subtitles", track: number, query: string): string | undefined {
    const count = kind === "audio" ? this.renditions.tracks.audio.length : this.renditions.tracks.subtitles.length;
    if (!Number.isInteger(track) || track < 0 || track >= count) return undefined;
    const listed = this.listed();
    return mediaPlaylist(listed, playlistWindow(listed, this.deps.clock()), query, (s) => renditionName(segmentUrlName(s), kind, track));
  }

  /** A rendition segment by its URL name: an audio-only file, or WebVTT text; undefined when there is none. */
  async renditionSegment(name: string): Promise<{ file: string } | { text: string } | undefined> {
    const parsed = parseRenditionName(name);
    if (!parsed) return undefined;
    const segment = this.listed().find((s) => s.number === parsed.number);
    if (!segment || (parsed.tag !== undefined && segment.tag !== parsed.tag)) return undefined;
    if (parsed.kind === "subtitles") {
      return parsed.track < this.renditions.tracks.subtitles.length ? { text: await this.renditions.subtitleSegment(segment, parsed.track) } : undefined;
    }
    if (parsed.track >= this.renditions.tracks.audio.length) return undefined;
    const file = await this.renditions.audioSegment(segment, parsed.track);
    return file ? { file } : undefined;
  }

  /**
   * Soft-subtitle track `track` as one WebVTT document for players reading HLS through libavformat (see
   * subtitles/whole-document.ts): the cues of the runs kept and of the next hours' plan; undefined when there is
   * no such track. Built at most once a few seconds per track, whatever the number of requests.
   */
  wholeSubtitles(track: number): Promise<SegmentCue[]> | undefined {
    if (!Number.isInteger(track) || track < 0 || track >= this.renditions.tracks.subtitles.length) return undefined;
    const now = this.deps.clock();
    const made = this.wholeDocuments.get(track);
    if (made && now - made.at < WHOLE_REUSE_MS) return made.cues;
    const cues = this.buildWholeSubtitles(track, now).catch(() => [] as SegmentCue[]);
    this.wholeDocuments.set(track, { at: now, cues });
    return cues;
  }

  private async buildWholeSubtitles(track: number, now: number): Promise<SegmentCue[]> {
    const { spans, endWall } = await this.renditions.wholeSpans(track);
    const from = endWall ?? this.wallCursor;
    const until = now + WHOLE_SUBTITLES_HORIZON_MS;
    // The plan is read once for every track: all tracks of a master are asked for at once.
    if (!this.upcoming || this.upcoming.from !== from || now - this.upcoming.at >= WHOLE_REUSE_MS) {
      const deps = { channelNumber: this.channelNumber, plan: this.deps.plan, probe: this.deps.probe, cues: this.cueCache, maxRunMs: MAX_REALTIME_PIECE_MS };
      this.upcoming = { from, at: now, spans: upcomingSubtitleSpans(deps, from, until) };
    }
    const upcoming = await this.upcoming.spans;
    const all = [...spans, ...upcoming.map((s) => ({ wallStart: s.wallStart, durationMs: s.durationMs, sourceStartMs: s.sourceStartMs, cues: s.tracks[track] ?? [] }))];
    return wholeDocumentCues(all, { fromWall: now - this.timing.retainMs, horizonMs: WHOLE_SUBTITLES_HORIZON_MS + this.timing.retainMs, maxCues: WHOLE_MAX_CUES, guardMs: PTS_GUARD_MS });
  }

  file(number: number): string {
    return path.join(this.folder, segmentFileName(number));
  }

  /** Stops the running FFmpeg and removes the folder; resolves when nothing is left. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping = true;
      this.state = "stopping";
      this.emit("interrupt");
      this.wake?.();
      this.watcher?.close();
      const run = this.current;
      if (run) await this.deps.registry.kill(run.process);
      await this.done;
      fs.rmSync(this.folder, { recursive: true, force: true });
      this.emit("stopped");
    })();
    return this.stopped;
  }

  /**
   * The timeline changed from wall time `at` on (a skip): see `cutSegments`. Viewers stop seeing what was made
   * past `at` at once; the running FFmpeg is killed without a grace period (its output past the cut is dropped
   * anyway) so the next piece starts as soon as possible.
   */
  async cut(at: number): Promise<void> {
    if (this.stopping) return;
    this.pendingCut = Math.min(this.pendingCut ?? at, at);
    this.emit("interrupt");
    this.emit("progress");
    this.wake?.();
    const run = this.current;
    if (run) await this.deps.registry.kill(run.process, 0);
  }

  private async applyCut(at: number): Promise<void> {
    this.resume = undefined;
    // The new content's first picture reaches viewers sooner in short segments.
    this.quickStart = true;
    const shortened = await this.shortenSegmentAt(at);
    // A cut for an earlier time that came meanwhile stays pending: the loop applies it next.
    if (this.pendingCut === at) this.pendingCut = undefined;
    const cut = cutSegments(this.segments, this.runs, at, this.startedAt, shortened);
    if (!cut) return;
    for (const s of cut.dropped) {
      fs.rmSync(this.file(s.number), { force: true });
      this.renditions.removed(s.number);
    }
    this.nextNumber = cut.nextNumber;
    this.cutCount += 1;
    // The cut runs' subtitles end with what is kept of them: the old programme's cues never show over the new one.
    for (const r of new Set([...cut.dropped.map((s) => s.run), this.segments.find((s) => s.number === shortened)?.run])) {
      if (r === undefined) continue;
      const last = this.segments.filter((s) => s.run === r).at(-1);
      this.renditions.runCut(r, last && { number: last.number, durationMs: last.durationMs });
    }
    if (shortened !== undefined) {
      // Shorter content under the same number: a new tag, so no cache serves the whole segment for it.
      this.renditions.removed(shortened);
      const segment = this.segments.find((s) => s.number === shortened);
      if (segment) segment.tag = this.segmentTag();
    }
    this.wallCursor = cut.wallCursor;
    // Timestamps go on from the end of what is kept: a player that fetched a dropped segment sees them continue.
    this.ptsCursor = Math.max(0, this.ptsCursor - cut.droppedMs);
    this.emit("progress");
  }

  /**
   * Cuts the segment on air at `at` short so it ends there (see `truncateTs`); its number, or undefined when
   * there is none, too little of it comes before `at`, or its file cannot be cut (it is then dropped whole).
   */
  private async shortenSegmentAt(at: number): Promise<number | undefined> {
    const segment = this.segments.find((s) => s.wallStart < at && at < s.wallStart + s.durationMs);
    if (!segment || at - segment.wallStart < MIN_PIECE_MS) return undefined;
    const file = this.file(segment.number);
    try {
      const data = await fs.promises.readFile(file);
      const start = firstVideoPtsIn(data);
      const shorter = start === undefined ? undefined : truncateTs(data, start + (at - segment.wallStart) * 90);
      if (!shorter) return undefined;
      await fs.promises.writeFile(`${file}.part`, shorter);
      await fs.promises.rename(`${file}.part`, file);
      return segment.number;
    } catch {
      return undefined;
    }
  }

  private segmentTag(): string {
    return `${this.startedAt.toString(36)}-${this.cutCount}`;
  }

  private writingNumber(): number {
    return this.current ? this.current.startNumber + this.current.seen : this.nextNumber;
  }

  private async loop(): Promise<void> {
    if (this.deps.prepare) {
      await this.deps.prepare();
      // The stream starts once the timeline is ready (the wall clock moved while it was prepared).
      this.wallCursor = Math.max(this.wallCursor, this.deps.clock());
    }
    let failures = 0;
    while (!this.stopping) {
      if (this.pendingCut !== undefined) await this.applyCut(this.pendingCut);
      const now = this.deps.clock();
      this.deleteAired(now);
      const buffered = this.wallCursor - now;
      if (buffered >= this.timing.highWaterMs) {
        await this.sleep(Math.min(1000, buffered - this.timing.highWaterMs + 50));
        continue;
      }
      let plan: StreamPlan | undefined;
      try {
        plan = await this.untilCut(this.deps.plan(this.channelNumber, this.wallCursor));
      } catch (error) {
        if (error instanceof DomainError) {
          (this.deps.warn ?? this.deps.log)(`session ${this.channelNumber} ends: ${error.message}`);
          void this.stop();
          return;
        }
        throw error;
      }
      if (this.stopping) return;
      if (!plan) continue;
      // A cut arrived while planning: the plan may predate the skip.
      if (this.pendingCut !== undefined) continue;
      const limit = plan.content.limitMs;
      if (limit < MIN_PIECE_MS) {
        this.wallCursor += Math.max(1, limit);
        continue;
      }
      const realtime = buffered >= this.timing.lowWaterMs;
      const durationMs = realtime ? Math.min(limit, MAX_REALTIME_PIECE_MS) : Math.min(limit, this.timing.highWaterMs - Math.max(0, buffered));
      let caps: EncoderCapabilities;
      try {
        caps = await this.deps.capabilities();
      } catch (error) {
        // FFmpeg could not be asked what it can do (a timeout on a loaded machine): try again, never give up the session.
        (this.deps.warn ?? this.deps.log)(`session ${this.channelNumber}: ${error instanceof Error ? error.message : String(error)}; trying again`);
        await this.sleep(1000);
        continue;
      }
      if (this.pendingCut !== undefined) continue;
      const remote = plan.content.kind === "media" ? plan.content.remote : undefined;
      const attemptStart = this.deps.clock();
      // While viewers wait for the first picture the source gets less time to answer before the slate shows.
      const remoteTiming = remote ? { timeoutMs: Math.max(4000, Math.min(10_000, buffered - 2000)), retryMs: this.remoteRetryMs() } : undefined;
      const first = await this.playPiece(plan, durationMs, realtime, caps, remoteTiming);
      if (remote && first && !this.stopping && this.pendingCut === undefined) {
        await this.afterRemotePiece(plan, remote.mediaItemId, first, realtime, caps, this.deps.clock() - attemptStart);
        continue;
      }
      if (!first || first.ok || this.stopping || this.pendingCut !== undefined) {
        failures = 0;
        continue;
      }
      // FFmpeg failed: the rest of the piece's time shows why, so viewers are never left without a picture.
      const rest = first.durationMs - first.producedMs;
      const reason = first.reason;
      this.restarts += 1;
      (this.deps.warn ?? this.deps.log)(`session ${this.channelNumber}: FFmpeg failed (${reason.replace(/\n/g, " ")}); playing an error slate`);
      if (rest >= MIN_PIECE_MS) {
        this.deps.registry.restarted("error_slate");
        const slate = errorSlateCommand(plan, reason, { durationMs: rest, realtime, output: this.output(), ptsOffsetMs: this.ptsCursor }, caps);
        const second = await this.runPiece(slate, rest, realtime, plan);
        if (second.ok || this.stopping || this.pendingCut !== undefined) continue;
      }
      failures += 1;
      // Even the slate failed: skip this span and back off, instead of spinning.
      this.wallCursor += Math.max(rest, MIN_PIECE_MS);
      await this.sleep(Math.min(5000, 500 * failures));
      if (!this.stopping) this.deps.registry.restarted("after_backoff");
    }
  }

  private remoteRetryMs(): number {
    return Math.min(REMOTE_RETRY_MAX_MS, REMOTE_RETRY_MS * 2 ** Math.min(4, this.remoteFailures));
  }

  /**
   * After a remote stream's piece: it played (failures reset, the item's error cleared), or its source could not
   * be opened (the offline slate already covered the retry span), or it stalled or ended early (the offline
   * slate plays for the back-off, at least as long as the attempt spent without making media, so the buffer never runs dry); the next
   * loop plans again, which retries the source for what is left of its slot.
   */
  private async afterRemotePiece(plan: StreamPlan, mediaItemId: number, outcome: { ok: boolean; producedMs: number; reason: string; durationMs: number; remoteError?: string }, realtime: boolean, caps: EncoderCapabilities, attemptMs: number): Promise<void> {
    const failure = outcome.remoteError ?? (outcome.ok ? undefined : outcome.reason);
    if (failure === undefined) {
      if (this.remoteFailures > 0) this.deps.log(`session ${this.channelNumber}: remote stream ${mediaItemId} plays again`);
      this.remoteFailures = 0;
      this.deps.remoteOutcome?.(mediaItemId, null);
      return;
    }
    this.remoteFailures += 1;
    this.restarts += 1;
    this.deps.remoteOutcome?.(mediaItemId, failure);
    (this.deps.warn ?? this.deps.log)(`session ${this.channelNumber}: remote stream ${mediaItemId} failed (${failure.replace(/\n/g, " ")}); offline slate, retry ${this.remoteFailures}`);
    if (outcome.remoteError) return;
    const rest = outcome.durationMs - outcome.producedMs;
    // The attempt's wall time that made no media (the stall, the reconnects) is what the buffer lost; a source
    // that played a while before it stopped does not keep the slate on for all that while.
    const slateMs = Math.min(rest, Math.max(this.remoteRetryMs(), attemptMs - outcome.producedMs + 1000));
    if (slateMs < MIN_PIECE_MS) return;
    const offline: StreamPlan = { ...plan, content: { kind: "offline", limitMs: slateMs } };
    await this.playPiece(offline, slateMs, realtime, caps);
  }

  /** One piece of the plan (in software at once if the hardware fails), remembering where a copied chunk ended. */
  private async playPiece(plan: StreamPlan, durationMs: number, realtime: boolean, caps: EncoderCapabilities, remote?: { timeoutMs: number; retryMs: number }) {
    this.profile = plan.channel.profile;
    const played = await runWithFallback(
      {
        acceleration: this.deps.acceleration,
        log: this.deps.warn ?? this.deps.log,
        label: `session ${this.channelNumber}`,
        stopping: () => this.stopping || this.pendingCut !== undefined,
        build: (profile) => this.untilCut(pieceCommand({ plan, durationMs, realtime, ptsOffsetMs: this.ptsCursor, output: this.output(), resume: this.resume, profile, remoteTimeoutMs: remote?.timeoutMs, remoteRetryMs: remote?.retryMs }, caps, this.deps.probe)),
        run: (command) => this.runPiece(command, command.durationMs, realtime, plan),
        retried: () => (this.restarts += 1),
      },
      plan.channel.profile,
    );
    if (!played) return undefined;
    const { outcome, command } = played;
    const copied = outcome.ok && command.decision?.video.mode === "copy" && plan.content.kind === "media";
    this.resume = copied && plan.content.kind === "media" ? { path: command.version?.path ?? plan.content.path, endMs: (command.seekMs ?? 0) + command.durationMs } : undefined;
    return { ...outcome, durationMs: command.durationMs, ...(command.remoteError ? { remoteError: command.remoteError } : {}) };
  }

  private output(): HlsOutput {
    return {
      kind: "hls",
      playlistPath: path.join(this.folder, `run${this.runCount}.m3u8`),
      segmentFilenamePattern: path.join(this.folder, "live%06d.ts"),
      segmentSeconds: DEFAULT_HLS_SEGMENT_SECONDS,
      startNumber: this.nextNumber,
      continuesSession: this.runCount > 0,
      initialSegmentSeconds: this.quickStart ? FIRST_SEGMENT_SECONDS : undefined,
    };
  }

  private async runPiece(command: PieceCommand, durationMs: number, realtime: boolean, plan: StreamPlan): Promise<{ ok: boolean; producedMs: number; reason: string }> {
    const index = this.runCount++;
    this.quickStart = false;
    const process = this.deps.registry.spawn(command.args, `session ${this.channelNumber}`);
    const run: Run = { index, process, startNumber: this.nextNumber, wallStart: this.wallCursor, playlist: path.join(this.folder, `run${index}.m3u8`), seen: 0, producedMs: 0 };
    this.renditions.runStarted(index, this.nextNumber, run.wallStart, command.seekMs ?? 0, durationMs, command.softSubtitles, plan.channel.audioTracks, plan.channel.softSubtitles);
    this.current = run;
    const piece = { video: command.decision?.video, audio: command.decision?.audio, earlyMs: command.earlyMs, acceleration: command.acceleration };
    const title = pieceTitle(plan, command.kind, command.reason);
    const record: RunRecord = { kind: command.kind, reason: command.reason, ...title, seekMs: command.seekMs ?? title.seekMs, ...piece, wallStart: run.wallStart, durationMs, realtime, startedAt: this.deps.clock() };
    this.runs.push(record);
    if (this.runs.length > 200) this.runs.shift();
    this.emit("progress");
    const timer = setInterval(() => void this.reader.poll(run), POLL_MS);
    const code = await process.exited;
    clearInterval(timer);
    while (this.reader.busy) await new Promise((r) => setTimeout(r, 10));
    await this.reader.poll(run);
    record.exitCode = code;
    record.endedAt = this.deps.clock();
    // A remote source that ended before its time (it stopped, or its live playlist ended) counts as a failure.
    const endedEarly = code === 0 && command.kind === "media" && plan.content.kind === "media" && plan.content.remote !== undefined && run.producedMs < durationMs - REMOTE_SHORT_MS;
    const ok = code === 0 && !endedEarly;
    this.nextNumber = run.startNumber + run.seen;
    if (code !== 0) fs.rmSync(this.file(this.nextNumber), { force: true });
    this.wallCursor += ok ? durationMs : run.producedMs;
    if (!ok) this.renditions.runEnded(index, run.producedMs);
    this.ptsCursor += (command.ptsLeadMs ?? 0) + (ok ? durationMs : run.producedMs) + PTS_GUARD_MS;
    this.current = undefined;
    this.emit("progress");
    const stderr = meaningfulErrorLines(process.stderr());
    if (endedEarly) return { ok, producedMs: run.producedMs, reason: stderr.slice(-2).join("\n") || "the source stopped sending" };
    return { ok, producedMs: run.producedMs, reason: stderr.slice(-2).join("\n") || `FFmpeg exited with code ${code}` };
  }

  /** File changes in the folder (a segment or playlist written) are read at once, not at the next poll tick. */
  private watchFolder(): void {
    try {
      this.watcher = fs.watch(this.folder, () => {
        if (this.current) void this.reader.poll(this.current);
        else this.emit("progress");
      });
      this.watcher.on("error", () => undefined);
    } catch {
      this.watcher = undefined; // polling alone still works
    }
  }

  private addSegment(run: Run, entry: { number: number; durationMs: number }): void {
    this.segments.push({ number: entry.number, durationMs: entry.durationMs, wallStart: run.wallStart + run.producedMs, discontinuity: run.index > 0 && run.seen === 0, tag: this.segmentTag(), run: run.index });
    if (run.seen === 0) this.renditions.firstSegmentOfRun(run.index);
    run.seen += 1;
    run.producedMs += entry.durationMs;
    if (this.state === "starting") this.state = "running";
    this.emit("segment");
  }

  private deleteAired(now: number): void {
    for (const s of takeAired(this.segments, now, this.timing.retainMs)) {
      fs.rmSync(this.file(s.number), { force: true });
      this.renditions.removed(s.number);
    }
  }

  /**
   * `work`'s result, or undefined as soon as a cut or a stop comes first: the loop then plans again without
   * waiting for work that planned for the old timeline (an ffprobe run finishes in the background and is cached).
   */
  private untilCut<T>(work: Promise<T>): Promise<T | undefined> {
    if (this.pendingCut !== undefined || this.stopping) {
      work.catch(() => undefined);
      return Promise.resolve(undefined);
    }
    return new Promise<T | undefined>((resolve, reject) => {
      const interrupted = () => {
        work.catch(() => undefined);
        resolve(undefined);
      };
      this.once("interrupt", interrupted);
      work.then(resolve, reject).finally(() => this.off("interrupt", interrupted));
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout((this.wake = () => (clearTimeout(timer), resolve())), ms);
    });
  }
}

