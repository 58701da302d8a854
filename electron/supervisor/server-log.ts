import fs from "node:fs";
import path from "node:path";

/**
 * The server's stdout and stderr, kept in one file the error window can name. Each shell start moves the
 * previous log to `server.1.log`, so the log of the run that went wrong survives one restart of the app.
 */
export class ServerLog {
  readonly path: string;
  private readonly stream: fs.WriteStream;

  constructor(
    readonly dir: string,
    private readonly clock: () => number = Date.now,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.path = path.join(dir, "server.log");
    try {
      fs.renameSync(this.path, path.join(dir, "server.1.log"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    this.stream = fs.createWriteStream(this.path, { flags: "a" });
  }

  /** A line of the supervisor's own, e.g. where each start begins. */
  note(line: string): void {
    this.stream.write(`--- ${new Date(this.clock()).toISOString()} ${line} ---\n`);
  }

  /** Copies a child's output into the log without ever ending the log with it. */
  attach(output: NodeJS.ReadableStream | null | undefined): void {
    output?.on("data", (chunk: Buffer | string) => this.stream.write(chunk));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.stream.end(resolve));
  }
}
