/**
 * Crash safety of the BUILT server (`node dist/server/main.js`, as `npm start` runs it) on a real
 * SQLite file: SIGKILL in the middle of a burst of creates must lose no answered write and leave no
 * half-written row; SIGTERM must let an in-flight request finish and exit 0.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sqlite3 from "sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../support/wait";

const MAIN = path.resolve(__dirname, "../../dist/server/main.js");
const DATABASE_FILE = "airwave.sqlite3";

const BURST = 200;
const BURST_CONCURRENCY = 16;
/** SIGKILL as soon as this many creates have been answered 201. */
const KILL_AFTER = 60;

interface Channel {
  id: number;
  uniqueId: string;
  number: string;
  name: string;
  group: string;
  categories: string[];
  ffmpegProfileId: number;
  streamingMode: string;
  logoUrl?: string;
  isEnabled: boolean;
  showInEpg: boolean;
  mirrorSourceChannelId?: number;
  playoutOffset?: string;
  preferredAudioLanguageCode?: string;
  preferredSubtitleLanguageCode?: string;
  subtitleMode: string;
  streamUrl: string;
  playoutId?: number;
}

// ---------------------------------------------------------------------------------------------
// Child processes: every one is killed after its test, whatever happened.

interface Running {
  child: ChildProcess;
  port: number;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function childEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  // Settings the test runner's environment may carry (`Section__Name`, AIRWAVE_*) must not leak in.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.includes("__") && !name.startsWith("AIRWAVE_") && name !== "NODE_OPTIONS"));
  return { ...inherited, AIRWAVE_DATA_DIR: dataDir, Server__Port: String(port), Server__Host: "127.0.0.1", Logging__Level: "info" };
}

/** Starts the built server on a free port and waits for its "Airwave is serving …" line. */
async function startBuilt(dataDir: string): Promise<Running> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], { env: childEnv(dataDir, port), stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let output = "";
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => {
        children.delete(child);
        resolve({ code, signal });
      }),
    );
    const ready = await new Promise<number | "exited">((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server printed no "Airwave is serving" line within 30 s:\n${output}`)), 30_000);
      const onData = () => {
        const match = /Airwave is serving http:\/\/[^\s:]+:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          child.stdout!.off("data", onData);
          resolve(Number(match[1]));
        }
      };
      child.stdout!.on("data", onData);
      void exit.then(() => {
        clearTimeout(timer);
        resolve("exited");
      });
    });
    if (ready !== "exited") {
      expect(ready, "the port the server says it serves on").toBe(port);
      return { child, port, exit, output: () => output };
    }
    // Another process may have taken the port between probe and listen: try another one.
    if (attempt < 3 && output.includes("EADDRINUSE")) continue;
    throw new Error(`the server exited before it was ready:\n${output}`);
  }
}

async function stopWith(server: Running, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  server.child.kill(signal);
  return server.exit;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-durability-"));
  tempDirs.push(dir);
  return dir;
}

beforeAll(() => {
  if (!fs.existsSync(MAIN)) {
    throw new Error(`${MAIN} is missing: these tests run the built server. Run \`npm run build\` first (\`npm test\` builds before it runs vitest).`);
  }
});

afterEach(async () => {
  const alive = [...children];
  await Promise.all(
    alive.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
});

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// HTTP and SQLite helpers.

function request(port: number, method: string, urlPath: string, body?: unknown, agent: http.Agent | false = false): Promise<{ status: number; text: string; json: any }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = text === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) };
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        let json: unknown;
        try {
          json = raw ? JSON.parse(raw) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text: raw, json });
      });
    });
    req.on("error", reject);
    req.end(text);
  });
}

function sqliteAll(file: string, sql: string): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (openError) => {
      if (openError) return reject(openError);
      db.all(sql, (queryError: Error | null, rows: Array<Record<string, unknown>>) => {
        db.close(() => (queryError ? reject(queryError) : resolve(rows)));
      });
    });
  });
}

/** Resolves once a new connection to the port is refused, i.e. the server has stopped listening. */
async function untilRefused(port: number, timeoutMs = 10_000): Promise<void> {
  const refused = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
  await waitFor(refused, `port ${port} to refuse connections after SIGTERM`, { timeoutMs, intervalMs: 25 });
}

// ---------------------------------------------------------------------------------------------

const STREAMING_MODES = ["TransportStream", "TransportStreamHybrid", "HttpLiveStreamingSegmenter", "HttpLiveStreamingDirect"];
const SUBTITLE_MODES = ["None", "Forced", "Default", "Any"];
const LANGUAGES = ["ger", "eng", "fre", "spa"];

