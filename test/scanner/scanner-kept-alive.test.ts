import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scanAndWait } from "../support/library-scan";
import { makeVideo } from "../support/media-fixtures";
import { isRunning as alive } from "../support/process-alive";
import { makeTempDir, useTestServer, withTestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

const fixture = useTestServer();
const { server, api } = fixture;
let root: string;
let master: string;
let libraryId: number;

function addClip(name: string): void {
  fs.copyFileSync(master, path.join(root, "clips", `${name}.mkv`));
}

beforeAll(async () => {
  root = makeTempDir("airwave-kept-scanner-");
  master = path.join(root, "master.mkv");
  makeVideo(master, { seconds: 1 });
  fs.mkdirSync(path.join(root, "clips"));
  addClip("Clip 1");
  addClip("Clip 2");
  libraryId = (await api.post("/api/v1/libraries", { name: "Clips", kind: "OtherVideos", paths: [path.join(root, "clips")] })).json.id;
});

describe("the scanner child kept between scans", () => {
  let firstChild: number;

  it("runs the next scan in the same child, which sees what changed since", async () => {
    expect(server.scans.scannerProcessIds()).toEqual([]);
    const first = await scanAndWait(api, libraryId);
    expect(first.lastScanMessage).toMatch(/^2 probed, 0 unchanged/);
    const kept = server.scans.scannerProcessIds();
    expect(kept).toHaveLength(1);
    firstChild = kept[0]!;
    expect(alive(firstChild)).toBe(true);

    addClip("Clip 3");
    const second = await scanAndWait(api, libraryId);
    expect(second.lastScanSuccess).toBe(true);
    expect(second.lastScanMessage).toMatch(/^1 probed, 2 unchanged, 0 trashed/);
    expect(server.scans.scannerProcessIds()).toEqual([firstChild]);

    fs.rmSync(path.join(root, "clips", "Clip 1.mkv"));
    const third = await scanAndWait(api, libraryId);
    expect(third.lastScanMessage).toMatch(/^0 probed, 2 unchanged, 1 trashed/);
    expect(server.scans.scannerProcessIds()).toEqual([firstChild]);
  });

  it("replaces a child that was killed while it waited: the next scan runs in a new one", async () => {
    process.kill(firstChild, "SIGKILL");
    await waitFor(() => server.scans.scannerProcessIds().length === 0, "the killed scanner to be forgotten");
    const next = await scanAndWait(api, libraryId);
    expect(next.lastScanSuccess).toBe(true);
    expect(next.lastScanMessage).toMatch(/^0 probed, 2 unchanged, 0 trashed/);
    const kept = server.scans.scannerProcessIds();
    expect(kept).toHaveLength(1);
    expect(kept[0]).not.toBe(firstChild);
    firstChild = kept[0]!;
  });

  it("stops the waiting child when the server shuts down", async () => {
    expect(alive(firstChild)).toBe(true);
    await fixture.stop();
    expect(alive(firstChild)).toBe(false);
  });
});

describe("Scanner:KeepAliveSeconds", () => {
  it("stops a child that waited that long for the next scan", async () => {
    await withTestServer({ env: { Scanner__KeepAliveSeconds: "1" } }, async (short, client) => {
      const id = (await client.post("/api/v1/libraries", { name: "Clips", kind: "OtherVideos", paths: [path.join(root, "clips")] })).json.id;
      expect((await scanAndWait(client, id)).lastScanMessage).toMatch(/^2 probed/);
      const [pid] = short.scans.scannerProcessIds();
      expect(pid).toBeGreaterThan(0);
      await waitFor(() => short.scans.scannerProcessIds().length === 0, "the idle scanner to be stopped", { timeoutMs: 15_000 });
      expect(alive(pid!)).toBe(false);
    });
  });

  it("0 starts a child for each scan, gone when the scan ends", async () => {
    await withTestServer({ env: { Scanner__KeepAliveSeconds: "0" } }, async (each, client) => {
      const id = (await client.post("/api/v1/libraries", { name: "Clips", kind: "OtherVideos", paths: [path.join(root, "clips")] })).json.id;
      expect((await scanAndWait(client, id)).lastScanMessage).toMatch(/^2 probed/);
      await waitFor(() => each.scans.scannerProcessIds().length === 0, "the scanner to end with its scan");
    });
  });
});
