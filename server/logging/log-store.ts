import fs from "node:fs";
import path from "node:path";
import type { LogLine, LogSource } from "../domain/log-line";

const LINE = /^(\S+) (DEBUG|INFO|WARN|ERROR) ([\s\S]*?)\n?$/;

/** The server's log folder inside the data folder. */
export const LOGS_FOLDER = "logs";
/** Left in the log folder by `airwave restore`; the next server start logs it and removes it. */
export const RESTORE_NOTE = "restored.json";

/** `airwave.log` is rotated when it would pass this size... */
export const LOG_MAX_BYTES = 10 * 1024 * 1024;
/** ...into `airwave.1.log` (newest) … `airwave.5.log` (oldest); older ones are deleted. */
export const LOG_KEEP = 5;

/**
 * The server's own log: the newest lines in memory (for the Logs page) and `airwave.log` in the data
 * folder's `logs/`. Each start, and the current file reaching `maxBytes`, moves it to `airwave.1.log`
 * (the earlier ones one number up, at most `keep` kept), so the folder never holds more than
 * (keep + 1) × maxBytes. Lines arrive already redacted (see `redactingLogger`).
 */
export class LogStore implements LogSource {
  private readonly buffer: LogLine[] = [];
  private seq = 0;
  private stream: fs.WriteStream;
  private bytes = 0;
  private readonly closing: Array<Promise<void>> = [];
  readonly currentFile: string;
  readonly previousFile: string;

  constructor(
    readonly dir: string,
    private readonly capacity = 2000,
    private readonly limits: { maxBytes: number; keep: number } = { maxBytes: LOG_MAX_BYTES, keep: LOG_KEEP },
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.currentFile = path.join(dir, "airwave.log");
    this.previousFile = this.numbered(1);
    this.shift();
    this.stream = this.open();
  }

  /** One formatted line (`ISO LEVEL message fields\n`). */
  append(line: string): void {
    const match = LINE.exec(line);
    this.seq += 1;
    this.buffer.push(match ? { seq: this.seq, at: match[1]!, level: match[2]!.toLowerCase(), text: match[3]! } : { seq: this.seq, at: new Date().toISOString(), level: "info", text: line.trimEnd() });
    if (this.buffer.length > this.capacity) this.buffer.shift();
    // A session that stops while the server shuts down still logs; the file is closed by then.
    if (this.stream.writableEnded) return;
    const text = line.endsWith("\n") ? line : `${line}\n`;
    const size = Buffer.byteLength(text);
    if (this.bytes > 0 && this.bytes + size > this.limits.maxBytes) this.rotate();
    this.bytes += size;
    this.stream.write(text);
  }

  /** The current file, opened now (not when the stream gets to it), so a later move cannot race the open. */
  private open(): fs.WriteStream {
    return fs.createWriteStream(this.currentFile, { fd: fs.openSync(this.currentFile, "a") });
  }

  /** `airwave.N.log`. */
  private numbered(n: number): string {
    return path.join(this.dir, `airwave.${n}.log`);
  }

  /** Moves airwave.log to airwave.1.log, each older file one number up; the one past `keep` is deleted. */
  private shift(): void {
    fs.rmSync(this.numbered(this.limits.keep), { force: true });
    for (let n = this.limits.keep - 1; n >= 0; n--) {
      try {
        fs.renameSync(n === 0 ? this.currentFile : this.numbered(n), this.numbered(n + 1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }

  /** Lines already handed to the old stream still reach the moved file (the descriptor follows it). */
  private rotate(): void {
    const old = this.stream;
    this.closing.push(new Promise((resolve) => old.end(resolve)));
    try {
      this.shift();
    } catch {
      // A file that cannot be moved (held open elsewhere): keep writing where we are rather than lose lines.
      this.stream = old;
      return;
    }
    this.stream = this.open();
    this.bytes = 0;
  }

  lines(): readonly LogLine[] {
    return this.buffer;
  }

  file(which: "current" | "previous"): string | null {
    const file = which === "current" ? this.currentFile : this.previousFile;
    return fs.existsSync(file) ? file : null;
  }

  async close(): Promise<void> {
    await Promise.all(this.closing);
    await new Promise<void>((resolve) => this.stream.end(resolve));
  }
}
