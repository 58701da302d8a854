import fs from "node:fs";
import path from "node:path";

export interface FFmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** Where each came from, for the API and the log. */
  source: { ffmpeg: BinarySource; ffprobe: BinarySource };
}

/** bundled: the desktop app's own copy (AIRWAVE_FFMPEG_DIR); npm: the npm package's (FFmpeg 4.1), the last resort. */
export type BinarySource = "configured" | "path" | "bundled" | "npm" | "missing";

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

/**
 * The binaries of the npm packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (FFmpeg 4.1 from 2018,
 * 147 MB): devDependencies, so `npm install` brings them and the production install (`npm ci --omit=dev`) and
 * the desktop package do not. Loaded only when asked and only if installed: the last resort, when neither a
 * configured, packaged nor system FFmpeg exists.
 */
const NPM_PACKAGES = {
  ffmpeg: () => require("@ffmpeg-installer/ffmpeg") as { path?: string },
  ffprobe: () => require("@ffprobe-installer/ffprobe") as { path?: string },
};

/** The binary an npm FFmpeg package ships, if installed and runnable. */
function bundled(name: "ffmpeg" | "ffprobe"): string | undefined {
  try {
    const binary = NPM_PACKAGES[name]().path;
    if (!binary) return undefined;
    fs.accessSync(binary, fs.constants.X_OK);
    return binary;
  } catch {
    return undefined;
  }
}

function locate(name: "ffmpeg" | "ffprobe", configured: string | undefined, env: NodeJS.ProcessEnv): { path: string; source: BinarySource } {
  if (configured) return { path: configured, source: "configured" };
  // The desktop app ships FFmpeg as an extra resource and names its folder here.
  const packaged = env.AIRWAVE_FFMPEG_DIR ? onPath(name, { PATH: env.AIRWAVE_FFMPEG_DIR, PATHEXT: env.PATHEXT }) : undefined;
  if (packaged) return { path: packaged, source: "bundled" };
  const found = onPath(name, env);
  if (found) return { path: found, source: "path" };
  const shipped = bundled(name);
  if (shipped) return { path: shipped, source: "npm" };
  return { path: name, source: "missing" };
}

/**
 * FFmpeg and ffprobe: the configured paths (`FFmpeg:Path`, `FFmpeg:ProbePath`), else the desktop app's
 * packaged copies (`AIRWAVE_FFMPEG_DIR`), else the ones on PATH, else the binaries `npm install` brought from the npm registry, so the quick start works
 * without a system FFmpeg.
 */
export function locateFFmpeg(configured: { path?: string; probePath?: string }, env: NodeJS.ProcessEnv = process.env): FFmpegBinaries {
  const ffmpeg = locate("ffmpeg", configured.path, env);
  const ffprobe = locate("ffprobe", configured.probePath, env);
  return { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path, source: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source } };
}
