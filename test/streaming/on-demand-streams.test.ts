import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { makeTempDir, startTestServer, useTestServer } from "../support/test-server";
import { channelProgrammes } from "../support/xmltv";
import { ffmpegChildren, frameStats, makeCountingClip, secondOfLuma, sleep, waitUntil } from "./support/stream-fixtures";

/**
 * On-demand channels and skip with real FFmpeg, as an HLS player sees them. Each programme is a counting
 * clip: its picture's luma tells the second of the clip and its chroma which clip it is, so a decoded
 * frame says exactly what is on air. The idle timeout is 1 s so a viewer "leaves" quickly.
 */
afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "1" } });
const STEP = 6;
const CLIP_SECONDS = 30;
const CB = { a: 90, b: 170 };
let folder: string;
const clips = { a: "", b: "" };
let profileId: number;
let nextNumber = 80;

beforeAll(async () => {
  folder = makeTempDir("airwave-on-demand-");
  for (const name of ["a", "b"] as const) {
    clips[name] = path.join(folder, `${name}.mkv`);
    makeCountingClip(clips[name], CLIP_SECONDS, CB[name], "160x90", STEP);
  }
  const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Tiny", resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
}, 60_000);

afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A channel alternating clip a and clip b (30 s each), the first starting `agoMs` ago (on another server: `on`). */
async function alternatingChannel(playoutMode: "Continuous" | "OnDemand", agoMs: number, on = { client: api, dataDir: server.dataDir, profileId: 0 }): Promise<{ id: number; number: string }> {
  const number = String(nextNumber++);
  const file = path.join(on.dataDir, "playouts", `channel-${number}.json`);
  const programs = Array.from({ length: 60 }, (_, i) => ({ title: `Part ${i}`, duration: CLIP_SECONDS * 1000, file: i % 2 === 0 ? clips.a : clips.b }));
  fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - agoMs).toISOString(), programs }));
  const channel = await on.client.post("/api/v1/channels", { name: `On demand ${number}`, number, ffmpegProfileId: on.profileId || profileId, streamingMode: "HttpLiveStreamingSegmenter", playoutMode });
  expect(channel.status, channel.text).toBe(201);
  const playout = await on.client.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
  expect(playout.status, playout.text).toBe(201);
  return { id: channel.json.id, number };
}

interface Segment {
  name: string;
  /** Wall time of its first frame (EXT-X-PROGRAM-DATE-TIME), ms. */
  start: number;
  durationMs: number;
  discontinuity: boolean;
  file?: string;
}

function parsePlaylist(text: string): Segment[] {
  const out: Segment[] = [];
  let pending: Partial<Segment> = {};
  for (const line of text.split("\n")) {
    if (line === "#EXT-X-DISCONTINUITY") pending.discontinuity = true;
    else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) pending.start = Date.parse(line.slice(25));
    else if (line.startsWith("#EXTINF:")) pending.durationMs = Math.round(Number(line.slice(8).split(",")[0]) * 1000);
    else if (line.endsWith(".ts") || line.includes(".ts?")) {
      out.push({ name: line.split("?")[0]!, start: pending.start!, durationMs: pending.durationMs!, discontinuity: pending.discontinuity ?? false });
      pending = {};
    }
  }
  return out;
}

/** An HLS player: fetches the playlist and every new segment, keeping them by name. */
class HlsViewer {
  readonly segments = new Map<string, Segment>();
  private readonly client = apiClient(server.url, { "user-agent": "on-demand-test-player" });
  constructor(private readonly number: string) {}

  async tuneIn(): Promise<void> {
    const master = await this.client.get(`/iptv/channel/${this.number}.m3u8?mode=segmenter`);
    expect(master.status, master.text).toBe(200);
  }

