import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { postgresAll } from "../support/postgres-sql";
import { makeTempDir } from "../support/temp-dir";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { waitFor } from "../support/wait";

const MAIN = path.resolve(__dirname, "../../dist/server/main.js");

interface Node {
  child: ChildProcess;
  url: string;
  stopped: Promise<void>;
}

const nodes: Node[] = [];
let database: TestDatabase;
let url: string;

/** A real Airwave process (`npm start`'s entry point) on the shared PostgreSQL database, with its own data folder. */
async function startNode(): Promise<Node> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does) first`);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, AIRWAVE_DATA_DIR: makeTempDir("airwave-node-"), Server__Port: "0", Server__Host: "127.0.0.1", Playout__RebuildIntervalMinutes: "0", ...database.env };
  const child = spawn(process.execPath, [MAIN], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const stopped = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const nodeUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line: ${output}`)), 30_000);
    child.stdout!.on("data", () => {
      const match = /Airwave is serving (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void stopped.then(() => reject(new Error(`the node exited: ${output}`)));
  });
  const node = { child, url: nodeUrl, stopped };
  nodes.push(node);
  return node;
}

/** The OS process id of the node holding the leader lock, as PostgreSQL sees it (0 when none). */
async function leaderPid(): Promise<number> {
  const rows = await postgresAll<{ name: string }>(
    url,
    `SELECT a.application_name AS "name" FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.objid = 7231002 AND l.granted`,
  );
  return rows.length ? Number(rows[0].name.split(":")[1]) : 0;
}

beforeAll(async () => {
  database = await createTestDatabase(makeTempDir());
  url = database.config.url!;
}, 60_000);

afterAll(async () => {
  for (const node of nodes) if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill("SIGKILL");
  await Promise.all(nodes.map((node) => node.stopped));
  await database?.drop();
});

describe("two Airwave nodes on one PostgreSQL database", () => {
  it("share writes at once, run background builds on one leader, and hand leadership over within 15 s of a SIGKILL, building once", { timeout: 120_000 }, async () => {
    const a = await startNode();
    const b = await startNode();
    expect(await leaderPid()).toBe(a.child.pid);

    // B reads (and caches) the channel list, A adds a channel: B's next list has it (NOTIFY drops B's cache).
    expect((await rawRequest(b.url, "GET", "/api/v1/channels")).json.map((c: { number: string }) => c.number)).toEqual(["1"]);
    const created = await rawRequest(a.url, "POST", "/api/v1/channels", { body: { number: "7", name: "Shared", ffmpegProfileId: 1 } });
    expect(created.status).toBe(201);
    await waitFor(async () => (await rawRequest(b.url, "GET", "/api/v1/channels")).json.length === 2, "node B to list A's channel", { timeoutMs: 5_000 });
    const m3uA = (await rawRequest(a.url, "GET", "/iptv/channels.m3u")).text;
    const m3uB = (await rawRequest(b.url, "GET", "/iptv/channels.m3u")).text;
    expect(m3uB.replaceAll(b.url, "")).toBe(m3uA.replaceAll(a.url, ""));

    // A playout whose Continue builds the leader runs (its content is empty: the builds fail, and are still recorded).
    const playout = await rawRequest(a.url, "POST", "/api/v1/playouts", {
      body: { channelId: created.json.id, kind: "Sequential", definition: "content:\n  - search:\n    query: \"title:nothing-matches-this\"\n    key: none\n    order: chronological\nplayout:\n  - count: 1\n    content: none\n  - repeat: true\n" },
    });
    expect(playout.status, JSON.stringify(playout.json)).toBeLessThan(300);
    const playoutId = playout.json.id as number;
    const continueBuildsSince = async (since: number) =>
      Number((await postgresAll<{ n: string }>(url, `SELECT COUNT(*) AS "n" FROM "playout_build" WHERE "playoutId" = ? AND "mode" = 'Continue' AND "startedAt" >= ?`, [playoutId, since]))[0].n);

    const killedAt = Date.now();
    a.child.kill("SIGKILL");
    await a.stopped;
    await waitFor(async () => (await leaderPid()) === b.child.pid, "node B to take the leader lock", { timeoutMs: 15_000 });
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    await waitFor(async () => (await continueBuildsSince(killedAt)) >= 1, "the new leader's Continue build", { timeoutMs: 10_000 });
    // Once, not twice: nothing else builds (the interval is off, and B built nothing while it followed).
    await rawRequest(b.url, "GET", "/api/v1/channels");
    expect(await continueBuildsSince(killedAt)).toBe(1);
    expect((await rawRequest(b.url, "GET", "/api/v1/channels")).json.map((c: { number: string }) => c.number)).toEqual(["1", "7"]);
  });
});
