/**
 * HDR to SDR and burn-in through the real server and FFmpeg (#27). Generated media: a grey ramp as 10-bit HEVC
 * HDR10 (libx265, BT.2020/PQ tags) and the same ramp as 8-bit SDR H.264, each on a channel of its own; a
 * clip with an English SRT on a burn-in channel. Checked on the live HLS segments the sessions wrote: ffprobe's
 * format and colour tags, the ramp's luma decoded from a frame, the FFmpeg command each session logged, the
 * troubleshooter's report, and the burned text read back with OCR.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HlsSession } from "../../server/streaming/hls/hls-session";
import type { SessionManager } from "../../server/streaming/session-manager";
import { grabRgbFrame, meanColor, type RgbFrame } from "../support/frame-pixels";
import { readText } from "../support/ocr";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffmpegChildren, ffprobeJson, waitUntil } from "./support/stream-fixtures";
import { lumaAcross, makeGreyRamp, makeTwoLanguageClip } from "./support/track-media";

const RAMP_SECONDS = 2;
const logLines: string[] = [];

afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "60", Logging__Level: "debug" }, onLog: (line) => logLines.push(line) });
const manager = () => server.services.streaming as SessionManager;
let folder: string;
let hdrFile: string;
let burnClip: string;

/** A channel on `profileId` playing `file` (each item `seconds` long) back to back from a moment ago. */
async function channel(number: string, profileId: number, file: string, seconds: number, extra: Record<string, unknown> = {}): Promise<void> {
  const schedule = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  fs.mkdirSync(path.dirname(schedule), { recursive: true });
  const programs = Array.from({ length: Math.ceil(600 / seconds) }, (_, i) => ({ title: `Item ${i}`, duration: seconds * 1000, file }));
  fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(Date.now() - 500).toISOString(), programs }));
  const created = await api.post("/api/v1/channels", { name: `Channel ${number}`, number, ffmpegProfileId: profileId, streamingMode: "HttpLiveStreamingSegmenter", ...extra });
  expect(created.status, created.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: created.json.id, kind: "ExternalJson", scheduleFile: schedule });
  expect(playout.status, playout.text).toBe(201);
}

/** Tunes in (asking again while the busy machine answers 503, as a player would) and returns the session once it has `count` segments. */
async function tuneIn(number: string, count: number): Promise<HlsSession> {
  let response = await api.get(`/iptv/channel/${number}.m3u8?mode=segmenter`);
  for (let tries = 0; response.status === 503 && tries < 8; tries++) response = await api.get(`/iptv/channel/${number}.m3u8?mode=segmenter`);
  expect(response.status, `${response.text}\n${logLines.filter((l) => / (WARN|ERROR) /.test(l)).slice(-10).join("")}`).toBe(200);
  const session = manager().find(number) as HlsSession;
  await waitUntil(() => session.segments.length >= count, 90_000, `${count} segments of channel ${number}`);
  return session;
}

/** The FFmpeg commands a session logged (debug level), in order. */
function loggedCommands(number: string): string[] {
  return logLines.filter((l) => l.includes("FFmpeg command") && l.includes(`session ${number}`));
}

