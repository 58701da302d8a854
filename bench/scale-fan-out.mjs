// bench/scale (HLS fan-out part): 100 concurrent HLS viewers of one channel, first straight to Airwave (the
// baseline: every viewer's request reaches it), then through nginx with deploy/nginx/airwave.conf (real
// /usr/sbin/nginx on loopback). Airwave's side is counted by a counting pass-through in front of it: requests
// per segment. Target through nginx: 1 Airwave request per segment.
//
// Benchmarks report, they do not gate: the exit code is 0 even under the target.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { api, startServer, stopServer } from "./support/airwave-server.mjs";
import { loadTestSupport } from "./support/load-test-support.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VIEWERS = 100;
const WATCH_MS = 12_000;
const CHANNEL = "901";
const TARGET = 1;

if (!fs.existsSync("/usr/sbin/nginx")) {
  console.log("scale fan-out: skipped, /usr/sbin/nginx is not installed (apt-get install nginx)");
  process.exit(0);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-fan-out-"));
const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-nginx-"));
const support = loadTestSupport(["test/support/nginx-process.ts", "test/support/postgres-cluster.ts"]);
let server;
let nginx;
let counter;
process.on("exit", () => {
  server?.kill("SIGKILL");
  support.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(nginxDir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

const clip = path.join(dataDir, "clip.mkv");
execFileSync("ffmpeg", [
  "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x180:r=25:d=20", "-f", "lavfi", "-i", "sine=frequency=440:duration=20",
  "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac", "-shortest", clip,
]);
const started = await startServer(dataDir);
server = started.child;
const profile = await api(started.url, "POST", "/api/v1/ffmpeg/profiles", {
  name: "Bench", copyWhenCompatible: false, resolution: { width: 320, height: 180 }, videoBitrate: 500, videoBufferSize: 1000,
  audioBitrate: 64, audioBufferSize: 128, deinterlaceVideo: false,
});
fs.mkdirSync(path.join(dataDir, "playouts"), { recursive: true });
const schedule = path.join(dataDir, "playouts", `channel-${CHANNEL}.json`);
const programs = Array.from({ length: 30 }, (_, i) => ({ title: `Clip ${i}`, duration: 20_000, file: clip }));
fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(Date.now() - 1000).toISOString(), programs }));
const channel = await api(started.url, "POST", "/api/v1/channels", { name: "Fan-out", number: CHANNEL, ffmpegProfileId: profile.id, streamingMode: "HttpLiveStreamingSegmenter" });
await api(started.url, "POST", "/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: schedule });

// Counts every segment request that reaches Airwave, then passes it on unchanged.
const airwave = new URL(started.url);
const segmentRequests = new Map();
counter = http.createServer((req, res) => {
  if (/\/live\d{6}[-.]/.test(req.url)) segmentRequests.set(req.url, (segmentRequests.get(req.url) ?? 0) + 1);
  const upstream = http.request({ host: airwave.hostname, port: airwave.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode, answer.headers);
    answer.pipe(res);
  });
  upstream.once("error", () => res.destroy());
  req.pipe(upstream);
});
counter.keepAliveTimeout = 30_000;
await new Promise((resolve) => counter.listen(0, "127.0.0.1", resolve));
const counterAddress = `127.0.0.1:${counter.address().port}`;

const segmentNames = (text) => text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `VIEWERS` players of one channel through `base` for `WATCH_MS`: Airwave requests per segment they fetched. */
async function watch(base) {
  segmentRequests.clear();
  const master = await (await fetch(`${base}/iptv/channel/${CHANNEL}.m3u8?mode=segmenter`)).text();
  const variant = master.split("\n").find((line) => line.includes("/hls.m3u8"));
  if (!variant) throw new Error(`no variant in the master playlist: ${master}`);
  const fetched = new Set();
  let failures = 0;
  const viewer = async () => {
    const seen = new Set();
    const until = Date.now() + WATCH_MS;
    while (Date.now() < until) {
      const playlist = await fetch(variant);
      const text = await playlist.text();
      if (playlist.status !== 200 || !text.startsWith("#EXTM3U")) failures++;
      for (const name of segmentNames(text)) {
        if (seen.has(name)) continue;
        seen.add(name);
        const url = new URL(name, variant);
        const segment = await fetch(url);
        const body = Buffer.from(await segment.arrayBuffer());
        if (segment.status !== 200 || body[0] !== 0x47) failures++;
        fetched.add(url.pathname);
      }
      await sleep(1000);
    }
  };
  await Promise.all(Array.from({ length: VIEWERS }, viewer));
  const requests = [...segmentRequests.values()].reduce((a, b) => a + b, 0);
  return { segments: fetched.size, perSegment: fetched.size ? requests / fetched.size : NaN, max: Math.max(0, ...segmentRequests.values()), failures };
}

try {
  const direct = await watch(`http://${counterAddress}`);
  nginx = await support.module.runNginx(nginxDir, [counterAddress], path.join(ROOT, "deploy/nginx/airwave.conf"));
  const fanned = await watch(nginx.url);
  console.log(`HLS fan-out, ${VIEWERS} viewers of one channel, ${WATCH_MS / 1000} s each:`);
  console.log(`  straight to Airwave: ${direct.segments} segments, ${direct.perSegment.toFixed(2)} Airwave requests per segment (baseline), ${direct.failures} failed requests`);
  console.log(`  through nginx:       ${fanned.segments} segments, ${fanned.perSegment.toFixed(2)} Airwave requests per segment (most for one: ${fanned.max}), ${fanned.failures} failed requests`);
  console.log(`  ratio nginx/baseline: ${(fanned.perSegment / direct.perSegment).toFixed(3)}; target ${TARGET} request per segment: ${fanned.perSegment <= TARGET && fanned.failures === 0 ? "met" : "NOT met"}`);
} finally {
  await nginx?.stop();
  counter.close();
  counter.closeAllConnections?.();
  await stopServer(server);
  server = undefined;
}
