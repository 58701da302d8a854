/**
 * Runs the builder's arguments through the installed FFmpeg. Needs `ffmpeg` and `ffprobe` on PATH
 * (Debian package `ffmpeg`); fails, rather than skips, when they are missing.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScalingBehavior, SubtitleMode } from "../../../server/domain/enums";
import {
  buildErrorSlateArgs,
  buildPlayoutArgs,
  parseCapabilities,
  type EncoderCapabilities,
} from "../../../server/streaming/ffmpeg";
import { firstVideoPts, firstVideoPtsIn } from "../../../server/streaming/hls/segment-start-pts";
import { profile } from "./fixtures";

let dir: string;
let caps: EncoderCapabilities;

function ffmpeg(args: string[]): string {
  return execFileSync("ffmpeg", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function probe(file: string): { streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; channels?: number; sample_rate?: string }>; format: { format_name: string; duration: string } } {
  const json = execFileSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "stream=codec_type,codec_name,width,height,channels,sample_rate:format=format_name,duration", "-of", "json", file],
    { encoding: "utf8" },
  );
  return JSON.parse(json);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "airwave-ffmpeg-"));
  caps = parseCapabilities({
    encoders: ffmpeg(["-hide_banner", "-encoders"]),
    hwaccels: ffmpeg(["-hide_banner", "-hwaccels"]),
    filters: ffmpeg(["-hide_banner", "-filters"]),
    version: ffmpeg(["-version"]),
    options: ffmpeg(["-hide_banner", "-h", "long"]),
  });
  // 3 s, 320x240 at 25 fps with a 1 kHz tone, tagged as German audio.
  ffmpeg([
    "-nostdin", "-y", "-loglevel", "error",
    "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=3",
    "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=44100:duration=3",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-metadata:s:a:0", "language=ger",
    join(dir, "input.mkv"),
  ]);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("builder output run through the installed FFmpeg", () => {
  it("parses the installed FFmpeg's capabilities", () => {
    expect(caps.encoders.has("libx264")).toBe(true);
    expect(caps.encoders.has("aac")).toBe(true);
    expect(caps.filters.has("overlay")).toBe(true);
  });

  it("transcodes a seeked, time-limited item to MPEG-TS in the profile's codec and resolution", () => {
    const out = join(dir, "item.ts");
    const command = buildPlayoutArgs(
      profile({ resolution: { width: 640, height: 360 }, scalingBehavior: ScalingBehavior.ScaleAndPad, videoPreset: "ultrafast", normalizeFramerate: true }),
      {
        durationMs: 3000,
        video: { index: 0, codec: "h264", width: 320, height: 240, frameRate: "25/1", scanKind: "Progressive" },
        audio: [{ index: 1, codec: "aac", channels: 1, language: "ger" }],
        subtitles: [],
      },
      {
        inputPath: join(dir, "input.mkv"),
        seekMs: 500,
        durationMs: 2000,
        preferredAudioLanguages: ["de"],
        subtitleMode: SubtitleMode.None,
        realtime: false,
        output: { kind: "mpegts", target: out },
        channelName: "Test: Channel, One",
      },
      caps,
    );
    expect(command.warnings).toEqual([]);
    ffmpeg(command.args);

    const info = probe(out);
    expect(info.format.format_name).toBe("mpegts");
    const video = info.streams.find((s) => s.codec_type === "video");
    const audio = info.streams.find((s) => s.codec_type === "audio");
    expect(video).toMatchObject({ codec_name: "h264", width: 640, height: 360 });
    expect(audio).toMatchObject({ codec_name: "aac", channels: 2, sample_rate: "48000" });
    expect(Number(info.format.duration)).toBeGreaterThan(1.8);
    expect(Number(info.format.duration)).toBeLessThan(2.3);
  });

  it("a quick-start HLS run cuts 0.5 s, 0.5 s, then 4 s segments on the 2 s keyframe grid from 1 s; segment starts are read from the files", async () => {
    const input = join(dir, "long.mkv");
    ffmpeg(["-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=15", "-f", "lavfi", "-i", "sine=duration=15", "-c:v", "libx264", "-preset", "ultrafast", "-g", "250", "-c:a", "aac", input]);
    const command = buildPlayoutArgs(
      profile({ resolution: { width: 320, height: 180 }, videoPreset: "ultrafast" }),
      { durationMs: 20_000, video: { index: 0, codec: "h264", width: 320, height: 240, frameRate: "25/1", scanKind: "Progressive" }, audio: [{ index: 1, codec: "aac", channels: 1 }], subtitles: [] },
      {
        inputPath: input,
        seekMs: 0,
        durationMs: 14_000,
        subtitleMode: SubtitleMode.None,
        realtime: false,
        output: { kind: "hls", playlistPath: join(dir, "quick.m3u8"), segmentFilenamePattern: join(dir, "quick%06d.ts"), initialSegmentSeconds: 0.5 },
      },
      caps,
    );
    ffmpeg(command.args);
    const starts: Array<number | undefined> = [];
    for (let n = 0; n < 5; n++) starts.push(await firstVideoPts(join(dir, `quick${String(n).padStart(6, "0")}.ts`)));
    const lengths = starts.slice(1).map((s, i) => (s! - starts[i]!) / 90_000);
    // 0.52 s: the first frame at or past 0.5 s at 25 fps; the second short segment ends on the 1 s keyframe.
    expect(lengths).toEqual([0.52, 0.48, 4, 4]);
    // The one-entry playlist holds only the last segment.
    expect(readFileSync(join(dir, "quick.m3u8"), "utf8").match(/#EXTINF/g)).toHaveLength(1);
    expect(firstVideoPtsIn(Buffer.from("not a transport stream"))).toBeUndefined();
  });

  it("renders an error slate whose text needs filtergraph escaping", () => {
    const out = join(dir, "slate.ts");
    const command = buildErrorSlateArgs(
      profile({ resolution: { width: 320, height: 180 }, videoPreset: "ultrafast" }),
      "Playout item does not exist on disk\n/media/it's: a [test], 100%; ok",
      { durationMs: 1000, realtime: false, output: { kind: "mpegts", target: out } },
      caps,
    );
    ffmpeg(command.args);
    const info = probe(out);
    expect(info.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 320, height: 180 });
    expect(info.streams.find((s) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac" });
    expect(statSync(out).size).toBeGreaterThan(0);
  });
});
