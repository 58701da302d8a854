import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { startPostgresCluster, type PostgresCluster } from "../support/postgres-cluster";
import { leaderPid, startServerProcess, stopServerProcess, type ServerProcess } from "../support/server-process";
import { waitFor } from "../support/wait";

/**
 * Two nodes come back by themselves when PostgreSQL restarts: the cluster link reconnects, a leader is
 * elected again, and changes reach the other node's caches. On a cluster of its own (the run's shared
 * cluster serves every other test file at the same time).
 */
const DATABASE = "airwave_restart";
let cluster: PostgresCluster;
let url: string;
const nodes: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  cluster.createDatabase(DATABASE);
  url = `${cluster.baseUrl}/${DATABASE}`;
}, 60_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => stopServerProcess(node, "SIGKILL")));
  cluster?.stop();
});

async function startNode(): Promise<ServerProcess> {
  const node = await startServerProcess({ Playout__RebuildIntervalMinutes: "0", Database__Type: "postgres", Database__Url: url });
  nodes.push(node);
  return node;
}

const channelNumbers = async (node: ServerProcess) => (await rawRequest(node.url, "GET", "/api/v1/channels")).json.map?.((c: { number: string }) => c.number);

describe("two nodes when PostgreSQL restarts", () => {
  it("keep a leader and propagate a change after pg_ctl restart", { timeout: 120_000 }, async () => {
    const a = await startNode();
    await waitFor(async () => (await leaderPid(url)) === a.child.pid, "node A to take the leader lock", { timeoutMs: 10_000 });
    const b = await startNode();
    // B caches the channel list; only a notification (or a reconnection) drops that cache.
    expect(await channelNumbers(b)).toEqual(["1"]);

    cluster.restart();

    const leader = await waitFor(async () => {
      const pid = await leaderPid(url).catch(() => 0);
      return pid === a.child.pid || pid === b.child.pid ? pid : undefined;
    }, "a node to lead again", { timeoutMs: 30_000 });
    expect([a.child.pid, b.child.pid]).toContain(leader);

    const created = await waitFor(async () => {
      const response = await rawRequest(a.url, "POST", "/api/v1/channels", { body: { number: "7", name: "After restart", ffmpegProfileId: 1 } });
      return response.status === 201 ? response : undefined;
    }, "node A to write again", { timeoutMs: 15_000 });
    expect(created.json.number).toBe("7");
    await waitFor(async () => (await channelNumbers(b))?.length === 2, "node B to list the channel A added after the restart", { timeoutMs: 10_000 });
    expect(await channelNumbers(b)).toEqual(["1", "7"]);
    expect(a.output() + b.output()).toMatch(/cluster link was lost; reconnecting/);
  });

  it("GET /health while PostgreSQL is down says so without host, port, user or database names, and is ready again after", { timeout: 60_000 }, async () => {
    const node = nodes[0]!;
    cluster.halt();
    try {
      const health = await waitFor(async () => {
        const response = await rawRequest(node.url, "GET", "/health");
        return response.status === 503 ? response : undefined;
      }, "/health to answer 503", { timeoutMs: 15_000 });
      expect(health.json).toEqual({ status: "not ready", reason: "database not reachable" });
      for (const secret of [cluster.user, "127.0.0.1", String(cluster.port), DATABASE, "ECONNREFUSED"]) expect(health.text).not.toContain(secret);
    } finally {
      cluster.resume();
    }
    await waitFor(async () => (await rawRequest(node.url, "GET", "/health")).status === 200, "/health to be ready again", { timeoutMs: 20_000 });
  });
});
