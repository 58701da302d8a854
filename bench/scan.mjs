// bench/scan: first scan of 2,000 tiny media files (files/s), the no-change rescan (median of 5; target
// <= 100 ms per 1,000 unchanged files; raised from 1 s in issue 17), each next to a baseline measured in
// the same run: bare ffprobe over the same files with the same parallelism, and a bare stat walk (median of 5).
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { api, scan, startServer, stopServer } from "./support/airwave-server.mjs";
import { reportResult } from "./support/results.mjs";

const RESCAN_TARGET_MS = 100;
const RESCAN_RUNS = 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const FILES = Number(process.env.BENCH_SCAN_FILES ?? 2000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-scan-"));
const run = promisify(execFile);

async function bareProbe(files, concurrency) {
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < files.length) {
      const file = files[next++];
      await run("ffprobe", ["-hide_banner", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", "-show_chapters", "-i", file]);
    }
  }));
  return performance.now() - started;
}

function bareStatWalk(dir) {
  const started = performance.now();
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else fs.statSync(full);
    }
  };
  walk(dir);
  return performance.now() - started;
}

const library = path.join(work, "library");
const master = path.join(work, "master.mkv");
execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1", "-f", "lavfi", "-i", "sine=duration=1", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", master]);
const files = [];
for (let i = 0; i < FILES; i++) {
  const folder = path.join(library, `Folder ${String(Math.floor(i / 50)).padStart(3, "0")}`);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `Clip ${String(i).padStart(5, "0")}.mkv`);
  fs.copyFileSync(master, file);
  files.push(file);
}

const { child, url } = await startServer(path.join(work, "data"));
try {
  const { id } = await api(url, "POST", "/api/v1/libraries", { name: "Bench", kind: "OtherVideos", paths: [library] });
  const first = await scan(url, id);
  if (!first.library.lastScanSuccess) throw new Error(`first scan failed: ${first.library.lastScanMessage}`);
  if (process.env.BENCH_VERBOSE) console.log(first.library.lastScanMessage);
  const probeBaseline = await bareProbe(files, os.availableParallelism());
  const rescans = [];
  const statWalks = [];
  for (let r = 0; r < RESCAN_RUNS; r++) {
    const rescan = await scan(url, id);
    if (!/^0 probed/.test(rescan.library.lastScanMessage)) throw new Error(`rescan probed files: ${rescan.library.lastScanMessage}`);
    rescans.push(rescan.ms);
    statWalks.push(bareStatWalk(library));
  }
  const rescan = { ms: median(rescans) };
  const statBaseline = median(statWalks);

  const filesPerSecond = FILES / (first.ms / 1000);
  const bareFilesPerSecond = FILES / (probeBaseline / 1000);
  console.log(`scan: first scan of ${FILES} files: ${filesPerSecond.toFixed(0)} files/s (bare ffprobe x${os.availableParallelism()}: ${bareFilesPerSecond.toFixed(0)} files/s), ratio ${(filesPerSecond / bareFilesPerSecond).toFixed(2)}`);
  const perThousand = rescan.ms / (FILES / 1000);
  console.log(`scan: no-change rescan: ${rescan.ms.toFixed(0)} ms median of ${RESCAN_RUNS} (${rescans.map((ms) => ms.toFixed(0)).join(", ")}) = ${perThousand.toFixed(0)} ms per 1,000 files (bare stat walk: ${statBaseline.toFixed(0)} ms), ratio ${(rescan.ms / Math.max(statBaseline, 0.001)).toFixed(1)}x (target <= ${RESCAN_TARGET_MS} ms per 1,000) ${perThousand <= RESCAN_TARGET_MS ? "PASS" : "FAIL"}`);
  reportResult({ metric: "no-change rescan per 1,000 files", figure: `${perThousand.toFixed(0)} ms`, target: `<= ${RESCAN_TARGET_MS} ms`, pass: perThousand <= RESCAN_TARGET_MS, baseline: `stat walk ${statBaseline.toFixed(0)} ms` });
} finally {
  await stopServer(child);
  if (!process.env.BENCH_KEEP) fs.rmSync(work, { recursive: true, force: true });
  else console.log("kept", work);
}
