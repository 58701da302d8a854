/**
 * The HLS renditions of a shared session besides its main stream: an audio-only playlist per audio track,
 * the first too although the main stream carries them all (segments made on first request from the main
 * segment with that track copied, timestamps kept), and a WebVTT playlist per soft-subtitle language
 * (segments written from the programme's cues, moved onto the MPEG-TS clock of the run that played them). Both list exactly the main playlist's segments, so a player
 * switches renditions without losing its place.
 */
import fs from "node:fs";
import path from "node:path";
import type { ProbedSubtitleStream } from "../ffmpeg";
import { audioRenditionArgs, subtitleToWebVttArgs } from "../ffmpeg";
import type { ProcessRegistry } from "../process-registry";
import { cuesForSegment, parseWebVtt, webVttSegment, type Cue } from "../subtitles/webvtt";
import { unwrapPts, type WholeSpan } from "../subtitles/whole-document";
import { firstVideoPts } from "./segment-start-pts";
import type { SessionSegment } from "./playlist";

/** A rendition segment's URL name: `live000042-<tag>.a1.ts` (audio track 1) or `live000042-<tag>.s0.vtt` (subtitle 0). */
const RENDITION_NAME = /^live(\d{6})(?:-([a-z0-9-]{1,40}))?\.(a|s)(\d)\.(ts|vtt)$/;

export function parseRenditionName(name: string): { number: number; tag: string | undefined; kind: "audio" | "subtitles"; track: number } | undefined {
  const match = RENDITION_NAME.exec(name);
  if (!match || (match[3] === "a") !== (match[5] === "ts")) return undefined;
  return { number: Number(match[1]), tag: match[2], kind: match[3] === "a" ? "audio" : "subtitles", track: Number(match[4]) };
}

export function renditionName(main: string, kind: "audio" | "subtitles", track: number): string {
  return kind === "audio" ? main.replace(/\.ts$/, `.a${track}.ts`) : main.replace(/\.ts$/, `.s${track}.vtt`);
}

/** The languages a session offers: audio tracks (all in the main stream too) and soft-subtitle renditions. */
export interface SessionTracks {
  audio: string[];
  subtitles: Array<{ language: string; isDefault: boolean; forced: boolean; fromSource?: boolean }>;
}

interface RunSubtitles {
  startNumber: number;
  /** Wall time (ms) the run starts airing. */
  wallStart: number;
  /** Source time (ms) of the run's first frame. */
  sourceStartMs: number;
  /** How long the run plays: planned, then what it made when it ended early. */
  durationMs: number;
  /** After a cut: the run's last segment kept (its cues end where that segment ends: the new content follows). */
  lastSegment?: { number: number; durationMs: number };
  /** PTS (ms) of the run's first frame, measured from its first segment. */
  startPts?: Promise<number | undefined>;
  cues: Array<Promise<Cue[]> | undefined>;
}

/** Parsed cues per (input, stream): a programme's subtitles are converted once, whichever session plays it. */
export class CueCache {
  private readonly cache = new Map<string, Promise<Cue[]>>();
  private made = 0;

  constructor(private readonly registry: ProcessRegistry, private readonly folder: string) {}

  cues(input: string, stream: ProbedSubtitleStream): Promise<Cue[]> {
    const key = `${stream.externalPath ?? input}\0${stream.externalPath ? "" : stream.index}`;
    let found = this.cache.get(key);
    if (!found) {
      found = this.convert(input, stream).catch(() => [] as Cue[]);
      if (this.cache.size >= 64) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, found);
    }
    return found;
  }

  private async convert(input: string, stream: ProbedSubtitleStream): Promise<Cue[]> {
    fs.mkdirSync(this.folder, { recursive: true });
    const output = path.join(this.folder, `cues-${process.pid}-${this.made++}.vtt`);
    try {
      const job = this.registry.spawn(subtitleToWebVttArgs(input, stream, output), "subtitles");
      const code = await job.exited;
      if (code !== 0) throw new Error(job.stderr().trim() || `FFmpeg exited with code ${code}`);
      return parseWebVtt(await fs.promises.readFile(output, "utf8"));
    } finally {
      fs.rmSync(output, { force: true });
    }
  }
}

