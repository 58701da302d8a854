/**
 * Every FFmpeg process the streaming layer runs is spawned here (argument arrays, never a shell) and
 * recorded in a pid file, so a server that crashed can kill what it left behind at the next start.
 * A pid is only killed when it still names the same process (Linux: start time from /proc).
 */
import { NO_EVENT_LOG, type EventLog } from "../domain/event-log";
import { redactHeaderArguments } from "../domain/remote-stream";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { NO_METRICS, type MetricsPort } from "../metrics/metrics-port";
import { ffmpegErrorLine, ffmpegInputs } from "./ffmpeg/error-lines";

export const PID_FILE = "ffmpeg.pids";

export interface OwnedProcess {
  child: ChildProcess;
  /** What runs it (`session 4`, `ts-legacy 4`), for counting and diagnostics. */
  tag: string;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** Collected standard error (last 8 KB), with every known secret taken out. */
  stderr(): string;
}

export class ProcessRegistry {
  private readonly live = new Set<OwnedProcess>();
  private readonly killed = new WeakSet<OwnedProcess>();

  constructor(
    private readonly ffmpegPath: string,
    private readonly folder: string,
    private readonly metrics: MetricsPort = NO_METRICS,
    /** Takes the server's secrets (keys, the stream proxy's capability) out of error text. */
    private readonly redact: (text: string) => string = (text) => text,
    /** FFmpeg starting (the redacted command at debug) and exiting: code, signal, last error line. */
    private readonly events: EventLog = NO_EVENT_LOG,
  ) {
    // Made once: a process that exits after the data folder was removed must not make it again.
    fs.mkdirSync(folder, { recursive: true });
  }

  /** Running processes by kind (the first word of their tag). */
  countsByKind(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const p of this.live) counts[kindOf(p.tag)] = (counts[kindOf(p.tag)] ?? 0) + 1;
    return counts;
  }

  /** A session runs FFmpeg again because the last run failed; `reason` names what it runs now. */
  restarted(reason: string): void {
    this.metrics.ffmpegRestarted(reason);
  }

  get count(): number {
    return this.live.size;
  }

  processes(): OwnedProcess[] {
    return [...this.live];
  }

  spawn(args: readonly string[], tag: string, stdout: "pipe" | "ignore" = "ignore"): OwnedProcess {
    const child = spawn(this.ffmpegPath, [...args], { stdio: ["ignore", stdout, "pipe"], windowsHide: true });
    let stderr = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    let owned!: OwnedProcess;
    const exited = new Promise<number | null>((resolve) => {
      let done = false;
      const finish = (code: number | null) => {
        if (done) return;
        done = true;
        this.live.delete(owned);
        this.writePidFile();
        const reason = this.killed.has(owned) || child.signalCode !== null ? "killed" : code === 0 ? "completed" : "failed";
        this.metrics.ffmpegExited(kindOf(tag), reason);
        const fields = { for: tag, pid: child.pid, code, signal: child.signalCode };
        // A failure names what FFmpeg read (which file to look at) and the line that says what went wrong.
        if (reason === "failed") this.events.warn("FFmpeg failed", { ...fields, input: this.redact(ffmpegInputs(args).join(", ")) || null, lastError: ffmpegErrorLine(this.redact(stderr)) });
        else this.events.info(reason === "killed" ? "FFmpeg stopped" : "FFmpeg exited", fields);
        resolve(code);
      };
      child.once("exit", (code) => finish(code));
      child.once("error", (error) => {
        stderr += `\n${error.message}`;
        finish(-1);
      });
    });
    owned = { child, tag, exited, stderr: () => this.redact(stderr) };
    this.live.add(owned);
    this.writePidFile();
    this.metrics.ffmpegStarted(kindOf(tag));
    this.events.info("FFmpeg started", { for: tag, pid: child.pid });
    this.events.debug("FFmpeg command", { for: tag, command: this.redact(redactHeaderArguments(args).join(" ")) });
    return owned;
  }

  /** Kills a process (TERM, then KILL after a grace period) and waits until it has exited. */
  async kill(owned: OwnedProcess, graceMs = 1500): Promise<void> {
    if (owned.child.exitCode !== null || owned.child.signalCode !== null) return void (await owned.exited);
    this.killed.add(owned);
    owned.child.kill("SIGTERM");
    const timer = setTimeout(() => owned.child.kill("SIGKILL"), graceMs);
    await owned.exited;
    clearTimeout(timer);
  }

  /** Kills every process, including any started while the first ones were being stopped. */
  async killAll(): Promise<void> {
    while (this.live.size > 0) await Promise.all(this.processes().map((p) => this.kill(p, 500)));
  }

  private writePidFile(): void {
    try {
      const lines = this.processes()
        .filter((p) => p.child.pid !== undefined)
        .map((p) => `${p.child.pid} ${processStartTime(p.child.pid!) ?? ""}`.trim());
      fs.writeFileSync(path.join(this.folder, PID_FILE), lines.length ? `${lines.join("\n")}\n` : "");
    } catch {
      // The pid file only helps clean up after a crash; streaming goes on without it.
    }
  }
}

const kindOf = (tag: string) => tag.split(" ")[0];

/** Field 22 of /proc/{pid}/stat (start time in clock ticks), or undefined off Linux or when gone. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; fields after its closing parenthesis are plain.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19];
  } catch {
    return undefined;
  }
}

/**
 * Start-up cleanup: kills the processes a previous run recorded (only when their start time still
 * matches) and removes every session folder under `folder`. Returns how many processes were killed.
 */
export function cleanUpStale(folder: string): number {
  let killed = 0;
  let text = "";
  try {
    text = fs.readFileSync(path.join(folder, PID_FILE), "utf8");
  } catch {
    // No pid file: nothing ran, or it was cleaned already.
  }
  for (const line of text.split("\n")) {
    const [pidText, started] = line.trim().split(" ");
    const pid = Number(pidText);
    if (!Number.isInteger(pid) || pid <= 1 || started === undefined) continue;
    if (processStartTime(pid) !== started) continue;
    try {
      process.kill(pid, "SIGKILL");
      killed += 1;
    } catch {
      // Already gone.
    }
  }
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  return killed;
}
