import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionManager } from "../../server/streaming/session-manager";
import { apiClient } from "../support/http";
import { startNginx, type NginxServer } from "../support/nginx-server";
import { disposeTestServer, makeTempDir, startTestServer, type TestServer } from "../support/test-server";
import { createHlsChannel, segmentNames } from "./support/hls-channel";
import { ffmpegChildren, makeCountingClip, sleep } from "../streaming/support/stream-fixtures";

const CHANNEL = "72";
const VIEWERS = 5;

// Registered first, so it runs once the servers have stopped: no FFmpeg outlives them.
afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const nodes: TestServer[] = [];
let nginx: NginxServer | undefined;

beforeAll(async () => {
  const clip = path.join(makeTempDir("airwave-failover-"), "clip.mkv");
  makeCountingClip(clip, 10, 90);
  // Two nodes with the same channel (each on its own SQLite file: the shared database is not what this tests).
  for (let i = 0; i < 2; i++) {
    const node = await startTestServer({ env: { Streaming__IdleTimeoutSeconds: "5" } });
    nodes.push(node);
    await createHlsChannel(apiClient(node.url), node.dataDir, CHANNEL, clip);
  }
  nginx = await startNginx(nodes.map((n) => `127.0.0.1:${n.port}`));
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  for (const node of nodes) await disposeTestServer(node);
});

const sessionOn = (node: TestServer) => (node.services.streaming as SessionManager).find(CHANNEL);

describe("a node behind nginx goes down (real FFmpeg, real nginx)", () => {
  it("the channel's viewers are answered by the other node within 10 s, with a playlist, never an error", async () => {
    const master = await fetch(`${nginx!.url}/iptv/channel/${CHANNEL}.m3u8?mode=segmenter`);
    expect(master.status).toBe(200);
    const variant = (await master.text()).split("\n").find((line) => line.includes("/hls.m3u8"))!;
    const serving = nodes.findIndex((n) => sessionOn(n) !== undefined);
    expect(serving).toBeGreaterThanOrEqual(0);
    const [dying, taking] = [nodes[serving]!, nodes[1 - serving]!];
    expect(sessionOn(taking)).toBeUndefined();

    let stoppedAt = 0;
    const answers: Array<{ at: number; took: number; status: number; playlist: boolean; segments: number }> = [];
    const viewer = async () => {
      const until = () => stoppedAt !== 0 && Date.now() > stoppedAt + 12_000;
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
    stoppedAt = Date.now();
    await dying.stop();
    await viewers;

    expect(answers.filter((a) => a.status !== 200 || !a.playlist)).toEqual([]);
    expect(sessionOn(taking)).toBeDefined();
    const after = answers.filter((a) => a.at > stoppedAt);
    expect(after.length).toBeGreaterThanOrEqual(VIEWERS * 5);
    // Every request made after the stop was answered (by the node that took over) within 10 s.
    expect(Math.max(...after.map((a) => a.took))).toBeLessThan(10_000);
    expect(after.every((a) => a.segments > 0)).toBe(true);
  }, 60_000);
});
