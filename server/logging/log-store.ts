import fs from "node:fs";
import path from "node:path";
import type { LogLine, LogSource } from "../domain/log-line";

const LINE = /^(\S+) (DEBUG|INFO|WARN|ERROR) ([\s\S]*?)\n?$/;

/**
 * The server's own log: the newest lines in memory (for the Logs page) and `airwave.log` in the data
 * folder's `logs/`, where each start moves the previous run's file to `airwave.1.log`. Lines arrive
 * already redacted (see `redactingLogger`).
 */
export class LogStore implements LogSource {
  private readonly buffer: LogLine[] = [];
  private seq = 0;
  private readonly stream: fs.WriteStream;
  readonly currentFile: string;
  readonly previousFile: string;

  constructor(
    readonly dir: string,
    private readonly capacity = 2000,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.currentFile = path.join(dir, "airwave.log");
    this.previousFile = path.join(dir, "airwave.1.log");
    try {
      fs.renameSync(this.currentFile, this.previousFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    this.stream = fs.createWriteStream(this.currentFile, { flags: "a" });
  }

  /** One formatted line (`ISO LEVEL message fields\n`). */
  append(line: string): void {
    const match = LINE.exec(line);
    this.seq += 1;
    this.buffer.push(match ? { seq: this.seq, at: match[1]!, level: match[2]!.toLowerCase(), text: match[3]! } : { seq: this.seq, at: new Date().toISOString(), level: "info", text: line.trimEnd() });
    if (this.buffer.length > this.capacity) this.buffer.shift();
    this.stream.write(line.endsWith("\n") ? line : `${line}\n`);
  }

  lines(): readonly LogLine[] {
    return this.buffer;
  }

  file(which: "current" | "previous"): string | null {
    const file = which === "current" ? this.currentFile : this.previousFile;
    return fs.existsSync(file) ? file : null;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.stream.end(resolve));
  }
}