  /** One playlist poll; downloads segments it has not got. Returns the playlist's segments. */
  async poll(): Promise<Segment[]> {
    const playlist = await this.client.get(`/iptv/session/${this.number}/hls.m3u8`);
    expect(playlist.status, playlist.text).toBe(200);
    const listed = parsePlaylist(playlist.text);
    for (const segment of listed) {
      const known = this.segments.get(segment.name);
      if (known && known.start === segment.start) continue;
      const response = await fetch(`${server.url}/iptv/session/${this.number}/${segment.name}`);
      if (response.status !== 200) continue;
      const file = path.join(folder, `${this.number}-${segment.name.replace(".ts", "")}-${segment.start}.ts`);
      fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      this.segments.set(segment.name, { ...segment, file });
    }
    return listed;
  }

  /**
   * Forgets segments starting at or after `from`: a player that reloads at a skip fetches them again (the
   * session reuses their numbers for the new content; a player that keeps them plays them first).
   */
  forgetFrom(from: number): void {
    for (const [name, segment] of this.segments) if (segment.start >= from) this.segments.delete(name);
  }

  /** The downloaded segment on air at wall time `at`. */
  covering(at: number): Segment | undefined {
    return [...this.segments.values()].find((s) => s.start <= at && at < s.start + s.durationMs && s.file);
  }
}

/** What a segment shows `intoMs` after its start: which clip and which second of it. */
async function shown(segment: Segment, intoMs: number): Promise<{ clip: "a" | "b"; second: number }> {
  // The last frame of a segment starts a frame before its end: seek no further than two frames (25 fps) before it.
  // One frame at a cut may be neither clip (a grey transition frame seen once in a full run): the next one, 200 ms
  // on, must then be a clip's, so a picture that stays grey still fails.
  for (const offsetMs of [0, 200]) {
    const at = Math.max(0, Math.min(intoMs + offsetMs, segment.durationMs - 80)) / 1000;
    const stats = await frameStats(segment.file!, at);
    const distance = Math.min(Math.abs(stats.cb - CB.a), Math.abs(stats.cb - CB.b));
    if (distance >= 20 && offsetMs === 0) continue;
    expect(distance).toBeLessThan(20);
    const clip = Math.abs(stats.cb - CB.a) < Math.abs(stats.cb - CB.b) ? "a" : "b";
    return { clip, second: secondOfLuma(stats.topLuma, STEP) };
  }
  throw new Error("unreachable");
}

/** The XMLTV programmes of channel `number` ("On demand {number}"): title and start (ms). */
async function xmltvProgrammes(number: string): Promise<Array<{ title: string; start: number }>> {
  return channelProgrammes((await api.get("/iptv/xmltv.xml")).text, `On demand ${number}`);
}

async function onDemandState(channelId: number) {
  const states = (await api.get("/api/v1/sessions/on-demand")).json as Array<{ channelId: number; playing: boolean; pausedSince?: string; checkpoint?: { itemId?: number; title?: string; offsetSeconds: number } }>;
  return states.find((s) => s.channelId === channelId)!;
}

