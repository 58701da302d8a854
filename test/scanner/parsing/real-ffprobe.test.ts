/**
 * Runs the installed ffprobe with our arguments on small files made by the installed ffmpeg, and parses
 * its real JSON. Needs `ffmpeg` and `ffprobe` on PATH (CI installs them); fails, never skips, without them.
 */
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaStreamKind } from "../../../server/domain/enums";
import { ffprobeArgs, parseFfprobeJson, type ProbeInfo } from "../../../server/media/probe";

let dir: string;
let mkv: string;
let mp4: string;

function ffmpeg(args: string[]): void {
  execFileSync("ffmpeg", ["-nostdin", "-y", "-hide_banner", "-loglevel", "error", ...args], { stdio: ["ignore", "pipe", "pipe"], timeout: 30_000 });
}

/** Spawns ffprobe with an argument array (no shell) and parses what it prints. */
function runProbe(file: string, cwd?: string): Promise<ProbeInfo> {
  return new Promise((resolve, reject) => {
    execFile("ffprobe", ffprobeArgs(file), { cwd, timeout: 30_000, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const result = parseFfprobeJson(stdout);
      if (result.ok) resolve(result.value);
      else reject(new Error(result.reason));
    });
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "airwave-probe-"));
  const chapters = join(dir, "chapters.txt");
  writeFileSync(
    chapters,
    [";FFMETADATA1", "title=Probe Test", "[CHAPTER]", "TIMEBASE=1/1000", "START=0", "END=800", "title=Opening", "[CHAPTER]", "TIMEBASE=1/1000", "START=800", "END=2000", "title=Finale", ""].join("\n"),
  );
  // 2 s of 320x240 test picture, two mono tones tagged English and German, two chapters.
  mkv = join(dir, "two audio: chapters.mkv");
  ffmpeg([
    "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2",
    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2",
    "-f", "lavfi", "-i", "sine=frequency=880:sample_rate=48000:duration=2",
    "-f", "ffmetadata", "-i", chapters,
    "-map", "0:v", "-map", "1:a", "-map", "2:a", "-map_metadata", "3", "-map_chapters", "3",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
    "-c:a", "aac",
    "-metadata:s:a:0", "language=eng",
    "-metadata:s:a:1", "language=ger", "-metadata:s:a:1", "title=Kommentar",
    "-disposition:a:0", "default", "-disposition:a:1", "0",
    mkv,
  ]);
  // 1 s MP4 with cover art (an attached picture) and German audio tagged with the 639-2/T code.
  const cover = join(dir, "cover.png");
  ffmpeg(["-f", "lavfi", "-i", "color=c=red:size=64x64", "-frames:v", "1", cover]);
  mp4 = join(dir, "with cover.mp4");
  ffmpeg([
    "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=1",
    "-f", "lavfi", "-i", "sine=frequency=440:duration=1",
    "-i", cover,
    "-map", "0:v", "-map", "1:a", "-map", "2:v",
    "-c:v:0", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
    "-c:v:1", "png", "-disposition:v:1", "attached_pic",
    "-c:a", "aac", "-metadata:s:a:0", "language=deu",
    mp4,
  ]);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("parseFfprobeJson on the installed ffprobe's output", () => {
  it("reads duration, picture, languages and chapters of a Matroska file", async () => {
    const info = await runProbe(mkv);
    expect(info.container).toBe("matroska,webm");
    expect(info.durationMs).toBeGreaterThanOrEqual(1_950);
    expect(info.durationMs).toBeLessThanOrEqual(2_100);
    expect(info).toMatchObject({ width: 320, height: 240, sampleAspectRatio: "1:1", displayAspectRatio: "4:3", frameRate: "25/1", scanKind: "progressive" });
    expect(info.streams).toEqual([
      { index: 0, kind: MediaStreamKind.Video, codec: "h264", profile: expect.any(String), level: expect.any(Number), hasBFrames: expect.any(Boolean), language: null, title: null, channels: null, width: 320, height: 240, pixelFormat: "yuv420p", bitDepth: 8, isDefault: expect.any(Boolean), isForced: false },
      { index: 1, kind: MediaStreamKind.Audio, codec: "aac", profile: "lc", sampleRate: 48000, language: "eng", title: null, channels: 1, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: true, isForced: false },
      { index: 2, kind: MediaStreamKind.Audio, codec: "aac", profile: "lc", sampleRate: 48000, language: "ger", title: "Kommentar", channels: 1, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: false, isForced: false },
    ]);
    expect(info.streams[0].profile).toMatch(/^[a-z0-9 :]+$/);
    expect(info.chapters).toEqual([
      { index: 0, startMs: 0, endMs: 800, title: "Opening" },
      { index: 1, startMs: 800, endMs: 2_000, title: "Finale" },
    ]);
  });

  it("treats MP4 cover art as an attachment and normalises 639-2/T languages", async () => {
    const info = await runProbe(mp4);
    expect(info.container).toBe("mov,mp4,m4a,3gp,3g2,mj2");
    expect(info.durationMs).toBeGreaterThanOrEqual(950);
    expect(info.durationMs).toBeLessThanOrEqual(1_100);
    expect([info.width, info.height]).toEqual([320, 240]);
    expect(info.streams.map((s) => [s.index, s.kind, s.codec, s.language])).toEqual([
      [0, MediaStreamKind.Video, "h264", null],
      [1, MediaStreamKind.Audio, "aac", "ger"],
      [2, MediaStreamKind.Attachment, "png", null],
    ]);
    expect(info.chapters).toEqual([]);
  });

  it("opens a relative file whose name looks like a protocol", async () => {
    copyFileSync(mkv, join(dir, "clip:one.mkv"));
    const info = await runProbe("clip:one.mkv", dir);
    expect([info.container, info.streams.length, info.chapters.length]).toEqual(["matroska,webm", 3, 2]);
  });

  it("turns ffprobe's report on a missing file into a failure reason", async () => {
    const stdout = await new Promise<string>((resolve) => {
      execFile("ffprobe", ffprobeArgs(join(dir, "missing.mkv")), (_error, out) => resolve(String(out)));
    });
    const result = parseFfprobeJson(stdout);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).toMatch(/^ffprobe (error: |output has neither)/);
  });
});
