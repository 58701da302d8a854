import type { LibraryKind } from "../domain/enums";

/** A scan in progress, as clients see it. */
export interface ScanStatus {
  scanId: string;
  libraryId: number;
  state: "Running";
  /** 0–100. */
  percent: number;
  currentFolder: string | null;
  startedAt: number;
}

export interface ScanRequest {
  libraryId: number;
  kind: LibraryKind;
  paths: Array<{ id: number; path: string }>;
  /** Re-probe every file, changed or not. */
  force: boolean;
}

/** How a scan ended, recorded on the library. */
export interface ScanOutcome {
  scanId: string;
  libraryId: number;
  success: boolean;
  /** When the scan started (epoch ms). */
  startedAt: number;
  finishedAt: number;
  message: string;
}

/** How an in-process scan (a media-source sync) ended. */
export interface ScanJobResult {
  success: boolean;
  message: string;
}

/** An in-process scan: reports progress (0–100) as it goes; the signal aborts it at shutdown. */
export type ScanJob = (progress: (percent: number, currentFolder: string | null) => void, signal: AbortSignal) => Promise<ScanJobResult>;

/**
 * What the services need from the scan process owner (server/scanner): start a scan (or join the one
 * running), and know which scan ids are live. Implemented by ScanCoordinator.
 */
export interface ScanLauncher {
  /** Starts a scan of the library, or returns the one already running (coalesced). */
  start(request: ScanRequest): { status: ScanStatus; coalesced: boolean };
  status(libraryId: number): ScanStatus | undefined;
  byScanId(scanId: string): ScanStatus | undefined;
  reportProgress(scanId: string, percent: number, currentFolder: string | null): void;
  /**
   * Runs a scan in this process instead of a scanner child (media-source syncs: the credential stays in
   * the server), with the same one-per-library rule, status, progress and recorded outcome.
   */
  startJob?(libraryId: number, job: ScanJob): { status: ScanStatus; coalesced: boolean };
  /** The scanner said it finished (successfully or not); its "done" message (or, after a failure, its exit) follows. */
  reportEnd(scanId: string, success: boolean, message: string): void;
}