describe("on-demand channel with real FFmpeg", () => {
  it("watch 10 s, leave, wait past the idle timeout + 10 s, come back: the first frames are the same item within 2 s of where the viewer left", async () => {
    const channel = await alternatingChannel("OnDemand", 1000);
    const viewer = new HlsViewer(channel.number);
    await viewer.tuneIn();
    const watchUntil = Date.now() + 10_000;
    let leftAt = Date.now();
    while (Date.now() < watchUntil) {
      leftAt = Date.now();
      await viewer.poll();
      await sleep(300);
    }
    // The session says the channel is on demand and playing (no pause, no checkpoint), over REST and GraphQL.
    const session = ((await api.get("/api/v1/sessions")).json as Array<Record<string, unknown>>).find((s) => s.channelNumber === channel.number)!;
    expect(session).toMatchObject({ playoutMode: "OnDemand" });
    expect(session.pausedSince).toBeUndefined();
    expect(session.checkpoint).toBeUndefined();
    const gqlSessions = await api.graphql("{ sessions { channelNumber playoutMode pausedSince checkpoint { itemId offsetSeconds } } }");
    expect(gqlSessions.json.data.sessions).toContainEqual({ channelNumber: channel.number, playoutMode: "OnDemand", pausedSince: null, checkpoint: null });
    // What the viewer had on screen when it left: the segment on air then, at that moment.
    const last = viewer.covering(leftAt);
    expect(last, "a downloaded segment covers the moment the viewer left").toBeDefined();
    const before = await shown(last!, leftAt - last!.start);

    // The idle stop pauses the channel at a checkpoint: the item and offset on air at the last request.
    await waitUntil(async () => !(await onDemandState(channel.id)).playing, 10_000, "the channel to pause");
    const paused = await onDemandState(channel.id);
    expect(Math.abs(Date.parse(paused.pausedSince!) - leftAt)).toBeLessThan(1500);
    expect(Math.abs(paused.checkpoint!.offsetSeconds - before.second)).toBeLessThan(2);
    // While paused, "now" stays at the checkpoint.
    const nowWhilePaused = await api.get(`/api/v1/channels/${channel.id}/now`);
    expect(nowWhilePaused.json.current.id).toBe(paused.checkpoint!.itemId);

    // The guide shows the paused channel as if it started playing now from the checkpoint; XMLTV and the UI agree.
    const guideAt = Date.now();
    const xmltv = await xmltvProgrammes(channel.number);
    const grid = await api.graphql("{ guide { channelId programmes { start stop title } } }");
    const row = (grid.json.data.guide as Array<{ channelId: number; programmes: Array<{ start: string; stop: string; title: string }> }>).find((r) => r.channelId === channel.id)!;
    const onAirInGrid = row.programmes.find((p) => Date.parse(p.start) <= guideAt && guideAt < Date.parse(p.stop))!;
    expect(onAirInGrid.title).toBe(paused.checkpoint!.title);
    expect(Math.abs(Date.parse(onAirInGrid.start) - (guideAt - paused.checkpoint!.offsetSeconds * 1000))).toBeLessThan(2000);
    const onAirInXmltv = xmltv.find((p) => p.title === onAirInGrid.title)!;
    expect(Math.abs(onAirInXmltv.start - Date.parse(onAirInGrid.start))).toBeLessThan(2000);
    const nextInGrid = row.programmes[row.programmes.indexOf(onAirInGrid) + 1]!;
    expect(Math.abs(xmltv.find((p) => p.title === nextInGrid.title)!.start - Date.parse(nextInGrid.start))).toBeLessThan(2000);

    // Past the idle timeout (1 s) plus 10 s of standstill.
    await waitUntil(() => Date.now() >= leftAt + 11_000, 15_000, "11 s to pass");
    const back = new HlsViewer(channel.number);
    await back.tuneIn();
    const first = (await back.poll())[0]!;
    // Asked while the viewer watches: decoding its frame below can outlast the 1 s idle timeout on a busy machine.
    const resumed = await onDemandState(channel.id);
    const firstFile = back.segments.get(first.name);
    expect(firstFile?.file, "the first listed segment downloads").toBeDefined();
    const after = await shown(firstFile!, 0);
    expect(after.clip).toBe(before.clip);
    expect(Math.abs(after.second - before.second)).toBeLessThanOrEqual(2);
    expect(resumed.playing).toBe(true);
    // The timeline moved by the standstill: the resumed item's start is about 11 s+ later than before.
    const now = await api.get(`/api/v1/channels/${channel.id}/now`);
    expect(now.json.current.title).toBe(paused.checkpoint!.title);
    await api.delete(`/api/v1/sessions/${channel.number}`);
  }, 90_000);
});