export class SessionRenditions {
  tracks: SessionTracks = { audio: [], subtitles: [] };
  private readonly runs = new Map<number, RunSubtitles>();
  private readonly audioJobs = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly registry: ProcessRegistry,
    private readonly cueCache: CueCache,
    private readonly file: (number: number) => string,
  ) {}

  /** A run started: what its soft subtitles are (the first run with any also sets the renditions' flags). */
  runStarted(
    run: number,
    startNumber: number,
    wallStart: number,
    sourceStartMs: number,
    durationMs: number,
    soft: { input: string; tracks: Array<{ language: string; stream?: ProbedSubtitleStream }> } | undefined,
    audio: readonly string[] | undefined,
    subtitleLanguages: readonly string[] | undefined,
  ): void {
    // The languages are the channel's (a slate first still lists them); flags come from the first programme that has the stream.
    if (audio && audio.length > 1 && !this.tracks.audio.length) this.tracks.audio = [...audio];
    if (subtitleLanguages?.length && !this.tracks.subtitles.length) this.tracks.subtitles = subtitleLanguages.map((language) => ({ language, isDefault: false, forced: false, fromSource: false }));
    // Every run is kept (a slate has no cues): the whole documents place what follows from the last one measured.
    soft?.tracks.forEach((t, i) => {
      const entry = this.tracks.subtitles[i];
      if (entry && t.stream && !entry.fromSource) Object.assign(entry, { isDefault: t.stream.isDefault, forced: t.stream.forced, fromSource: true });
    });
    this.runs.set(run, { startNumber, wallStart, sourceStartMs, durationMs, cues: soft ? soft.tracks.map((t) => (t.stream ? this.cueCache.cues(soft.input, t.stream) : undefined)) : [] });
    for (const key of [...this.runs.keys()].slice(0, Math.max(0, this.runs.size - 50))) this.runs.delete(key);
  }

  /** A run ended after `producedMs` of media (less than planned when FFmpeg failed or was stopped). */
  runEnded(run: number, producedMs: number): void {
    const subtitles = this.runs.get(run);
    if (subtitles) subtitles.durationMs = Math.min(subtitles.durationMs, producedMs);
  }

  /** A cut kept `last` of the run's segments (none: the run is gone); its cues stop where that segment ends. */
  runCut(run: number, last: { number: number; durationMs: number } | undefined): void {
    if (!last) this.runs.delete(run);
    else if (this.runs.has(run)) this.runs.get(run)!.lastSegment = { ...last };
  }

  /** A run's first segment is complete: its first PTS is read now (the file is deleted once it has aired long ago). */
  firstSegmentOfRun(run: number): void {
    const subtitles = this.runs.get(run);
    if (subtitles) subtitles.startPts ??= firstVideoPts(this.file(subtitles.startNumber)).catch(() => undefined);
  }

  /** The WebVTT text of subtitle track `track` for a complete segment. */
  async subtitleSegment(segment: SessionSegment, track: number): Promise<string> {
    const run = segment.run !== undefined ? this.runs.get(segment.run) : undefined;
    const cues = run?.cues[track];
    if (!run || !cues) return webVttSegment([]);
    run.startPts ??= firstVideoPts(this.file(run.startNumber)).catch(() => undefined);
    const [runStart, segmentStart, list] = await Promise.all([run.startPts, firstVideoPts(this.file(segment.number)).catch(() => undefined), cues]);
    if (runStart === undefined || segmentStart === undefined) return webVttSegment([]);
    const runStartMs = runStart / 90;
    const startMs = segmentStart / 90;
    const runEndMs = runStartMs + (await this.playedMs(run, runStart));
    return webVttSegment(cuesForSegment(list, run.sourceStartMs, runStartMs, { startMs, endMs: startMs + segment.durationMs }, runEndMs));
  }

  /** How long a run plays: planned, what it made when it ended early, up to the end of its last segment kept after a cut. */
  private async playedMs(run: RunSubtitles, startPts: number): Promise<number> {
    if (!run.lastSegment) return run.durationMs;
    const lastStart = await firstVideoPts(this.file(run.lastSegment.number)).catch(() => undefined);
    return lastStart === undefined ? run.durationMs : Math.min(run.durationMs, (unwrapPts(lastStart, startPts) - startPts) / 90 + run.lastSegment.durationMs);
  }

  /**
   * The runs made so far as spans of a whole subtitle document of track `track` (see `wholeDocumentCues`):
   * with their measured first PTS once their first segment exists. Where the next span starts on the wall clock.
   */
  async wholeSpans(track: number): Promise<{ spans: WholeSpan[]; endWall: number | undefined }> {
    const spans: WholeSpan[] = [];
    let endWall: number | undefined;
    for (const run of this.runs.values()) {
      const [startPts, cues] = await Promise.all([run.startPts, run.cues[track] ?? []]);
      const durationMs = startPts === undefined ? run.durationMs : await this.playedMs(run, startPts);
      spans.push({ wallStart: run.wallStart, durationMs, sourceStartMs: run.sourceStartMs, cues, ...(startPts !== undefined ? { startPts } : {}) });
      endWall = Math.max(endWall ?? 0, run.wallStart + run.durationMs);
    }
    return { spans, endWall };
  }

  /** The audio-only segment of audio track `track` for a complete segment, made on first request. */
  audioSegment(segment: SessionSegment, track: number): Promise<string | undefined> {
    const output = this.file(segment.number).replace(/\.ts$/, `.a${track}.ts`);
    const key = `${segment.number}-${segment.tag ?? ""}-${track}`;
    let job = this.audioJobs.get(key);
    if (!job) {
      job = (async () => {
        if (fs.existsSync(output)) return output;
        const partial = `${output}.part`;
        const process = this.registry.spawn(audioRenditionArgs(this.file(segment.number), track, partial), "audio rendition");
        if ((await process.exited) !== 0) return undefined;
        fs.renameSync(partial, output);
        return output;
      })().catch(() => undefined);
      this.audioJobs.set(key, job);
      if (this.audioJobs.size > 200) this.audioJobs.delete(this.audioJobs.keys().next().value!);
    }
    return job;
  }

  /** A segment left the session (aired long ago, or cut): its rendition files go too. */
  removed(number: number): void {
    for (let k = 0; k < this.tracks.audio.length; k++) fs.rmSync(this.file(number).replace(/\.ts$/, `.a${k}.ts`), { force: true });
    for (const key of [...this.audioJobs.keys()]) if (key.startsWith(`${number}-`)) this.audioJobs.delete(key);
  }
}
