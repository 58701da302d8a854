import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, useTestServer, withTestServer } from "../support/test-server";
import { observations, sample, scrapeMetrics } from "./support/prometheus";
import { makeCountingClip, openStream, waitUntil } from "./support/stream-fixtures";

const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "1" } });
let folder: string;

/** This suite's server's metrics (or another client's). */
const scrape = (client = api, query = "") => scrapeMetrics(client, query);

beforeAll(async () => {
  folder = makeTempDir("airwave-metrics-");
  // Programmes outlast the test, so FFmpeg is still running when the session is stopped (a piece that ended
  // between two runs would be counted as completed, not killed).
  makeCountingClip(path.join(folder, "loop.mkv"), 60, 128, "160x90", 3);
}, 60_000);

afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("GET /metrics", () => {
  it("counts requests by route template and exposes process memory and event-loop lag", async () => {
    const before = await scrape();
    expect((await api.get("/api/v1/channels/999999")).status).toBe(404);
    expect((await api.get("/api/v1/channels/888888")).status).toBe(404);
    const after = await scrape();
    const labels = { method: "GET", route: "/api/v1/channels/:id", status: "404" };
    expect(sample(after, "airwave_http_requests_total", labels) - sample(before, "airwave_http_requests_total", labels)).toBe(2);
    expect(observations(after, "airwave_http_request_duration_seconds")).toBeGreaterThan(0);
    // No label carries a raw path.
    for (const m of after.get("airwave_http_requests_total")!.metrics) expect(m.labels?.route).not.toMatch(/\d{6}/);
    expect(sample(after, "airwave_process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(after.has("airwave_nodejs_eventloop_lag_seconds")).toBe(true);
  });

  it("counters and gauges move when a stream starts and stops; builds are timed", async () => {
    const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Tiny", resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });
    expect(profile.status, profile.text).toBe(201);
    // ExternalJson files are read only from the data folder's playouts/.
    const file = path.join(server.dataDir, "playouts", "channel.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const programs = Array.from({ length: 40 }, (_, i) => ({ title: `Loop ${i}`, duration: 60_000, file: path.join(folder, "loop.mkv") }));
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 2000).toISOString(), programs }));
    const channel = await api.post("/api/v1/channels", { name: "Metered", number: "77", ffmpegProfileId: profile.json.id, streamingMode: "TransportStreamHybrid" });
    expect(channel.status, channel.text).toBe(201);
    const before = await scrape();
    const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
    expect(playout.status, playout.text).toBe(201);

    const viewer = await openStream(`${server.url}/iptv/channel/77.ts`);
    await viewer.waitForBytes(188 * 50);
    const playing = await scrape();
    expect(sample(playing, "airwave_stream_sessions")).toBe(1);
    expect(sample(playing, "airwave_stream_viewers", { channel: "77" })).toBe(1);
    expect(sample(playing, "airwave_ffmpeg_starts_total", { kind: "session" }) - sample(before, "airwave_ffmpeg_starts_total", { kind: "session" })).toBeGreaterThanOrEqual(1);
    expect(observations(playing, "airwave_playout_build_duration_seconds")).toBeGreaterThan(observations(before, "airwave_playout_build_duration_seconds"));

    viewer.close();
    expect((await api.delete("/api/v1/sessions/77")).status).toBe(204);
    let stopped = playing;
    await waitUntil(async () => {
      stopped = await scrape();
      return sample(stopped, "airwave_stream_sessions") === 0 && sample(stopped, "airwave_ffmpeg_exits_total", { kind: "session", reason: "killed" }) > sample(playing, "airwave_ffmpeg_exits_total", { kind: "session", reason: "killed" });
    }, 20_000, "the session to stop and its FFmpeg to be counted as killed");
    expect(sample(stopped, "airwave_stream_viewers", { channel: "77" })).toBe(0);
    expect(sample(stopped, "airwave_ffmpeg_processes", { kind: "session" })).toBe(0);
  }, 60_000);
});

describe("GET /health", () => {
  it("says ready while the database answers", async () => {
    const response = await api.get("/health");
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: "ready" });
  });
});

describe("metrics follow the /iptv/ token rule", () => {
  it("with IPTV tokens on, /metrics needs a token and /health does not", async () => {
    await withTestServer({ env: { JWT__IssuerSigningKey: "metrics-test-signing-key-0123456789" } }, async (secured, client) => {
      const refused = await client.get("/metrics");
      expect(refused.status).toBe(401);
      expect(refused.text).not.toContain("airwave_");
      expect((await client.get("/metrics?access_token=wrong")).status).toBe(401);
      const { token } = secured.services.iptvTokens.mint();
      expect((await scrape(client, `?access_token=${encodeURIComponent(token)}`)).has("airwave_http_requests_total")).toBe(true);
      expect((await client.get("/metrics", { authorization: `Bearer ${token}` })).status).toBe(200);
      expect((await client.get("/health")).status).toBe(200);
    });
  });
});
