/**
 * Copy when compatible, end to end: a channel mixing an item that fits its profile (copied, starting on
 * the keyframe at or before its offset) with one that does not (scaled, so transcoded) plays across the
 * boundaries: timestamps keep rising, each piece starts where it should, segments follow keyframes.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HlsSession } from "../../server/streaming/hls/hls-session";
import type { SessionManager } from "../../server/streaming/session-manager";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffmpegChildren, frameStats, packetTimes, secondOfLuma, waitUntil } from "./support/stream-fixtures";

/** Keyframes of the fitting clip every 3 s: a copy can start only there. */
const GOP_SECONDS = 3;

afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "2" } });
const manager = () => server.services.streaming as SessionManager;
let folder: string;
let fits: string;
let scaled: string;
let profileId: number;

/** A counting clip (luma 40 + 15 × second) with B-frames (x264 veryfast, High profile) and AAC 48 kHz stereo. */
function clip(file: string, seconds: number, cb: number, size: string): void {
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", `color=c=gray:s=${size}:r=25:d=${seconds},format=yuv420p,geq=lum='40+15*floor(T)':cb=${cb}:cr=128`,
    "-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    "-c:v", "libx264", "-preset", "veryfast", "-g", String(25 * GOP_SECONDS), "-keyint_min", String(25 * GOP_SECONDS), "-sc_threshold", "0", "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-ac", "2", "-b:a", "64k", "-shortest", file,
  ], { stdio: ["ignore", "ignore", "pipe"] });
}

beforeAll(async () => {
  folder = makeTempDir("airwave-copy-");
  fits = path.join(folder, "fits.mp4");
  scaled = path.join(folder, "scaled.mp4");
  clip(fits, 12, 90, "160x90");
  clip(scaled, 6, 170, "320x180");
  const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Copy", resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });
  expect(profile.status, profile.text).toBe(201);
  expect(profile.json.copyWhenCompatible).toBe(true);
  profileId = profile.json.id;
}, 60_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function channel(number: string, startedAgoMs: number): Promise<void> {
  const file = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  const programs = [
    { title: "Fits", duration: 12_000, file: fits },
    { title: "Scaled", duration: 6000, file: scaled },
    { title: "Fits again", duration: 12_000, file: fits },
    { title: "Night", duration: 600_000, isOffline: true },
  ];
  fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - startedAgoMs).toISOString(), programs }));
  const created = await api.post("/api/v1/channels", { name: `Copy ${number}`, number, ffmpegProfileId: profileId, streamingMode: "HttpLiveStreamingSegmenter" });
  expect(created.status, created.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: created.json.id, kind: "ExternalJson", scheduleFile: file });
  expect(playout.status, playout.text).toBe(201);
}

describe("copy when compatible (real FFmpeg)", () => {
  it("copies the fitting item from the keyframe before its offset, transcodes the scaled one, and plays across both boundaries", async () => {
    await channel("70", 4500);
    const master = await api.get("/iptv/channel/70.m3u8?mode=segmenter");
    expect(master.status, master.text).toBe(200);
    const session = manager().find("70") as HlsSession;
    // A viewer keeps reading the playlist as a player does, so the 2 s idle timeout does not end the session on a slow machine.
    const keepWatching = setInterval(() => void api.get("/iptv/session/70/hls.m3u8").catch(() => undefined), 500);
    // The burst runs the three items (≈ 26 s of programme) well ahead of real time.
    await waitUntil(() => session.runs.filter((r) => r.endedAt !== undefined).length >= 3, 40_000, "three pieces").finally(() => clearInterval(keepWatching));
    const [first, second, third] = session.runs;

    // ≈ 4.5 s into the fitting item: the copy starts on the 3 s keyframe, that much early (tolerance: one GOP).
    expect(first).toMatchObject({ title: "fits.mp4", seekMs: 3000, video: { mode: "copy" }, audio: { mode: "copy" }, exitCode: 0 });
    const planned = first!.seekMs + first!.earlyMs!;
    expect(planned).toBeGreaterThanOrEqual(4500);
    expect(planned).toBeLessThan(6000);
    expect(second).toMatchObject({ title: "scaled.mp4", seekMs: 0, video: { mode: "transcode", reason: "scaling 320x180 to 160x90" }, audio: { mode: "copy" }, exitCode: 0 });
    expect(third).toMatchObject({ title: "fits.mp4", seekMs: 0, earlyMs: 0, video: { mode: "copy" }, exitCode: 0 });
    // The schedule is kept: each piece lasts its wall-clock span.
    expect(second!.wallStart).toBe(first!.wallStart + 12_000 - planned);
    expect(third!.wallStart).toBe(second!.wallStart + 6000);

    // The decision, per piece, in /api/v1/sessions.
    const sessions = await api.get("/api/v1/sessions");
    const listed = sessions.json.find((s: { channelNumber: string }) => s.channelNumber === "70");
    expect(listed.nowPlaying).toMatchObject({ kind: "media", title: "fits.mp4", video: { mode: "copy", reason: expect.stringMatching(/fits the profile/) }, audio: { mode: "copy" }, earlyMs: first!.earlyMs });
    expect(listed).not.toHaveProperty("acceleration"); // no failing hardware (REST omits nulls)

    // Each piece's first picture: second 3 of the fitting clip (4.5 − 1.5), then second 0 of each next item.
    const firstSegmentOf = (run: typeof first) => session.segments.find((s) => s.wallStart === run!.wallStart)!;
    const starts = await Promise.all([first, second, third].map((run) => frameStats(session.file(firstSegmentOf(run).number))));
    expect(starts.map((f) => secondOfLuma(f.topLuma))).toEqual([3, 0, 0]);
    expect(starts.map((f) => (f.cb > 130 ? "scaled" : "fits"))).toEqual(["fits", "scaled", "fits"]);

    // Segments of copied pieces follow the source's keyframes (3 s), except each piece's last one; the
    // playlist's target duration covers the longest segment it lists.
    for (const run of [first, third]) {
      const own = session.segments.filter((s) => s.wallStart >= run!.wallStart && s.wallStart < run!.wallStart + run!.durationMs);
      for (const s of own.slice(0, -1)) expect(Math.abs(s.durationMs - Math.round(s.durationMs / 3000) * 3000), `segment ${s.number}: ${s.durationMs} ms`).toBeLessThanOrEqual(50);
    }
    const playlist = await api.get("/iptv/session/70/hls.m3u8");
    const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist.text)![1]);
    for (const [, d] of playlist.text.matchAll(/#EXTINF:([\d.]+)/g)) expect(Math.round(Number(d))).toBeLessThanOrEqual(target);

    // Timestamps rise across all three pieces, as a hybrid MPEG-TS viewer reads them back to back.
    const joined = path.join(folder, "joined.ts");
    fs.writeFileSync(joined, Buffer.concat(session.segments.filter((s) => s.wallStart < third!.wallStart + third!.durationMs).map((s) => fs.readFileSync(session.file(s.number)))));
    for (const kind of ["v", "a"] as const) {
      const dts = await packetTimes(joined, kind);
      expect(dts.length).toBeGreaterThan(100);
      const backwards = dts.findIndex((t, i) => i > 0 && t <= dts[i - 1]!);
      expect(backwards, `${kind} DTS ${dts[backwards - 1]} then ${dts[backwards]}`).toBe(-1);
    }
    await manager().stopChannel("70");
  }, 90_000);
});
