import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { waitFor } from "../../support/wait";

const run = promisify(execFile);

/**
 * A clip whose picture tells where it is: second `s` is a flat grey of luma `40 + step·s` (step 15 by
 * default; keep `40 + step·seconds` below 235) and the chroma `cb` marks which clip it is (Y/Cb are read
 * back from decoded frames). Silent-ish tone audio.
 */
export function makeCountingClip(file: string, seconds: number, cb: number, size = "160x90", step = 15): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", `color=c=gray:s=${size}:r=25:d=${seconds},format=yuv420p,geq=lum='40+${step}*floor(T)':cb=${cb}:cr=128`,
    "-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-b:a", "64k", "-shortest", file,
  ], { stdio: ["ignore", "ignore", "pipe"] });
}

/** Which second of a counting clip (made with `step`) a luma value shows. */
export function secondOfLuma(luma: number, step = 15): number {
  return Math.round((luma - 40) / step);
}

export interface FrameStats {
  /** Mean luma of the top half, bottom strip, and mean Cb over the frame. */
  topLuma: number;
  bottomMaxLuma: number;
  cb: number;
}

/** Decodes one frame (at `seekSeconds` into `input`) and measures it. */
export async function frameStats(input: string, seekSeconds = 0): Promise<FrameStats> {
  const width = 160;
  const height = 90;
  // Output-side seek: decodes from the start of the (small) file, exact whatever its start time.
  const args = ["-v", "error", "-i", input];
  if (seekSeconds > 0) args.push("-ss", seekSeconds.toFixed(3));
  args.push("-frames:v", "1", "-vf", `scale=${width}:${height}`, "-pix_fmt", "yuv444p", "-f", "rawvideo", "pipe:1");
  const { stdout } = await run("ffmpeg", args, { encoding: "buffer", maxBuffer: 16 * 1024 * 1024 });
  const plane = width * height;
  const y = stdout.subarray(0, plane);
  const u = stdout.subarray(plane, 2 * plane);
  let top = 0;
  for (let i = 0; i < plane / 2; i++) top += y[i]!;
  let bottomMax = 0;
  for (let i = Math.floor(plane * 0.75); i < plane; i++) bottomMax = Math.max(bottomMax, y[i]!);
  let cb = 0;
  for (let i = 0; i < plane; i++) cb += u[i]!;
  return { topLuma: top / (plane / 2), bottomMaxLuma: bottomMax, cb: cb / plane };
}

export async function ffprobeJson(input: string, extra: string[] = []): Promise<any> {
  const { stdout } = await run("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", ...extra, input], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout);
}

/** Packet timestamps (seconds) of one stream type in a file, in file order. */
export async function packetTimes(input: string, stream: "v" | "a"): Promise<number[]> {
  const { stdout } = await run("ffprobe", ["-v", "error", "-select_streams", `${stream}:0`, "-show_entries", "packet=dts_time", "-of", "csv=p=0", input], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split("\n").map((l) => l.trim()).filter((l) => l !== "" && l !== "N/A").map(Number);
}

/** An open HTTP stream: its bytes so far, the time of the first byte, and a way to hang up. */
export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes(): Buffer;
  firstByteAt: Promise<number>;
  /** Resolves once at least `n` bytes arrived. */
  waitForBytes(n: number, timeoutMs?: number): Promise<void>;
  close(): void;
}

export function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let resolveFirst!: (t: number) => void;
      const firstByteAt = new Promise<number>((r) => (resolveFirst = r));
      const waiters: Array<{ n: number; done: () => void }> = [];
      res.on("data", (chunk: Buffer) => {
        if (size === 0) resolveFirst(performance.now());
        chunks.push(chunk);
        size += chunk.length;
        for (const w of [...waiters]) if (size >= w.n) w.done();
      });
      res.on("error", () => undefined);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        bytes: () => Buffer.concat(chunks),
        firstByteAt,
        waitForBytes: (n, timeoutMs = 20_000) =>
          new Promise((ok, fail) => {
            if (size >= n) return ok();
            const timer = setTimeout(() => fail(new Error(`only ${size} of ${n} bytes arrived`)), timeoutMs);
            const waiter = { n, done: () => (clearTimeout(timer), waiters.splice(waiters.indexOf(waiter), 1), ok()) };
            waiters.push(waiter);
          }),
        close: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.on("error", reject);
  });
}

/** Running FFmpeg processes whose parent is this process (the server runs in-process in tests), from /proc. */
export function ffmpegChildren(): Array<{ pid: number; args: string[] }> {
  return ffmpegProcesses((ppid) => ppid === process.pid);
}

/** Running FFmpeg processes whose parent pid and arguments pass `accept`, from /proc (any parent: a server run as a process of its own, or orphans of one that died). */
export function ffmpegProcesses(accept: (ppid: number, args: string[]) => boolean): Array<{ pid: number; args: string[] }> {
  const out: Array<{ pid: number; args: string[] }> = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const [state, ppidText] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // A zombie has already exited (its cmdline is empty); only its exit status waits to be collected.
      if (comm !== "ffmpeg" || state === "Z") continue;
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
      // An exiting process loses its memory (and cmdline) before it turns into a zombie.
      if (args.length === 0 || !accept(Number(ppidText), args)) continue;
      out.push({ pid: Number(entry), args });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  await waitFor(check, what, { timeoutMs, intervalMs: 100 });
}
