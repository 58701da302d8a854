/**
 * Generated media for the track tests (#27): a counting clip with two audio languages and text subtitles,
 * and a grey ramp encoded SDR or as 10-bit HEVC HDR10. Plus the measurements the tests take of them.
 */
import { execFile as execFileCb, execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFileCb);

/** An SRT file's text from `[startS, endS, text]` cues (whole seconds below one hour). */
export function srt(cues: Array<[number, number, string]>): string {
  const at = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")},000`;
  return cues.map(([a, b, text], i) => `${i + 1}\n${at(a)} --> ${at(b)}\n${text}\n`).join("\n");
}

export interface TwoLanguageClip {
  /** The `.mkv`: video, `eng` 440 Hz and `spa` 880 Hz audio, the English SRT embedded (default). */
  media: string;
  /** The sidecar `<name>.es.srt` next to it. */
  spanish: string;
}

/**
 * A counting clip (second `s` is a flat grey of luma `40 + step·s`, chroma `cb` tells clips apart) with two
 * audio tracks (`eng` 440 Hz, `spa` 880 Hz), `english` cues embedded as an SRT stream and `spanish` cues as a
 * sidecar `.es.srt`.
 */
export function makeTwoLanguageClip(
  folder: string,
  name: string,
  options: { seconds: number; english: Array<[number, number, string]>; spanish: Array<[number, number, string]>; step?: number; cb?: number; size?: string },
): TwoLanguageClip {
  const { seconds, step = 5, cb = 128, size = "160x90" } = options;
  fs.mkdirSync(folder, { recursive: true });
  const media = path.join(folder, `${name}.mkv`);
  const english = path.join(folder, `${name}.embedded-en.srt.txt`);
  const spanish = path.join(folder, `${name}.es.srt`);
  fs.writeFileSync(english, srt(options.english));
  fs.writeFileSync(spanish, srt(options.spanish));
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", `color=c=gray:s=${size}:r=25:d=${seconds},format=yuv420p,geq=lum='40+${step}*floor(T)':cb=${cb}:cr=128`,
    "-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    "-f", "lavfi", "-i", `sine=frequency=880:sample_rate=48000:duration=${seconds}`,
    "-f", "srt", "-i", english,
    "-map", "0:v", "-map", "1:a", "-map", "2:a", "-map", "3:s",
    "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-b:a", "64k", "-c:s", "srt",
    "-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=spa", "-metadata:s:s:0", "language=eng", "-disposition:s:0", "default",
    "-t", String(seconds), media,
  ], { stdio: ["ignore", "ignore", "pipe"] });
  fs.rmSync(english);
  return { media, spanish };
}

/** HDR10 mastering display (BT.2020 primaries, D65, 1000/0.0001 nits) and content light level of the ramp. */
const HDR10_X265 = "colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:hdr10=1:max-cll=1000,400:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)";

/**
 * A horizontal grey ramp, black on the left to white on the right (video luma 16…235 in SDR), `seconds` long.
 * `hdr`: the same picture as 10-bit HEVC HDR10, graded as HDR releases grade SDR-range content: SDR white at
 * 100 nits on the PQ curve, BT.2020 primaries and matrix, tagged as such in the stream and the container.
 * Otherwise 8-bit H.264 BT.709. Silent stereo audio.
 */
export function makeGreyRamp(file: string, options: { hdr: boolean; seconds?: number; size?: string }): void {
  const { seconds = 2, size = "192x108" } = options;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const ramp = `color=c=black:s=${size}:r=25:d=${seconds},format=yuv444p,geq=lum='16+219*X/(W-1)':cb=128:cr=128`;
  const video = options.hdr
    ? [
        "-vf", "zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=smpte2084:m=bt2020nc:p=bt2020:r=tv:npl=100,format=yuv420p10le",
        "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", `log-level=error:${HDR10_X265}`,
        "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
      ]
    : ["-vf", "format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709"];
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", ramp,
    "-f", "lavfi", "-i", `anullsrc=channel_layout=stereo:sample_rate=48000`,
    "-map", "0:v", "-map", "1:a", ...video, "-g", "25", "-c:a", "aac", "-b:a", "64k",
    "-t", String(seconds), file,
  ], { stdio: ["ignore", "ignore", "pipe"] });
}

/**
 * Mean video luma (Y as coded, limited range) of a vertical band of one decoded frame, per band centre
 * (fractions of the width): `[0.5]` gives the ramp's mid-grey. The band is 1/16 of the width, full height.
 */
export async function lumaAcross(input: string, centres: readonly number[], seekSeconds = 0): Promise<number[]> {
  const width = 192;
  const height = 108;
  const args = ["-v", "error", "-i", input];
  if (seekSeconds > 0) args.push("-ss", seekSeconds.toFixed(3));
  // Planar YUV at the frame's own range: the first plane is the coded luma, no range conversion.
  args.push("-frames:v", "1", "-vf", `scale=${width}:${height},format=yuv444p`, "-f", "rawvideo", "pipe:1");
  const { stdout } = await run("ffmpeg", args, { encoding: "buffer", maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
  if (stdout.length < width * height) throw new Error(`expected a ${width}x${height} frame, got ${stdout.length} bytes`);
  const half = width / 32;
  return centres.map((c) => {
    let sum = 0;
    let n = 0;
    for (let y = 0; y < height; y++) {
      for (let x = Math.round(c * width - half); x < Math.round(c * width + half); x++) {
        sum += stdout[y * width + Math.min(width - 1, Math.max(0, x))]!;
        n++;
      }
    }
    return sum / n;
  });
}

/** Frequency of mono s16le samples at 48 kHz by counting rising zero crossings. */
export function toneHz(samples: Buffer): number {
  let crossings = 0;
  for (let i = 2; i + 1 < samples.length; i += 2) if (samples.readInt16LE(i - 2) < 0 && samples.readInt16LE(i) >= 0) crossings++;
  return crossings / (samples.length / 2 / 48_000);
}

/** The tone (Hz) of one audio stream (`map`, e.g. `0:a:1`) of `input`, past its first 200 ms (encoder priming). */
export async function streamTone(input: string, map: string, extra: string[] = []): Promise<number> {
  const { stdout } = await run("ffmpeg", ["-v", "error", ...extra, "-i", input, "-map", map, "-ac", "1", "-ar", "48000", "-f", "s16le", "pipe:1"], { encoding: "buffer", maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  return toneHz(stdout.subarray(48_000 * 2 * 0.2));
}
