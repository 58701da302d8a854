/**
 * A channel of songs, end to end: a scanned music library, a channel playing its songs, FFmpeg reading the
 * channel's MPEG-TS stream from the real server; the grabbed frames are checked pixel by pixel.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionManager } from "../../server/streaming/session-manager";
import { brightness, colorDistance, grabRgbFrame, meanColor, type RgbFrame } from "../support/frame-pixels";
import { scanAndWait } from "../support/library-scan";
import { makeImage, makeSong } from "../support/music-fixtures";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffmpegChildren } from "./support/stream-fixtures";

const BLUE = [0x30, 0x60, 0xc0];
const RED = [0xc0, 0x40, 0x30];
const W = 320;
const H = 180;
// Registered first, so it runs once the server has stopped: no FFmpeg outlives it.
afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "1" } });
let folder: string;
let profileId: number;
let coveredSong: string;
let plainSong: string;
let folderCoverSong: string;
let channelNumber = 70;

/** A channel whose only programme, `file`, started `startedAgoMs` ago. */
async function channelPlaying(file: string, startedAgoMs: number): Promise<string> {
  const number = String(channelNumber++);
  // Channel files are read only from the data folder's playouts/ (SECURITY.md).
  const schedule = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  fs.mkdirSync(path.dirname(schedule), { recursive: true });
  fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(Date.now() - startedAgoMs).toISOString(), programs: [{ title: "Song", duration: 30_000, file }] }));
  const channel = await api.post("/api/v1/channels", { name: `Music ${number}`, number, ffmpegProfileId: profileId, streamingMode: "TransportStreamHybrid" });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: schedule });
  expect(playout.status, playout.text).toBe(201);
  return number;
}

/** The first picture a media player gets from the channel's MPEG-TS stream. */
function grabFromChannel(number: string): Promise<RgbFrame> {
  return grabRgbFrame(`${server.url}/iptv/channel/${number}.ts`, W, H);
}

beforeAll(async () => {
  folder = makeTempDir("airwave-music-channel-");
  const library = path.join(folder, "Music");
  coveredSong = path.join(library, "The Testers", "Blue Album", "01 - Blue Song.mp3");
  plainSong = path.join(library, "The Testers", "Plain Album", "01 - Plain Song.mp3");
  makeSong(coveredSong, { seconds: 30, coverColor: "0x3060c0", tags: { title: "Blue Song", artist: "The Testers", album: "Blue Album", track: "1" } });
  makeSong(plainSong, { seconds: 30, tags: { title: "Plain Song", artist: "The Testers", album: "Plain Album", track: "1" } });
  // An album folder's cover.jpg wins over the picture inside the file.
  folderCoverSong = path.join(library, "The Testers", "Red Album", "01 - Red Song.mp3");
  makeSong(folderCoverSong, { seconds: 30, coverColor: "0x3060c0", tags: { title: "Red Song", artist: "The Testers", album: "Red Album", track: "1" } });
  makeImage(path.join(library, "The Testers", "Red Album", "cover.jpg"), "0xc04030");
  const music = await api.post("/api/v1/libraries", { name: "Music", kind: "Music", paths: [library] });
  expect(music.status, music.text).toBe(201);
  expect((await scanAndWait(api, music.json.id)).lastScanMessage).toMatch(/^3 probed/);
  const profile = await api.post("/api/v1/ffmpeg/profiles", {
    name: "Small",
    resolution: { width: W, height: H },
    videoBitrate: 400,
    videoBufferSize: 800,
    audioBitrate: 64,
    audioBufferSize: 128,
    deinterlaceVideo: false,
  });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
}, 120_000);

afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("a music channel (real server, real stream)", () => {
  it("shows the song's cover, not a black frame, to a viewer joining mid-song", async () => {
    const number = await channelPlaying(coveredSong, 3_000);
    const frame = await grabFromChannel(number);
    expect(brightness(frame)).toBeGreaterThan(30);
    // The cover sits left of the middle; the rest is a darkened blur of it.
    expect(colorDistance(meanColor(frame, 0.12, 0.3, 0.33, 0.7), BLUE)).toBeLessThan(30);
    const corner = meanColor(frame, 0.9, 0.85, 1, 1);
    expect(corner[2]).toBeGreaterThan(corner[0] + 30);
    await (server.services.streaming as SessionManager).stopChannel(number);
  }, 90_000);

  it("shows the album folder's cover image (from the artwork cache) over the embedded one", async () => {
    const number = await channelPlaying(folderCoverSong, 2_000);
    const frame = await grabFromChannel(number);
    expect(colorDistance(meanColor(frame, 0.12, 0.3, 0.33, 0.7), RED)).toBeLessThan(30);
    await (server.services.streaming as SessionManager).stopChannel(number);
  }, 90_000);

  it("without cover art shows a generated background with the song's text drawn on it", async () => {
    const number = await channelPlaying(plainSong, 1_000);
    const frame = await grabFromChannel(number);
    expect(brightness(frame)).toBeGreaterThan(25);
    expect(colorDistance(meanColor(frame, 0, 0, 0.1, 0.15), [0x1c, 0x2a, 0x3a])).toBeLessThan(15);
    // White text across the middle: many bright pixels there, none in the empty top band.
    const bright = (y0: number, y1: number) => {
      let n = 0;
      for (let y = Math.floor(y0 * H); y < Math.floor(y1 * H); y++) {
        for (let x = 0; x < W; x++) if (Math.min(...frame.data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)) > 180) n++;
      }
      return n;
    };
    expect(bright(0.35, 0.65)).toBeGreaterThan(150);
    expect(bright(0, 0.2)).toBe(0);
    await (server.services.streaming as SessionManager).stopChannel(number);
  }, 90_000);
});
