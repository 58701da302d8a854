/**
 * Watermarks on live streams, end to end: a real server, channels playing a generated video or song,
 * FFmpeg reading `/iptv/channel/N.ts`; the grabbed frames are checked where the watermark sits.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionManager } from "../../server/streaming/session-manager";
import { colorDistance, grabRgbFrame, meanColor, type RgbFrame } from "../support/frame-pixels";
import { makeVideo } from "../support/media-fixtures";
import { scanAndWait } from "../support/library-scan";
import { makeImage, makeSong } from "../support/music-fixtures";
import { sqlAll } from "../support/sqlite";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffmpegChildren } from "./support/stream-fixtures";

const MAGENTA = [0xff, 0x00, 0xff];
const W = 320;
const H = 180;
const fixture = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "1" } });
const { server, api } = fixture;
let folder: string;
let profileId: number;
let video: string;
let song: string;
let insideWatermarkId: number;
let outsideWatermarkId: number;
let channelNumber = 80;

/** A watermark in the top-left corner, 30 % of the frame wide, no margins, of a magenta picture made at `file` and uploaded. */
async function createWatermark(name: string, file: string): Promise<number> {
  makeImage(file, "0xff00ff", "100x100");
  const imageData = `data:image/png;base64,${fs.readFileSync(file).toString("base64")}`;
  const created = await api.post("/api/v1/watermarks", { name, imageData, position: "TopLeft", widthPercent: 30, horizontalMarginPercent: 0, verticalMarginPercent: 0 });
  expect(created.status, created.text).toBe(201);
  return created.json.id;
}

/** A channel whose only programme, `file`, started `startedAgoMs` ago. */
async function channelPlaying(file: string, watermarkId: number | null, startedAgoMs = 2_000): Promise<string> {
  const number = String(channelNumber++);
  const schedule = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  fs.mkdirSync(path.dirname(schedule), { recursive: true });
  fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(Date.now() - startedAgoMs).toISOString(), programs: [{ title: "Programme", duration: 30_000, file }] }));
  const channel = await api.post("/api/v1/channels", { name: `Watermark ${number}`, number, ffmpegProfileId: profileId, streamingMode: "TransportStreamHybrid", watermarkId });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: schedule });
  expect(playout.status, playout.text).toBe(201);
  return number;
}

async function grabFromChannel(number: string): Promise<RgbFrame> {
  try {
    return await grabRgbFrame(`${server.url}/iptv/channel/${number}.ts`, W, H);
  } finally {
    await (server.services.streaming as SessionManager).stopChannel(number);
  }
}

/** Mean colour inside the watermark (96×96 px at the top-left) and of the bottom-right quarter. */
const insideMark = (frame: RgbFrame) => meanColor(frame, 0.03, 0.05, 0.25, 0.45);
const elsewhere = (frame: RgbFrame) => meanColor(frame, 0.6, 0.6, 1, 1);

beforeAll(async () => {
  folder = makeTempDir("airwave-watermark-stream-");
  video = path.join(folder, "media", "clip.mp4");
  makeVideo(video, { seconds: 30 });
  song = path.join(folder, "Music", "The Testers", "Album", "01 - Marked Song.mp3");
  makeSong(song, { seconds: 30, tags: { title: "Marked Song", artist: "The Testers", album: "Album", track: "1" } });
  // Scanned, so the song plays with its generated picture (title on a background), not a black frame.
  const music = await api.post("/api/v1/libraries", { name: "Music", kind: "Music", paths: [path.join(folder, "Music")] });
  expect(music.status, music.text).toBe(201);
  expect((await scanAndWait(api, music.json.id)).lastScanMessage).toMatch(/^1 probed/);
  const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Small", resolution: { width: W, height: H }, videoBitrate: 400, videoBufferSize: 800, audioBitrate: 64, audioBufferSize: 128, deinterlaceVideo: false });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
  insideWatermarkId = await createWatermark("Inside", path.join(folder, "inside.png"));
  // A row naming an image outside the data folder (saved before picked images were copied in): never handed to FFmpeg.
  outsideWatermarkId = await createWatermark("Outside", path.join(folder, "mark.png"));
  await sqlAll(fixture.dbFile, "UPDATE watermark SET imagePath = ? WHERE id = ?", [path.join(folder, "mark.png"), outsideWatermarkId]);
}, 120_000);

afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("watermarks on a live stream (real server, real FFmpeg)", () => {
  it("burns the channel's watermark into its video, in its corner only", async () => {
    const frame = await grabFromChannel(await channelPlaying(video, insideWatermarkId));
    expect(colorDistance(insideMark(frame), MAGENTA)).toBeLessThan(40);
    expect(colorDistance(elsewhere(frame), MAGENTA)).toBeGreaterThan(100);
  }, 90_000);

  it("shows no watermark on a channel without one", async () => {
    const frame = await grabFromChannel(await channelPlaying(video, null));
    expect(colorDistance(insideMark(frame), MAGENTA)).toBeGreaterThan(100);
  }, 90_000);

  it("does not read a watermark image from outside the data folder", async () => {
    const frame = await grabFromChannel(await channelPlaying(video, outsideWatermarkId));
    expect(colorDistance(insideMark(frame), MAGENTA)).toBeGreaterThan(100);
  }, 90_000);

  it("burns the watermark over a song's picture on a music channel", async () => {
    const frame = await grabFromChannel(await channelPlaying(song, insideWatermarkId));
    expect(colorDistance(insideMark(frame), MAGENTA)).toBeLessThan(40);
    // Elsewhere: the song's generated background.
    expect(colorDistance(elsewhere(frame), [0x1c, 0x2a, 0x3a])).toBeLessThan(20);
  }, 90_000);
});
