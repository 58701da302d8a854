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

/**
 * Probes a remote stream: `inputOptions` (protocol whitelist, headers, timeouts) before its `-i`; the
 * whole run is killed after `timeoutMs`. No chapters (a live source has none).
 */
export function runFfprobeRemote(ffprobe: string, url: string, inputOptions: readonly string[], timeoutMs: number): Promise<ProbeInfo> {
  // A live source sends in real time: reading 5 s of it cannot fit a 4 s timeout, so analysis takes at most half of it.
  const analyzeUs = Math.round(Math.max(1000, Math.min(5000, timeoutMs / 2)) * 1000);
  const args = ["-hide_banner", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", "-analyzeduration", String(analyzeUs), "-probesize", "5000000", ...inputOptions, "-i", url];
  return new Promise((resolve, reject) => {
    execFile(ffprobe, args, { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 4 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (error) {
        const killed = (error as { killed?: boolean }).killed || (error as { signal?: string }).signal === "SIGKILL";
        const detail = killed ? `no picture or sound within ${timeoutMs / 1000} s` : String(stderr).trim().split("\n").at(-1) || error.message;
        reject(new Error(detail));
        return;
      }
      const parsed = parseFfprobeJson(String(stdout));
      if (!parsed.ok) reject(new Error(`ffprobe output not understood: ${parsed.reason}`));
      else resolve(parsed.value);
    });
  });
}
