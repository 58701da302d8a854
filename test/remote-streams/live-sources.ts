/**
 * Live sources for remote stream tests, all on loopback and made in the test: FFmpeg writing an HLS stream
 * into a folder (served over HTTP by the caller), FFmpeg sending MPEG-TS over UDP, and a TCP listener that
 * accepts and never answers. Plus a recorder of a channel session's segments and a colour timeline read
 * from them by media time (each segment's place on the schedule), not by when the test looked.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import dgram from "node:dgram";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import type { HlsSession } from "../../server/streaming/hls/hls-session";
import { waitFor } from "../support/wait";

const run = promisify(execFile);

export interface LiveSource {
  stop(): Promise<void>;
}

/** A colour test card with a tone, encoded in real time (`-re`) forever: a live source. */
function liveColourInput(colour: string): string[] {
  return ["-re", "-f", "lavfi", "-i", `color=c=${colour}:s=160x90:r=25`, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k"];
}

function startFfmpeg(args: string[]): LiveSource & { child: ChildProcess } {
  const child = spawn("ffmpeg", ["-v", "error", "-nostdin", ...args], { stdio: ["ignore", "ignore", "ignore"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** FFmpeg writes a live HLS stream (1 s segments, a sliding playlist) into `folder/live.m3u8`; resolves once it lists 3 segments. */
export async function startHlsWriter(folder: string, colour: string): Promise<LiveSource> {
  fs.mkdirSync(folder, { recursive: true });
  const playlist = path.join(folder, "live.m3u8");
  const source = startFfmpeg([...liveColourInput(colour), "-f", "hls", "-hls_time", "1", "-hls_list_size", "6", "-hls_flags", "delete_segments", "-hls_segment_filename", path.join(folder, "seg%05d.ts"), playlist]);
  await waitFor(() => fs.existsSync(playlist) && (fs.readFileSync(playlist, "utf8").match(/\.ts$/gm) ?? []).length >= 3, "the HLS writer's first segments", { timeoutMs: 30_000, intervalMs: 100 });
  return source;
}

/** FFmpeg sends MPEG-TS over UDP to 127.0.0.1:port (datagrams are sent whether or not anyone listens). */
export function startUdpSender(port: number, colour: string): LiveSource {
  return startFfmpeg([...liveColourInput(colour), "-f", "mpegts", `udp://127.0.0.1:${port}?pkt_size=1316`]);
}

/** A UDP port nobody uses on loopback right now. */
export async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** A TCP listener that accepts every connection and never says a word. */
export async function startSilentListener(): Promise<LiveSource & { url: string; connections(): number }> {
  const sockets = new Set<net.Socket>();
  let count = 0;
  const server = net.createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/live`,
    connections: () => count,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface RecordedSegment {
  number: number;
  wallStart: number;
  durationMs: number;
  file: string;
}

/** Copies each segment of a session as it is finished (the session deletes aired ones), until stopped. */
export function recordSession(session: () => HlsSession | undefined, folder: string): { segments: RecordedSegment[]; stop(): void; until(wallTime: number, timeoutMs: number): Promise<void> } {
  fs.mkdirSync(folder, { recursive: true });
  const segments: RecordedSegment[] = [];
  const seen = new Set<string>();
  const copy = () => {
    const current = session();
    if (!current) return;
    for (const s of current.segments) {
      const key = `${s.tag ?? ""}/${s.number}`;
      if (seen.has(key)) continue;
      const file = path.join(folder, `${String(segments.length).padStart(5, "0")}.ts`);
      try {
        fs.copyFileSync(current.file(s.number), file);
      } catch {
        continue;
      }
      seen.add(key);
      segments.push({ number: s.number, wallStart: s.wallStart, durationMs: s.durationMs, file });
    }
  };
  const timer = setInterval(copy, 200);
  return {
    segments,
    stop: () => clearInterval(timer),
    until: async (wallTime, timeoutMs) => {
      await waitFor(
        () => {
          copy();
          const last = segments.at(-1);
          return last !== undefined && last.wallStart + last.durationMs >= wallTime;
        },
        `the session's segments to reach ${new Date(wallTime).toISOString()}`,
        { timeoutMs, intervalMs: 200 },
      );
    },
  };
}

export type ColourName = "red" | "green" | "blue" | "yellow" | "magenta" | "cyan" | "slate";

const PALETTE: Array<[ColourName, [number, number, number]]> = [
  ["red", [255, 0, 0]],
  ["green", [0, 128, 0]],
  ["blue", [0, 0, 255]],
  ["yellow", [255, 255, 0]],
  ["magenta", [255, 0, 255]],
  ["cyan", [0, 255, 255]],
  // The offline slate: black (its text is lower down).
  ["slate", [0, 0, 0]],
];

export interface ColourSample {
  /** Where the frame stands on the schedule (epoch ms): its segment's start plus its place in the segment. */
  at: number;
  colour: ColourName | "?";
}

function classify(rgb: [number, number, number]): ColourName | "?" {
  let best: ColourName | "?" = "?";
  let bestDistance = 70;
  for (const [name, ref] of PALETTE) {
    const distance = Math.max(...rgb.map((v, i) => Math.abs(v - ref[i]!)));
    if (distance < bestDistance) (best = name), (bestDistance = distance);
  }
  return best;
}

/** Every frame of the recorded segments, by its media time, as the colour of the top quarter of the picture. */
export async function colourTimeline(segments: RecordedSegment[]): Promise<ColourSample[]> {
  const samples: ColourSample[] = [];
  for (const segment of segments) {
    // A segment cut where a stalled source's run ended may hold only its last audio packets: no frames to place.
    const { stdout: videoStreams } = await run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "stream=index", "-of", "csv=p=0", segment.file]);
    if (videoStreams.trim() === "" && segment.durationMs < 1000) continue;
    const { stdout } = await run("ffmpeg", ["-v", "error", "-i", segment.file, "-map", "0:v:0", "-vf", "scale=8:8", "-pix_fmt", "rgb24", "-f", "rawvideo", "pipe:1"], { encoding: "buffer", maxBuffer: 16 * 1024 * 1024 });
    const frames = Math.floor(stdout.length / 192);
    for (let k = 0; k < frames; k++) {
      const sum: [number, number, number] = [0, 0, 0];
      for (let p = 0; p < 16; p++) for (let c = 0; c < 3; c++) sum[c] += stdout[k * 192 + p * 3 + c]!;
      samples.push({ at: segment.wallStart + (k * segment.durationMs) / frames, colour: classify(sum.map((v) => v / 16) as [number, number, number]) });
    }
  }
  return samples;
}

/** The colour runs of a timeline (consecutive samples of one colour), for messages and order checks. */
export function colourRuns(samples: ColourSample[]): Array<{ colour: string; from: number; to: number }> {
  const runs: Array<{ colour: string; from: number; to: number }> = [];
  for (const s of samples) {
    const last = runs.at(-1);
    if (last && last.colour === s.colour) last.to = s.at;
    else runs.push({ colour: s.colour, from: s.at, to: s.at });
  }
  return runs;
}

/** Samples inside [from + margin, to − margin] whose colour is not one of `allowed`. */
export function offColour(samples: ColourSample[], from: number, to: number, allowed: readonly string[], marginMs = 1000): ColourSample[] {
  return samples.filter((s) => s.at >= from + marginMs && s.at <= to - marginMs && !allowed.includes(s.colour));
}
