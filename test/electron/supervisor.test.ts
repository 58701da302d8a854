import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nodeLauncher } from "../../electron/supervisor/node-launcher";
import { ServerLog } from "../../electron/supervisor/server-log";
import { ServerSupervisor, type CrashReport, type ProcessLauncher, type ReadyMessage, type SupervisorState } from "../../electron/supervisor/server-supervisor";
import { isRunning as alive } from "../support/process-alive";
import { makeTempDir } from "../support/temp-dir";
import { waitFor } from "../support/wait";

const DIST = path.resolve(__dirname, "../../dist");
const MAIN = path.join(DIST, "server/main.js");
const DESKTOP_ENTRY = path.join(DIST, "electron/server-entry.js");
const children: ChildProcess[] = [];
const supervisors: ServerSupervisor[] = [];
const logs: ServerLog[] = [];

afterEach(async () => {
  for (const supervisor of supervisors.splice(0)) await supervisor.stop().catch(() => undefined);
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const log of logs.splice(0)) await log.close();
});

async function gone(pid: number | undefined, withinMs = 3_000): Promise<boolean> {
  return waitFor(() => !alive(pid), `process ${pid} to end`, { timeoutMs: withinMs, intervalMs: 25 }).then(
    () => true,
    () => false,
  );
}

/** Records every child a launcher starts, so the tests can check pids and clean up. */
function tracked(launch: ProcessLauncher): ProcessLauncher & { pids: Array<number | undefined> } {
  const pids: Array<number | undefined> = [];
  const wrapped = (attempt: number) => {
    const child = launch(attempt);
    children.push(child as ChildProcess);
    pids.push(child.pid);
    return child;
  };
  return Object.assign(wrapped, { pids });
}

function scriptLauncher(body: string) {
  const file = path.join(makeTempDir("airwave-supervised-"), "child.js");
  fs.writeFileSync(file, body);
  return tracked(() => fork(file, [], { env: { PATH: process.env.PATH }, stdio: ["ignore", "ignore", "ignore", "ipc"] }));
}

function serverLauncher(dataDir: string, options: { entry?: string; env?: Record<string, string | undefined> } = {}) {
  const entry = options.entry ?? MAIN;
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` (npm test does) first`);
  const log = new ServerLog(path.join(dataDir, "logs"));
  logs.push(log);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, AIRWAVE_DATA_DIR: dataDir, Server__Port: "0", Server__Host: "127.0.0.1", Playout__RebuildIntervalMinutes: "0", ...options.env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return { launch: tracked(nodeLauncher({ entry, env, log })), log };
}

function supervise(options: ConstructorParameters<typeof ServerSupervisor>[0]): ServerSupervisor {
  const supervisor = new ServerSupervisor(options);
  supervisors.push(supervisor);
  return supervisor;
}

const once = <T>(emitter: ServerSupervisor, event: string) => new Promise<T>((resolve) => emitter.once(event, resolve));

async function logText(log: ServerLog, expected: RegExp): Promise<string> {
  const read = () => fs.readFileSync(log.path, "utf8");
  return waitFor(() => expected.test(read()) && read(), `the log to match ${expected}`, { timeoutMs: 3_000, intervalMs: 25 }).catch(() => read());
}

