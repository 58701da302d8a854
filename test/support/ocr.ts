/**
 * Reads text drawn into a video frame with tesseract (Debian `tesseract-ocr` + `tesseract-ocr-eng`): the
 * region is cut out, enlarged and turned grey by FFmpeg, then read as one block of text.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { TESSERACT } from "./prerequisites";

const run = promisify(execFile);

/** A rectangle as fractions of the frame: x0, y0, x1, y1. */
export type Region = readonly [number, number, number, number];

/** The text tesseract reads in `region` of the frame `seekSeconds` into `input` (a video file, or a PNG with seek 0). */
export async function readText(input: string, region: Region = [0, 0, 1, 1], seekSeconds = 0): Promise<string> {
  const [x0, y0, x1, y1] = region;
  const crop = `crop=iw*${x1 - x0}:ih*${y1 - y0}:iw*${x0}:ih*${y0},scale=iw*3:ih*3:flags=lanczos,format=gray`;
  const args = ["-v", "error", "-i", input];
  if (seekSeconds > 0) args.push("-ss", seekSeconds.toFixed(3));
  args.push("-frames:v", "1", "-vf", crop, "-c:v", "png", "-f", "image2pipe", "pipe:1");
  const { stdout: png } = await run("ffmpeg", args, { encoding: "buffer", maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  const child = execFile(TESSERACT, ["stdin", "stdout", "--psm", "6", "-l", "eng"], { encoding: "utf8", timeout: 60_000, env: { ...process.env, OMP_THREAD_LIMIT: "1" } });
  const text = new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: string) => (out += chunk));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`tesseract exited with code ${code}`))));
  });
  child.stdin!.end(png);
  return (await text).replace(/\s+/g, " ").trim();
}

/**
 * The fewest edits (a letter inserted, dropped or changed) that make `expected` appear somewhere in `text`: an
 * approximate substring match (Sellers), since OCR over a moving picture misreads a letter now and then.
 */
export function editsToFind(text: string, expected: string): number {
  let previous = Array.from({ length: text.length + 1 }, () => 0);
  for (let i = 1; i <= expected.length; i++) {
    const row = [i];
    for (let j = 1; j <= text.length; j++) {
      const same = expected[i - 1] === text[j - 1] ? 0 : 1;
      row.push(Math.min(previous[j - 1]! + same, previous[j]! + 1, row[j - 1]! + 1));
    }
    previous = row;
  }
  return Math.min(...previous);
}

/** `text` (as tesseract read it) shows `expected`, allowing one misread letter in twelve ("Buek" for "Buck"). */
export function readsAs(text: string, expected: string): boolean {
  return editsToFind(text, expected) <= Math.floor(expected.length / 12);
}
