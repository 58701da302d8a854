import { execFile } from "node:child_process";
import { ffprobeArgs, parseFfprobeJson, type ProbeInfo } from "./ffprobe-json";

/**
 * Probes one file with ffprobe (argument array, no shell). Rejects with a one-line reason. Used by the
 * scanner child (every new file) and the stream process owner (each file it plays).
 */
export function runFfprobe(ffprobe: string, file: string, timeoutMs: number): Promise<ProbeInfo> {
  return new Promise((resolve, reject) => {
    execFile(ffprobe, ffprobeArgs(file), { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (error) {
        const detail = String(stderr).trim().split("\n").at(-1) || error.message;
        reject(new Error(`ffprobe failed: ${detail}`));
        return;
      }
      const parsed = parseFfprobeJson(String(stdout));
      if (!parsed.ok) reject(new Error(`ffprobe output not understood: ${parsed.reason}`));
      else resolve(parsed.value);
    });
  });
}
