import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** One decoded video frame as RGB24, scaled to `width`×`height`. */
export interface RgbFrame {
  width: number;
  height: number;
  data: Buffer;
}

/** Decodes the first video frame of `input` (a file or URL), after `seekSeconds` of output-side seek. */
export async function grabRgbFrame(input: string, width: number, height: number, seekSeconds = 0, inputArgs: string[] = []): Promise<RgbFrame> {
  const args = ["-v", "error", ...inputArgs, "-i", input];
  if (seekSeconds > 0) args.push("-ss", seekSeconds.toFixed(3));
  args.push("-frames:v", "1", "-vf", `scale=${width}:${height}`, "-pix_fmt", "rgb24", "-f", "rawvideo", "pipe:1");
  const { stdout } = await run("ffmpeg", args, { encoding: "buffer", maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  if (stdout.length !== width * height * 3) throw new Error(`expected ${width * height * 3} bytes of RGB, got ${stdout.length}`);
  return { width, height, data: stdout };
}

/** Mean colour of a rectangle (fractions of the frame: x0, y0, x1, y1). */
export function meanColor(frame: RgbFrame, x0: number, y0: number, x1: number, y1: number): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(y0 * frame.height); y < Math.ceil(y1 * frame.height); y++) {
    for (let x = Math.floor(x0 * frame.width); x < Math.ceil(x1 * frame.width); x++) {
      const i = (y * frame.width + x) * 3;
      sum[0] += frame.data[i]!;
      sum[1] += frame.data[i + 1]!;
      sum[2] += frame.data[i + 2]!;
      n++;
    }
  }
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** Mean absolute difference per channel between two frames of one size, inside a rectangle. */
export function meanDifference(a: RgbFrame, b: RgbFrame, x0 = 0, y0 = 0, x1 = 1, y1 = 1): number {
  let total = 0;
  let n = 0;
  for (let y = Math.floor(y0 * a.height); y < Math.ceil(y1 * a.height); y++) {
    for (let x = Math.floor(x0 * a.width) * 3; x < Math.ceil(x1 * a.width) * 3; x++) {
      total += Math.abs(a.data[y * a.width * 3 + x]! - b.data[y * b.width * 3 + x]!);
      n++;
    }
  }
  return total / n;
}

/** Largest mean of the three channels: 0 for a black frame. */
export function brightness(frame: RgbFrame): number {
  return Math.max(...meanColor(frame, 0, 0, 1, 1));
}

/** Distance between two colours (per-channel maximum). */
export function colorDistance(a: readonly number[], b: readonly number[]): number {
  return Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Decodes a PNG (which must start with the PNG signature) to RGB24 at `width`×`height`. */
export async function pngFrame(png: Buffer, width: number, height: number): Promise<RgbFrame> {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error(`not a PNG: starts with ${png.subarray(0, 8).toString("hex")}`);
  const child = execFile("ffmpeg", ["-v", "error", "-f", "png_pipe", "-i", "pipe:0", "-frames:v", "1", "-vf", `scale=${width}:${height}`, "-pix_fmt", "rgb24", "-f", "rawvideo", "pipe:1"], { encoding: "buffer", maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  const output = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    child.stdout!.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg could not decode the PNG (exit ${code})`))));
  });
  child.stdin!.end(png);
  const data = await output;
  if (data.length !== width * height * 3) throw new Error(`expected ${width * height * 3} bytes of RGB, got ${data.length}`);
  return { width, height, data };
}
