// bench/soak: does the server stay flat under hours of viewers coming and going? (bounded: 20 minutes by
// default, `--minutes N` for longer.)
// The built server (dist/, with the launchers' V8 flags and environment, electron/supervisor/server-flags.ts) runs as a child with 4 channels (ExternalJson playouts of a generated clip,
// a 320x180 profile), `Streaming:IdleTimeoutSeconds` 5 and `Playout:RebuildIntervalMinutes` 1 (its own
// job runs a Continue build of every playout each minute). Each minute is one wave: the guide is
// fetched (gzip, checked), then for ~40 s a viewer joins or leaves every 3 s (MPEG-TS readers and HLS
// players polling the playlist and fetching segments, 4-24 s each, a seeded random draw), then all
// leave; once the sessions have ended the FFmpeg processes still under the server are counted, and the
// server's RSS (/proc), heap (/metrics) and open file descriptors are sampled.
// Printed each minute; at the end the RSS and heap slopes after a 5-minute warm-up (least squares, MB
// per 10 minutes; target RSS slope <= 1 MB / 10 min), FFmpeg left after waves (target 0), descriptor
// growth after the warm-up (target 0) and errors (HTTP failures, FFmpeg runs that failed, error log
// lines; target 0). Linux only (/proc).
//
//   node bench/soak.mjs [--minutes N]       (npm run bench runs it through bench/run.mjs with 20 minutes)
//
// Benchmarks report, they do not gate: the exit code is 0 even under the target.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAIN = path.join(ROOT, "dist/server/main.js");
const { SERVER_ENV, SERVER_EXEC_ARGV } = createRequire(import.meta.url)(path.join(ROOT, "dist/electron/supervisor/server-flags.js"));
const minutesArg = process.argv.indexOf("--minutes");
const MINUTES = minutesArg > 0 ? Number(process.argv[minutesArg + 1]) : 20;
if (!Number.isInteger(MINUTES) || MINUTES < 1) throw new Error("--minutes takes a whole number >= 1");
const WARM_UP_MINUTES = 5;
const CHANNELS = 4;
const WAVE_MS = 60_000;
const ACTIVE_MS = 40_000;
const EVENT_MS = 3_000;
const MAX_VIEWERS = 6;
const IDLE_TIMEOUT_S = 5;
const SLOPE_TARGET_MB = 1;
const MB = 1024 * 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-soak-"));
const clip = path.join(dataDir, "clip.mkv");
let server;
process.on("exit", () => {
  server?.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

/** mulberry32: the viewers' draws repeat from run to run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(17);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const errors = [];
function error(message) {
  errors.push(message);
  if (errors.length <= 20) console.log(`soak: error: ${message}`);
}

function run(binary, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${binary} failed: ${err}`))));
  });
}

let port;
function request(method, urlPath, { body, headers = {}, raw = false } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, agent: false, headers: { ...headers, ...(data ? { "content-type": "application/json", "content-length": Buffer.byteLength(data) } : {}) } }, (res) => {
      const chunks = [];
      res.on("data", (d) => chunks.push(d));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const text = raw ? "" : bytes.toString("utf8");
        resolve({ status: res.statusCode, headers: res.headers, bytes, text, json: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : undefined });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(data);
  });
}

/** A viewer reading a channel's MPEG-TS stream until it leaves. */
function tsViewer(number) {
  let bytes = 0;
  let leaving = false;
  const req = http.get({ host: "127.0.0.1", port, path: `/iptv/channel/${number}.ts`, agent: false }, (res) => {
    if (res.statusCode !== 200) error(`TS ${number}: HTTP ${res.statusCode}`);
    res.on("data", (d) => (bytes += d.length));
    res.on("error", () => undefined);
    res.on("end", () => {
      if (!leaving) error(`TS ${number}: the stream ended while watched`);
    });
  });
  req.on("error", (e) => {
    if (!leaving) error(`TS ${number}: ${e.message}`);
  });
  return {
    kind: "TS",
    leave: async () => {
      leaving = true;
      req.destroy();
      if (bytes === 0) error(`TS ${number}: no byte arrived`);
    },
  };
}

/** A viewer playing a channel's HLS: the playlist every 2 s, each new segment fetched. */
function hlsViewer(number) {
  let leaving = false;
  let segments = 0;
  const seen = new Set();
  const loop = (async () => {
    try {
      const master = await request("GET", `/iptv/channel/${number}.m3u8?mode=segmenter`);
      if (master.status !== 200) return error(`HLS ${number}: master HTTP ${master.status}`);
      const variant = new URL(master.text.split("\n").find((l) => l.startsWith("http")));
      while (!leaving) {
        const media = await request("GET", variant.pathname + variant.search);
        if (media.status !== 200) return error(`HLS ${number}: playlist HTTP ${media.status}`);
        for (const line of media.text.split("\n").filter((l) => l && !l.startsWith("#"))) {
          if (seen.has(line) || leaving) continue;
          seen.add(line);
          const url = new URL(line, `http://127.0.0.1:${port}${variant.pathname}`);
          const segment = await request("GET", url.pathname + url.search, { raw: true });
          if (segment.status !== 200) error(`HLS ${number}: segment HTTP ${segment.status}`);
          else segments += 1;
        }
        await sleep(2000);
      }
    } catch (e) {
      if (!leaving) error(`HLS ${number}: ${e.message}`);
    }
  })();
  return {
    kind: "HLS",
    leave: async () => {
      leaving = true;
      await loop;
      if (segments === 0) error(`HLS ${number}: no segment arrived`);
    },
  };
}

function ffmpegChildren(pid) {
  let count = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      if (ppid === pid && /ffmpeg/.test(name)) count += 1;
    } catch {
      // gone meanwhile
    }
  }
  return count;
}

