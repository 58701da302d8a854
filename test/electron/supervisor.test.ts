import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ServerSupervisor, type SupervisedProcess } from "../../electron/supervisor/server-supervisor";
import { makeTempDir } from "../support/test-server";

const MAIN = path.resolve(__dirname, "../../dist/server/main.js");
const children: ChildProcess[] = [];
const supervisors: ServerSupervisor[] = [];

afterEach(async () => {
  for (const supervisor of supervisors.splice(0)) await supervisor.stop().catch(() => undefined);
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function launcher(script: string, args: string[] = [], env: Record<string, string> = {}): () => SupervisedProcess {
  return () => {
    const child = fork(script, args, { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ["ignore", "ignore", "ignore", "ipc"] });
    children.push(child);
    return child;
  };
}

function serverLauncher(dataDir: string) {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does) first`);
  return launcher(MAIN, [], { AIRWAVE_DATA_DIR: dataDir, Server__Port: "0", Server__Host: "127.0.0.1", Playout__RebuildIntervalMinutes: "0" });
}

function script(body: string): string {
  const file = path.join(makeTempDir("airwave-supervised-"), "child.js");
  fs.writeFileSync(file, body);
  return file;
}

const once = <T>(emitter: ServerSupervisor, event: string) => new Promise<T>((resolve) => emitter.once(event, resolve));

describe("the Electron shell's server supervisor (plain Node, real forked server)", () => {
  it("starts the server and reports ready with its port", async () => {
    const supervisor = new ServerSupervisor({ launch: serverLauncher(makeTempDir()), readyTimeoutMs: 20_000 });
    supervisors.push(supervisor);
    const ready = await supervisor.start();
    expect(supervisor.state).toBe("ready");
    expect(ready.port).toBeGreaterThan(0);
    const response = await fetch(`http://127.0.0.1:${ready.port}/api/v1/channels`);
    expect(response.status).toBe(200);
  });

  it("restarts the server when it crashes, on the same data folder", async () => {
    const dataDir = makeTempDir();
    const supervisor = new ServerSupervisor({ launch: serverLauncher(dataDir), readyTimeoutMs: 20_000 });
    supervisors.push(supervisor);
    const first = await supervisor.start();
    await fetch(`http://127.0.0.1:${first.port}/api/v1/channels`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Survivor", number: "77" }) });
    const firstPid = supervisor.pid;
    const crashed = once<number | null>(supervisor, "crash");
    const readyAgain = once<{ port: number }>(supervisor, "ready");
    process.kill(firstPid!, "SIGKILL");
    await crashed;
    const second = await readyAgain;
    expect(supervisor.state).toBe("ready");
    expect(supervisor.pid).not.toBe(firstPid);
    const channels = (await (await fetch(`http://127.0.0.1:${second.port}/api/v1/channels`)).json()) as Array<{ number: string }>;
    expect(channels.map((c) => c.number)).toContain("77");
  });

  it("stop leaves no process behind", async () => {
    const supervisor = new ServerSupervisor({ launch: serverLauncher(makeTempDir()), readyTimeoutMs: 20_000 });
    const ready = await supervisor.start();
    const pid = supervisor.pid;
    expect(alive(pid)).toBe(true);
    await supervisor.stop();
    expect(supervisor.state).toBe("stopped");
    expect(alive(pid)).toBe(false);
    await expect(fetch(`http://127.0.0.1:${ready.port}/api/v1/channels`)).rejects.toThrow();
  });

  it("a server that never reports ready ends in the error state naming the log, and is killed", async () => {
    const silent = script("setInterval(() => {}, 1000);\n");
    const supervisor = new ServerSupervisor({ launch: launcher(silent), readyTimeoutMs: 500, logPath: "/var/log/airwave.log" });
    supervisors.push(supervisor);
    await expect(supervisor.start()).rejects.toThrow(/did not report ready within 500 ms; see \/var\/log\/airwave\.log/);
    expect(supervisor.state).toBe("failed");
    const pid = children.at(-1)!.pid;
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(pid)).toBe(false);
  });

  it("a server that keeps crashing is given up after the restart limit", async () => {
    const flaky = script('process.send({ type: "ready", port: 1, url: "http://x" }); setTimeout(() => process.exit(3), 50);\n');
    const supervisor = new ServerSupervisor({ launch: launcher(flaky), readyTimeoutMs: 5_000, maxRestarts: 2, crashWindowMs: 60_000 });
    supervisors.push(supervisor);
    const failed = once<string>(supervisor, "failed");
    await supervisor.start();
    expect(await failed).toMatch(/crashed 3 times/);
    expect(supervisor.state).toBe("failed");
  });
});