/** Create number i of the burst: every field set, so a half-written row cannot pass for a whole one. */
function burstBody(i: number) {
  const isEnabled = i % 5 !== 0;
  return {
    number: String(1000 + i),
    name: `Burst ${i} – ünïcødé ✓`,
    group: `Group ${i % 7}`,
    categories: [`category ${i}`, "burst", `mod ${i % 3}`],
    streamingMode: STREAMING_MODES[i % STREAMING_MODES.length]!,
    logoUrl: `https://example.com/logos/${i}.png`,
    isEnabled,
    showInEpg: isEnabled && i % 2 === 0,
    preferredAudioLanguageCode: LANGUAGES[i % LANGUAGES.length]!,
    preferredSubtitleLanguageCode: LANGUAGES[(i + 1) % LANGUAGES.length]!,
    subtitleMode: SUBTITLE_MODES[i % SUBTITLE_MODES.length]!,
  };
}

/** Everything but the absolute stream URL, whose host:port differs between two starts. */
function comparable(channel: Channel) {
  const { streamUrl, ...rest } = channel;
  return { ...rest, streamPath: new URL(streamUrl).pathname + new URL(streamUrl).search };
}

describe("the built server on a real SQLite file", () => {
  it(`keeps every answered create and no half-written row when SIGKILLed in the middle of ${BURST} concurrent creates`, async () => {
    const dataDir = tempDir();
    const first = await startBuilt(dataDir);
    const profiles = await request(first.port, "GET", "/api/v1/ffmpeg/profiles");
    const defaultProfileId = (profiles.json as Array<{ id: number; isDefault: boolean }>).find((p) => p.isDefault)!.id;

    const agent = new http.Agent({ keepAlive: true, maxSockets: BURST_CONCURRENCY });
    const answered = new Map<string, Channel>();
    let killed = false;
    let next = 0;
    let unanswered = 0;
    const worker = async () => {
      while (!killed && next < BURST) {
        const i = next++;
        try {
          const reply = await request(first.port, "POST", "/api/v1/channels", burstBody(i), agent);
          // A 201 that reached us is a promise kept, even if it arrived after the kill was sent.
          if (reply.status === 201) answered.set(reply.json.number, reply.json as Channel);
          else throw new Error(`create ${i} was answered ${reply.status}: ${reply.text}`);
          if (!killed && answered.size >= KILL_AFTER) {
            killed = true;
            first.child.kill("SIGKILL");
          }
        } catch (error) {
          if (!killed) throw error;
          unanswered += 1;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: BURST_CONCURRENCY }, worker));
    } finally {
      agent.destroy();
    }
    expect(await first.exit, "the first server died of the SIGKILL").toEqual({ code: null, signal: "SIGKILL" });
    expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(unanswered, "creates cut off by the kill (the kill landed mid-burst)").toBeGreaterThan(0);
    expect(answered.size + unanswered).toBeLessThan(BURST + 1);
    // The crash left a write-ahead log behind: the next start has to recover from it.
    expect(fs.existsSync(path.join(dataDir, `${DATABASE_FILE}-wal`)), "WAL file left by the crash").toBe(true);

    const second = await startBuilt(dataDir);
    const list = await request(second.port, "GET", "/api/v1/channels");
    expect(list.status).toBe(200);
    const channels = list.json as Channel[];

    // Every create that was answered 201 is there, field for field.
    const byId = new Map(channels.map((c) => [c.id, c]));
    for (const [number, created] of answered) {
      const stored = byId.get(created.id);
      expect(stored, `answered channel ${number} (id ${created.id}) after the crash`).toBeDefined();
      expect(comparable(stored!)).toEqual(comparable(created));
      const single = await request(second.port, "GET", `/api/v1/channels/${created.id}`);
      expect(single.status).toBe(200);
      expect(comparable(single.json as Channel)).toEqual(comparable(created));
    }

    // Every channel present is whole: the seeded one, or exactly one of the burst's bodies.
    const seen = new Set<string>();
    for (const channel of channels) {
      expect(seen.has(channel.number), `channel number ${channel.number} twice`).toBe(false);
      seen.add(channel.number);
      expect(Number.isInteger(channel.id) && channel.id > 0).toBe(true);
      expect(channel.uniqueId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      if (channel.number === "1") {
        expect(channel).toMatchObject({ name: "Airwave", group: "Airwave", categories: [], ffmpegProfileId: defaultProfileId, streamingMode: "TransportStreamHybrid", isEnabled: true, showInEpg: true, subtitleMode: "None" });
        continue;
      }
      const i = Number(channel.number) - 1000;
      expect(Number.isInteger(i) && i >= 0 && i < BURST, `unexpected channel ${JSON.stringify(channel)}`).toBe(true);
      expect({ ...channel }).toEqual({
        ...burstBody(i),
        id: channel.id,
        uniqueId: channel.uniqueId,
        ffmpegProfileId: defaultProfileId,
        streamUrl: channel.streamUrl,
        playoutMode: "Continuous",
        // Defaults of the settings the burst does not send (audio tracks, soft subtitles, graphics, version choice).
        audioLanguageCodes: [],
        versionPreference: "MatchProfile",
        subtitleDelivery: "BurnIn",
        subtitleLanguageCodes: [],
        graphicsIds: [],
      });
      expect(new URL(channel.streamUrl).pathname).toContain(`/${channel.number}`);
    }
    const burstRows = channels.length - 1;
    expect(burstRows, "burst rows present ≥ creates answered").toBeGreaterThanOrEqual(answered.size);
    // Committed but unanswered creates can only be ones in flight when the process died.
    expect(burstRows - answered.size, "rows committed without an answer").toBeLessThanOrEqual(BURST_CONCURRENCY);

    // The recovered database takes writes.
    const after = await request(second.port, "POST", "/api/v1/channels", { name: "After the crash", number: "2000" });
    expect(after.status, after.text).toBe(201);

    expect(await stopWith(second, "SIGTERM"), "clean stop of the second server").toEqual({ code: 0, signal: null });
    const file = path.join(dataDir, DATABASE_FILE);
    expect(await sqliteAll(file, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
    expect(await sqliteAll(file, "PRAGMA foreign_key_check")).toEqual([]);
    expect(await sqliteAll(file, "SELECT COUNT(*) AS n FROM channel")).toEqual([{ n: channels.length + 1 }]);
    console.log(`durability: ${answered.size} creates answered before/at the SIGKILL, ${burstRows} burst rows after recovery, ${unanswered} cut off`);
  }, 60_000);

  it("SIGTERM lets an in-flight request complete, exits 0, and the next start on the same folder works", async () => {
    const dataDir = tempDir();
    const server = await startBuilt(dataDir);
    const body = JSON.stringify({ name: "In flight", number: "77", group: "Shutdown" });
    let req!: http.ClientRequest;
    let onContinue!: () => void;
    const continued = new Promise<void>((resolve) => (onContinue = resolve));
    const responsePromise = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          method: "POST",
          path: "/api/v1/channels",
          agent: false,
          headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), expect: "100-continue" },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        },
      );
      req.on("error", reject);
      req.on("continue", () => onContinue());
      req.flushHeaders();
    });
    responsePromise.catch(() => undefined);

    // 100 Continue: the server has the request and is in its handler, waiting for the body.
    await Promise.race([continued, new Promise((_, reject) => setTimeout(() => reject(new Error("no 100 Continue within 10 s")), 10_000))]);
    req.write(body.slice(0, 10));
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    // Shutdown is under way (no new connections) while our request is still open.
    await untilRefused(server.port);
    expect(server.child.exitCode, "the server waits for the in-flight request").toBeNull();
    req.end(body.slice(10));

    const response = await responsePromise;
    expect(response.status, response.text).toBe(201);
    const created = JSON.parse(response.text) as Channel;
    expect(created).toMatchObject({ name: "In flight", number: "77", group: "Shutdown" });
    expect(await server.exit, `exit after SIGTERM; output:\n${server.output()}`).toEqual({ code: 0, signal: null });
    console.log(`durability: SIGTERM → exit 0 in ${Date.now() - signalledAt} ms (in-flight request completed)`);

    const again = await startBuilt(dataDir);
    const stored = await request(again.port, "GET", `/api/v1/channels/${created.id}`);
    expect(stored.status).toBe(200);
    expect(comparable(stored.json as Channel)).toEqual(comparable(created));
    expect((await request(again.port, "GET", "/api/v1/channels")).json).toHaveLength(2);
    expect(await stopWith(again, "SIGTERM")).toEqual({ code: 0, signal: null });
    expect(await sqliteAll(path.join(dataDir, DATABASE_FILE), "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
  }, 60_000);
});
