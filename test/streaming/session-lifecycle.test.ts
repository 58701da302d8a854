import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { processStartTime, PID_FILE } from "../../server/streaming/process-registry";
import type { SessionManager } from "../../server/streaming/session-manager";
import { apiClient } from "../support/http";
import { makeTempDir, useTestServer, withTestServer } from "../support/test-server";
import { ffmpegChildren, ffprobeJson, makeCountingClip, openStream, waitUntil, type OpenStream } from "./support/stream-fixtures";

// Registered first, so it runs once the server has stopped: no FFmpeg outlives it.
afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "1" } });
let folder: string;
let clip: string;
let profileId: number;
let nextNumber = 70;

const manager = () => server.services.streaming as SessionManager;

/** A channel playing `clip` (10 s) over and over from 2 s ago. */
async function loopingChannel(streamingMode = "TransportStreamHybrid"): Promise<string> {
  const number = String(nextNumber++);
  // Channel files are read only from the data folder's playouts/; the clip may be anywhere.
  const file = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  const programs = Array.from({ length: 40 }, (_, i) => ({ title: `Loop ${i}`, duration: 10_000, file: clip }));
  fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 2000).toISOString(), programs }));
  const channel = await api.post("/api/v1/channels", { name: `Loop ${number}`, number, ffmpegProfileId: profileId, streamingMode });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
  expect(playout.status, playout.text).toBe(201);
  return number;
}

beforeAll(async () => {
  folder = makeTempDir("airwave-sessions-");
  clip = path.join(folder, "loop.mkv");
  makeCountingClip(clip, 10, 128);
  // The clips fit this profile; these tests follow the transcoding path (copy-when-compatible.test.ts covers copying).
  const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Tiny", resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128, copyWhenCompatible: false });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
}, 60_000);

afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("stream sessions", () => {
  it("two HLS viewers and three TS viewers share exactly one transcoding FFmpeg; after they leave and the idle timeout passes none remains", async () => {
    const number = await loopingChannel();
    // Every FFmpeg the streaming layer runs goes through the registry: count the starts.
    const spawns = vi.spyOn(manager().registry, "spawn");
    const hls = [apiClient(server.url, { "user-agent": "player-one" }), apiClient(server.url, { "user-agent": "player-two" })];
    for (const client of hls) {
      expect((await client.get(`/iptv/channel/${number}.m3u8?mode=segmenter`)).status).toBe(200);
      const playlist = await client.get(`/iptv/session/${number}/hls.m3u8`);
      const first = playlist.text.split("\n").find((l) => l.endsWith(".ts"))!;
      expect((await client.get(`/iptv/session/${number}/${first}`)).status).toBe(200);
    }
    const ts: OpenStream[] = [];
    for (let i = 0; i < 3; i++) {
      const viewer = await openStream(`${server.url}/iptv/channel/${number}.ts`);
      await viewer.waitForBytes(188 * 50);
      ts.push(viewer);
    }
    // FFmpeg reports its speed with its first progress line, which can come after the first bytes on a busy machine;
    // the list is checked as that poll read it (a later read may fall between two pieces, before the next one's speed).
    let sessions = await api.get("/api/v1/sessions");
    await expect
      .poll(
        async () => {
          sessions = await api.get("/api/v1/sessions");
          return sessions.json[0]?.speed;
        },
        { timeout: 10_000 },
      )
      .toEqual(expect.any(Number));
    expect(sessions.json).toEqual([
      {
        channelNumber: number,
        channelName: `Loop ${number}`,
        mode: "segmenter",
        state: "running",
        startedAt: expect.stringMatching(/Z$/),
        viewers: 5,
        viewerList: expect.any(Array),
        nowPlaying: expect.objectContaining({ kind: "media", title: "loop.mkv" }),
        speed: expect.any(Number),
        restarts: 0,
        transcodedUntil: expect.stringMatching(/Z$/),
        lastAccess: expect.stringMatching(/Z$/),
        playoutMode: "Continuous",
      },
    ]);
    const viewers = sessions.json[0].viewerList as Array<{ kind: string; address: string; userAgent: string | null }>;
    expect(viewers.filter((v) => v.kind === "hls").map((v) => v.userAgent).sort()).toEqual(["player-one", "player-two"]);
    expect(viewers.filter((v) => v.kind === "mpegts")).toHaveLength(3);
    expect(viewers.every((v) => v.address === "127.0.0.1")).toBe(true);

    // Five viewers, one FFmpeg: every start through the registry is the session's (it runs FFmpeg piece after
    // piece, so a slow machine may already be on its second piece), and one is in /proc while they watch.
    expect(spawns.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(spawns.mock.calls.map(([, tag]) => tag))).toEqual(new Set([`session ${number}`]));
    spawns.mockRestore();
    // Between two pieces of the session no FFmpeg runs for a moment: wait for the next one to show.
    await waitUntil(() => ffmpegChildren().length > 0, 10_000, "the session's FFmpeg in /proc");
    const children = ffmpegChildren();
    expect(children).toHaveLength(1);
    expect(children[0]!.args).toContain("libx264");
    expect(manager().registry.processes().map((p) => p.tag)).toEqual([`session ${number}`]);

    for (const viewer of ts) viewer.close();
    await waitUntil(() => manager().sessions().length === 0, 10_000, "the idle session to stop");
    expect(ffmpegChildren()).toEqual([]);
    expect(manager().registry.count).toBe(0);
    expect((await api.get("/api/v1/sessions")).json).toEqual([]);
    expect(fs.readdirSync(path.join(server.dataDir, "cache", "sessions")).filter((name) => name !== PID_FILE)).toEqual([]);
  }, 60_000);

  it("a session started while the channel's previous one is still stopping keeps its own folder and makes segments", async () => {
    const number = await loopingChannel();
    const first = manager().session(number);
    await first.firstSegment(20_000);
    const stopping = first.stop();
    const second = manager().session(number);
    expect(second).not.toBe(first);
    expect(second.folder).not.toBe(first.folder);
    await stopping;
    expect(fs.existsSync(second.folder)).toBe(true);
    await second.firstSegment(20_000);
    expect(fs.readdirSync(second.folder).some((name) => name.endsWith(".ts"))).toBe(true);
    await second.stop();
    expect(fs.existsSync(second.folder)).toBe(false);
  }, 60_000);

  it("200 connect/disconnect cycles (hybrid and ts-legacy viewers) leave no process behind", async () => {
    const number = await loopingChannel();
    for (let i = 0; i < 200; i++) {
      const legacy = i % 10 === 0;
      const viewer = await openStream(`${server.url}/iptv/channel/${number}.ts${legacy ? "?mode=ts-legacy" : ""}`);
      expect(viewer.status).toBe(200);
      if (i % 20 === 0) await viewer.waitForBytes(188);
      viewer.close();
    }
    await waitUntil(() => manager().sessions().length === 0 && manager().registry.count === 0, 15_000, "everything to stop");
    await waitUntil(() => ffmpegChildren().length === 0, 5000, "no FFmpeg in /proc");
  }, 90_000);

  it("ts-legacy (one FFmpeg per viewer) and hls-direct (remux) streams are readable; the process ends with the viewer", async () => {
    const number = await loopingChannel("TransportStream");
    const legacy = await openStream(`${server.url}/iptv/channel/${number}.ts`);
    await legacy.waitForBytes(100_000);
    expect(manager().registry.processes().map((p) => p.tag)).toEqual([`ts-legacy ${number}`]);
    const legacyFile = path.join(folder, "legacy.ts");
    fs.writeFileSync(legacyFile, legacy.bytes());
    legacy.close();
    await waitUntil(() => manager().registry.count === 0, 5000, "the legacy FFmpeg to end");
    expect((await ffprobeJson(legacyFile)).streams.find((s: any) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 160, height: 90 });

    const playlist = await api.get(`/iptv/channel/${number}.m3u8?mode=hls-direct`);
    expect(playlist.text).toMatch(/#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:\d+\n#EXT-X-DISCONTINUITY\n#EXTINF:\d+\.\d{3},\nhttp:\/\/[^/]+\/iptv\/hls-direct\/\d+\.ts\?index=\d+\n/);
    const direct = await openStream(playlist.text.split("\n").find((l) => l.startsWith("http"))!);
    await direct.waitForBytes(20_000);
    const directFile = path.join(folder, "direct.ts");
    fs.writeFileSync(directFile, direct.bytes());
    direct.close();
    await waitUntil(() => manager().registry.count === 0, 5000, "the remux FFmpeg to end");
    // Copied, not transcoded: the clip's own size.
    expect((await ffprobeJson(directFile)).streams.find((s: any) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 160, height: 90 });

    // mixed mode follows the channel: a legacy channel's .m3u8 redirects to its .ts URL.
    const mixed = await api.get(`/iptv/channel/${number}.m3u8`);
    expect(mixed.status).toBe(302);
    expect(mixed.headers.location).toBe(`/iptv/channel/${number}.ts?mode=ts-legacy`);
  }, 60_000);

  it("sessions API: list, DELETE (204, then 404 problem), GraphQL sessions and stopSession", async () => {
    const number = await loopingChannel();
    expect((await api.get(`/iptv/channel/${number}.m3u8?mode=segmenter`)).status).toBe(200);
    const listed = await api.graphql("{ sessions { channelNumber state viewers transcodedUntil lastAccess } }");
    expect(listed.json.data.sessions).toEqual([{ channelNumber: number, state: "running", viewers: 1, transcodedUntil: expect.any(String), lastAccess: expect.any(String) }]);
    const stopped = await api.graphql("mutation($n: String!) { stopSession(channelNumber: $n) }", { n: number });
    expect(stopped.json.data.stopSession).toBe(true);
    expect(manager().registry.count).toBe(0);
    const again = await api.graphql("mutation($n: String!) { stopSession(channelNumber: $n) }", { n: number });
    expect(again.json.errors[0].extensions.code).toBe("NOT_FOUND");

    expect((await api.get(`/iptv/channel/${number}.m3u8?mode=segmenter`)).status).toBe(200);
    expect((await api.delete(`/api/v1/sessions/${number}`)).status).toBe(204);
    expect(manager().registry.count).toBe(0);
    const missing = await api.delete(`/api/v1/sessions/${number}`);
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/application\/problem\+json/);
    expect(missing.json.detail).toMatch(new RegExp(`Session of channel ${number} does not exist`));
    expect((await api.get("/iptv/channel/999.ts")).status).toBe(404);
  }, 60_000);
});