async function sample(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
  // The fewest of three reads 100 ms apart: a descriptor held for a moment (a connection closing, a file
  // being read) is not one the server keeps; a leaked one is in every read.
  let fds = Infinity;
  for (let read = 0; read < 3; read++) {
    if (read) await sleep(100);
    fds = Math.min(fds, fs.readdirSync(`/proc/${pid}/fd`).length);
  }
  const metrics = (await request("GET", "/metrics")).text;
  const metric = (name) => [...metrics.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "gm"))].reduce((sum, m) => sum + Number(m[1]), 0);
  const failedRuns = [...metrics.matchAll(/^airwave_ffmpeg_exits_total\{[^}]*reason="failed"[^}]*\} (\S+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  const continueBuilds = [...metrics.matchAll(/^airwave_playout_build_duration_seconds_count\{[^}]*mode="Continue"[^}]*\} (\S+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  return { rss, heap: metric("airwave_nodejs_heap_size_used_bytes"), fds, failedRuns, continueBuilds };
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main() {
  await run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=60", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=60", "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-c:a", "aac", "-shortest", clip]);
  const env = {
    ...SERVER_ENV,
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.includes("__") && !k.startsWith("AIRWAVE_"))),
    AIRWAVE_DATA_DIR: dataDir,
    Server__Port: "0",
    Server__Host: "127.0.0.1",
    Logging__Level: "error",
    Streaming__IdleTimeoutSeconds: String(IDLE_TIMEOUT_S),
    Playout__RebuildIntervalMinutes: "1",
  };
  server = spawn(process.execPath, [...SERVER_EXEC_ARGV, MAIN], { env, stdio: ["ignore", "pipe", "pipe"] });
  let logErrors = 0;
  const countErrors = (d) => {
    for (const line of String(d).split("\n")) if (/^\S+ ERROR /.test(line)) {
      logErrors += 1;
      if (logErrors <= 5) console.log(`soak: server log: ${line.slice(0, 300)}`);
    }
  };
  port = await new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`server not ready:\n${output}`)), 60_000);
    server.stdout.on("data", (d) => {
      output += d;
      const match = /Airwave is serving http:\/\/[^\s:]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        server.stdout.on("data", countErrors);
        resolve(Number(match[1]));
      }
    });
    server.stderr.on("data", (d) => {
      output += d;
      countErrors(d);
    });
  });

  const profile = await request("POST", "/api/v1/ffmpeg/profiles", { body: { name: "Soak", resolution: { width: 320, height: 180 }, deinterlaceVideo: false } });
  if (profile.status !== 201) throw new Error(`profile: ${profile.text}`);
  fs.mkdirSync(path.join(dataDir, "playouts"), { recursive: true });
  for (let c = 1; c <= CHANNELS; c++) {
    const channel = await request("POST", "/api/v1/channels", { body: { name: `Soak ${c}`, number: String(100 + c), ffmpegProfileId: profile.json.id } });
    if (channel.status !== 201) throw new Error(`channel: ${channel.text}`);
    const file = path.join(dataDir, "playouts", `soak-${c}.json`);
    const programs = Array.from({ length: (MINUTES + 60) * 2 }, (_, i) => ({ title: `Clip ${c}.${i}`, duration: 30_000, file: clip }));
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - c * 7_000).toISOString(), programs }));
    const playout = await request("POST", "/api/v1/playouts", { body: { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file } });
    if (playout.status !== 201) throw new Error(`playout: ${playout.text}`);
  }
  console.log(`soak: ${CHANNELS} channels, ${MINUTES} minute(s) of waves (warm-up ${WARM_UP_MINUTES} min), server pid ${server.pid}`);

  const samples = [];
  const start = performance.now();
  const started = await sample(server.pid);
  let totalOrphans = 0;
  for (let minute = 1; minute <= MINUTES; minute++) {
    const waveStart = performance.now();
    const guide = await request("GET", "/iptv/xmltv.xml", { headers: { "accept-encoding": "gzip" }, raw: true });
    if (guide.status !== 200) error(`guide: HTTP ${guide.status}`);
    else {
      try {
        const xml = zlib.gunzipSync(guide.bytes).toString("utf8");
        if (!xml.includes("</tv>")) error("guide: incomplete document");
      } catch (e) {
        error(`guide: ${e.message}`);
      }
    }

    const viewers = [];
    let joined = { TS: 0, HLS: 0 };
    while (performance.now() - waveStart < ACTIVE_MS) {
      const now = performance.now();
      for (const v of viewers.filter((v) => v.until <= now)) {
        viewers.splice(viewers.indexOf(v), 1);
        await v.leave();
      }
      if (viewers.length < MAX_VIEWERS && (viewers.length === 0 || random() < 0.6)) {
        const number = 100 + 1 + Math.floor(random() * CHANNELS);
        const viewer = random() < 0.5 ? tsViewer(number) : hlsViewer(number);
        joined[viewer.kind] += 1;
        viewers.push({ ...viewer, until: now + 4_000 + random() * 20_000 });
      } else if (viewers.length) {
        const v = viewers.splice(Math.floor(random() * viewers.length), 1)[0];
        await v.leave();
      }
      await sleep(EVENT_MS);
    }
    await Promise.all(viewers.splice(0).map((v) => v.leave()));

    // The wave is over: every session must end after the idle timeout, and its FFmpeg with it.
    const deadline = performance.now() + (IDLE_TIMEOUT_S + 10) * 1000;
    let sessions = -1;
    let orphans = -1;
    while (performance.now() < deadline) {
      sessions = (await request("GET", "/api/v1/sessions")).json?.length ?? -1;
      orphans = ffmpegChildren(server.pid);
      if (sessions === 0 && orphans === 0) break;
      await sleep(500);
    }
    if (sessions !== 0) error(`minute ${minute}: ${sessions} session(s) still open after the idle timeout`);
    totalOrphans += Math.max(0, orphans);
    const s = await sample(server.pid);
    samples.push({ minute, ...s });
    console.log(
      `soak: minute ${String(minute).padStart(3)}: RSS ${(s.rss / MB).toFixed(1)} MB, heap ${(s.heap / MB).toFixed(1)} MB, fds ${s.fds}, ` +
        `FFmpeg left after the wave ${orphans}, viewers joined ${joined.TS} TS + ${joined.HLS} HLS, guide ${(guide.bytes.length / 1024).toFixed(0)} KB gzip, ` +
        `Continue builds ${s.continueBuilds - started.continueBuilds}, errors ${errors.length + logErrors + (s.failedRuns - started.failedRuns)}`,
    );
    const rest = WAVE_MS - (performance.now() - waveStart);
    if (rest > 0) await sleep(rest);
  }

  const last = samples.at(-1);
  const steady = samples.filter((s) => s.minute > WARM_UP_MINUTES);
  const points = (key) => steady.map((s) => ({ x: s.minute, y: s[key] / MB }));
  const rssSlope = steady.length >= 2 ? slope(points("rss")) * 10 : NaN;
  const heapSlope = steady.length >= 2 ? slope(points("heap")) * 10 : NaN;
  const fdGrowth = steady.length ? last.fds - steady[0].fds : NaN;
  const failedRuns = last.failedRuns - started.failedRuns;
  const totalErrors = errors.length + logErrors + failedRuns;
  const pass = (ok) => (ok ? "PASS" : "FAIL");
  console.log(`soak: ${MINUTES} minute(s) in ${((performance.now() - start) / 60_000).toFixed(1)} min; RSS ${(started.rss / MB).toFixed(1)} -> ${(last.rss / MB).toFixed(1)} MB, heap ${(started.heap / MB).toFixed(1)} -> ${(last.heap / MB).toFixed(1)} MB, fds ${started.fds} -> ${last.fds}`);
  if (steady.length < 2) console.log(`soak: too short for a slope after the ${WARM_UP_MINUTES}-minute warm-up (use --minutes ${WARM_UP_MINUTES + 2} or more)`);
  else {
    console.log(`soak: RSS slope after warm-up ${rssSlope.toFixed(2)} MB / 10 min (target <= ${SLOPE_TARGET_MB} MB / 10 min) ${pass(rssSlope <= SLOPE_TARGET_MB)}`);
    console.log(`soak: heap slope after warm-up ${heapSlope.toFixed(2)} MB / 10 min (reported)`);
    console.log(`soak: open descriptors after warm-up ${steady[0].fds} -> ${last.fds} (growth ${fdGrowth}, target 0) ${pass(fdGrowth <= 0)}`);
  }
  console.log(`soak: FFmpeg processes left after waves: ${totalOrphans} (target 0) ${pass(totalOrphans === 0)}`);
  console.log(`soak: errors ${totalErrors} (${errors.length} viewer/guide, ${failedRuns} failed FFmpeg runs, ${logErrors} error log lines; target 0) ${pass(totalErrors === 0)}`);
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  server = undefined;
}

await main();
