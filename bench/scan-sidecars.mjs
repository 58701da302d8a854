// bench/scan-sidecars: the no-change rescan of a Kodi-style show library of 200 episodes, every one
// with an NFO and a thumbnail next to it, every show and season with its NFO and posters (median of 3
// rescans), next to a bare stat walk of the same folders measured in the same run. 200 episodes by default
// (BENCH_SIDECAR_FILES): the first scan probes every one, which took many minutes for 1,000 on a loaded machine.
// Sidecars compared (artwork, Nov 2026), measured side by side with the code before (e992428) in one run on
// the shared 2-core machine, twice: 1039 ms vs 1080 ms before, then 736 ms vs 838 ms (medians; the load made
// single rescans swing by +-30 %).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { api, scan, startServer, stopServer } from "./support/airwave-server.mjs";

const EPISODES = Number(process.env.BENCH_SIDECAR_FILES ?? 200);
const PER_SEASON = 25;
const SEASONS_PER_SHOW = 2;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-sidecars-"));
const library = path.join(work, "shows");
const master = path.join(work, "master.mkv");
const jpeg = path.join(work, "poster.jpg");
execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1", "-c:v", "libx264", "-preset", "ultrafast", master]);
execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=200x300", "-frames:v", "1", jpeg]);

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

for (let i = 0; i < EPISODES; i++) {
  const show = Math.floor(i / (PER_SEASON * SEASONS_PER_SHOW));
  const season = Math.floor(i / PER_SEASON) % SEASONS_PER_SHOW + 1;
  const episode = (i % PER_SEASON) + 1;
  const showFolder = path.join(library, `Show ${String(show).padStart(3, "0")} (2001)`);
  const seasonFolder = path.join(showFolder, `Season ${String(season).padStart(2, "0")}`);
  if (!fs.existsSync(seasonFolder)) {
    fs.mkdirSync(seasonFolder, { recursive: true });
    if (!fs.existsSync(path.join(showFolder, "tvshow.nfo"))) {
      fs.writeFileSync(path.join(showFolder, "tvshow.nfo"), `<tvshow><title>Show ${show}</title><year>2001</year><plot>A show.</plot></tvshow>`);
      for (const name of ["poster.jpg", "fanart.jpg", "banner.jpg"]) fs.copyFileSync(jpeg, path.join(showFolder, name));
    }
    fs.copyFileSync(jpeg, path.join(showFolder, `season${String(season).padStart(2, "0")}-poster.jpg`));
  }
  const base = `Show ${show} - S${String(season).padStart(2, "0")}E${String(episode).padStart(2, "0")} - Episode ${episode}`;
  fs.copyFileSync(master, path.join(seasonFolder, `${base}.mkv`));
  fs.writeFileSync(path.join(seasonFolder, `${base}.nfo`), `<episodedetails><title>Episode ${episode}</title><season>${season}</season><episode>${episode}</episode><plot>Things happen.</plot></episodedetails>`);
  fs.copyFileSync(jpeg, path.join(seasonFolder, `${base}-thumb.jpg`));
}

const { child, url } = await startServer(path.join(work, "data"));
try {
  const { id } = await api(url, "POST", "/api/v1/libraries", { name: "Bench shows", kind: "Shows", paths: [library] });
  const first = await scan(url, id);
  if (!first.library.lastScanSuccess) throw new Error(`first scan failed: ${first.library.lastScanMessage}`);
  const rescans = [];
  for (let i = 0; i < 3; i++) {
    const rescan = await scan(url, id);
    if (!/^0 probed/.test(rescan.library.lastScanMessage)) throw new Error(`rescan probed files: ${rescan.library.lastScanMessage}`);
    rescans.push(rescan.ms);
  }
  const median = rescans.sort((a, b) => a - b)[1];
  const statBaseline = bareStatWalk(library);
  console.log(
    `scan-sidecars: no-change rescan of ${EPISODES} episodes with sidecars: ${median.toFixed(0)} ms (median of ${rescans.map((ms) => ms.toFixed(0)).join(", ")}; first scan ${(first.ms / 1000).toFixed(1)} s), ` +
      `${(median / (EPISODES / 1000)).toFixed(0)} ms per 1,000 episodes, bare stat walk ${statBaseline.toFixed(0)} ms, ratio ${(median / Math.max(statBaseline, 0.001)).toFixed(1)}x`,
  );
} finally {
  await stopServer(child);
  if (!process.env.BENCH_KEEP) fs.rmSync(work, { recursive: true, force: true });
  else console.log("kept", work);
}
