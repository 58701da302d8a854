/**
 * Remote streams on a live channel, with real FFmpeg and sources made here on loopback: an HTTP progressive
 * MP4, a live HLS stream FFmpeg writes into a folder served over HTTP, MPEG-TS over UDP, a UDP source that
 * stops and comes back, and a TCP listener that never answers; each between local files in a YAML playout, and a
 * live UDP stream in a Classic schedule's Duration window.
 * Colour-coded clips: frames are read back from the session's segments and placed by media time (each
 * segment's place on the schedule), so a loaded machine changes when the test looks, not what it sees.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HlsSession } from "../../server/streaming/hls/hls-session";
import type { SessionManager } from "../../server/streaming/session-manager";
import { scanAndWait } from "../support/library-scan";
import { makeTempDir, useTestServer } from "../support/test-server";
import { waitFor } from "../support/wait";
import { ffmpegChildren, openStream, type OpenStream } from "../streaming/support/stream-fixtures";
import { colourRuns, colourTimeline, freeUdpPort, offColour, recordSession, startHlsWriter, startSilentListener, startUdpSender, type ColourSample, type LiveSource } from "./live-sources";
import { makeColourClip, serveFolder, type LoopbackServer } from "./support";

const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "2", Logging__Level: "debug" } });
const manager = () => server.services.streaming as SessionManager;
const sources: LiveSource[] = [];
const viewers: OpenStream[] = [];
const recorders: Array<{ stop(): void }> = [];
let http: LoopbackServer;
let magentaPort: number;
let cyanPort: number;
let cyanSender: LiveSource;
let silent: Awaited<ReturnType<typeof startSilentListener>>;
let profileId: number;
const ids: Record<string, number> = {};
const collections: Record<string, number> = {};
let work: string;

afterAll(async () => {
  for (const recorder of recorders) recorder.stop();
  for (const viewer of viewers) viewer.close();
  await Promise.all([...sources, cyanSender, silent, http].filter(Boolean).map((s) => (s as LiveSource).stop?.() ?? (s as LoopbackServer).close()));
});

async function itemIds(libraryId: number): Promise<Record<string, number>> {
  const page = (await api.get(`/api/v1/media/items?pageSize=100&libraryId=${libraryId}`)).json;
  return Object.fromEntries(page.items.map((i: { id: number; title: string }) => [i.title, i.id]));
}

beforeAll(async () => {
  work = makeTempDir("rs-live-");
  const local = path.join(work, "local");
  // The first item is long enough that the session is well ahead when it reaches a remote one (10 s to open it, as in use).
  makeColourClip(path.join(local, "red.mp4"), "red", 10);
  makeColourClip(path.join(local, "blue.mp4"), "blue", 3);
  const served = path.join(work, "served");
  makeColourClip(path.join(served, "green.mp4"), "green", 10);
  http = await serveFolder(served);
  sources.push(await startHlsWriter(path.join(served, "hls"), "yellow"));
  magentaPort = await freeUdpPort();
  sources.push(startUdpSender(magentaPort, "magenta"));
  cyanPort = await freeUdpPort();
  cyanSender = startUdpSender(cyanPort, "cyan");
  silent = await startSilentListener();

  const streams = path.join(work, "streams");
  fs.mkdirSync(streams);
  const item = (name: string, body: string) => fs.writeFileSync(path.join(streams, `${name}.yml`), body);
  item("http", `title: Green MP4\nurl: ${http.url}/green.mp4\nduration: 6 seconds\nheaders:\n  X-Token: tok-secret-1\n`);
  item("hls", `title: Yellow HLS\nurl: ${http.url}/hls/live.m3u8\nlive: true\n`);
  item("udp", `title: Magenta UDP\nurl: udp://127.0.0.1:${magentaPort}\nlive: true\n`);
  item("udp-stop", `title: Cyan UDP\nurl: udp://127.0.0.1:${cyanPort}\nlive: true\n`);
  item("silent", `title: Silent\nurl: ${silent.url}\nlive: true\n`);

  const localLibrary = (await api.post("/api/v1/libraries", { name: "Local", kind: "OtherVideos", paths: [local] })).json.id;
  const remoteLibrary = (await api.post("/api/v1/libraries", { name: "Live", kind: "RemoteStreams", paths: [streams] })).json.id;
  await scanAndWait(api, localLibrary);
  await scanAndWait(api, remoteLibrary);
  Object.assign(ids, await itemIds(localLibrary), await itemIds(remoteLibrary));
  expect(Object.keys(ids).sort()).toEqual(["Cyan UDP", "Green MP4", "Magenta UDP", "Silent", "Yellow HLS", "blue", "red"]);
  for (const [key, title] of Object.entries({ red: "red", blue: "blue", http: "Green MP4", hls: "Yellow HLS", udp: "Magenta UDP", cyan: "Cyan UDP", silent: "Silent" })) {
    const collection = (await api.post("/api/v1/collections", { name: key })).json.id;
    await api.post(`/api/v1/collections/${collection}/items`, { mediaItemIds: [ids[title]] });
    collections[key] = collection;
  }
  const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Tiny", copyWhenCompatible: false, resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128, deinterlaceVideo: false });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
}, 120_000);

interface Slot {
  start: number;
  finish: number;
  mediaItemId: number;
}

/** A channel on a YAML playout of `steps` (content key and instruction), built from now; a TS viewer tunes in. */
async function tuneChannel(number: string, steps: Array<[string, string]>) {
  const keys = [...new Set(steps.map(([key]) => key))];
  const definition = `content:\n${keys.map((k) => `  - collection: ${k}\n    key: ${k}\n    order: chronological\n`).join("")}playout:\n${steps.map(([key, instruction]) => `  - ${instruction}\n    content: ${key}\n`).join("")}`;
  return tuneChannelOn(number, { kind: "Sequential", definition }, steps.length);
}

