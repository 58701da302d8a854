import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export type FFmpegProgram = "ffmpeg" | "ffprobe";

const IDENTIFY_TIMEOUT_MS = 5000;

/**
 * Checks that `file` is the FFmpeg (or ffprobe) it claims to be, before a setting may name it: an absolute
 * path to an executable file whose name says ffmpeg/ffprobe (so nothing else is ever started) and that
 * answers `-version` (argument array, no shell, 5 s) with "ffmpeg version …" / "ffprobe version …".
 * Returns undefined when it is, else the problem in words.
 */
export async function ffmpegIdentityProblem(file: string, program: FFmpegProgram, timeoutMs = IDENTIFY_TIMEOUT_MS): Promise<string | undefined> {
  if (file.includes("\0") || !path.isAbsolute(file)) return "must be the absolute path of the program";
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return `${JSON.stringify(file)} does not exist`;
  }
  if (!stat.isFile()) return `${JSON.stringify(file)} is not a file`;
  try {
    await fs.promises.access(file, fs.constants.X_OK);
  } catch {
    return `${JSON.stringify(file)} is not executable`;
  }
  if (!path.basename(file).toLowerCase().includes(program)) return `${JSON.stringify(file)} is not named like ${program}; only a program called ${program} is accepted`;
  const firstLine = await new Promise<string | undefined>((resolve) => {
    execFile(file, ["-version"], { timeout: timeoutMs, windowsHide: true, env: { PATH: process.env.PATH ?? "" }, maxBuffer: 1024 * 1024 }, (error, stdout) => {
      resolve(error ? undefined : String(stdout).split("\n")[0]);
    });
  });
  if (firstLine === undefined || !firstLine.toLowerCase().startsWith(`${program} version`)) {
    return `${JSON.stringify(file)} did not identify itself as ${program} when run with -version`;
  }
  return undefined;
}
