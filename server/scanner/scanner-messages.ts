/** The library a scan is for, as it was when the scan was ordered (its paths cannot change while it is scanned). */
export interface ScanTarget {
  kind: string;
  paths: Array<{ id: number; path: string }>;
}

/** What the server sends a scanner child over its IPC channel: one scan, run while the child is idle. */
export interface ScanOrder {
  type: "scan";
  library: ScanTarget;
  /** The scan's callback base, e.g. http://127.0.0.1:8409/api/v1/scan/<scan id>. */
  url: string;
  /** Re-probe every file, changed or not. */
  force: boolean;
}

/** What the child answers when a scan ended cleanly; it then waits for the next order. A failed scan ends the child instead. */
export interface ScanDone {
  type: "done";
}