/** A channel on a playout made from `body` (built from now); a TS viewer tunes in; its first `count` items. */
async function tuneChannelOn(number: string, body: Record<string, unknown>, count: number) {
  const channel = await api.post("/api/v1/channels", { name: `Live ${number}`, number, ffmpegProfileId: profileId, streamingMode: "TransportStreamHybrid" });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, ...body });
  expect(playout.status, playout.text).toBe(201);
  const slots: Slot[] = (await api.get(`/api/v1/playouts/${playout.json.id}/items?pageSize=50`)).json.items.map((i: { start: string; finish: string; mediaItemId: number }) => ({ start: Date.parse(i.start), finish: Date.parse(i.finish), mediaItemId: i.mediaItemId }));
  const viewer = await openStream(`${server.url}/iptv/channel/${number}.ts`);
  viewers.push(viewer);
  expect(viewer.status).toBe(200);
  const session = () => manager().find(number) as HlsSession | undefined;
  const recorder = recordSession(session, path.join(work, `rec-${number}`));
  recorders.push(recorder);
  return { slots: slots.slice(0, count), viewer, session, recorder };
}

/** Each slot's frames, a second in from either end, are the slot's colour (or one of `allowed`). */
async function remoteLog(number: string): Promise<string> {
  const lines: Array<{ at: string; text: string }> = (await api.get(`/api/v1/logs?limit=500&text=${encodeURIComponent(`session ${number}: remote`)}`)).json;
  return lines.map((l) => `${l.at.slice(11, 23)} ${l.text}`).reverse().join(" | ");
}

