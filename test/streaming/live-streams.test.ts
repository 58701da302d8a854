import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HlsSession } from "../../server/streaming/hls/hls-session";
import type { SessionManager } from "../../server/streaming/session-manager";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffmpegChildren, ffprobeJson, frameStats, makeCountingClip, openStream, packetTimes, secondOfLuma, sleep, waitUntil } from "./support/stream-fixtures";

const CB_A = 90;
const CB_B = 170;
// Registered first, so it runs once the server has stopped: no FFmpeg outlives it.
afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "1" } });
let folder: string;
let profileId: number;
let channelNumber = 40;
let clipA: string;
let clipB: string;

const manager = () => server.services.streaming as SessionManager;

interface Timeline {
  number: string;
  /** Wall-clock start of each programme. */
  starts: number[];
}

/**
 * A channel whose ExternalJson timeline started `startedAgoMs` ago: clip A (8 s), an offline gap (3 s),
 * clip B (6 s), clip C (6 s, deleted after the build: it is missing when played), then offline.
 */
async function channelWithTimeline(startedAgoMs: number, streamingMode = "TransportStreamHybrid"): Promise<Timeline> {
  const number = String(channelNumber++);
  const start = Date.now() - startedAgoMs;
  const clipC = path.join(folder, `c-${number}.mkv`);
  fs.copyFileSync(clipB, clipC);
  const durations = [8000, 3000, 6000, 6000, 600_000];
  // Channel files are read only from the data folder's playouts/ (or the scripts folder); the clips may be anywhere.
  const file = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      startTime: new Date(start).toISOString(),
      programs: [
        { title: "A", duration: durations[0], file: clipA },
        { title: "Gap", duration: durations[1], isOffline: true },
        { title: "B", duration: durations[2], file: clipB },
        { title: "C", duration: durations[3], file: clipC },
        { title: "Night", duration: durations[4], isOffline: true },
      ],
    }),
  );
  const channel = await api.post("/api/v1/channels", { name: `Stream ${number}`, number, ffmpegProfileId: profileId, streamingMode });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
  expect(playout.status, playout.text).toBe(201);
  fs.rmSync(clipC);
  const starts: number[] = [];
  durations.reduce((at, d) => (starts.push(at), at + d), start);
  return { number, starts };
}

beforeAll(async () => {
  folder = makeTempDir("airwave-streams-");
  clipA = path.join(folder, "a.mkv");
  clipB = path.join(folder, "b.mkv");
  makeCountingClip(clipA, 8, CB_A);
  makeCountingClip(clipB, 6, CB_B);
  // The clips fit this profile; these tests follow the transcoding path (copy-when-compatible.test.ts covers copying).
  const profile = await api.post("/api/v1/ffmpeg/profiles", {
    name: "Tiny",
    copyWhenCompatible: false,
    resolution: { width: 160, height: 90 },
    videoBitrate: 300,
    videoBufferSize: 600,
    audioBitrate: 64,
    audioBufferSize: 128,
    deinterlaceVideo: false,
  });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
}, 60_000);

afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Segments of the running session, for reading its output back. */
function sessionOf(number: string): HlsSession {
  const session = manager().find(number) as HlsSession | undefined;
  if (!session) throw new Error(`no session for channel ${number}`);
  return session;
}

/** The session's frame at wall time `at`, measured (from the segment that covers it). */
async function frameAt(session: HlsSession, at: number) {
  const segment = session.segments.find((s) => s.wallStart <= at && at < s.wallStart + s.durationMs);
  if (!segment) throw new Error(`no segment covers ${new Date(at).toISOString()}`);
  return frameStats(session.file(segment.number), (at - segment.wallStart) / 1000);
}

