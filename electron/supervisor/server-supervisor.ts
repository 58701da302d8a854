import { EventEmitter } from "node:events";

/** What the supervisor needs from a running server process (Electron's utilityProcess or a Node child). */
export interface SupervisedProcess {
  readonly pid?: number;
  /** "message" gets the message; "exit" gets the exit code (null when killed by a signal). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: "message" | "exit", listener: (...args: any[]) => void): unknown;
  /** SIGTERM asks the server to stop (it closes its database and children); SIGKILL ends it. */
  kill(signal?: NodeJS.Signals): boolean;
}

/**
 * Starts one server process. `attempt` counts starts (1 for the first, 2 for the first restart…), so a
 * launcher can mark its log. The Electron shell adapts utilityProcess.fork, Node uses child_process.fork.
 */
export type ProcessLauncher = (attempt: number) => SupervisedProcess;

export type SupervisorState = "idle" | "starting" | "ready" | "restarting" | "stopping" | "stopped" | "failed";

export interface SupervisorOptions {
  launch: ProcessLauncher;
  /** How long a start may take before the supervisor gives up (ms). */
  readyTimeoutMs?: number;
  /** How long a stop may take before the process is killed (ms). */
  stopTimeoutMs?: number;
  /** Crashes tolerated within `crashWindowMs`; one more and the supervisor stops restarting. */
  maxRestarts?: number;
  crashWindowMs?: number;
  /** Delay before the first restart; doubled for each further crash in the window, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Where the server writes its log, named in every failure. */
  logPath?: string;
  clock?: () => number;
}

export interface ReadyMessage {
  type: "ready";
  port: number;
  url: string;
}

export interface CrashReport {
  /** Exit code, null when the process was killed by a signal. */
  code: number | null;
  /** Crashes within the window, this one included. */
  crashes: number;
  /** When the restart begins; absent when the supervisor gave up. */
  restartInMs?: number;
}

interface Run {
  child: SupervisedProcess;
  attempt: number;
  ready: boolean;
  exited: Promise<number | null>;
  readyTimer?: NodeJS.Timeout;
}

function isReady(message: unknown): message is ReadyMessage {
  if (typeof message !== "object" || message === null) return false;
  const { type, port } = message as { type?: unknown; port?: unknown };
  return type === "ready" && typeof port === "number" && Number.isInteger(port) && port > 0;
}

/**
 * Runs the server as a supervised child: waits for its ready message (with the port), restarts it
 * when it crashes (with backoff, a bounded number of times per window), and stops it cleanly. Plain
 * Node: the Electron calls stay in electron/main.ts, so this protocol is tested with a real forked server.
 *
 * Events: "state" (SupervisorState), "ready" (ReadyMessage, again after each restart; the port may change),
 * "crash" (CrashReport), "failed" (reason naming the log), "stopped".
 */
export class ServerSupervisor extends EventEmitter {
  private run: Run | undefined;
  private current: SupervisorState = "idle";
  private readyInfo: ReadyMessage | undefined;
  private crashTimes: number[] = [];
  private failure: string | undefined;
  private attempts = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private stopping: Promise<void> | undefined;
  private readonly clock: () => number;

  constructor(private readonly options: SupervisorOptions) {
    super();
    this.clock = options.clock ?? Date.now;
  }

  get state(): SupervisorState {
    return this.current;
  }

  get ready(): ReadyMessage | undefined {
    return this.current === "ready" ? this.readyInfo : undefined;
  }

  get failureReason(): string | undefined {
    return this.failure;
  }

  get pid(): number | undefined {
    return this.run?.child.pid;
  }

  /**
   * Starts the server (again, after a stop or a failure) and resolves once it is ready; rejects with the
   * failure reason when it cannot become ready. While a start or restart is under way it waits for that one.
   */
  start(): Promise<ReadyMessage> {
    if (this.current === "ready" && this.readyInfo) return Promise.resolve(this.readyInfo);
    const outcome = this.nextOutcome();
    if (this.current !== "starting" && this.current !== "restarting") {
      if (this.current === "stopping") return Promise.reject(new Error("the server is stopping"));
      this.crashTimes = [];
      this.failure = undefined;
      this.setState("starting");
      this.spawn();
    }
    return outcome;
  }

  /** Stops the server: SIGTERM, then SIGKILL after the stop timeout. Resolves once no process is left. */
  stop(): Promise<void> {
    this.stopping ??= this.stopNow().finally(() => (this.stopping = undefined));
    return this.stopping;
  }

