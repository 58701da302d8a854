/**
 * Where a file's video keyframes are, near given times: a copied piece must start on a keyframe (a
 * stream copy cannot start anywhere else) and a chunk of a long item ends on one, so the next chunk
 * continues exactly where it ended. ffprobe reads only the packets of the asked intervals (no decoding).
 */
import { execFile } from "node:child_process";
import { probeInput } from "../media/probe/ffprobe-json";

const TIMEOUT_MS = 10_000;
/** How far before a time a keyframe is looked for: longer GOPs than this start at the time itself. */
export const KEYFRAME_LOOKBACK_MS = 20_000;

/** Keyframe times (ms from the file's start) within `[fromMs, toMs]` intervals, ascending. */
export function probeKeyframes(ffprobe: string, file: string, intervals: ReadonlyArray<[number, number]>): Promise<number[]> {
  const spec = intervals.map(([from, to]) => `${seconds(Math.max(0, from))}%${seconds(to)}`).join(",");
  const input = probeInput(file);
  const args = ["-v", "error", "-select_streams", "v:0", "-read_intervals", spec, "-show_entries", "packet=pts_time,flags:format=start_time", "-of", "json", "-i", input];
  return new Promise((resolve, reject) => {
    execFile(ffprobe, args, { timeout: TIMEOUT_MS, maxBuffer: 32 * 1024 * 1024, windowsHide: true }, (error, stdout) => {
      if (error) reject(new Error(`ffprobe keyframes failed: ${error.message.split("\n")[0]}`));
      else resolve(parseKeyframes(String(stdout)));
    });
  });
}

export function parseKeyframes(json: string): number[] {
  const data = JSON.parse(json) as { packets?: Array<{ pts_time?: string; flags?: string }>; format?: { start_time?: string } };
  const start = Number(data.format?.start_time ?? 0) || 0;
  const times = new Set<number>();
  for (const p of data.packets ?? []) {
    const pts = Number(p.pts_time);
    // Rounded up: `-ss` at the rounded time must not land just before the keyframe (FFmpeg would take the previous one).
    if (p.flags?.startsWith("K") && Number.isFinite(pts)) times.add(Math.max(0, Math.ceil((pts - start) * 1000)));
  }
  return [...times].sort((a, b) => a - b);
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