describe("live streams (real FFmpeg)", () => {
  it("an HLS session: master playlist → session playlist → segments in the profile's format; ffprobe reads it", async () => {
    const { number, starts } = await channelWithTimeline(2000);
    const master = await api.get(`/iptv/channel/${number}.m3u8?mode=segmenter`);
    expect(master.status, master.text).toBe(200);
    expect(master.headers["content-type"]).toMatch(/application\/vnd\.apple\.mpegurl/);
    expect(master.text).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=160x90,CODECS="avc1\.4D4028,mp4a\.40\.2"/);
    const variant = master.text.split("\n").find((l) => l.startsWith("http"))!;
    expect(variant).toMatch(new RegExp(`^http://[^/]+/iptv/session/${number}/hls\\.m3u8$`));

    const media = await api.get(`/iptv/session/${number}/hls.m3u8`);
    expect(media.status).toBe(200);
    expect(media.text).toMatch(/#EXT-X-TARGETDURATION:4\n/);
    expect(media.text).toMatch(/#EXT-X-PROGRAM-DATE-TIME:\d{4}-\d\d-\d\dT/);
    const segmentName = media.text.split("\n").find((l) => /^live\d{6}-[a-z0-9-]+\.ts$/.test(l))!;
    const segment = await api.get(`/iptv/session/${number}/${segmentName}`);
    expect(segment.status).toBe(200);
    expect(segment.headers["content-type"]).toBe("video/mp2t");

    const probe = await ffprobeJson(`${server.url}/iptv/session/${number}/hls.m3u8`);
    const video = probe.streams.find((s: any) => s.codec_type === "video");
    const audio = probe.streams.find((s: any) => s.codec_type === "audio");
    expect(video).toMatchObject({ codec_name: "h264", width: 160, height: 90 });
    expect(audio).toMatchObject({ codec_name: "aac", sample_rate: "48000", channels: 2 });

    // A quick start: two half-second segments, then 4 s (two 2 s GOPs) except where a piece ends; none is lost
    // although FFmpeg's playlist of the first run lists only its newest segment.
    const session = sessionOf(number);
    await waitUntil(() => session.segments.length >= 4, 20_000, "four segments");
    const [first, second, third] = session.segments;
    for (const short of [first!, second!]) expect(short.durationMs).toBeGreaterThan(400), expect(short.durationMs).toBeLessThanOrEqual(600);
    // 4 s, or shorter when item A ends inside it (a loaded machine sets the channel up late into A): then it ends there.
    const thirdEnd = third!.wallStart + third!.durationMs;
    if (Math.abs(thirdEnd - starts[1]!) > 250) expect(third!.durationMs).toBeGreaterThan(3500);
    expect(third!.durationMs).toBeLessThanOrEqual(4100);
    session.segments.slice(1).forEach((s, i) => expect(s.number).toBe(session.segments[i]!.number + 1));
    expect(second!.wallStart).toBe(first!.wallStart + first!.durationMs);
    expect(third!.wallStart).toBe(second!.wallStart + second!.durationMs);
    await manager().stopChannel(number);
  }, 60_000);

  it("a TS viewer joining mid-item starts at the right offset; item boundary, gap and missing file play on with monotonic timestamps", async () => {
    const timeline = await channelWithTimeline(3500);
    const requestedAt = Date.now();
    const viewer = await openStream(`${server.url}/iptv/channel/${timeline.number}.ts`);
    expect(viewer.status).toBe(200);
    expect(viewer.headers["content-type"]).toBe("video/mp2t");
    await viewer.waitForBytes(60_000);
    // The viewer stays connected (so the session stays up) while its first bytes are examined.
    const captured = path.join(folder, `viewer-${timeline.number}.ts`);
    fs.writeFileSync(captured, viewer.bytes());

    const probe = await ffprobeJson(captured);
    expect(probe.streams.find((s: any) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 160, height: 90 });
    expect(probe.streams.find((s: any) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac" });

    // The first frame is clip A at (request time − item start), within a second.
    const first = await frameStats(captured);
    expect(Math.abs(first.cb - CB_A)).toBeLessThan(12);
    const expectedSecond = (requestedAt - timeline.starts[0]!) / 1000;
    expect(Math.abs(secondOfLuma(first.topLuma) - expectedSecond)).toBeLessThanOrEqual(1);

    // The session bursts ahead: wait until it has covered A, the gap, B and the missing C.
    const session = sessionOf(timeline.number);
    const end = timeline.starts[4]! + 2000;
    await waitUntil(() => (session.segments.at(-1)?.wallStart ?? 0) > end, 40_000, "the session to pass clip C");

    const inA = await frameAt(session, timeline.starts[0]! + 6500);
    expect(Math.abs(inA.cb - CB_A)).toBeLessThan(12);
    expect(secondOfLuma(inA.topLuma)).toBe(6);
    const inGap = await frameAt(session, timeline.starts[1]! + 1500);
    expect(inGap.topLuma).toBeLessThan(24); // black offline slate
    expect(inGap.bottomMaxLuma).toBeGreaterThan(150); // with its text
    const inB = await frameAt(session, timeline.starts[2]! + 2500);
    expect(Math.abs(inB.cb - CB_B)).toBeLessThan(12);
    expect(secondOfLuma(inB.topLuma)).toBe(2);
    const inC = await frameAt(session, timeline.starts[3]! + 3000);
    expect(inC.topLuma).toBeLessThan(24);
    expect(inC.bottomMaxLuma).toBeGreaterThan(150);
    expect(session.runs.map((r) => r.kind)).toEqual(expect.arrayContaining(["media", "offline", "error"]));
    expect(session.runs.find((r) => r.kind === "error")!.reason).toMatch(/^Playout item does not exist on disk\n.*c-\d+\.mkv$/);

    // Every segment up to past C, joined, is one stream whose timestamps only go forward.
    const joined = path.join(folder, `joined-${timeline.number}.ts`);
    fs.writeFileSync(joined, Buffer.concat(session.segments.filter((s) => s.wallStart <= end).map((s) => fs.readFileSync(session.file(s.number)))));
    for (const kind of ["v", "a"] as const) {
      const times = await packetTimes(joined, kind);
      expect(times.length).toBeGreaterThan(100);
      const backwards = times.filter((t, i) => i > 0 && t <= times[i - 1]!);
      expect(backwards, `${kind} timestamps go backwards`).toEqual([]);
      // Continuous: no hole longer than a frame or two plus the run guard.
      const holes = times.filter((t, i) => i > 0 && t - times[i - 1]! > 0.2);
      expect(holes, `${kind} timestamps jump`).toEqual([]);
    }
    expect(session.segments.some((s) => s.discontinuity)).toBe(true);
    const playlist = await api.get(`/iptv/session/${timeline.number}/hls.m3u8`);
    expect(playlist.text).toMatch(/#EXT-X-DISCONTINUITY-SEQUENCE:\d+/);
    viewer.close();
    await manager().stopChannel(timeline.number);
  }, 90_000);
});
