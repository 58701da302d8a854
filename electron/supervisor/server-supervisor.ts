import { EventEmitter } from "node:events";

/** What the supervisor needs from a running server process (Electron's utilityProcess or a Node child). */
export interface SupervisedProcess {
  readonly pid?: number;
  /** "message" gets the message; "exit" gets the exit code (null when killed by a signal). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: "message" | "exit", listener: (...args: any[]) => void): unknown;
  kill(signal?: NodeJS.Signals | number): boolean;
}

/** Starts one server process; the Electron shell passes utilityProcess.fork, tests child_process.fork. */
export type ProcessLauncher = () => SupervisedProcess;

export type SupervisorState = "idle" | "starting" | "ready" | "restarting" | "stopping" | "stopped" | "failed";

export interface SupervisorOptions {
  launch: ProcessLauncher;
  /** How long a start may take before the supervisor gives up (ms). */
  readyTimeoutMs?: number;
  /** How long a stop may take before the process is killed (ms). */
  stopTimeoutMs?: number;
  /** Crashes tolerated within `crashWindowMs` before the supervisor stops restarting. */
  maxRestarts?: number;
  crashWindowMs?: number;
  /** Where the server writes its log, shown in the error window. */
  logPath?: string;
  clock?: () => number;
}

export interface ReadyMessage {
  type: "ready";
  port: number;
  url: string;
}

function isReady(message: unknown): message is ReadyMessage {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "ready" && typeof (message as { port?: unknown }).port === "number";
}

/**
 * Runs the server as a supervised child: waits for its ready message (with the port), restarts it
 * when it crashes (a bounded number of times), and stops it cleanly. Plain Node: the Electron calls
 * stay at the edges (electron/main.ts), so this protocol is tested with a real forked server.
 *
 * Events: "ready" (ReadyMessage), "crash" (exit code), "failed" (reason), "stopped".
 */
export class ServerSupervisor extends EventEmitter {
  private child: SupervisedProcess | undefined;
  private current: SupervisorState = "idle";
  private readyInfo: ReadyMessage | undefined;
  private crashes: number[] = [];
  private failure: string | undefined;
  private readonly clock: () => number;

  constructor(private readonly options: SupervisorOptions) {
    super();
    this.clock = options.clock ?? Date.now;
  }

  get state(): SupervisorState {
    return this.current;
  }

  get ready(): ReadyMessage | undefined {
    return this.readyInfo;
  }

  get failureReason(): string | undefined {
    return this.failure;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server and resolves once it is ready (rejects when it fails to become ready). */
  start(): Promise<ReadyMessage> {
    if (this.current === "ready" && this.readyInfo) return Promise.resolve(this.readyInfo);
    this.current = this.current === "restarting" ? "restarting" : "starting";
    return this.spawn();
  }

  /** Stops the server: SIGTERM, then SIGKILL after the stop timeout. Resolves when the process is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.current = "stopping";
    if (!child) {
      this.current = "stopped";
      this.emit("stopped");
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill("SIGKILL"), this.options.stopTimeoutMs ?? 10_000);
      child.on("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill("SIGTERM");
    });
    this.child = undefined;
    this.current = "stopped";
    this.emit("stopped");
  }

  private spawn(): Promise<ReadyMessage> {
    const child = this.options.launch();
    this.child = child;
    this.readyInfo = undefined;
    return new Promise<ReadyMessage>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        this.fail(`the server did not report ready within ${this.options.readyTimeoutMs ?? 30_000} ms${this.logHint()}`);
        child.kill("SIGKILL");
        reject(new Error(this.failure));
      }, this.options.readyTimeoutMs ?? 30_000);
      child.on("message", (message: unknown) => {
        if (settled || !isReady(message)) return;
        settled = true;
        clearTimeout(timer);
        this.readyInfo = message;
        this.current = "ready";
        this.emit("ready", message);
        resolve(message);
      });
      child.on("exit", (code: number | null) => {
        clearTimeout(timer);
        if (this.child === child) this.child = undefined;
        if (this.current === "stopping" || this.current === "stopped" || this.current === "failed") return;
        if (!settled) {
          settled = true;
          this.fail(`the server exited with code ${code} before it was ready${this.logHint()}`);
          reject(new Error(this.failure));
          return;
        }
        this.emit("crash", code);
        this.restartAfterCrash();
      });
    });
  }

  private restartAfterCrash(): void {
    const now = this.clock();
    const window = this.options.crashWindowMs ?? 60_000;
    this.crashes = [...this.crashes.filter((t) => now - t < window), now];
    if (this.crashes.length > (this.options.maxRestarts ?? 3)) {
      this.fail(`the server crashed ${this.crashes.length} times within ${Math.round(window / 1000)} s${this.logHint()}`);
      return;
    }
    this.current = "restarting";
    this.spawn().catch(() => undefined);
  }

  private fail(reason: string): void {
    this.current = "failed";
    this.failure = reason;
    this.emit("failed", reason);
  }

  private logHint(): string {
    return this.options.logPath ? `; see ${this.options.logPath}` : "";
  }
}