describe("the Electron shell's server supervisor (plain Node, real forked server)", () => {
  it("starts the server and reports ready with its port; the server's output goes to the log", async () => {
    const { launch, log } = serverLauncher(makeTempDir());
    const supervisor = supervise({ launch, readyTimeoutMs: 20_000, logPath: log.path });
    const states: SupervisorState[] = [];
    supervisor.on("state", (state: SupervisorState) => states.push(state));
    const ready = await supervisor.start();
    expect(states).toEqual(["starting", "ready"]);
    expect(supervisor.ready).toEqual(ready);
    expect(ready.port).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${ready.port}/api/v1/channels`)).status).toBe(200);
    const text = await logText(log, /Airwave is serving/);
    expect(text).toMatch(/server start #1/);
    expect(text).toMatch(new RegExp(`Airwave is serving http://localhost:${ready.port}`));
  });

  it("restarts the server after a SIGKILL: a new process becomes ready on the same data folder and serves", async () => {
    const dataDir = makeTempDir();
    const { launch, log } = serverLauncher(dataDir);
    const supervisor = supervise({ launch, readyTimeoutMs: 20_000, backoffMs: 100 });
    const first = await supervisor.start();
    const created = await fetch(`http://127.0.0.1:${first.port}/api/v1/channels`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Survivor", number: "77" }) });
    expect(created.status).toBe(201);
    const firstPid = supervisor.pid;
    const crashed = once<CrashReport>(supervisor, "crash");
    const readyAgain = once<ReadyMessage>(supervisor, "ready");
    process.kill(firstPid!, "SIGKILL");
    expect(await crashed).toEqual({ code: null, crashes: 1, restartInMs: 100 });
    expect(supervisor.state).toBe("restarting");
    const second = await readyAgain;
    expect(supervisor.state).toBe("ready");
    expect(launch.pids).toHaveLength(2);
    expect(supervisor.pid).toBe(launch.pids[1]);
    expect(supervisor.pid).not.toBe(firstPid);
    expect(alive(firstPid)).toBe(false);
    const channels = (await (await fetch(`http://127.0.0.1:${second.port}/api/v1/channels`)).json()) as Array<{ number: string }>;
    expect(channels.map((c) => c.number)).toContain("77");
    expect(await logText(log, /server start #2/)).toMatch(/server start #2/);
  });

  it("stop leaves no process behind and the port stops answering", async () => {
    const { launch } = serverLauncher(makeTempDir());
    const supervisor = supervise({ launch, readyTimeoutMs: 20_000 });
    const ready = await supervisor.start();
    const pid = supervisor.pid;
    expect(alive(pid)).toBe(true);
    const stopped = once<void>(supervisor, "stopped");
    await supervisor.stop();
    await stopped;
    expect(supervisor.state).toBe("stopped");
    expect(supervisor.pid).toBeUndefined();
    expect(alive(pid)).toBe(false);
    await expect(fetch(`http://127.0.0.1:${ready.port}/api/v1/channels`)).rejects.toThrow();
  });

  it("stop kills a server that ignores SIGTERM once the stop timeout passes", async () => {
    const launch = scriptLauncher('process.on("SIGTERM", () => {}); process.send({ type: "ready", port: 1, url: "http://localhost:1" }); setInterval(() => {}, 1000);\n');
    const supervisor = supervise({ launch, readyTimeoutMs: 5_000, stopTimeoutMs: 400 });
    // The child installs its SIGTERM handler before it reports ready, so it is in place once start() resolves.
    await supervisor.start();
    const began = Date.now();
    await supervisor.stop();
    expect(Date.now() - began).toBeGreaterThanOrEqual(380);
    expect(alive(launch.pids[0])).toBe(false);
    expect(supervisor.state).toBe("stopped");
  });

  it("a stop during the restart back-off cancels the restart", async () => {
    const launch = scriptLauncher('process.send({ type: "ready", port: 1, url: "http://localhost:1" }); setTimeout(() => process.exit(2), 50);\n');
    // A fake clock for the supervisor's timers: the restart it would schedule can be run at once.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const supervisor = supervise({ launch, readyTimeoutMs: 5_000, backoffMs: 300 });
      const crashed = once<CrashReport>(supervisor, "crash");
      await supervisor.start();
      expect((await crashed).code).toBe(2);
      expect(vi.getTimerCount()).toBe(1);
      await supervisor.stop();
      expect(vi.getTimerCount()).toBe(0);
      vi.runAllTimers();
      expect(launch.pids).toHaveLength(1);
      expect(supervisor.state).toBe("stopped");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a server that never reports ready ends in the error state naming the log, and is killed", async () => {
    const launch = scriptLauncher("setInterval(() => {}, 1000);\n");
    const supervisor = supervise({ launch, readyTimeoutMs: 500, logPath: "/var/log/airwave.log" });
    const failed = once<string>(supervisor, "failed");
    await expect(supervisor.start()).rejects.toThrow(/did not report ready within 500 ms; see \/var\/log\/airwave\.log/);
    expect(await failed).toMatch(/did not report ready/);
    expect(supervisor.state).toBe("failed");
    expect(supervisor.failureReason).toMatch(/see \/var\/log\/airwave\.log/);
    expect(await gone(launch.pids[0])).toBe(true);
    expect(launch.pids).toHaveLength(1);
  });

  it("a server that cannot start (invalid setting) fails at once with its exit code, and the log names the setting", async () => {
    const { launch, log } = serverLauncher(makeTempDir(), { env: { Server__Port: "not-a-port" } });
    const supervisor = supervise({ launch, readyTimeoutMs: 20_000, logPath: log.path });
    await expect(supervisor.start()).rejects.toThrow(new RegExp(`exited with code 78 before it was ready; see ${log.path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`));
    expect(supervisor.state).toBe("failed");
    expect(launch.pids).toHaveLength(1);
    expect(await logText(log, /Server:Port/)).toMatch(/Invalid configuration Server:Port from environment variable Server__Port/);
  });

  it("a server that keeps crashing is restarted with growing back-off, then given up", async () => {
    const launch = scriptLauncher('process.send({ type: "ready", port: 1, url: "http://localhost:1" }); setTimeout(() => process.exit(3), 50);\n');
    // A fake clock for the supervisor's timers: each back-off is run as soon as it is scheduled, and
    // after giving up no timer is left that could start the server again.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const supervisor = supervise({ launch, readyTimeoutMs: 5_000, maxRestarts: 2, crashWindowMs: 60_000, backoffMs: 40 });
      const crashes: CrashReport[] = [];
      supervisor.on("crash", (report: CrashReport) => {
        crashes.push(report);
        // The restart timer is set right after the event.
        if (report.restartInMs !== undefined) queueMicrotask(() => vi.advanceTimersByTime(report.restartInMs!));
      });
      const failed = once<string>(supervisor, "failed");
      await supervisor.start();
      expect(await failed).toMatch(/crashed 3 times within 60 s/);
      expect(supervisor.state).toBe("failed");
      expect(crashes).toEqual([
        { code: 3, crashes: 1, restartInMs: 40 },
        { code: 3, crashes: 2, restartInMs: 80 },
        { code: 3, crashes: 3 },
      ]);
      expect(launch.pids).toHaveLength(3);
      expect(vi.getTimerCount()).toBe(0);
      vi.runAllTimers();
      expect(launch.pids).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("crashes older than the window are forgotten, so a server that crashes rarely keeps being restarted", async () => {
    let now = 0;
    const launch = scriptLauncher('process.send({ type: "ready", port: 1, url: "http://localhost:1" }); setTimeout(() => process.exit(4), 50);\n');
    const supervisor = supervise({ launch, readyTimeoutMs: 5_000, maxRestarts: 1, crashWindowMs: 1_000, backoffMs: 10, clock: () => now });
    const crashes: CrashReport[] = [];
    supervisor.on("crash", (report: CrashReport) => {
      crashes.push(report);
      now += 5_000; // the fake clock: each crash comes long after the previous one
    });
    await supervisor.start();
    while (crashes.length < 4) await once(supervisor, "crash");
    expect(crashes.map((c) => c.crashes)).toEqual([1, 1, 1, 1]);
    expect(supervisor.state).not.toBe("failed");
  });

  it("after a failure, start() tries again from a clean slate", async () => {
    const dataDir = makeTempDir();
    fs.writeFileSync(path.join(dataDir, "settings.json"), JSON.stringify({ Server: { Port: "not-a-port" } }));
    const { launch } = serverLauncher(dataDir, { env: { Server__Port: undefined } });
    const supervisor = supervise({ launch, readyTimeoutMs: 20_000 });
    await expect(supervisor.start()).rejects.toThrow(/code 78/);
    fs.writeFileSync(path.join(dataDir, "settings.json"), JSON.stringify({ Server: { Port: 0 } }));
    const ready = await supervisor.start();
    expect(supervisor.state).toBe("ready");
    expect((await fetch(`http://127.0.0.1:${ready.port}/api/v1/channels`)).status).toBe(200);
  });

  it("the desktop entry stops gracefully on the stop message the Electron adapter sends instead of SIGTERM", async () => {
    const { launch } = serverLauncher(makeTempDir(), { entry: DESKTOP_ENTRY });
    const exitCodes: Array<number | null> = [];
    const messageStop: ProcessLauncher = (attempt) => {
      const child = launch(attempt) as ChildProcess;
      child.on("exit", (code) => exitCodes.push(code));
      return { pid: child.pid, on: (event, listener) => child.on(event, listener), kill: (signal) => (signal === "SIGKILL" ? child.kill("SIGKILL") : child.send({ type: "stop" })) };
    };
    const supervisor = supervise({ launch: messageStop, readyTimeoutMs: 20_000, stopTimeoutMs: 15_000 });
    const ready = await supervisor.start();
    const pid = supervisor.pid;
    const began = Date.now();
    await supervisor.stop();
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(exitCodes).toEqual([0]); // its own clean exit, not a kill
    expect(alive(pid)).toBe(false);
    await expect(fetch(`http://127.0.0.1:${ready.port}/api/v1/channels`)).rejects.toThrow();
  });

  it("the desktop app's server entry (dist/electron/server-entry.js) runs the same server", async () => {
    const { launch } = serverLauncher(makeTempDir(), { entry: DESKTOP_ENTRY });
    const supervisor = supervise({ launch, readyTimeoutMs: 20_000 });
    const ready = await supervisor.start();
    expect((await fetch(`http://127.0.0.1:${ready.port}/api/v1/channels`)).status).toBe(200);
  });
});
