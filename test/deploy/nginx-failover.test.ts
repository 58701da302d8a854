/**
 * Two Airwave processes (dist/, as `npm start` runs them) on one PostgreSQL database behind a real nginx
 * on the shipped config. The node holding a channel's session is also the leader; it dies by SIGKILL.
 * PostgreSQL only (test/postgres-tests.mjs, POSTGRES_ONLY): several nodes share one database.
 */
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSIONS_FOLDER } from "../../server/streaming/session-manager";
import { cleanUpStale } from "../../server/streaming/process-registry";
import { apiClient, rawRequest } from "../support/http";
import { startNginx, type NginxServer } from "../support/nginx-server";
import { freePort } from "../support/postgres-cluster";
import { postgresAll } from "../support/postgres-sql";
import { leaderPid, startServerProcess, stopServerProcess, type ServerProcess } from "../support/server-process";
import { makeTempDir } from "../support/temp-dir";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { waitFor } from "../support/wait";
import { createHlsChannel, segmentNames } from "./support/hls-channel";
import { ffmpegProcesses, makeCountingClip, sleep } from "../streaming/support/stream-fixtures";

const CHANNEL = "72";
const VIEWERS = 5;

let database: TestDatabase;
let nginx: NginxServer | undefined;
const nodes: ServerProcess[] = [];
/** The node nginx sends the channel to, started first so that it also holds the leader lock; and the other one. */
let dying: ServerProcess;
let taking: ServerProcess;

/** FFmpeg processes working for a node (their output is in its data folder), whoever their parent is now. */
const ffmpegOf = (node: ServerProcess) => ffmpegProcesses((_ppid, args) => args.some((arg) => arg.startsWith(node.dataDir)));

/**
 * Which of `ports` nginx routes the channel's stream URLs to: a stand-in on each port answers 404 and
 * notes that it was asked. The stand-ins are gone before any node listens there.
 */
async function hashedPort(ports: readonly number[]): Promise<number> {
  const asked: number[] = [];
  const standIns = await Promise.all(ports.map((port) => new Promise<http.Server>((resolve, reject) => {
    const server = http.createServer((_req, res) => {
      asked.push(port);
      res.writeHead(404, { Connection: "close" }).end();
    });
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  })));
  try {
    expect((await fetch(`${nginx!.url}/iptv/channel/${CHANNEL}.m3u8`)).status).toBe(404);
  } finally {
    await Promise.all(standIns.map((server) => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    })));
  }
  expect(asked).toHaveLength(1);
  return asked[0]!;
}

beforeAll(async () => {
  database = await createTestDatabase(makeTempDir());
  // Both nodes read channel files from this folder (their Playout:ScriptsFolder), so either can build the playout.
  const shared = makeTempDir("airwave-failover-");
  const clip = path.join(shared, "clip.mkv");
  makeCountingClip(clip, 10, 90);
  const ports = [await freePort()];
  while (ports.length < 2) ports.push(...[await freePort()].filter((port) => port !== ports[0]));
  nginx = await startNginx(ports.map((port) => `127.0.0.1:${port}`));
  const first = await hashedPort(ports);
  const env = (port: number) => ({
    ...database.env, Server__Port: String(port), Playout__ScriptsFolder: shared, Playout__RebuildIntervalMinutes: "0", Streaming__IdleTimeoutSeconds: "5",
  });
  dying = await startServerProcess(env(first));
  nodes.push(dying);
  await waitFor(async () => (await leaderPid(database.config.url!)) === dying.child.pid, "the first node to take the leader lock", { timeoutMs: 15_000 });
  taking = await startServerProcess(env(ports.find((port) => port !== first)!));
  nodes.push(taking);
  await createHlsChannel(apiClient(dying.url), shared, CHANNEL, clip);
}, 90_000);

afterAll(async () => {
  await nginx?.stop();
  for (const node of nodes) await stopServerProcess(node);
  // Should FFmpeg outlive a killed node, the node's next start kills it from the pid file; so does this.
  for (const node of nodes) cleanUpStale(path.join(node.dataDir, SESSIONS_FOLDER));
  for (const node of nodes) await waitFor(() => ffmpegOf(node).length === 0, `the FFmpeg processes of ${node.url} to end`, { timeoutMs: 5000 });
  await database?.drop();
});

const sessionsOn = async (node: ServerProcess) => ((await rawRequest(node.url, "GET", "/api/v1/sessions")).json as Array<{ channelNumber: string }>).map((s) => s.channelNumber);

describe("a node behind nginx dies (SIGKILL; two processes on PostgreSQL, real FFmpeg, real nginx)", () => {
  it("the channel's viewers are answered by the other node within 10 s, with a playlist, never an error; that node takes the leader lock and runs the builds", async () => {
    const master = await fetch(`${nginx!.url}/iptv/channel/${CHANNEL}.m3u8?mode=segmenter`);
    expect(master.status).toBe(200);
    const variant = (await master.text()).split("\n").find((line) => line.includes("/hls.m3u8"))!;
    expect(variant.startsWith(`${nginx!.url}/iptv/session/${CHANNEL}/hls.m3u8`), variant).toBe(true);
    expect(await sessionsOn(dying)).toEqual([CHANNEL]);
    expect(await sessionsOn(taking)).toEqual([]);
    expect(ffmpegOf(dying)).toHaveLength(1);

    let killedAt = 0;
    const answers: Array<{ at: number; took: number; status: number; playlist: boolean; segments: number }> = [];
    const viewer = async () => {
      const until = () => killedAt !== 0 && Date.now() > killedAt + 12_000;
      while (!until()) {
        const asked = Date.now();
        const response = await fetch(variant);
        const text = await response.text();
        answers.push({ at: asked, took: Date.now() - asked, status: response.status, playlist: !response.redirected && /^#EXTM3U\n[^]*#EXT-X-TARGETDURATION:\d+\n/.test(text), segments: segmentNames(text).length });
        await sleep(1000);
      }
    };
    const viewers = Promise.all(Array.from({ length: VIEWERS }, viewer));
    await sleep(3000);
    killedAt = Date.now();
    await stopServerProcess(dying, "SIGKILL");
    await viewers;

    expect(answers.filter((a) => a.status !== 200 || !a.playlist)).toEqual([]);
    const after = answers.filter((a) => a.at > killedAt);
    expect(after.length).toBeGreaterThanOrEqual(VIEWERS * 5);
    // Every request made after the kill was answered (by the node that took over) within 10 s.
    expect(Math.max(...after.map((a) => a.took))).toBeLessThan(10_000);
    expect(after.every((a) => a.segments > 0)).toBe(true);
    expect(await sessionsOn(taking)).toEqual([CHANNEL]);

    // The survivor holds the leader lock now and has run the Continue builds the dead leader would have run.
    await waitFor(async () => (await leaderPid(database.config.url!)) === taking.child.pid, "the surviving node to take the leader lock", { timeoutMs: 15_000 });
    const continued = async () =>
      Number((await postgresAll<{ n: string }>(database.config.url!, `SELECT COUNT(*) AS "n" FROM "playout_build" WHERE "mode" = 'Continue' AND "success" = TRUE AND "startedAt" >= ?`, [killedAt]))[0]!.n);
    await waitFor(async () => (await continued()) >= 1, "a Continue build after the kill", { timeoutMs: 10_000 });
    expect(await continued()).toBe(1);
    expect(taking.output()).toContain("this node now runs the background jobs");
  }, 90_000);
});
