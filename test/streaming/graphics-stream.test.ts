/**
 * Graphics elements on live streams, end to end: a real server, channels playing generated media through
 * ExternalJson playouts, FFmpeg reading `/iptv/channel/N.ts`; the first frame is read back with OCR
 * (tesseract) where the text sits, and by its pixels where an image sits.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionManager } from "../../server/streaming/session-manager";
import { colorDistance, grabRgbFrame, meanColor } from "../support/frame-pixels";
import { scanAndWait } from "../support/library-scan";
import { makeVideo } from "../support/media-fixtures";
import { makeImage, makeSong } from "../support/music-fixtures";
import { readsAs, readText } from "../support/ocr";
import { sqlAll } from "../support/sqlite";
import { makeTempDir, useTestServer } from "../support/test-server";

const run = promisify(execFile);
const W = 640;
const H = 360;
const fixture = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "1" } });
const { server, api } = fixture;
let folder: string;
let profileId: number;
let video: string;
let song: string;
const ids: Record<string, number> = {};
let channelNumber = 70;

const NOW_ON = { name: "Now on", kind: "Text", text: "Now: {{title}}", position: "BottomLeft", show: "Always" };
const UP_NEXT = { name: "Up next", kind: "Text", text: "Next: {{next.title}}", position: "BottomRight", show: "BeforeProgrammeEnd", seconds: 20 };

/** A channel whose programme `first` (30 s of `file`) started `startedAgoMs` ago, followed by "Sintel Trailer". */
async function channelPlaying(graphicsIds: number[], options: { startedAgoMs?: number; file?: string; first?: string } = {}): Promise<string> {
  const number = String(channelNumber++);
  const file = options.file ?? video;
  const schedule = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  fs.mkdirSync(path.dirname(schedule), { recursive: true });
  const programs = [
    { title: options.first ?? "Big Buck Bunny", duration: 30_000, file },
    { title: "Sintel Trailer", duration: 30_000, file },
  ];
  fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(Date.now() - (options.startedAgoMs ?? 2_000)).toISOString(), programs }));
  const channel = await api.post("/api/v1/channels", { name: `Graphics ${number}`, number, ffmpegProfileId: profileId, streamingMode: "TransportStreamHybrid", graphicsIds });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: schedule });
  expect(playout.status, playout.text).toBe(201);
  return number;
}

/** The channel's first frame as a PNG file. */
async function snapshot(number: string): Promise<string> {
  const file = path.join(folder, `frame-${number}.png`);
  try {
    await run("ffmpeg", ["-v", "error", "-y", "-i", `${server.url}/iptv/channel/${number}.ts`, "-frames:v", "1", file], { timeout: 60_000 });
  } finally {
    await (server.services.streaming as SessionManager).stopChannel(number);
  }
  return file;
}

const BOTTOM_LEFT = [0, 0.78, 0.6, 1] as const;
const BOTTOM_RIGHT = [0.4, 0.78, 1, 1] as const;

beforeAll(async () => {
  folder = makeTempDir("airwave-graphics-stream-");
  video = path.join(folder, "media", "clip.mp4");
  makeVideo(video, { seconds: 30, size: "320x180" });
  song = path.join(folder, "Music", "The Testers", "Album", "01 - Marked Song.mp3");
  makeSong(song, { seconds: 30, tags: { title: "Marked Song", artist: "The Testers", album: "Album", track: "1" } });
  const music = await api.post("/api/v1/libraries", { name: "Music", kind: "Music", paths: [path.join(folder, "Music")] });
  expect(music.status, music.text).toBe(201);
  expect((await scanAndWait(api, music.json.id)).lastScanMessage).toMatch(/^1 probed/);
  const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Graphics", resolution: { width: W, height: H }, videoBitrate: 800, videoBufferSize: 1600, audioBitrate: 64, audioBufferSize: 128, deinterlaceVideo: false });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
  for (const body of [NOW_ON, UP_NEXT, { name: "Song", kind: "Text", text: "{{artist}} · {{title}}", position: "TopLeft" }]) {
    const created = await api.post("/api/v1/graphics", body);
    expect(created.status, created.text).toBe(201);
    ids[body.name] = created.json.id;
  }
  const logo = path.join(folder, "logo.png");
  makeImage(logo, "0xff0000", "100x100");
  const image = await api.post("/api/v1/graphics", { name: "Logo", kind: "Image", imageData: `data:image/png;base64,${fs.readFileSync(logo).toString("base64")}`, position: "TopRight", sizePercent: 20, horizontalMarginPercent: 5, verticalMarginPercent: 5 });
  expect(image.status, image.text).toBe(201);
  ids.Logo = image.json.id;
});

describe("graphics on a live channel (real FFmpeg, OCR)", () => {
  it("shows 'Now on' with the programme's title, and no 'Up next' while more than 20 s remain", async () => {
    const frame = await snapshot(await channelPlaying([ids["Now on"]!, ids["Up next"]!], { startedAgoMs: 2_000 }));
    expect(await readText(frame, BOTTOM_LEFT)).toSatisfy((read: string) => readsAs(read, "Now: Big Buck Bunny"));
    expect(await readText(frame, BOTTOM_RIGHT)).not.toMatch(/Next|Sintel/);
  });

  it("shows 'Up next' naming the next programme in the last 20 s", async () => {
    const frame = await snapshot(await channelPlaying([ids["Now on"]!, ids["Up next"]!], { startedAgoMs: 15_000 }));
    expect(await readText(frame, BOTTOM_RIGHT)).toSatisfy((read: string) => readsAs(read, "Next: Sintel Trailer"));
    expect(await readText(frame, BOTTOM_LEFT)).toSatisfy((read: string) => readsAs(read, "Now: Big Buck Bunny"));
  });

  it("draws nothing during filler by default", async () => {
    const number = await channelPlaying([ids["Now on"]!, ids["Up next"]!], { startedAgoMs: 15_000 });
    await sqlAll(fixture.dbFile, `UPDATE playout_item SET fillerKind = 'PostRoll' WHERE playoutId = (SELECT p.id FROM playout p JOIN channel c ON c.id = p.channelId WHERE c.number = ?)`, [number]);
    const frame = await snapshot(number);
    expect(await readText(frame, BOTTOM_LEFT)).not.toMatch(/Now|Bunny/);
    expect(await readText(frame, BOTTOM_RIGHT)).not.toMatch(/Next|Sintel/);
  });

  it("places an Image element's pixels where it was anchored", async () => {
    const frame = await grabRgbFrame(await snapshot(await channelPlaying([ids.Logo!])), W, H);
    // 20 % of 360 = 72 px square, 32 px from the right, 18 px from the top.
    expect(colorDistance(meanColor(frame, (W - 32 - 68) / W, 22 / H, (W - 36) / W, 86 / H), [255, 0, 0])).toBeLessThan(40);
    expect(colorDistance(meanColor(frame, 0.02, 22 / H, 0.12, 86 / H), [255, 0, 0])).toBeGreaterThan(60);
  });

  it("shows a song's tags on a music channel ({{artist}} · {{title}})", async () => {
    const frame = await snapshot(await channelPlaying([ids.Song!], { file: song, first: "Marked Song" }));
    expect(await readText(frame, [0, 0, 0.7, 0.2])).toMatch(/The Testers \S{1,2} Marked Song/);
  });
});