  private async stopNow(): Promise<void> {
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    const run = this.run;
    this.setState("stopping");
    if (run) {
      clearTimeout(run.readyTimer);
      const killer = setTimeout(() => run.child.kill("SIGKILL"), this.options.stopTimeoutMs ?? 10_000);
      run.child.kill("SIGTERM");
      await run.exited;
      clearTimeout(killer);
    }
    this.run = undefined;
    this.readyInfo = undefined;
    this.setState("stopped");
    this.emit("stopped");
  }

  /** Resolves at the next "ready", rejects at the next "failed" or "stopped". */
  private nextOutcome(): Promise<ReadyMessage> {
    return new Promise<ReadyMessage>((resolve, reject) => {
      const done = () => {
        this.off("ready", onReady);
        this.off("failed", onFailed);
        this.off("stopped", onStopped);
      };
      const onReady = (ready: ReadyMessage) => (done(), resolve(ready));
      const onFailed = (reason: string) => (done(), reject(new Error(reason)));
      const onStopped = () => (done(), reject(new Error("the server was stopped before it was ready")));
      this.on("ready", onReady);
      this.on("failed", onFailed);
      this.on("stopped", onStopped);
    });
  }

  private spawn(): void {
    this.attempts += 1;
    let child: SupervisedProcess;
    try {
      child = this.options.launch(this.attempts);
    } catch (error) {
      this.fail(`the server could not be started: ${error instanceof Error ? error.message : String(error)}${this.logHint()}`);
      return;
    }
    let exitListener: (code: number | null) => void = () => undefined;
    const run: Run = {
      child,
      attempt: this.attempts,
      ready: false,
      exited: new Promise((resolve) => (exitListener = (code) => resolve(code ?? null))),
    };
    this.run = run;
    const readyTimeoutMs = this.options.readyTimeoutMs ?? 30_000;
    run.readyTimer = setTimeout(() => {
      if (this.run !== run || run.ready) return;
      this.fail(`the server did not report ready within ${readyTimeoutMs} ms${this.logHint()}`);
      child.kill("SIGKILL");
    }, readyTimeoutMs);
    child.on("message", (message: unknown) => {
      if (this.run !== run || run.ready || !isReady(message)) return;
      if (this.current !== "starting" && this.current !== "restarting") return;
      run.ready = true;
      clearTimeout(run.readyTimer);
      this.readyInfo = { type: "ready", port: message.port, url: message.url };
      this.setState("ready");
      this.emit("ready", this.readyInfo);
    });
    child.on("exit", (code: number | null) => {
      exitListener(code);
      clearTimeout(run.readyTimer);
      if (this.run !== run) return;
      this.run = undefined;
      this.onExit(run, code ?? null);
    });
  }

  private onExit(run: Run, code: number | null): void {
    if (this.current === "stopping" || this.current === "stopped" || this.current === "failed") return;
    // A first start that ends before it is ready is a configuration or install problem: say so at once.
    if (!run.ready && this.current === "starting") {
      this.fail(`the server exited with ${code === null ? "a signal" : `code ${code}`} before it was ready${this.logHint()}`);
      return;
    }
    this.readyInfo = undefined;
    const now = this.clock();
    const windowMs = this.options.crashWindowMs ?? 60_000;
    this.crashTimes = [...this.crashTimes.filter((t) => now - t < windowMs), now];
    const crashes = this.crashTimes.length;
    if (crashes > (this.options.maxRestarts ?? 3)) {
      this.emit("crash", { code, crashes } satisfies CrashReport);
      this.fail(`the server crashed ${crashes} times within ${Math.round(windowMs / 1000)} s${this.logHint()}`);
      return;
    }
    const restartInMs = Math.min((this.options.backoffMs ?? 500) * 2 ** (crashes - 1), this.options.maxBackoffMs ?? 10_000);
    this.setState("restarting");
    this.emit("crash", { code, crashes, restartInMs } satisfies CrashReport);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.current === "restarting") this.spawn();
    }, restartInMs);
  }

  private fail(reason: string): void {
    this.readyInfo = undefined;
    this.failure = reason;
    this.setState("failed");
    this.emit("failed", reason);
  }

  private setState(state: SupervisorState): void {
    if (this.current === state) return;
    this.current = state;
    this.emit("state", state);
  }

  private logHint(): string {
    return this.options.logPath ? `; see ${this.options.logPath}` : "";
  }
}
