/**
 * The version a channel plays (real scanner, real FFmpeg): a film with a "1080p" and a "720p" file (tiny files
 * whose pictures match the profiles below) is one item; each channel plays the version its preference picks, the
 * one its profile fits is copied (`-c:v copy` on that file), and the troubleshooter says which and why (REST and GraphQL).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scanAndWait } from "../support/library-scan";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffprobeJson } from "./support/stream-fixtures";

const { server, api } = useTestServer();
let folder: string;
const files = { hd: "", sd: "" };

async function profile(name: string, width: number, height: number): Promise<number> {
  const created = await api.post("/api/v1/ffmpeg/profiles", { name, resolution: { width, height }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });
  expect(created.status, created.text).toBe(201);
  expect(created.json.copyWhenCompatible).toBe(true);
  return created.json.id;
}

async function channel(number: string, profileId: number, versionPreference?: string): Promise<void> {
  const created = await api.post("/api/v1/channels", { name: `Versions ${number}`, number, ffmpegProfileId: profileId, streamingMode: "HttpLiveStreamingSegmenter", ...(versionPreference ? { versionPreference } : {}) });
  expect(created.status, created.text).toBe(201);
  expect(created.json.versionPreference).toBe(versionPreference ?? "MatchProfile");
  const definition = `content:\n  - search:\n    key: film\n    query: "title:Film"\n    order: chronological\nplayout:\n  - all:\n    content: film\n  - repeat: true\n`;
  const playout = await api.post("/api/v1/playouts", { channelId: created.json.id, kind: "Sequential", definition });
  expect(playout.status, playout.text).toBe(201);
}

/** The troubleshooter's one FFmpeg run for the channel: its command line and the version it reports. */
async function troubleshoot(number: string): Promise<{ commandLine: string; version: string; copyDecision: string; exitCode: number }> {
  const report = await api.post(`/api/v1/troubleshoot/channels/${number}`);
  expect(report.status, report.text).toBe(200);
  expect(report.json.plan.kind, report.text).toBe("media");
  return report.json.runs[0];
}

/** The `-i` value and what follows `-c:v` in a command line. */
function inputAndVideoCodec(commandLine: string): { input: string; video: string | undefined } {
  const input = /-i ('([^']*)'|(\S+))/.exec(commandLine);
  return { input: input?.[2] ?? input?.[3] ?? "", video: /-c:v (\S+)/.exec(commandLine)?.[1] };
}

/** 30 s of H.264 (yuv420p, a keyframe every second) and stereo AAC 48 kHz: what a default profile copies at its own size. */
function clip(file: string, size: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("ffmpeg", [
    "-v", "error", "-y", "-f", "lavfi", "-i", `testsrc=size=${size}:rate=25:duration=30`, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=30",
    "-c:v", "libx264", "-preset", "veryfast", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2", "-b:a", "64k", "-shortest", file,
  ], { stdio: ["ignore", "ignore", "pipe"] });
}

beforeAll(async () => {
  folder = makeTempDir("airwave-version-stream-");
  files.hd = path.join(folder, "Film (2001)", "Film (2001) - 1080p.mkv");
  files.sd = path.join(folder, "Film (2001)", "Film (2001) - 720p.mkv");
  clip(files.hd, "192x108");
  clip(files.sd, "128x72");
  const library = await api.post("/api/v1/libraries", { name: "Films", kind: "Movies", paths: [folder] });
  const scanned = await scanAndWait(api, library.json.id);
  expect(scanned.lastScanSuccess, scanned.lastScanMessage).toBe(true);
  const films = (await api.get(`/api/v1/media/items?libraryId=${library.json.id}&kind=Movie`)).json.items;
  expect(films).toHaveLength(1);
  expect((await api.get(`/api/v1/media/items/${films[0].id}`)).json.versions).toHaveLength(2);
  const hdProfile = await profile("Fits 1080p", 192, 108);
  const sdProfile = await profile("Fits 720p", 128, 72);
  await channel("91", hdProfile);
  await channel("92", sdProfile);
  await channel("93", hdProfile, "LowestResolution");
}, 120_000);

describe("which version a channel plays", () => {
  it("a channel whose profile matches the 1080p version copies that file", { timeout: 60_000 }, async () => {
    const run = await troubleshoot("91");
    expect(inputAndVideoCodec(run.commandLine), run.copyDecision).toEqual({ input: files.hd, video: "copy" });
    expect(run.exitCode).toBe(0);
    expect(run.version).toMatch(/^1080p \(192x108\): the profile copies its video and audio/);
    expect(run.version).toContain("720p (128x72): video transcode (scaling 128x72 to 192x108)");
  });

  it("a channel whose profile matches the 720p version copies that one", { timeout: 60_000 }, async () => {
    const run = await troubleshoot("92");
    expect(inputAndVideoCodec(run.commandLine)).toEqual({ input: files.sd, video: "copy" });
    expect(run.version).toMatch(/^720p \(128x72\): the profile copies its video and audio/);
  });

  it("a channel preferring the lowest resolution plays the 720p version, transcoded to its 1080p profile; GraphQL says so too", { timeout: 60_000 }, async () => {
    const run = await troubleshoot("93");
    const { input, video } = inputAndVideoCodec(run.commandLine);
    expect(input).toBe(files.sd);
    expect(video).not.toBe("copy");
    expect(run.version).toMatch(/^720p \(128x72\): the lowest resolution/);
    const graphql = await api.post("/graphql", { query: `mutation { troubleshootChannel(channelNumber: "93") { runs { version commandLine } text } }` });
    expect(graphql.status, graphql.text).toBe(200);
    const report = graphql.json.data.troubleshootChannel;
    expect(report.runs[0].version).toMatch(/^720p \(128x72\): the lowest resolution/);
    expect(report.text).toContain("version: 720p (128x72): the lowest resolution");
  });

  it("the remuxed stream (hls-direct) copies the version the channel picks, not the item's first file", { timeout: 60_000 }, async () => {
    const recording = path.join(folder, "direct-92.ts");
    const response = await fetch(`${server.url}/iptv/hls-direct/92.ts`);
    expect(response.status).toBe(200);
    // A few hundred kilobytes of the remux are enough for ffprobe to read its picture size.
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    while (bytes < 64 * 1024) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.length;
    }
    await reader.cancel();
    fs.writeFileSync(recording, Buffer.concat(chunks));
    const video = (await ffprobeJson(recording)).streams.find((s: { codec_type: string }) => s.codec_type === "video");
    expect(`${video.width}x${video.height}`).toBe("128x72");
  });
});
