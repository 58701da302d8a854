// Fetches a current static FFmpeg + ffprobe for the desktop package into build/ffmpeg/<platform>-<arch>/,
// which electron-builder ships as resources/ffmpeg (the server finds it through AIRWAVE_FFMPEG_DIR). Run by
// `npm run dist` before electron-builder; needs internet access, `tar` (Linux, Windows 10+, macOS: bsdtar
// reads zip too) and `xz` for .tar.xz.
//
// Sources (GPL v3 builds, with libx264, libfreetype, zimg, libass):
// - Linux and Windows: BtbN/FFmpeg-Builds, release line 7.1 (https://github.com/BtbN/FFmpeg-Builds)
// - macOS: evermeet.cx release builds (x64) and osxexperts.net (arm64)
//
//   node build/packaging/fetch-ffmpeg.mjs [--platform P] [--arch A] [--out DIR] [--from-dir DIR]
// --from-dir copies ffmpeg/ffprobe from a folder instead of downloading (an offline build with a FFmpeg the
// builder trusts); the copy is checked like a download: both must run and be FFmpeg 5 or newer.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BTBN = "https://github.com/BtbN/FFmpeg-Builds/releases/download/latest";

/** Where each platform's static build comes from: one archive holding both programs, or one per program. */
export const SOURCES = {
  "linux-x64": { archives: [`${BTBN}/ffmpeg-n7.1-latest-linux64-gpl-7.1.tar.xz`], licence: "GPL-3.0-or-later" },
  "linux-arm64": { archives: [`${BTBN}/ffmpeg-n7.1-latest-linuxarm64-gpl-7.1.tar.xz`], licence: "GPL-3.0-or-later" },
  "win32-x64": { archives: [`${BTBN}/ffmpeg-n7.1-latest-win64-gpl-7.1.zip`], licence: "GPL-3.0-or-later" },
  "darwin-x64": { archives: ["https://evermeet.cx/ffmpeg/getrelease/ffmpeg/zip", "https://evermeet.cx/ffmpeg/getrelease/ffprobe/zip"], licence: "GPL-3.0-or-later" },
  "darwin-arm64": { archives: ["https://www.osxexperts.net/ffmpeg71arm.zip", "https://www.osxexperts.net/ffprobe71arm.zip"], licence: "GPL-3.0-or-later" },
};

export const MIN_MAJOR = 5;

/** The source for a platform and architecture, or an error naming the ones there are. */
export function sourceFor(platform, arch) {
  const source = SOURCES[`${platform}-${arch}`];
  if (!source) throw new Error(`no static FFmpeg source for ${platform}-${arch} (there are: ${Object.keys(SOURCES).join(", ")})`);
  return source;
}

/** The release number of `ffmpeg -version`'s first line ("ffmpeg version 7.1-…", "n7.1", "5.1.9-0+deb12u1"), or undefined for a git build. */
export function majorVersion(firstLine) {
  const match = /version n?(\d+)\.(\d+)/.exec(firstLine);
  return match ? Number(match[1]) : undefined;
}

/** Finds a program by name anywhere under `dir`. */
function findProgram(dir, name) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && (entry.name === name || entry.name === `${name}.exe`)) return path.join(entry.parentPath ?? entry.path, entry.name);
  }
  return undefined;
}

/** Copies ffmpeg and ffprobe from `from` into `out` and checks that both run and are recent enough. */
export function install(from, out, runnable = true) {
  fs.mkdirSync(out, { recursive: true });
  const installed = [];
  for (const name of ["ffmpeg", "ffprobe"]) {
    const found = findProgram(from, name);
    if (!found) throw new Error(`${name} is not in ${from}`);
    const target = path.join(out, path.basename(found));
    fs.copyFileSync(found, target);
    fs.chmodSync(target, 0o755);
    if (runnable) {
      const first = execFileSync(target, ["-hide_banner", "-version"], { encoding: "utf8" }).split("\n")[0];
      const major = majorVersion(first);
      if (major !== undefined && major < MIN_MAJOR) throw new Error(`${target} is too old (${first}); FFmpeg ${MIN_MAJOR} or newer is needed`);
    }
    installed.push(target);
  }
  return installed;
}

async function download(url, file) {
  const response = await fetch(url, { redirect: "follow" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
}

async function main() {
  const { values } = parseArgs({
    options: { platform: { type: "string", default: process.platform }, arch: { type: "string", default: process.arch }, out: { type: "string" }, "from-dir": { type: "string" } },
    strict: true,
  });
  const out = values.out ?? path.join(ROOT, "build/ffmpeg", `${values.platform}-${values.arch}`);
  const native = values.platform === process.platform && values.arch === process.arch;
  if (values["from-dir"]) {
    console.log(`FFmpeg for ${values.platform}-${values.arch} from ${values["from-dir"]}: ${install(values["from-dir"], out, native).join(", ")}`);
    return;
  }
  const source = sourceFor(values.platform, values.arch);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-ffmpeg-"));
  try {
    for (const [i, url] of source.archives.entries()) {
      const archive = path.join(work, `archive-${i}${url.endsWith(".tar.xz") ? ".tar.xz" : ".zip"}`);
      await download(url, archive);
      execFileSync("tar", ["-xf", archive, "-C", work]);
    }
    fs.rmSync(out, { recursive: true, force: true });
    const installed = install(work, out, native);
    fs.writeFileSync(path.join(out, "SOURCE.txt"), `${source.archives.join("\n")}\nLicence: ${source.licence} (the FFmpeg project, https://ffmpeg.org/legal.html)\n`);
    console.log(`FFmpeg for ${values.platform}-${values.arch} (${source.licence}): ${installed.join(", ")}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`fetch-ffmpeg: ${error.message}`);
    process.exit(1);
  });
}
