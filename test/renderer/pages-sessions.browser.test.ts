import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { docsScreenshot, useBrowserPage } from "../support/browser";
import { useTempDir, useTestServer } from "../support/test-server";
import { makeCountingClip, openStream } from "../streaming/support/stream-fixtures";

const PLAYER = "airwave-test-player/1.0";

describe("the live sessions page in a real browser", () => {
  const { server, api } = useTestServer();
  const media = useTempDir("airwave-sessions-page-");
  const tab = useBrowserPage({ viewport: { width: 1280, height: 720 } });
  const number = "41";

  beforeAll(async () => {
    const clip = path.join(media.path, "counting-clip.mkv");
    makeCountingClip(clip, 10, 128);
    // Channel files are read only from the data folder's playouts/ folder.
    fs.mkdirSync(path.join(server.dataDir, "playouts"), { recursive: true });
    const schedule = path.join(server.dataDir, "playouts", "channel.json");
    const programs = Array.from({ length: 40 }, (_, i) => ({ title: `Loop ${i}`, duration: 10_000, file: clip }));
    fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(Date.now() - 2000).toISOString(), programs }));
    const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Tiny", resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });
    expect(profile.status, profile.text).toBe(201);
    const channel = await api.post("/api/v1/channels", { name: "Loop channel", number, ffmpegProfileId: profile.json.id, streamingMode: "TransportStreamHybrid" });
    expect(channel.status, channel.text).toBe(201);
    const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: schedule });
    expect(playout.status, playout.text).toBe(201);
  }, 60_000);

  it("shows a session while a client reads the stream (viewer, piece, speed), and it goes away after Stop", { timeout: 90_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL("/sessions", server.url).href);
    await page.getByText("Nothing is being streamed right now.").waitFor();

    const stream = await openStream(`${server.url}/iptv/channel/${number}.ts`, { "user-agent": PLAYER });
    try {
      expect(stream.status).toBe(200);
      await stream.waitForBytes(50_000, 30_000);
      // The page refreshes by itself (every 2 s): no reload.
      const row = page.getByRole("row", { name: `Channel ${number}` });
      await row.waitFor({ timeout: 10_000 });
      await expect.poll(() => row.innerText(), { timeout: 10_000 }).toMatch(/×\d+\.\d\d/);
      const text = await row.innerText();
      expect(text).toContain("Loop channel");
      expect(text).toContain("Shared (HLS + MPEG-TS)");
      expect(text).toMatch(new RegExp(`127\\.0\\.0\\.1 · MPEG-TS · ${PLAYER.replace(/[./]/g, "\\$&")}`));
      // The clip is copied from the keyframe at or before the offset: the piece keeps its schedule, so a
      // start up to one GOP early shortens what is left of it (00:00:09 rather than 00:00:10).
      expect(text).toMatch(/counting-clip\.mkv\s+at 00:00:\d\d of 00:00:(09|10)/);
      // The clip's video fits the profile and is copied; its mono audio is not the profile's stereo, so it is transcoded.
      expect(text).toMatch(/video: copy, audio: transcode/);
      await docsScreenshot(page, "sessions-page");

      const listed = (await api.get("/api/v1/sessions")).json;
      expect(listed).toMatchObject([{ channelNumber: number, channelName: "Loop channel", mode: "segmenter", viewers: 1, viewerList: [{ kind: "mpegts", address: "127.0.0.1", userAgent: PLAYER }], nowPlaying: { kind: "media", title: "counting-clip.mkv" }, restarts: 0 }]);

      await page.getByRole("button", { name: `Stop channel ${number}` }).click();
      await row.waitFor({ state: "detached", timeout: 15_000 });
      await expect.poll(async () => (await api.get("/api/v1/sessions")).json, { timeout: 10_000 }).toEqual([]);
    } finally {
      stream.close();
    }
    expect(tab.pageErrors).toEqual([]);
  });
});
