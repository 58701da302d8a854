import fs from "node:fs";
import path from "node:path";

export interface FFmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** Where each came from, for the API and the log. */
  source: { ffmpeg: BinarySource; ffprobe: BinarySource };
}

export type BinarySource = "configured" | "path" | "bundled" | "missing";

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const extensions = process.platform === "win32" ? (env.PATHEXT ?? ".EXE").split(";") : [""];
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of extensions) {
      const candidate = path.join(dir, name + ext);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** The binary an npm package ships (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe), if installed and runnable. */
function bundled(packageName: string): string | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const binary = (require(packageName) as { path?: string }).path;
    if (!binary) return undefined;
    fs.accessSync(binary, fs.constants.X_OK);
    return binary;
  } catch {
    return undefined;
  }
}

function locate(name: string, configured: string | undefined, packageName: string, env: NodeJS.ProcessEnv): { path: string; source: BinarySource } {
  if (configured) return { path: configured, source: "configured" };
  // The desktop app ships FFmpeg as an extra resource and names its folder here.
  const packaged = env.AIRWAVE_FFMPEG_DIR ? onPath(name, { PATH: env.AIRWAVE_FFMPEG_DIR, PATHEXT: env.PATHEXT }) : undefined;
  if (packaged) return { path: packaged, source: "bundled" };
  const found = onPath(name, env);
  if (found) return { path: found, source: "path" };
  const shipped = bundled(packageName);
  if (shipped) return { path: shipped, source: "bundled" };
  return { path: name, source: "missing" };
}

/**
 * FFmpeg and ffprobe: the configured paths (`FFmpeg:Path`, `FFmpeg:ProbePath`), else the desktop app's
 * packaged copies (`AIRWAVE_FFMPEG_DIR`), else the ones on PATH, else the binaries `npm install` brought from the npm registry, so a fresh install works
 * without a system FFmpeg.
 */
export function locateFFmpeg(configured: { path?: string; probePath?: string }, env: NodeJS.ProcessEnv = process.env): FFmpegBinaries {
  const ffmpeg = locate("ffmpeg", configured.path, "@ffmpeg-installer/ffmpeg", env);
  const ffprobe = locate("ffprobe", configured.probePath, "@ffprobe-installer/ffprobe", env);
  return { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path, source: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source } };
}
