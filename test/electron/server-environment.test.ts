import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nodeLauncher } from "../../electron/supervisor/node-launcher";
import { isPortFree, serverEnvironment } from "../../electron/supervisor/server-environment";
import { ServerSupervisor } from "../../electron/supervisor/server-supervisor";
import { makeTempDir } from "../support/temp-dir";

const MAIN = path.resolve(__dirname, "../../dist/server/main.js");
const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function occupiedPort(): Promise<number> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
  return (holder.address() as net.AddressInfo).port;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function dataDirWith(settings: unknown): string {
  const dir = makeTempDir();
  fs.writeFileSync(path.join(dir, "settings.json"), JSON.stringify(settings));
  return dir;
}

describe("the desktop app's server environment", () => {
  it("points the server at the user-data folder and the packaged FFmpeg, and keeps a free configured port", async () => {
    const port = await freePort();
    const dataDir = dataDirWith({ Server: { Port: port, Host: "127.0.0.1" } });
    const env = await serverEnvironment({ base: { PATH: "/usr/bin", Api__WriteKey: "k" }, dataDir, ffmpegDir: "/opt/Airwave/resources/ffmpeg" });
    expect(env).toEqual({ PATH: "/usr/bin", Api__WriteKey: "k", AIRWAVE_DATA_DIR: dataDir, AIRWAVE_FFMPEG_DIR: "/opt/Airwave/resources/ffmpeg" });
  });

  it("falls back to any free port when another program holds the configured one, and the server comes up there", async () => {
    const taken = await occupiedPort();
    expect(await isPortFree(taken, "127.0.0.1")).toBe(false);
    const dataDir = dataDirWith({ Server: { Port: taken, Host: "127.0.0.1" }, Playout: { RebuildIntervalMinutes: 0 } });
    const env = await serverEnvironment({ base: { PATH: process.env.PATH, HOME: process.env.HOME, SERVER__PORT: String(taken) }, dataDir });
    expect(env.Server__Port).toBe("0");
    expect(env.SERVER__PORT).toBeUndefined();
    expect(env.AIRWAVE_FFMPEG_DIR).toBeUndefined();

    const supervisor = new ServerSupervisor({ launch: nodeLauncher({ entry: MAIN, env }), readyTimeoutMs: 20_000 });
    cleanups.push(() => supervisor.stop());
    const ready = await supervisor.start();
    expect(ready.port).not.toBe(taken);
    expect((await fetch(`http://127.0.0.1:${ready.port}/api/v1/channels`)).status).toBe(200);
  });

  it("leaves an invalid setting for the server to report", async () => {
    const dataDir = dataDirWith({ Server: { Port: "eighty" } });
    const env = await serverEnvironment({ base: {}, dataDir, isPortFree: async () => false });
    expect(env).toEqual({ AIRWAVE_DATA_DIR: dataDir });
  });
});
