import path from "node:path";
import type { Database } from "../db/database";
import type { ScanPlan, ScannedFile, ScanSummary } from "../domain/scan-protocol";
import { DomainError } from "./domain-error";
import type { ScanLauncher, ScanStatus } from "./library-scanning";
import { Violations } from "./validation/violations";
import { checkScannedStream } from "./remote-streams/stream-rules";

interface ScanSession {
  seen: Set<string>;
  added: number;
  updated: number;
}

const MAX_BATCH = 200;

/**
 * What scanner child processes report through /api/v1/scan/{scanId}/…: only for a scan the server
 * started, while it runs; anything else is "not found".
 */
export class ScanCallbackService {
  private readonly sessions = new Map<string, ScanSession>();
  /** Plans read ahead while their scanner child starts, each taken once. */
  private readonly plans = new Map<string, Promise<ScanPlan>>();

  constructor(
    private readonly db: Database,
    private readonly scans: ScanLauncher,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts reading a scan's plan before the scanner asks for it (it is still starting). */
  preparePlan(scanId: string): void {
    const plan = this.readPlan(scanId);
    plan.catch(() => undefined); // the scanner's own request reports a failure
    this.plans.set(scanId, plan);
  }

  /** A scan is over however it ended (a scanner that died before asking for its plan leaves none behind). */
  forget(scanId: string): void {
    this.plans.delete(scanId);
  }

  /** Library paths and the files already known, so unchanged files are not probed again. */
  async plan(scanId: string): Promise<ScanPlan> {
    this.active(scanId);
    const prepared = this.plans.get(scanId);
    this.plans.delete(scanId);
    return prepared ?? this.readPlan(scanId);
  }

  private async readPlan(scanId: string): Promise<ScanPlan> {
    const scan = this.active(scanId);
    return this.db.read(async (repos) => {
      const library = await repos.libraries.findById(scan.libraryId);
      if (!library) throw DomainError.notFound("Scan", scanId);
      return {
        libraryId: library.id,
        kind: library.kind,
        m3uUrl: library.m3uUrl,
        paths: (library.paths ?? []).map((p) => ({ id: p.id, path: p.path })),
        force: false,
        files: await repos.mediaItems.knownFiles(library.id),
      };
    });
  }

  progress(scanId: string, percent: number, currentFolder: string | null): void {
    this.active(scanId);
    this.scans.reportProgress(scanId, Math.max(0, Math.min(100, percent)), currentFolder);
  }

  /** Paths the scanner found unchanged (or changed and reported): they stay out of the trash. */
  seen(scanId: string, paths: readonly string[]): void {
    this.active(scanId);
    const session = this.session(scanId);
    for (const p of paths) session.seen.add(p);
  }

  /** Stores a batch of added or changed files, all or nothing. */
  async ingest(scanId: string, files: readonly ScannedFile[]): Promise<number[]> {
    const scan = this.active(scanId);
    if (files.length > MAX_BATCH) throw DomainError.invalid("files", `at most ${MAX_BATCH} files per request`);
    const now = this.clock();
    const ids = await this.db.write(async (repos) => {
      const libraryPaths = new Map((await repos.mediaItems.libraryPaths(scan.libraryId)).map((p) => [p.id, p.path]));
      const v = new Violations();
      files.forEach((file, i) => {
        const root = libraryPaths.get(file.libraryPathId);
        if (root === undefined) v.add(`files[${i}].libraryPathId`, `library path ${file.libraryPathId} is not part of this library`);
        else if (!isInside(file.path, root)) v.add(`files[${i}].path`, "is outside its library path");
        if (file.kind === "Episode" && (!file.show || !file.season || !file.episode)) v.add(`files[${i}]`, "an episode needs show, season and episode");
        const artistFolder = file.song?.artistFolder;
        if (artistFolder && (root === undefined || !isInside(artistFolder, root))) v.add(`files[${i}].song.artistFolder`, "is outside its library path");
        if (file.probe.durationMs < 0) v.add(`files[${i}].probe.durationMs`, "must not be negative");
        if (file.kind === "RemoteStream") checkScannedStream(v, `files[${i}].stream`, file.stream);
        else if (file.stream) v.add(`files[${i}].stream`, "only remote stream items have a stream");
      });
      v.throwIfAny();
      const out: number[] = [];
      for (const file of files) out.push(await repos.mediaItems.upsertFile(file, now));
      return out;
    });
    const session = this.session(scanId);
    for (const file of files) session.seen.add(file.path);
    session.added += files.length;
    return ids;
  }

  /** The walk is over: missing files go to the trash, returning ones come back; the scan is done. */
  async finish(scanId: string, summary: ScanSummary): Promise<{ trashed: number; restored: number }> {
    const scan = this.active(scanId);
    const session = this.session(scanId);
    const result = await this.db.write((repos) =>
      repos.mediaItems.reconcile(scan.libraryId, session.seen, summary.skippedFolders.map((f) => f.path), this.clock()),
    );
    const parts = [
      `${summary.probed} probed`,
      `${summary.unchanged} unchanged`,
      `${result.trashed} trashed`,
      `${result.restored} restored`,
      ...(summary.failed.length ? [`${summary.failed.length} failed (${summary.failed.slice(0, 3).map((f) => `${path.basename(f.path)}: ${f.reason}`).join("; ")})`] : []),
      ...(summary.skippedFolders.length ? [`${summary.skippedFolders.length} folder(s) skipped (${summary.skippedFolders.slice(0, 3).map((f) => `${f.path}: ${f.reason}`).join("; ")})`] : []),
    ];
    this.sessions.delete(scanId);
    this.plans.delete(scanId);
    this.scans.reportEnd(scanId, true, parts.join(", "));
    return result;
  }

  fail(scanId: string, message: string): void {
    this.active(scanId);
    this.sessions.delete(scanId);
    this.plans.delete(scanId);
    this.scans.reportEnd(scanId, false, message.slice(0, 1000));
  }

  private active(scanId: string): ScanStatus {
    const scan = this.scans.byScanId(scanId);
    if (!scan) throw DomainError.notFound("Scan", scanId);
    return scan;
  }

  private session(scanId: string): ScanSession {
    let session = this.sessions.get(scanId);
    if (!session) this.sessions.set(scanId, (session = { seen: new Set(), added: 0, updated: 0 }));
    return session;
  }
}

function isInside(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
