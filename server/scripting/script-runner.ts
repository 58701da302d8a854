import { spawn, type ChildProcess } from "node:child_process";
import { scriptEnvironment } from "./script-environment";
import type { ScriptLaunch, ScriptLauncher, ScriptOutcome } from "../services/scripted/script-launcher";

const STDERR_TAIL_BYTES = 2000;
const KILL_GRACE_MS = 2000;

/**
 * Owns the child processes of scripted playout builds. Each script runs in its own process group so
 * a timeout or shutdown kills everything it started; no child outlives its build.
 */
export class ScriptRunner implements ScriptLauncher {
  private base = "http://127.0.0.1:0";
  private readonly running = new Set<ChildProcess>();

  setCallbackBase(baseUrl: string): void {
    this.base = baseUrl.replace(/\/$/, "");
  }

  callbackBase(): string {
    return this.base;
  }

  run(launch: ScriptLaunch): Promise<ScriptOutcome> {
    return new Promise((resolve) => {
      let child: ChildProcess;
      try {
        child = spawn(launch.command, launch.args, {
          cwd: launch.cwd,
          env: scriptEnvironment(process.env, launch.env),
          stdio: ["ignore", "ignore", "pipe"],
          detached: process.platform !== "win32",
          windowsHide: true,
        });
      } catch (error) {
        resolve({ exitCode: null, signal: null, timedOut: false, stderrTail: "", spawnError: (error as Error).message });
        return;
      }
      this.running.add(child);
      let stderr = "";
      let timedOut = false;
      child.stderr?.setEncoding("utf8");
      child.stderr?.on("data", (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
      });
      const timer = setTimeout(() => {
        timedOut = true;
        killTree(child, "SIGKILL");
      }, launch.timeoutMs);
      let spawnError: string | undefined;
      child.once("error", (error) => {
        spawnError = error.message;
      });
      child.once("close", (exitCode, signal) => {
        clearTimeout(timer);
        this.running.delete(child);
        // Anything the script left running in its group goes with it.
        killTree(child, "SIGKILL");
        resolve({ exitCode, signal, timedOut, stderrTail: stderr.trim(), ...(spawnError ? { spawnError } : {}) });
      });
    });
  }

  /** Stops every running script (server shutdown): TERM, then KILL after a grace period. */
  async stopAll(): Promise<void> {
    const children = [...this.running];
    for (const child of children) killTree(child, "SIGTERM");
    if (!children.length) return;
    await Promise.race([
      Promise.all(children.map((c) => new Promise<void>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once("close", () => resolve()))))),
      new Promise<void>((resolve) => setTimeout(resolve, KILL_GRACE_MS).unref()),
    ]);
    for (const child of children) killTree(child, "SIGKILL");
  }
}

function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform !== "win32") process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Already gone.
  }
}