beforeAll(async () => {
  folder = makeTempDir("airwave-tone-map-");
  hdrFile = path.join(folder, "ramp-hdr10.mkv");
  makeGreyRamp(hdrFile, { hdr: true, seconds: RAMP_SECONDS });
  const sdrFile = path.join(folder, "ramp-sdr.mkv");
  makeGreyRamp(sdrFile, { hdr: false, seconds: RAMP_SECONDS });
  burnClip = makeTwoLanguageClip(folder, "Burned", { seconds: 8, english: [[0, 8, "BURNED WORDS"]], spanish: [], size: "640x360" }).media;
  // Both ramps are transcoded (the SDR one would fit the profile and be copied): the same pipeline but for the tone map.
  const ramp = await api.post("/api/v1/ffmpeg/profiles", { name: "Ramp", copyWhenCompatible: false, resolution: { width: 192, height: 108 }, videoBitrate: 1000, videoBufferSize: 2000, audioBitrate: 64, audioBufferSize: 128 });
  expect(ramp.status, ramp.text).toBe(201);
  const wide = await api.post("/api/v1/ffmpeg/profiles", { name: "Wide", resolution: { width: 640, height: 360 }, videoBitrate: 1500, videoBufferSize: 3000, audioBitrate: 64, audioBufferSize: 128 });
  expect(wide.status, wide.text).toBe(201);
  await channel("82", ramp.json.id, hdrFile, RAMP_SECONDS);
  await channel("83", ramp.json.id, sdrFile, RAMP_SECONDS);
  await channel("84", wide.json.id, burnClip, 8, { subtitleMode: "Any", subtitleDelivery: "BurnIn" });
}, 120_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("HDR10 to SDR on a live channel (real FFmpeg)", () => {
  let hdrSegment: string;
  let sdrSegment: string;

  it("the generated HDR10 file is 10-bit HEVC tagged BT.2020 / PQ", async () => {
    const video = (await ffprobeJson(hdrFile)).streams.find((s: { codec_type: string }) => s.codec_type === "video");
    expect(video).toMatchObject({ codec_name: "hevc", pix_fmt: "yuv420p10le", color_transfer: "smpte2084", color_primaries: "bt2020", color_space: "bt2020nc" });
  }, 60_000);

  it("streams the HDR10 ramp as 8-bit BT.709 H.264, tone-mapped in software", async () => {
    const session = await tuneIn("82", 2);
    hdrSegment = path.join(folder, "hdr.ts");
    fs.copyFileSync(session.file(session.segments[0]!.number), hdrSegment);
    const video = (await ffprobeJson(hdrSegment)).streams.find((s: { codec_type: string }) => s.codec_type === "video");
    expect(video).toMatchObject({ codec_name: "h264", pix_fmt: "yuv420p", color_transfer: "bt709", color_primaries: "bt709", color_space: "bt709" });
    expect(video.profile).not.toMatch(/10/);
    const [command] = loggedCommands("82");
    expect(command, "the session logged its FFmpeg command").toBeDefined();
    expect(command).toMatch(/zscale=tin=smpte2084:min=bt2020nc:pin=bt2020.*tonemap=tonemap=mobius/);
    await manager().stopChannel("82");
  }, 180_000);

  it("passes an SDR source through with no tone-map filter", async () => {
    const session = await tuneIn("83", 2);
    sdrSegment = path.join(folder, "sdr.ts");
    fs.copyFileSync(session.file(session.segments[0]!.number), sdrSegment);
    const commands = loggedCommands("83");
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      expect(command).toMatch(/-filter_complex .*-c:v libx264/);
      expect(command).not.toMatch(/zscale|tonemap/);
    }
    const video = (await ffprobeJson(sdrSegment)).streams.find((s: { codec_type: string }) => s.codec_type === "video");
    expect(video).toMatchObject({ codec_name: "h264", pix_fmt: "yuv420p" });
    await manager().stopChannel("83");
  }, 180_000);

  it("keeps the ramp's mid-grey within 15% of the same ramp encoded SDR (untone-mapped HDR is not)", async () => {
    const positions = [0.1, 0.3, 0.5, 0.7, 0.9];
    // Signal above black, 0 … 1 of video range (luma 16 … 235).
    const level = (luma: number) => (luma - 16) / 219;
    const hdr = (await lumaAcross(hdrSegment, positions)).map(level);
    const sdr = (await lumaAcross(sdrSegment, positions)).map(level);
    const mid = positions.indexOf(0.5);
    expect(sdr[mid]).toBeGreaterThan(0.4);
    expect(sdr[mid]).toBeLessThan(0.6);
    expect(Math.abs(hdr[mid]! - sdr[mid]!) / sdr[mid]!, `tone-mapped ${hdr.map((v) => v.toFixed(2))} vs SDR ${sdr.map((v) => v.toFixed(2))}`).toBeLessThanOrEqual(0.15);
    // Still a ramp: darker on the left, brighter on the right.
    for (let i = 1; i < hdr.length; i++) expect(hdr[i]!).toBeGreaterThan(hdr[i - 1]!);
    // The comparison can fail: the PQ-coded source shown as if it were SDR is far off.
    const raw = (await lumaAcross(hdrFile, positions)).map(level);
    expect(Math.abs(raw[mid]! - sdr[mid]!) / sdr[mid]!).toBeGreaterThan(0.15);
  }, 120_000);

  it("the troubleshooter's report names the tone map for HDR and none for SDR", async () => {
    const hdr = await api.post("/api/v1/troubleshoot/channels/82");
    expect(hdr.status, hdr.text).toBe(200);
    expect(hdr.json.runs[0].toneMapping).toMatch(/^HDR10 → BT\.709 SDR: zscale\+tonemap mobius/);
    const sdr = await api.post("/api/v1/troubleshoot/channels/83");
    expect(sdr.status, sdr.text).toBe(200);
    // The API leaves null fields out: no tone map is named.
    expect(sdr.json.runs[0], JSON.stringify(sdr.json.runs[0])).not.toHaveProperty("toneMapping");
    expect(sdr.json.runs[0].videoEncoder).toBe("libx264");
    expect(sdr.json.runs[0].filters).not.toMatch(/zscale|tonemap/);
  }, 120_000);
});

/** Share of a horizontal band's pixels (rows y0 … y1, fractions) more than 40 levels from the band's mean colour: 0 when flat. */
function outliers(frame: RgbFrame, y0: number, y1: number): number {
  const mean = meanColor(frame, 0, y0, 1, y1);
  let far = 0;
  let n = 0;
  for (let y = Math.floor(y0 * frame.height); y < Math.ceil(y1 * frame.height); y++) {
    for (let x = 0; x < frame.width; x++) {
      const i = (y * frame.width + x) * 3;
      if ([0, 1, 2].some((c) => Math.abs(frame.data[i + c]! - mean[c]!) > 40)) far++;
      n++;
    }
  }
  return far / n;
}

describe("burn-in still burns", () => {
  it("draws the English subtitle into the picture of a burn-in channel", async () => {
    const session = await tuneIn("84", 2);
    // A whole second of picture: the first segments may be short (the session starts any moment into an item).
    await waitUntil(() => session.segments.some((s) => s.durationMs >= 1000), 90_000, "a segment of a second or more");
    const chosen = session.segments.find((s) => s.durationMs >= 1000)!;
    const segment = path.join(folder, "burned.ts");
    fs.copyFileSync(session.file(chosen.number), segment);
    expect(loggedCommands("84")[0]).toMatch(/subtitles=filename=/);
    // The clip is one flat grey per second: without subtitles the bottom band is as flat as the top half.
    const burned = await grabRgbFrame(segment, 320, 180, 0.5);
    const plain = await grabRgbFrame(burnClip, 320, 180, 0.5);
    expect(outliers(plain, 0.75, 1)).toBe(0);
    expect(outliers(burned, 0, 0.5)).toBe(0);
    expect(outliers(burned, 0.75, 1), "share of the bottom band the subtitle covers").toBeGreaterThan(0.01);
    expect(await readText(segment, [0, 0.7, 1, 1], 0.5)).toMatch(/BURNED WORDS/);
    await manager().stopChannel("84");
  }, 180_000);
});
