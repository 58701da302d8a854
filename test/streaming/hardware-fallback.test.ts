/**
 * Hardware encoding that falls back by itself, with real FFmpeg on a machine without the hardware: a Vaapi
 * profile pointing at a missing render node and an Nvenc profile (no NVIDIA driver here). FFmpeg dies on the
 * device before its first segment; the piece is played again at once in software, the profile's
 * acceleration is marked failing for 10 minutes (sessions, FFmpeg profile page, one log line) and the
 * viewer sees the programme, not the error slate.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HlsSession } from "../../server/streaming/hls/hls-session";
import type { SessionManager } from "../../server/streaming/session-manager";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffmpegChildren, frameStats, makeCountingClip, secondOfLuma, waitUntil } from "./support/stream-fixtures";

const CB = 90;
afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "2", Logging__Level: "warn" } });
const manager = () => server.services.streaming as SessionManager;
let folder: string;
let clip: string;

beforeAll(() => {
  folder = makeTempDir("airwave-hwfallback-");
  clip = path.join(folder, "clip.mkv");
  makeCountingClip(clip, 20, CB);
}, 60_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function channelWith(number: string, profile: Record<string, unknown>): Promise<number> {
  // copyWhenCompatible off: the clip fits the profile, and this piece must go through the encoder.
  const created = await api.post("/api/v1/ffmpeg/profiles", { resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128, copyWhenCompatible: false, ...profile });
  expect(created.status, created.text).toBe(201);
  const file = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 3000).toISOString(), programs: [{ title: "Clip", duration: 20_000, file: clip }, { title: "Night", duration: 600_000, isOffline: true }] }));
  const channel = await api.post("/api/v1/channels", { name: `HW ${number}`, number, ffmpegProfileId: created.json.id, streamingMode: "HttpLiveStreamingSegmenter" });
  expect(channel.status, channel.text).toBe(201);
  expect((await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file })).status).toBe(201);
  return created.json.id;
}

const cases: Array<[string, string, Record<string, unknown>, RegExp]> = [
  ["a Vaapi profile pointing at a missing device", "81", { name: "Vaapi missing", hardwareAcceleration: "Vaapi", vaapiDevice: "/dev/dri/renderD199" }, /renderD199|VA|device/i],
  ["an Nvenc profile on a machine without NVIDIA hardware", "82", { name: "Nvenc absent", hardwareAcceleration: "Nvenc" }, /cuda|nvenc|encoder/i],
];

describe("hardware encoding falls back to software (real FFmpeg)", () => {
  it.each(cases)("%s: the piece is played again in software at once; the viewer sees the programme", async (_name, number, profile, reason) => {
    const acceleration = profile.hardwareAcceleration as string;
    const profileId = await channelWith(number, profile);
    const started = Date.now();
    expect((await api.get(`/iptv/channel/${number}.m3u8?mode=segmenter`)).status).toBe(200);
    const media = await api.get(`/iptv/session/${number}/hls.m3u8`);
    expect(media.status, media.text).toBe(200);
    const session = manager().find(number) as HlsSession;

    // Run 1: the hardware piece, dead before its first segment. Run 2: the same piece in software, not a slate.
    await waitUntil(() => session.runs.length >= 2 && session.segments.length > 0, 20_000, "the software retry");
    const [hardware, software] = session.runs;
    expect(hardware).toMatchObject({ kind: "media", acceleration, title: "clip.mkv" });
    expect(hardware!.exitCode).not.toBe(0);
    expect(software).toMatchObject({ kind: "media", acceleration: "None", title: "clip.mkv", wallStart: hardware!.wallStart });
    expect(session.runs.some((r) => r.kind === "error")).toBe(false);
    const first = await frameStats(session.file(session.segments[0]!.number));
    expect(Math.abs(first.cb - CB)).toBeLessThan(8); // the clip's colour; the error slate is grey on black
    expect(secondOfLuma(first.topLuma)).toBe(3);

    // The failing mark: 10 minutes, in /api/v1/sessions and on the profile (REST and GraphQL).
    const listed = (await api.get("/api/v1/sessions")).json.find((s: { channelNumber: string }) => s.channelNumber === number);
    expect(listed.acceleration).toMatchObject({ acceleration, reason: expect.stringMatching(reason) });
    const until = Date.parse(listed.acceleration.failingUntil);
    expect(until - started).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(listed.restarts).toBe(1);
    const rest = await api.get(`/api/v1/ffmpeg/profiles/${profileId}`);
    expect(rest.json.accelerationFailure).toEqual(listed.acceleration);
    const graph = await api.graphql(`{ ffmpegProfile(id: ${profileId}) { accelerationFailure { acceleration failingUntil } } }`);
    expect(graph.json.data.ffmpegProfile.accelerationFailure).toEqual({ acceleration, failingUntil: listed.acceleration.failingUntil });

    // One log line says so.
    const logs = (await api.get(`/api/v1/logs?text=${encodeURIComponent(`${acceleration} encoding failed`)}`)).json as Array<{ text: string }>;
    expect(logs.filter((l) => l.text.includes(`session ${number}:`))).toHaveLength(1);
    await manager().stopChannel(number);
  }, 60_000);
});
