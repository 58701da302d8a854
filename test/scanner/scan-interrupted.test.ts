import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { sqlAll } from "../support/sqlite";
import { makeVideo } from "../support/media-fixtures";
import { makeTempDir, useTestServer } from "../support/test-server";
import { waitForScanEnd } from "../support/library-scan";
import { waitFor } from "../support/wait";

const query = <T>(file: string, sql: string) => sqlAll<T>(file, sql);

const FILES = 40;
let root: string;
let slowProbe: string;

beforeAll(async () => {
  root = makeTempDir("airwave-slow-library-");
  const master = path.join(root, "master.mkv");
  makeVideo(master, { seconds: 1 });
  for (let i = 0; i < FILES; i++) {
    const name = `Movie ${String(i).padStart(2, "0")} (2000)`;
    fs.mkdirSync(path.join(root, "movies", name), { recursive: true });
    fs.copyFileSync(master, path.join(root, "movies", name, `${name}.mkv`));
  }
  // A probe that takes a while, so the scan can be killed half-way.
  slowProbe = path.join(root, "slow-ffprobe.sh");
  fs.writeFileSync(slowProbe, '#!/bin/sh\nsleep 0.15\nexec ffprobe "$@"\n', { mode: 0o755 });
});
const { server, api } = useTestServer({ env: () => ({ FFmpeg__ProbePath: slowProbe }) });


describe("a scanner killed mid-scan", () => {
  it("leaves the library consistent, marks the scan failed, and the next scan completes", async () => {
    const id = (await api.post("/api/v1/libraries", { name: "Slow", kind: "Movies", paths: [path.join(root, "movies")] })).json.id;
    expect((await api.post(`/api/v1/libraries/${id}/scan`)).status).toBe(200);
    const dbFile = path.join(server.dataDir, DATABASE_FILE);
    // Wait until the first batch (25 slow probes: long on a loaded machine) has been written, then kill the child.
    await waitFor(async () => (await query<{ n: number }>(dbFile, "SELECT COUNT(*) AS n FROM media_item"))[0]!.n > 0, "the first batch of items", { timeoutMs: 60_000 });
    const pid = server.scans.processId(id);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, "SIGKILL");
    const failed = await waitForScanEnd(api, id);
    expect(failed.lastScanSuccess).toBe(false);
    expect(failed.lastScanMessage).toMatch(/stopped \(SIGKILL\)/);
    expect(failed.lastScan).toBeUndefined();

    const [{ n: partial }] = await query<{ n: number }>(dbFile, "SELECT COUNT(*) AS n FROM media_item");
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(FILES);
    // Every item that exists is whole: one version, with its streams.
    const incomplete = await query(dbFile, `SELECT mi.id FROM media_item mi LEFT JOIN media_version v ON v.mediaItemId = mi.id
      WHERE v.id IS NULL OR NOT EXISTS (SELECT 1 FROM media_stream s WHERE s.mediaVersionId = v.id)`);
    expect(incomplete).toEqual([]);
    expect(await query(dbFile, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);

    expect((await api.post(`/api/v1/libraries/${id}/scan`)).status).toBe(200);
    const done = await waitForScanEnd(api, id);
    expect(done.lastScanSuccess).toBe(true);
    expect(done.lastScanMessage).toMatch(new RegExp(`^${FILES - partial} probed, ${partial} unchanged`));
    expect((await api.get(`/api/v1/media/items?libraryId=${id}&pageSize=100`)).json.totalCount).toBe(FILES);
  }, 150_000);
});
