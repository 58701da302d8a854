import { spawn, type ChildProcess } from "node:child_process";
import type { ScanDone, ScanOrder } from "./scanner-messages";

export interface ScannerProcessesOptions {
  /** The compiled scanner entry (scanner-main.js). */
  entry: string;
  /** Each child's environment, read when it starts (the server's own, which holds no secret settings, and SCANNER_ENV). */
  env(): NodeJS.ProcessEnv;
  /** How long a child that finished a scan waits for the next before it is stopped; 0: a child per scan. */
  keepAliveMs: number;
}

/** How one scan run by a scanner child reports back. */
export interface ScannerRun {
  /** A line the child wrote to stderr. */
  line(line: string): void;
  /** The child could not be started; `ended` follows. */
  failedToStart(error: Error): void;
  /** The scan is over: code 0 when the child said it was done (the child lives on), else how the child ended. */
  ended(code: number | null, signal: NodeJS.Signals | null): void;
}

interface Scanner {
  child: ChildProcess;
  /** The scan it runs, or ran last (a late stderr line still belongs to it). */
  run?: ScannerRun;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
  exited: Promise<void>;
}

/**
 * The scanner child processes, each running one scan at a time. A child that finished a scan cleanly is kept (one at
 * most, for `keepAliveMs`) and takes the next scan: starting Node and loading the scanner was most of a no-change
 * rescan. A child that failed, was killed or died is never reused; the next scan starts a new one.
 */
export class ScannerProcesses {
  private readonly scanners = new Set<Scanner>();
  private idle: Scanner | undefined;
  private stopping = false;

  constructor(private readonly options: ScannerProcessesOptions) {}

  /** Hands the scan to the idle child, or to a new one; returns the child's process id. */
  run(order: ScanOrder, run: ScannerRun): number | undefined {
    if (this.stopping) throw new Error("the server is stopping: no new scans");
    const scanner = this.takeIdle() ?? this.start();
    scanner.run = run;
    scanner.busy = true;
    // A child that cannot take the order is stopped, so the scan ends (as stopped) instead of waiting for nothing.
    if (scanner.child.connected) scanner.child.send(order, (error) => error && scanner.child.kill("SIGKILL"));
    return scanner.child.pid;
  }

  /** Process ids of every scanner child, running a scan or waiting for one. */
  processIds(): number[] {
    return [...this.scanners].flatMap((s) => (s.child.pid === undefined ? [] : [s.child.pid]));
  }

  /** Stops every child (server shutdown): a running scan ends as stopped. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.takeIdle();
    const scanners = [...this.scanners];
    for (const scanner of scanners) scanner.child.kill("SIGTERM");
    await Promise.all(scanners.map((s) => s.exited));
  }

  private start(): Scanner {
    const child = spawn(process.execPath, [this.options.entry], { env: this.options.env(), stdio: ["ignore", "ignore", "pipe", "ipc"] });
    const scanner: Scanner = { child, busy: false, exited: Promise.resolve() };
    this.scanners.add(scanner);
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      for (const line of chunk.split("\n").filter(Boolean)) scanner.run?.line(line);
    });
    child.on("message", (message: ScanDone) => {
      if (message?.type !== "done" || !scanner.busy) return;
      scanner.busy = false;
      this.release(scanner);
      scanner.run?.ended(0, null);
    });
    scanner.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.forget(scanner);
        if (scanner.busy) {
          scanner.busy = false;
          scanner.run?.ended(code, signal);
        }
        resolve();
      });
    });
    child.on("error", (error) => {
      if (scanner.busy) scanner.run?.failedToStart(error);
      // A child that never started has no exit to wait for.
      if (child.pid === undefined) {
        this.forget(scanner);
        if (scanner.busy) {
          scanner.busy = false;
          scanner.run?.ended(null, null);
        }
      }
    });
    return scanner;
  }

  /** A child that finished a scan: kept for the next one, or stopped. */
  private release(scanner: Scanner): void {
    if (this.stopping || this.idle || this.options.keepAliveMs <= 0 || !scanner.child.connected) {
      scanner.child.kill("SIGTERM");
      return;
    }
    this.idle = scanner;
    scanner.idleTimer = setTimeout(() => {
      if (this.takeIdle() === scanner) scanner.child.kill("SIGTERM");
    }, this.options.keepAliveMs);
    scanner.idleTimer.unref();
  }

  /** The idle child, taken out of waiting, if it is still alive. */
  private takeIdle(): Scanner | undefined {
    const scanner = this.idle;
    if (!scanner) return undefined;
    this.idle = undefined;
    clearTimeout(scanner.idleTimer);
    const alive = scanner.child.connected && scanner.child.exitCode === null && scanner.child.signalCode === null;
    return alive ? scanner : undefined;
  }

  private forget(scanner: Scanner): void {
    this.scanners.delete(scanner);
    if (this.idle === scanner) this.takeIdle();
  }
}
