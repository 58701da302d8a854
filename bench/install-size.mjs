// bench/install-size: `npm ci --omit=dev` of this package.json and package-lock.json in an empty folder (the
// production install a user gets), its size on disk and the biggest packages; target <= 160 MB on Linux x64.
// Baseline of the same run: that install plus the npm FFmpeg (FFmpeg 4.1 and ffprobe, a devDependency that
// `npm install` brings for a machine without FFmpeg; the production install and the desktop package leave it out),
// sized from this checkout's node_modules. Takes minutes (sqlite3 builds from source here).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reportResult } from "./support/results.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TARGET_MB = 160;
const MB = 1_000_000;

/** Bytes on disk under a folder (allocated blocks, as du counts them). */
function diskBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const stat = fs.lstatSync(full);
    total += stat.blocks * 512;
    if (entry.isDirectory()) total += diskBytes(full);
  }
  return total;
}

/** Every package folder under node_modules (scoped ones by their scope), with its size without nested node_modules. */
function packages(modules) {
  const out = [];
  for (const entry of fs.readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const names = entry.name.startsWith("@") ? fs.readdirSync(path.join(modules, entry.name)).map((n) => `${entry.name}/${n}`) : [entry.name];
    for (const name of names) {
      const dir = path.join(modules, name);
      const nested = path.join(dir, "node_modules");
      const nestedBytes = fs.existsSync(nested) ? diskBytes(nested) : 0;
      out.push({ name, bytes: diskBytes(dir) - nestedBytes });
      if (fs.existsSync(nested)) out.push(...packages(nested).map((p) => ({ ...p, name: `${name} > ${p.name}` })));
    }
  }
  return out;
}

function install(extra) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-install-"));
  for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  const env = { ...process.env, ...(fs.existsSync("/usr/include/node/node.h") && !process.env.npm_config_nodedir ? { npm_config_nodedir: "/usr" } : {}) };
  const started = performance.now();
  execFileSync("npm", ["ci", "--omit=dev", ...extra, "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
  const seconds = (performance.now() - started) / 1000;
  const modules = path.join(dir, "node_modules");
  const result = { bytes: diskBytes(modules), top: packages(modules).sort((a, b) => b.bytes - a.bytes).slice(0, 12), seconds };
  fs.rmSync(dir, { recursive: true, force: true });
  return result;
}

if (process.platform !== "linux" || process.arch !== "x64") console.log(`install-size: the target is for Linux x64; this is ${process.platform}-${process.arch}`);
const full = install([]);
const NPM_FFMPEG = ["@ffmpeg-installer", "@ffprobe-installer"].map((scope) => path.join(ROOT, "node_modules", scope)).filter((dir) => fs.existsSync(dir));
const withNpmFFmpeg = full.bytes + NPM_FFMPEG.reduce((sum, dir) => sum + diskBytes(dir), 0);
console.log(`install-size: npm ci --omit=dev: ${(full.bytes / MB).toFixed(1)} MB in ${full.seconds.toFixed(0)} s; biggest packages:`);
for (const p of full.top) console.log(`  ${(p.bytes / MB).toFixed(1).padStart(6)} MB  ${p.name}`);
console.log(`install-size: with the npm FFmpeg that \`npm install\` adds (baseline): ${(withNpmFFmpeg / MB).toFixed(1)} MB`);
console.log(`install-size: npm ci --omit=dev ${(full.bytes / MB).toFixed(1)} MB (target <= ${TARGET_MB} MB) ${full.bytes <= TARGET_MB * MB ? "PASS" : "FAIL"}`);
reportResult({ metric: "npm ci --omit=dev", figure: `${(full.bytes / MB).toFixed(1)} MB`, target: `<= ${TARGET_MB} MB`, pass: full.bytes <= TARGET_MB * MB, baseline: `with the npm FFmpeg ${(withNpmFFmpeg / MB).toFixed(1)} MB` });
