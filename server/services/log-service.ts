/** The server log for the Logs page and `GET /api/v1/logs`: newest first, filtered by level and text. */
import type { LogLine, LogSource } from "../domain/log-line";
import { DomainError } from "./domain-error";

const LEVELS = ["debug", "info", "warn", "error"] as const;
const MAX_LIMIT = 2000;

export interface LogFilter {
  /** The lowest level shown (debug, info, warn, error). */
  level?: string;
  /** Lines containing this text, ignoring case. */
  text?: string;
  /** Only lines after this sequence number (for following new lines). */
  after?: number;
  /** At most this many lines (1–2000, default 500). */
  limit?: number;
}

export class LogService {
  constructor(private readonly source: LogSource | undefined) {}

  list(filter: LogFilter = {}): LogLine[] {
    const errors: Array<{ field: string; message: string }> = [];
    const level = filter.level?.toLowerCase();
    if (level !== undefined && !(LEVELS as readonly string[]).includes(level)) errors.push({ field: "level", message: `must be one of ${LEVELS.join(", ")}` });
    const limit = filter.limit ?? 500;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) errors.push({ field: "limit", message: `must be a whole number from 1 to ${MAX_LIMIT}` });
    if (errors.length) throw DomainError.validation(errors);
    const lowest = LEVELS.indexOf((level ?? "debug") as (typeof LEVELS)[number]);
    const text = filter.text?.toLowerCase() ?? "";
    const out: LogLine[] = [];
    const lines = this.source?.lines() ?? [];
    for (let i = lines.length - 1; i >= 0 && out.length < limit; i--) {
      const line = lines[i]!;
      if (filter.after !== undefined && line.seq <= filter.after) break;
      if (LEVELS.indexOf(line.level as (typeof LEVELS)[number]) < lowest) continue;
      if (text && !line.text.toLowerCase().includes(text)) continue;
      out.push(line);
    }
    return out;
  }

  /** The path of this run's log file or the previous run's. */
  file(which: string): string {
    if (which !== "current" && which !== "previous") throw DomainError.invalid("which", "must be current or previous");
    const file = this.source?.file(which) ?? null;
    if (!file) throw DomainError.notFound("Log file", which);
    return file;
  }
}
