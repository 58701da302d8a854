import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { postgresAll } from "../support/postgres-sql";
import { leaderPid, startServerProcess, stopServerProcess, type ServerProcess } from "../support/server-process";
import { makeTempDir } from "../support/temp-dir";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { waitFor } from "../support/wait";

const nodes: ServerProcess[] = [];
let database: TestDatabase;
let url: string;

/** A real Airwave process on the shared PostgreSQL database, with its own data folder. */
async function startNode(): Promise<ServerProcess> {
  const node = await startServerProcess({ Playout__RebuildIntervalMinutes: "0", ...database.env });
  nodes.push(node);
  return node;
}

beforeAll(async () => {
  database = await createTestDatabase(makeTempDir());
  url = database.config.url!;
}, 60_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => stopServerProcess(node, "SIGKILL")));
  await database?.drop();
});

describe("two Airwave nodes on one PostgreSQL database", () => {
  it("share writes at once, run background builds on one leader, and hand leadership over within 15 s of a SIGKILL, building once", { timeout: 120_000 }, async () => {
    const a = await startNode();
    // The first node takes the leader lock on its first try; B starts once it holds it (a busy machine may delay that try).
    await waitFor(async () => (await leaderPid(url)) === a.child.pid, "node A to take the leader lock", { timeoutMs: 10_000 });
    const b = await startNode();
    expect(await leaderPid(url)).toBe(a.child.pid);

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
    await stopServerProcess(a, "SIGKILL");
    await waitFor(async () => (await leaderPid(url)) === b.child.pid, "node B to take the leader lock", { timeoutMs: 15_000 });
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    await waitFor(async () => (await continueBuildsSince(killedAt)) >= 1, "the new leader's Continue build", { timeoutMs: 10_000 });
    // Once, not twice: nothing else builds (the interval is off, and B built nothing while it followed).
    await rawRequest(b.url, "GET", "/api/v1/channels");
    expect(await continueBuildsSince(killedAt)).toBe(1);
    expect((await rawRequest(b.url, "GET", "/api/v1/channels")).json.map((c: { number: string }) => c.number)).toEqual(["1", "7"]);
  });
});