function expectSlotColours(samples: ColourSample[], slots: Slot[], colours: Array<string | string[]>, log = ""): void {
  const runs = [...colourRuns(samples).map((r) => `${r.colour} ${((r.from - slots[0]!.start) / 1000).toFixed(1)}–${((r.to - slots[0]!.start) / 1000).toFixed(1)}`), `(built ${new Date(slots[0]!.start).toISOString().slice(11, 23)}) ${log}`];
  const recordedFrom = samples[0]!.at;
  slots.forEach((slot, i) => {
    const allowed = ([] as string[]).concat(colours[i]!);
    const inside = samples.filter((s) => s.at >= Math.max(slot.start, recordedFrom) + 1000 && s.at <= slot.finish - 1000);
    expect(inside.length, `slot ${i} (${allowed.join("/")}) has frames; runs: ${runs.join(", ")}`).toBeGreaterThan(0);
    expect(offColour(samples, slot.start, slot.finish, allowed).map((s) => `${s.colour}@${((s.at - slots[0]!.start) / 1000).toFixed(1)}`), `slot ${i} (${allowed.join("/")}, ${((slot.start - slots[0]!.start) / 1000).toFixed(1)}–${((slot.finish - slots[0]!.start) / 1000).toFixed(1)} s); runs: ${runs.join(", ")}`).toEqual([]);
  });
}

