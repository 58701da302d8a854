import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Logger } from "../logging/logger";
import type { ScanJob, ScanLauncher, ScanOutcome, ScanRequest, ScanStatus } from "../services/library-scanning";
import { SCANNER_ENV } from "./scanner-env";
import { ScannerProcesses } from "./scanner-processes";

export interface ScanCoordinatorOptions {
  /** The compiled scanner entry (scanner-main.js). */
  entry: string;
  ffprobePath: string;
  /** Resizes artwork and extracts embedded cover art. */
  ffmpegPath: string;
  dataDir: string;
  log: Logger;
  /** Records how a scan ended (on the library). */
  onOutcome(outcome: ScanOutcome): Promise<void>;
  /** A scanner child was just started: the server may prepare what it will ask for first while it boots. */
  onStarted?(scanId: string, libraryId: number): void;
  clock?: () => number;
  /** Parallel probes per scan; default: the number of cores. */
  concurrency?: number;
  /** How long a scanner child waits for the next scan after one ended; 0: a new child for each scan. */
  keepAliveMs: number;
}

interface RunningScan {
  status: ScanStatus;
  /** The scanner child's process id, or an in-process job (aborted through `abort`). */
  pid?: number;
  abort?: AbortController;
  ended?: { success: boolean; message: string };
  stderrTail: string[];
  exited: Promise<void>;
}

/**
 * Owns the scans and, through ScannerProcesses, the scanner child processes: one scan per library at a time (a
 * second request joins the running one), each child reporting back over HTTP with a scan id that is valid only
 * while its scan runs.
 */
export class ScanCoordinator implements ScanLauncher {
  private readonly byLibrary = new Map<number, RunningScan>();
  private readonly byId = new Map<string, RunningScan>();
  private callbackBase: string | undefined;
  private readonly clock: () => number;
  private readonly scanners: ScannerProcesses;

  constructor(private readonly options: ScanCoordinatorOptions) {
    this.clock = options.clock ?? Date.now;
    this.scanners = new ScannerProcesses({
      entry: options.entry,
      env: () => ({
        ...process.env,
        [SCANNER_ENV.ffprobe]: options.ffprobePath,
        [SCANNER_ENV.ffmpeg]: options.ffmpegPath,
        [SCANNER_ENV.dataDir]: options.dataDir,
        [SCANNER_ENV.concurrency]: String(options.concurrency ?? Math.max(1, os.availableParallelism())),
      }),
      keepAliveMs: options.keepAliveMs,
    });
  }

  /** Where scanners reach the server, e.g. http://127.0.0.1:8409; known once it listens. */
  setCallbackBase(baseUrl: string): void {
    this.callbackBase = baseUrl.replace(/\/$/, "");
  }

  start(request: ScanRequest): { status: ScanStatus; coalesced: boolean } {
    const running = this.byLibrary.get(request.libraryId);
    if (running) return { status: running.status, coalesced: true };
    if (!this.callbackBase) throw new Error("the scan coordinator has no callback address yet");
    const scanId = randomUUID();
    const status: ScanStatus = { scanId, libraryId: request.libraryId, state: "Running", percent: 0, currentFolder: null, startedAt: this.clock() };
    const scan: RunningScan = { status, stderrTail: [], exited: Promise.resolve() };
    let exited!: () => void;
    scan.exited = new Promise((resolve) => (exited = resolve));
    scan.pid = this.scanners.run({ type: "scan", library: { kind: request.kind, paths: request.paths }, url: `${this.callbackBase}/api/v1/scan/${scanId}`, force: request.force }, {
      line: (line) => {
        scan.stderrTail.push(line);
        if (scan.stderrTail.length > 20) scan.stderrTail.shift();
        this.options.log.info("scanner", { libraryId: request.libraryId, line });
      },
      failedToStart: (error) => {
        scan.ended ??= { success: false, message: `the scanner could not start: ${error.message}` };
      },
      ended: (code, signal) => void this.finish(scan, code, signal).finally(exited),
    });
    this.byLibrary.set(request.libraryId, scan);
    this.byId.set(scanId, scan);
    this.options.log.info("scan started", { libraryId: request.libraryId, force: request.force });
    this.options.onStarted?.(scanId, request.libraryId);
    return { status, coalesced: false };
  }

