import { execFile } from "node:child_process";
import type { ScannedProbe } from "../domain/scan-protocol";
import { ffprobeArgs, parseFfprobeJson } from "./probe/ffprobe-json";

const PROBE_TIMEOUT_MS = 60_000;

/** What the scanner keeps of a probe: the stored fields, and an audio file's tags (not sent as they are). */
export type ProbeWithTags = ScannedProbe & { tags?: Record<string, string> };

/** Probes one file with ffprobe (argument array, no shell). Rejects with a one-line reason. */
export function runFfprobe(ffprobe: string, file: string): Promise<ProbeWithTags> {
  return new Promise((resolve, reject) => {
    execFile(ffprobe, ffprobeArgs(file), { timeout: PROBE_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (error) {
        const detail = String(stderr).trim().split("\n").at(-1) || error.message;
        reject(new Error(`ffprobe failed: ${detail}`));
        return;
      }
      const parsed = parseFfprobeJson(String(stdout));
      if (!parsed.ok) reject(new Error(`ffprobe output not understood: ${parsed.reason}`));
      else resolve(parsed.value as ProbeWithTags);
    });
  });
}
