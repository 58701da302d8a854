import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_PLAYLIST_CACHE_CONTROL, SEGMENT_CACHE_CONTROL } from "../../server/iptv/stream-routes";
import type { HlsSession } from "../../server/streaming/hls/hls-session";
import type { SessionManager } from "../../server/streaming/session-manager";
import { startNginx, type NginxServer } from "../support/nginx-server";
import { makeTempDir, useTestServer } from "../support/test-server";
import { createHlsChannel, segmentNames } from "./support/hls-channel";
import { ffmpegChildren, makeCountingClip, sleep, waitUntil } from "../streaming/support/stream-fixtures";

const VIEWERS = 50;
const WATCH_MS = 14_000;

// Registered first, so it runs once the server has stopped: no FFmpeg outlives it.
afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "5" } });
let nginx: NginxServer | undefined;
let folder: string;
const CHANNEL = "71";

beforeAll(async () => {
  folder = makeTempDir("airwave-fan-out-");
  const clip = path.join(folder, "clip.mkv");
  makeCountingClip(clip, 10, 90);
  await createHlsChannel(api, path.join(server.dataDir, "playouts"), CHANNEL, clip);
  nginx = await startNginx([`127.0.0.1:${server.port}`]);
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("HLS behind nginx (real FFmpeg, real nginx)", () => {
  it("segments have immutable, cacheable names; the media playlist lives one second", async () => {
    const master = await api.get(`/iptv/channel/${CHANNEL}.m3u8?mode=segmenter`);
    expect(master.status, master.text).toBe(200);
    const playlist = await api.get(`/iptv/session/${CHANNEL}/hls.m3u8`);
    expect(playlist.status, playlist.text).toBe(200);
    expect(playlist.headers["cache-control"]).toBe(LIVE_PLAYLIST_CACHE_CONTROL);
    const [first] = segmentNames(playlist.text);
    expect(first).toMatch(/^live\d{6}-[a-z0-9]+-0\.ts$/);
    const segment = await api.get(`/iptv/session/${CHANNEL}/${first}`);
    expect(segment.status).toBe(200);
    expect(segment.headers["cache-control"]).toBe(SEGMENT_CACHE_CONTROL);
    expect(SEGMENT_CACHE_CONTROL).toMatch(/^public, max-age=\d+, immutable$/);
    // The bare file name still plays, but says nothing about its content lasting; a stale tag is gone.
    const bare = await api.get(`/iptv/session/${CHANNEL}/${first!.replace(/-[a-z0-9-]+\.ts$/, ".ts")}`);
    expect(bare.status).toBe(200);
    expect(bare.headers["cache-control"]).toBe("no-cache");
    const stale = await api.get(`/iptv/session/${CHANNEL}/${first!.replace(/-\d+\.ts$/, "-9.ts")}`);
    expect(stale.status).toBe(404);
  }, 40_000);

  it(`${VIEWERS} concurrent viewers through nginx: Airwave serves each segment once`, async () => {
    const base = nginx!.url;
    const master = await fetch(`${base}/iptv/channel/${CHANNEL}.m3u8?mode=segmenter`);
    expect(master.status).toBe(200);
    const variant = (await master.text()).split("\n").find((line) => line.includes("/hls.m3u8"))!;
    expect(variant.startsWith(`${base}/iptv/session/${CHANNEL}/hls.m3u8`), variant).toBe(true);
    const session = (server.services.streaming as SessionManager).find(CHANNEL) as HlsSession;
    // Count, on the Airwave side, every segment request that reaches the session (nginx hits never do).
    const served = new Map<string, number>();
    const segmentFile = session.segmentFile.bind(session);
    session.segmentFile = (name: string) => (served.set(name, (served.get(name) ?? 0) + 1), segmentFile(name));

    const viewer = async () => {
      const fetched = new Set<string>();
      let playlists = 0;
      const until = Date.now() + WATCH_MS;
      while (Date.now() < until) {
        const response = await fetch(variant);
        const text = await response.text();
        expect(response.status, text).toBe(200);
        expect(text).toMatch(/^#EXTM3U\n#EXT-X-VERSION:\d+\n#EXT-X-TARGETDURATION:\d+\n#EXT-X-MEDIA-SEQUENCE:\d+\n/);
        playlists++;
        for (const name of segmentNames(text)) {
          if (fetched.has(name)) continue;
          const segment = await fetch(new URL(name, variant));
          const body = Buffer.from(await segment.arrayBuffer());
          expect(segment.status).toBe(200);
          expect(segment.headers.get("cache-control")).toBe(SEGMENT_CACHE_CONTROL);
          expect(body.length % 188, name).toBe(0);
          expect(body[0], name).toBe(0x47); // MPEG-TS sync byte
          fetched.add(name);
        }
        await sleep(1000);
      }
      return { playlists, fetched };
    };
    const results = await Promise.all(Array.from({ length: VIEWERS }, viewer));

    const allSegments = new Set(results.flatMap((r) => [...r.fetched]));
    expect(allSegments.size).toBeGreaterThanOrEqual(3);
    for (const r of results) expect(r.playlists).toBeGreaterThanOrEqual(5);
    expect([...served.keys()].sort()).toEqual([...allSegments].sort());
    expect(Object.fromEntries([...served].filter(([, count]) => count !== 1))).toEqual({});
    // nginx's own log agrees: it served every viewer's segment requests, many times what Airwave saw.
    const viewerRequests = results.reduce((sum, r) => sum + r.fetched.size, 0);
    expect(viewerRequests).toBeGreaterThanOrEqual(allSegments.size * VIEWERS * 0.9);
    await waitUntil(() => nginx!.accessLog().filter((l) => /\/live\d{6}-/.test(l)).length >= viewerRequests, 5000, "nginx logs every segment request");
  }, 60_000);
});
