/**
 * Keyframes read from the container's own index (MP4 moov, Matroska Cues) in process, against ffprobe's
 * packet flags for the same files: the same times (ms from the file's start, as `-ss` counts), or no answer
 * where the file has no index (then MediaProbe asks ffprobe, and still answers).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readKeyframeIndex } from "../../server/media/keyframe-index/read-keyframe-index";
import { probeKeyframes } from "../../server/streaming/keyframe-probe";
import { MediaProbe } from "../../server/streaming/media-probe";
import { useTempDir } from "../support/temp-dir";

const dir = useTempDir("airwave-keyframe-index-");
const SECONDS = 8;

const H264 = ["-c:v", "libx264", "-preset", "veryfast", "-g", "30", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "48k"];

/** 160x90 video and a tone, by default H.264 with B-frames, keyframes every 1.2 s plus x264's scene cuts, and AAC. */
function make(name: string, extra: string[] = [], codecs = H264): string {
  const file = path.join(dir.path, name);
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", `testsrc2=size=160x90:rate=25:duration=${SECONDS}`,
    "-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
    ...codecs, "-shortest", ...extra, file,
  ], { stdio: ["ignore", "ignore", "pipe"] });
  return file;
}

const probed = (file: string) => probeKeyframes("ffprobe", file, [[0, SECONDS * 1000 + 1000]]);
const files: Record<string, string> = {};

beforeAll(() => {
  files.mkv = make("plain.mkv");
  files.webm = make("vp8.webm", [], ["-c:v", "libvpx", "-g", "40", "-b:v", "200k", "-deadline", "realtime", "-c:a", "libopus"]);
  files.mkvLate = make("late.mkv", ["-output_ts_offset", "1.5"]);
  files.mp4 = make("plain.mp4");
  files.faststart = make("faststart.mp4", ["-movflags", "+faststart"]);
  files.mov = make("plain.mov");
  files.noEditList = make("no-edit-list.mp4", ["-use_editlist", "0"]);
  files.late = make("late.mp4", ["-output_ts_offset", "1.5"]);
  files.intra = make("intra.mov", [], ["-c:v", "mjpeg", "-q:v", "8", "-pix_fmt", "yuvj420p", "-c:a", "pcm_s16le"]);
}, 120_000);

describe("readKeyframeIndex", () => {
  for (const name of ["mkv", "webm", "mkvLate", "mp4", "faststart", "mov", "noEditList", "late", "intra"]) {
    it(`reads the same keyframes as ffprobe: ${name}`, async () => {
      const expected = await probed(files[name]!);
      expect(expected.length).toBeGreaterThan(3);
      const read = await readKeyframeIndex(files[name]!);
      // Exact times rounded up; ffprobe's come from decimal seconds less the start time in floating point,
      // which can round a whole millisecond up once more (1.5 s − 1.478 s → 23 ms): never later than ffprobe's, at most 1 ms before.
      expect(read?.length).toBe(expected.length);
      expect(read!.map((ms, i) => expected[i]! - ms).filter((d) => d < 0 || d > 1)).toEqual([]);
    });
  }

  it("has no answer for a file without an index (MPEG-TS; Matroska written to a pipe has no Cues), and MediaProbe then asks ffprobe", async () => {
    const ts = make("plain.ts");
    const piped = path.join(dir.path, "piped.mkv");
    const mkv = execFileSync("ffmpeg", ["-v", "error", "-i", files.mkv!, "-c", "copy", "-f", "matroska", "pipe:1"], { maxBuffer: 64 * 1024 * 1024 });
    fs.writeFileSync(piped, mkv);
    for (const file of [ts, piped]) {
      expect(await readKeyframeIndex(file)).toBeUndefined();
      const expected = await probed(file);
      expect(expected.length).toBeGreaterThan(3);
      expect(await new MediaProbe("ffprobe").keyframes(file, [[0, SECONDS * 1000 + 1000]])).toEqual(expected);
    }
  });

  it("has no answer, and no error, for a cut-off or garbled file (MediaProbe then asks ffprobe)", async () => {
    const mkv = fs.readFileSync(files.mkv!);
    const mp4 = fs.readFileSync(files.mp4!); // moov after the media
    const cases: Record<string, Buffer> = {
      "cut.mkv": mkv.subarray(0, mkv.length - 200), // its Cues cut
      "cut.mp4": mp4.subarray(0, mp4.length - 500),
      "head.mkv": mkv.subarray(0, 300),
      "noise.mp4": Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(4096, 0xff)]),
      "empty.mkv": Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const file = path.join(dir.path, name);
      fs.writeFileSync(file, bytes);
      expect(await readKeyframeIndex(file), name).toBeUndefined();
    }
  });
});
