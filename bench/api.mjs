// GET /api/v1/channels with 100 channels: the built Airwave server against a bare Express 5 server
// that answers the same JSON through res.json. Each server runs in its own child process; the load
// generator (autocannon) runs here. Same connections and duration for both, after a warm-up each.
//
//   node bench/api.mjs              (npm run bench runs it through bench/run.mjs after a build)
//   node bench/api.mjs --cpu-prof   also profiles the Airwave child and prints where its CPU time goes
//
// Benchmarks report, they do not gate: the exit code is 0 even under the target.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAIN = path.join(ROOT, "dist/server/main.js");
const BARE = path.join(ROOT, "bench/support/bare-express.mjs");
const CHANNELS = 100;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = 10;
const TARGET = 0.6;
const PROFILE = process.argv.includes("--cpu-prof");

const children = new Set();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns `node ...args` and resolves with the port once stdout matches `ready`. */
function startChild(name, args, env, ready) {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  const exit = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not become ready in 30 s:\n${output}`)), 30_000);
    child.stdout.on("data", () => {
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ name, child, port: Number(match[1]), exit, output: () => output });
      }
    });
    exit.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

async function stop(server) {
  if (!server || !children.has(server.child)) return;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
  await server.exit;
  clearTimeout(timer);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
function request(port, method, urlPath, body) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = text === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(text) };
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, agent }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(text);
  });
}

function channelBody(i) {
  const languages = ["eng", "ger", "fre", "spa"];
  return {
    number: String(i + 1),
    name: `Bench channel ${i + 1}`,
    group: `Group ${i % 5}`,
    categories: ["Movies", `Genre ${i % 7}`],
    streamingMode: ["TransportStream", "TransportStreamHybrid", "HttpLiveStreamingSegmenter", "HttpLiveStreamingDirect"][i % 4],
    logoUrl: `https://images.example.com/logos/${i + 1}.png`,
    preferredAudioLanguageCode: languages[i % 4],
    preferredSubtitleLanguageCode: languages[(i + 1) % 4],
  };
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;
/** CPU time (user + system, ms) a child has used so far; Linux only (undefined elsewhere). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

async function load(server) {
  const options = { url: `http://127.0.0.1:${server.port}/api/v1/channels`, connections: CONNECTIONS };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const cpuBefore = cpuMs(server.child.pid);
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  const cpuAfter = cpuMs(server.child.pid);
  return {
    // Server CPU per answered request: far steadier than req/s when other work shares the machine.
    cpuUs: cpuBefore === undefined || cpuAfter === undefined ? undefined : (1000 * (cpuAfter - cpuBefore)) / result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    mbps: result.throughput.average / 1e6,
    problems: result.errors + result.timeouts + result.non2xx,
  };
}

const fmt = (n) => Math.round(n).toString();
const describe = (name, r) =>
  `  ${name.padEnd(13)} ${fmt(r.rps).padStart(6)} req/s   latency p50 ${r.p50} ms, p99 ${r.p99} ms   server CPU ${r.cpuUs === undefined ? "n/a" : `${fmt(r.cpuUs)} µs`}/request   (${r.total} requests in ${DURATION_SECONDS} s, ${r.mbps.toFixed(1)} MB/s, ${r.problems} errors/timeouts/non-2xx)`;

/** Self time per function and per package from a .cpuprofile, largest first. */
function summarizeProfile(file) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const selfMs = new Map(profile.nodes.map((n) => [n.id, 0]));
  for (let i = 0; i < profile.samples.length; i += 1) {
    const id = profile.samples[i];
    selfMs.set(id, selfMs.get(id) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map();
  const byPackage = new Map();
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id);
    if (!ms) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\//, "").replace(ROOT + "/", "");
    const key = `${functionName || "(anonymous)"} ${where ? `${where}:${lineNumber + 1}` : ""}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ?? (where.startsWith("dist/") ? "airwave (dist)" : where.startsWith("node:") ? "node core" : functionName.startsWith("(") ? functionName : "node core / native");
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `    ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`)
      .join("\n");
  return `  CPU profile ${file} (${(total / 1000).toFixed(1)} s sampled)\n  self time by package:\n${top(byPackage, 12)}\n  self time by function:\n${top(byFunction, 25)}`;
}

async function main() {
  if (!fs.existsSync(MAIN)) {
    console.error(`${MAIN} is missing: run \`npm run build\` first (\`npm run bench\` does).`);
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-"));
  const profileDir = PROFILE ? fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-prof-")) : undefined;
  let airwave;
  let bare;
  try {
    const port = await freePort();
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.includes("__") && !k.startsWith("AIRWAVE_") && k !== "NODE_OPTIONS"));
    const profileArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
    airwave = await startChild("airwave", [...profileArgs, MAIN], { ...env, AIRWAVE_DATA_DIR: dataDir, Server__Port: String(port), Server__Host: "127.0.0.1" }, /Airwave is serving http:\/\/[^\s:]+:(\d+)/);

    // 100 channels and nothing else: the seeded channel 1 makes way for them.
    const seeded = JSON.parse((await request(airwave.port, "GET", "/api/v1/channels")).text);
    for (const channel of seeded) {
      const deleted = await request(airwave.port, "DELETE", `/api/v1/channels/${channel.id}`);
      if (deleted.status !== 204) throw new Error(`could not delete seeded channel ${channel.id}: ${deleted.status} ${deleted.text}`);
    }
    for (let i = 0; i < CHANNELS; i += 1) {
      const created = await request(airwave.port, "POST", "/api/v1/channels", channelBody(i));
      if (created.status !== 201) throw new Error(`create ${i} answered ${created.status}: ${created.text}`);
    }
    const list = await request(airwave.port, "GET", "/api/v1/channels");
    const channels = JSON.parse(list.text);
    if (list.status !== 200 || channels.length !== CHANNELS) throw new Error(`expected ${CHANNELS} channels, got ${list.status} ${channels.length}`);

    // The bare server gets exactly what Airwave answered and must answer the same bytes.
    const jsonFile = path.join(dataDir, "channels.json");
    fs.writeFileSync(jsonFile, list.text);
    bare = await startChild("bare express", [BARE], { ...env, BARE_JSON_FILE: jsonFile }, /listening (\d+)/);
    const bareList = await request(bare.port, "GET", "/api/v1/channels");
    if (bareList.text !== list.text) throw new Error("the bare server's answer differs from Airwave's");
    agent.destroy();

    console.log(`api: GET /api/v1/channels, ${CHANNELS} channels (${list.text.length} bytes), ${CONNECTIONS} connections × ${DURATION_SECONDS} s after ${WARMUP_SECONDS} s warm-up each, ${os.cpus().length} CPUs`);
    const a = await load(airwave);
    console.log(describe("airwave", a));
    const b = await load(bare);
    console.log(describe("bare express", b));
    const ratio = a.rps / b.rps;
    const verdict = ratio >= TARGET ? "PASS" : "FAIL (below target)";
    console.log(
      `api: GET /api/v1/channels (${CHANNELS} channels): airwave ${fmt(a.rps)} req/s, bare express ${fmt(b.rps)} req/s, ratio ${ratio.toFixed(2)} (target >= ${TARGET}) ${verdict}`,
    );
    if (a.cpuUs !== undefined && b.cpuUs !== undefined) {
      console.log(`  server CPU per request: airwave ${fmt(a.cpuUs)} µs, bare express ${fmt(b.cpuUs)} µs → CPU-bound ratio ${(b.cpuUs / a.cpuUs).toFixed(2)} (req/s on a busy machine is noisier than this)`);
    }
    if (a.problems || b.problems) console.log(`  WARNING: errors/timeouts/non-2xx during the run (airwave ${a.problems}, bare ${b.problems}); the numbers are suspect`);

    if (profileDir) {
      await stop(airwave);
      const profiles = fs.readdirSync(profileDir).filter((f) => f.endsWith(".cpuprofile"));
      for (const file of profiles) console.log(summarizeProfile(path.join(profileDir, file)));
    }
  } finally {
    agent.destroy();
    await Promise.all([stop(airwave), stop(bare)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`api bench failed: ${error.stack ?? error}`);
  process.exit(1);
});