describe("on-demand channel across a server restart", () => {
  it("a server stop pauses a watched on-demand channel where it was; the restarted server resumes it there", async () => {
    const dataDir = makeTempDir("airwave-on-demand-restart-");
    const env = { Streaming__IdleTimeoutSeconds: "60" };
    try {
      const first = await startTestServer({ dataDir, env });
      let channel: { id: number; number: string };
      let stoppedAt: number;
      try {
        const client = apiClient(first.url);
        const profile = await client.post("/api/v1/ffmpeg/profiles", { name: "Tiny", resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });
        channel = await alternatingChannel("OnDemand", 1000, { client, dataDir, profileId: profile.json.id });
        expect((await client.get(`/iptv/channel/${channel.number}.m3u8?mode=segmenter`)).status).toBe(200);
        await sleep(2000);
        expect((await client.get(`/iptv/session/${channel.number}/hls.m3u8`)).status).toBe(200);
      } finally {
        stoppedAt = Date.now();
        await first.stop();
      }
      const second = await startTestServer({ dataDir, env });
      try {
        const states = (await apiClient(second.url).get("/api/v1/sessions/on-demand")).json as Array<{ channelId: number; playing: boolean; pausedSince?: string; checkpoint?: { title?: string; offsetSeconds: number } }>;
        const state = states.find((s) => s.channelId === channel.id)!;
        expect(state.playing).toBe(false);
        expect(stoppedAt - Date.parse(state.pausedSince!)).toBeGreaterThanOrEqual(0);
        expect(stoppedAt - Date.parse(state.pausedSince!)).toBeLessThan(2000);
        // Watched from 1 s into Part 0 for about 3 s (start-up included): the checkpoint is a few seconds in.
        expect(state.checkpoint).toMatchObject({ title: "Part 0" });
        expect(state.checkpoint!.offsetSeconds).toBeGreaterThan(2);
        expect(state.checkpoint!.offsetSeconds).toBeLessThan(15);
        // The restarted server shows the channel at its checkpoint, where the next viewer's stream starts.
        const now = (await apiClient(second.url).get(`/api/v1/channels/${channel.id}/now`)).json;
        expect(now.current.title).toBe("Part 0");
        expect(Math.abs(now.offsetMs - state.checkpoint!.offsetSeconds * 1000)).toBeLessThan(1000);
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe.each(["Continuous", "OnDemand"] as const)("skip on a %s channel with real FFmpeg", (mode) => {
  it("switches a live HLS viewer to the next item within 2 s, after a discontinuity", async () => {
    const channel = await alternatingChannel(mode, 2000);
    const viewer = new HlsViewer(channel.number);
    await viewer.tuneIn();
    const watchUntil = Date.now() + 3000;
    while (Date.now() < watchUntil) {
      await viewer.poll();
      await sleep(300);
    }
    const skipRequested = Date.now();
    const skipped = await api.post(`/api/v1/channels/${channel.id}/skip`);
    expect(skipped.status, skipped.text).toBe(200);
    const skipAt = Date.parse(skipped.json.at);
    expect(skipAt).toBeGreaterThanOrEqual(skipRequested - 1000);
    expect(skipped.json.next.title).toBe("Part 1");

    // Poll as a player does (one that reloads at the skip) until the segment on air 2 s after the skip is listed.
    viewer.forgetFrom(skipAt - 4000);
    const due = skipAt + 2000;
    let switched: Segment | undefined;
    await waitUntil(async () => {
      await viewer.poll();
      switched = viewer.covering(due);
      return switched !== undefined;
    }, 15_000, "the segment on air 2 s after the skip");
    const availableAt = Date.now();
    const onAir = await shown(switched!, due - switched!.start);
    expect(onAir.clip).toBe("b");
    expect(onAir.second).toBeLessThanOrEqual(2);
    // It was listed before it was due on air (a player at the live edge sees it in time).
    expect(availableAt).toBeLessThanOrEqual(due + 1000);
    // The switch is a discontinuity in the playlist: the first segment of the new item carries the tag.
    const firstOfNext = [...viewer.segments.values()].filter((s) => s.start >= skipAt - 4000).sort((x, y) => x.start - y.start).find((s) => s.discontinuity);
    expect(firstOfNext, "a segment with a discontinuity tag after the skip").toBeDefined();
    expect(firstOfNext!.start).toBeLessThanOrEqual(skipAt + 1000);
    await api.delete(`/api/v1/sessions/${channel.number}`);
  }, 60_000);
});
