/** One line of the server log as the Logs page reads it. */
export interface LogLine {
  /** Increases by one per line since the server started. */
  seq: number;
  /** ISO 8601 time. */
  at: string;
  level: string;
  text: string;
}

/** Where the log lines and files are (implemented by `LogStore`). */
export interface LogSource {
  /** The newest lines, oldest first. */
  lines(): readonly LogLine[];
  /** The log file of this run or the previous one; null when there is none. */
  file(which: "current" | "previous"): string | null;
}