  startJob(libraryId: number, job: ScanJob): { status: ScanStatus; coalesced: boolean } {
    const running = this.byLibrary.get(libraryId);
    if (running) return { status: running.status, coalesced: true };
    const status: ScanStatus = { scanId: randomUUID(), libraryId, state: "Running", percent: 0, currentFolder: null, startedAt: this.clock() };
    const abort = new AbortController();
    const scan: RunningScan = { status, abort, stderrTail: [], exited: Promise.resolve() };
    this.byLibrary.set(libraryId, scan);
    this.byId.set(status.scanId, scan);
    this.options.log.info("sync started", { libraryId });
    scan.exited = (async () => {
      try {
        scan.ended = await job((percent, folder) => this.reportProgress(status.scanId, percent, folder), abort.signal);
      } catch (error) {
        scan.ended = { success: false, message: error instanceof Error ? error.message : String(error) };
      }
      await this.finish(scan, 0, null);
    })();
    return { status, coalesced: false };
  }

  status(libraryId: number): ScanStatus | undefined {
    return this.byLibrary.get(libraryId)?.status;
  }

  byScanId(scanId: string): ScanStatus | undefined {
    const scan = this.byId.get(scanId);
    return scan && !scan.ended ? scan.status : undefined;
  }

  reportProgress(scanId: string, percent: number, currentFolder: string | null): void {
    const scan = this.byId.get(scanId);
    if (!scan) return;
    scan.status.percent = Math.round(percent * 10) / 10;
    scan.status.currentFolder = currentFolder;
  }

  reportEnd(scanId: string, success: boolean, message: string): void {
    const scan = this.byId.get(scanId);
    if (scan && !scan.ended) scan.ended = { success, message };
  }

  /** Process id of the library's running scanner (diagnostics). */
  processId(libraryId: number): number | undefined {
    return this.byLibrary.get(libraryId)?.pid;
  }

  /** Process ids of every scanner child, running a scan or kept for the next one (diagnostics). */
  scannerProcessIds(): number[] {
    return this.scanners.processIds();
  }

  /** Waits for the library's running scan (if any) to end. */
  async waitFor(libraryId: number): Promise<void> {
    await this.byLibrary.get(libraryId)?.exited;
  }

  /** Stops every scan and scanner child (server shutdown). */
  async stopAll(): Promise<void> {
    const scans = [...this.byLibrary.values()];
    for (const scan of scans) scan.abort?.abort();
    await this.scanners.stop();
    await Promise.all(scans.map((s) => s.exited));
  }

  private async finish(scan: RunningScan, code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    const { libraryId, scanId } = scan.status;
    let outcome: ScanOutcome;
    if (scan.ended && code === 0) {
      outcome = { scanId, libraryId, success: scan.ended.success, startedAt: scan.status.startedAt, finishedAt: this.clock(), message: scan.ended.message };
    } else {
      const how = signal ? `was stopped (${signal})` : `exited with code ${code}`;
      const reason = scan.ended?.message ?? scan.stderrTail.at(-1) ?? "no reason given";
      outcome = { scanId, libraryId, success: false, startedAt: scan.status.startedAt, finishedAt: this.clock(), message: `the scanner ${how}: ${reason}` };
    }
    scan.ended ??= { success: outcome.success, message: outcome.message };
    this.byId.delete(scanId);
    this.options.log[outcome.success ? "info" : "warn"]("scan ended", { libraryId, success: outcome.success, result: outcome.message });
    try {
      await this.options.onOutcome(outcome);
    } catch (error) {
      this.options.log.error("could not record a scan outcome", { libraryId, error });
    }
    // Only now does the library stop showing a running scan, so its last result is already readable.
    this.byLibrary.delete(libraryId);
  }
}

/** The compiled scanner entry: next to this module when running from dist, else dist/ of the repo (tests run sources). */
export function resolveScannerEntry(): string {
  const beside = path.join(__dirname, "scanner-main.js");
  if (fs.existsSync(beside)) return beside;
  return path.resolve(__dirname, "../../dist/server/scanner/scanner-main.js");
}