describe("remote streams on a live channel (real FFmpeg, loopback sources)", () => {
  it("plays an HTTP MP4, a live HLS stream and a UDP stream between local files, in order and on time; headers reach FFmpeg's arguments but not the logs", async () => {
    const steps: Array<[string, string]> = [
      ["red", "count: 1"],
      ["http", "count: 1"],
      ["blue", "count: 1"],
      ["hls", "duration: 6 seconds"],
      ["red", "count: 1"],
      ["udp", "duration: 6 seconds"],
      ["blue", "count: 1"],
    ];
    const { slots, session, recorder, viewer } = await tuneChannel("71", steps);
    expect(slots.map((s) => s.mediaItemId)).toEqual([ids.red, ids["Green MP4"], ids.blue, ids["Yellow HLS"], ids.red, ids["Magenta UDP"], ids.blue]);
    expect(slots.map((s) => (s.finish - s.start) / 1000)).toEqual([10, 6, 3, 6, 10, 6, 3]);
    // The HTTP item's header is an FFmpeg argument of the piece that reads it (what `ps` shows).
    const withHeader = await waitFor(() => ffmpegChildren().find((p) => p.args.includes("-headers")), "the FFmpeg that reads the HTTP item", { timeoutMs: 60_000, intervalMs: 100 });
    expect(withHeader.args[withHeader.args.indexOf("-headers") + 1]).toBe("X-Token: tok-secret-1\r\n");
    expect(withHeader.args).toEqual(expect.arrayContaining(["-protocol_whitelist", "http,https,tcp,tls"]));
    expect(http.requests.filter((r) => r.path === "/green.mp4" && r.method === "GET").every((r) => r.headers["x-token"] === "tok-secret-1")).toBe(true);
    await recorder.until(slots.at(-1)!.finish, 120_000);
    recorder.stop();
    expect(viewer.bytes().length).toBeGreaterThan(100_000);
    const samples = await colourTimeline(recorder.segments);
    expectSlotColours(samples, slots, ["red", "green", "blue", "yellow", "red", "magenta", "blue"], await remoteLog("71"));
    expect(session()!.runs.filter((r) => r.kind === "offline" && r.wallStart < slots.at(-1)!.finish)).toEqual([]);
    const logLines = [...(await api.get("/api/v1/logs?limit=2000")).json.map((l: { text: string }) => l.text), ...fs.readFileSync(path.join(server.dataDir, "logs", "airwave.log"), "utf8").split("\n")];
    expect(logLines.some((l) => l.includes("X-Token"))).toBe(true);
    expect(logLines.filter((l) => l.includes("tok-secret-1")).map((l) => l.slice(0, 3000))).toEqual([]);
    await manager().stopChannel("71");
  }, 240_000);

  it("a source that stops shows the slate and plays again within its slot on an open connection; a silent source is the slate for its slot and the next item starts on time", async () => {
    const steps: Array<[string, string]> = [
      ["red", "count: 1"],
      ["cyan", "duration: 30 seconds"],
      ["blue", "count: 1"],
      ["silent", "duration: 8 seconds"],
      ["blue", "count: 1"],
    ];
    const { slots, session, recorder, viewer } = await tuneChannel("72", steps);
    // Once 2 s of the cyan source were made, it stops (the sender dies) for longer than the 5 s stall timeout, then comes back.
    await waitFor(async () => (await colourTimeline(recorder.segments.slice(-3))).filter((s) => s.colour === "cyan").length >= 50, "2 s of the cyan source", { timeoutMs: 60_000, intervalMs: 300 }).catch(async (error) => {
      const item = (await api.get(`/api/v1/media/items/${ids["Cyan UDP"]}`)).json;
      const logs = (await api.get("/api/v1/logs?limit=200&text=remote")).text;
      throw new Error(`${(error as Error).message}; item ${JSON.stringify(item.versions[0].stream)} logs ${logs}; runs: ${JSON.stringify(session()?.runs.map((r) => [r.kind, r.title, r.reason, r.wallStart - slots[0]!.start, r.durationMs]))}; colours: ${JSON.stringify(colourRuns(await colourTimeline(recorder.segments)).map((r) => [r.colour, r.from - slots[0]!.start, r.to - slots[0]!.start]))}`);
    });
    await cyanSender.stop();
    const bytesAtStop = viewer.bytes().length;
    await new Promise((resolve) => setTimeout(resolve, 6000));
    cyanSender = startUdpSender(cyanPort, "cyan");
    await recorder.until(slots.at(-1)!.finish, 150_000);
    recorder.stop();
    expect(viewer.bytes().length).toBeGreaterThan(bytesAtStop + 50_000); // the same connection went on

    const samples = await colourTimeline(recorder.segments);
    const log = await remoteLog("72");
    expectSlotColours(samples, slots, ["red", ["cyan", "slate"], "blue", "slate", "blue"], log);
    // Inside the cyan slot: the source, then the slate, then the source again.
    const inSlot = colourRuns(samples.filter((s) => s.at >= slots[1]!.start + 1000 && s.at <= slots[1]!.finish - 1000)).filter((r) => r.to - r.from >= 400);
    expect(inSlot.map((r) => r.colour), `${JSON.stringify(inSlot.map((r) => [r.colour, r.from - slots[1]!.start, r.to - slots[1]!.start]))} ${log}`).toEqual(["cyan", "slate", "cyan"]);
    expect(session()!.runs.some((r) => r.kind === "offline")).toBe(true);
    expect(silent.connections()).toBeGreaterThan(0);
    const item = (await api.get(`/api/v1/media/items/${ids.Silent}`)).json;
    expect(item.versions[0].stream.error).toMatch(/url:/);
    await manager().stopChannel("72");
  }, 300_000);

  it("a Classic schedule plays a live UDP stream for its Duration window between two files", async () => {
    const one = (key: string) => ({ playoutMode: "One", collectionType: "Collection", collectionId: collections[key], playbackOrder: "Chronological" });
    const schedule = (await api.post("/api/v1/schedules", { name: "Live classic" })).json.id;
    const put = await api.put(`/api/v1/schedules/${schedule}/items`, { items: [one("red"), { ...one("udp"), playoutMode: "Duration", playoutDuration: "00:00:06", tailMode: "Offline" }, one("blue")] });
    expect(put.status, put.text).toBe(200);
    const { slots, recorder } = await tuneChannelOn("73", { kind: "Classic", scheduleId: schedule }, 3);
    expect(slots.map((s) => s.mediaItemId)).toEqual([ids.red, ids["Magenta UDP"], ids.blue]);
    expect(slots.map((s) => (s.finish - s.start) / 1000)).toEqual([10, 6, 3]);
    await recorder.until(slots.at(-1)!.finish, 120_000);
    recorder.stop();
    expectSlotColours(await colourTimeline(recorder.segments), slots, ["red", "magenta", "blue"], await remoteLog("73"));
    await manager().stopChannel("73");
  }, 180_000);
});