describe("stream start-up and tokens", () => {
  it("a restart after a crash kills the FFmpeg the last run left (pid file) and removes stale session folders", async () => {
    const dataDir = makeTempDir();
    const sessions = path.join(dataDir, "cache", "sessions");
    fs.mkdirSync(path.join(sessions, "7"), { recursive: true });
    fs.writeFileSync(path.join(sessions, "7", "live000001.ts"), "stale");
    const orphan = spawn("ffmpeg", ["-nostdin", "-v", "error", "-re", "-f", "lavfi", "-i", "color=s=16x16:d=600", "-f", "null", "-"], { stdio: "ignore" });
    await waitUntil(() => processStartTime(orphan.pid!) !== undefined, 5000, "the orphan to start");
    fs.writeFileSync(path.join(sessions, PID_FILE), `${orphan.pid} ${processStartTime(orphan.pid!)}\n999999 123\n`);
    const exited = new Promise((resolve) => orphan.once("exit", resolve));
    await withTestServer({ dataDir }, async () => {
      await exited;
      expect(orphan.signalCode).toBe("SIGKILL");
      expect(fs.existsSync(path.join(sessions, "7"))).toBe(false);
    });
  }, 30_000);

  it("with tokens on, the master playlist carries the token to the session playlist and its segments", async () => {
    await withTestServer({ env: { JWT__IssuerSigningKey: "a-signing-key-for-the-stream-tests-0123456789" } }, async (tokened, client) => {
      const token = (await client.post("/api/v1/iptv/tokens")).json.token as string;
      const profile = await client.post("/api/v1/ffmpeg/profiles", { name: "Tiny", resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });
      const channel = await client.post("/api/v1/channels", { name: "Tokened", number: "5", ffmpegProfileId: profile.json.id });
      const file = path.join(tokened.dataDir, "playouts", "tokened.json");
      fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 1000).toISOString(), programs: [{ title: "Clip", duration: 10_000, file: clip }] }));
      expect((await client.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file })).status).toBe(201);
      expect((await client.get("/iptv/channel/5.m3u8?mode=segmenter")).status).toBe(401);
      const master = await client.get(`/iptv/channel/5.m3u8?mode=segmenter&access_token=${token}`);
      expect(master.status).toBe(200);
      const variant = new URL(master.text.split("\n").find((l) => l.startsWith("http"))!);
      expect(variant.searchParams.get("access_token")).toBe(token);
      const media = await client.get(`${variant.pathname}${variant.search}`);
      const segment = media.text.split("\n").find((l) => l.includes(".ts"))!;
      expect(segment).toBe(`${segment.split("?")[0]}?access_token=${encodeURIComponent(token)}`);
      expect((await client.get(`/iptv/session/5/${segment}`)).status).toBe(200);
      expect((await client.get(`/iptv/session/5/${segment.split("?")[0]}`)).status).toBe(401);
    });
  }, 30_000);
});
