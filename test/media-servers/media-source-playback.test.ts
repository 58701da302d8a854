import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeEmby } from "../support/media-servers/emby/fake-emby";
import { fakeJellyfin } from "../support/media-servers/jellyfin/fake-jellyfin";
import type { FakeMediaBrowserServer } from "../support/media-servers/mediabrowser/fake-mediabrowser-server";
import { addSampleLibrary, SERVER_MEDIA_ROOT, type SampleLibrary } from "../support/media-servers/mediabrowser/sample-library";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffmpegChildren, openStream } from "../streaming/support/stream-fixtures";
import { waitFor } from "../support/wait";
import { API_KEY, logText, syncLibrary, watchChannel } from "./support";

// Registered first, so it runs once the server has stopped: no FFmpeg outlives it.
afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Logging__Level: "debug", Streaming__IdleTimeoutSeconds: "1" } });
let fake: FakeMediaBrowserServer;
let sample: SampleLibrary;
let mediaDir: string;
let profileId: number;
let channelNumber = 70;

beforeAll(async () => {
  mediaDir = makeTempDir("airwave-remote-media-");
  fake = await fakeJellyfin(API_KEY).start();
  sample = addSampleLibrary(fake, mediaDir);
  const profile = await api.post("/api/v1/ffmpeg/profiles", {
    name: "Remote tiny", copyWhenCompatible: false, resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128, deinterlaceVideo: false,
  });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
}, 60_000);
afterAll(async () => {
  await fake?.close();
});

/** A source over the fake, one of its libraries enabled and synced. */
async function syncedSource(name: string, remoteLibraryId: string, pathReplacements: Array<{ serverPath: string; localPath: string }>, on: { kind: "Jellyfin" | "Emby"; server: FakeMediaBrowserServer } = { kind: "Jellyfin", server: fake }): Promise<number> {
  const source = await api.post("/api/v1/media-sources", { name, kind: on.kind, url: on.server.url, credential: API_KEY, pathReplacements });
  expect(source.status, source.text).toBe(201);
  const library = await api.post(`/api/v1/media-sources/${source.json.id}/libraries`, { remoteLibraryId, name });
  expect(library.status, library.text).toBe(201);
  expect((await syncLibrary(api, library.json.id)).lastScanSuccess).toBe(true);
  return library.json.id;
}

/** A channel playing `contentYaml`, watched over TS (test/media-servers/support.ts). */
async function watch(contentYaml: string): Promise<{ probe: any; number: string; nowPlaying: { kind: string; title: string } }> {
  const number = String(channelNumber++);
  return { number, ...(await watchChannel(server, api, { number, profileId, contentYaml, captureDir: mediaDir, secret: API_KEY })) };
}

const streamRequests = (id: string) => fake.requests.filter((r) => r.path === `/videos/${id}/stream`);

describe("playing media-source items", () => {
  it("a show matched by its tvdb guid plays over HTTP from the server's static stream, the key never in a log or session", async () => {
    await syncedSource("Remote over HTTP", sample.showsLibraryId, []);
    const { probe, nowPlaying } = await watch(`  - show:\n    key: remote\n    guids:\n      - source: tvdb\n        value: "70001"\n    order: chronological`);
    expect(probe.streams.find((s: any) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 160, height: 90 });
    expect(probe.streams.find((s: any) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac" });
    expect(nowPlaying.kind, nowPlaying.title).toBe("media");
    const requests = sample.episodeIds.flatMap(streamRequests);
    expect(requests.length, "FFmpeg read the show's episodes from the server").toBeGreaterThan(0);
    expect(requests.every((r) => r.authorized)).toBe(true);
    expect(requests.some((r) => r.range !== undefined), "read with Range requests").toBe(true);
    expect(logText(server.dataDir)).not.toContain(API_KEY);
  }, 120_000);

  it("a path replacement that finds the file makes FFmpeg read it directly", async () => {
    await syncedSource("Remote by path", sample.moviesLibraryId, [{ serverPath: `${SERVER_MEDIA_ROOT}/movies`, localPath: path.join(mediaDir, "movies") }]);
    const before = streamRequests(sample.movieId).length;
    const { probe, nowPlaying } = await watch(`  - search:\n    key: remote\n    query: "title:\\"Remote Movie\\""\n    order: chronological`);
    expect(probe.streams.find((s: any) => s.codec_type === "video")).toMatchObject({ codec_name: "h264" });
    expect(nowPlaying).toMatchObject({ kind: "media", title: "Remote Movie (2001).mp4" });
    expect(streamRequests(sample.movieId).length, "nothing was streamed from the server").toBe(before);
  }, 120_000);

  it("an Emby show plays over HTTP from Emby's static stream (routes under /emby, the key in X-Emby-Token)", async () => {
    const emby = await fakeEmby(API_KEY).start();
    try {
      // Its own tvdb id: the show key must match Emby's copy, not the Jellyfin one the other tests synced.
      const embySample = addSampleLibrary(emby, makeTempDir("airwave-emby-media-"), "70002");
      await syncedSource("Remote Emby", embySample.showsLibraryId, [], { kind: "Emby", server: emby });
      const { probe, nowPlaying } = await watch(`  - show:\n    key: remote\n    guids:\n      - source: tvdb\n        value: "70002"\n    order: chronological`);
      expect(probe.streams.find((s: any) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 160, height: 90 });
      expect(nowPlaying.kind, nowPlaying.title).toBe("media");
      const requests = emby.requests.filter((r) => embySample.episodeIds.some((id) => r.path === `/videos/${id}/stream`));
      expect(requests.length, "FFmpeg read the show's episodes from Emby").toBeGreaterThan(0);
      expect(requests.every((r) => r.authorized)).toBe(true);
      expect(logText(server.dataDir)).not.toContain(API_KEY);
    } finally {
      await emby.close();
    }
  }, 120_000);

  it("a fallback filler of a media-source show fills a channel's gap, read from the server's stream", async () => {
    const libraryId = await syncedSource("Remote filler", sample.showsLibraryId, []);
    const show = (await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Show`)).json.items[0];
    const preset = await api.post("/api/v1/filler/presets", { name: "Remote fallback", fillerKind: "Fallback", collectionType: "TelevisionShow", mediaItemId: show.id });
    expect(preset.status, preset.text).toBe(201);
    const number = String(channelNumber++);
    // No playout: the whole timeline is a gap, which the fallback filler fills.
    const channel = await api.post("/api/v1/channels", { name: `Gap ${number}`, number, ffmpegProfileId: profileId, fallbackFillerId: preset.json.id, streamingMode: "TransportStreamHybrid" });
    expect(channel.status, channel.text).toBe(201);
    const before = sample.episodeIds.flatMap(streamRequests).length;
    const viewer = await openStream(`${server.url}/iptv/channel/${number}.ts`);
    try {
      expect(viewer.status).toBe(200);
      await viewer.waitForBytes(40_000, 60_000);
      const nowPlaying = await waitFor(async () => (await api.get("/api/v1/sessions")).json.find((s: { channelNumber: string }) => s.channelNumber === number)?.nowPlaying, "the session's current piece", { timeoutMs: 20_000 });
      expect(nowPlaying.kind, JSON.stringify(nowPlaying)).not.toBe("offline");
      expect(nowPlaying.kind, JSON.stringify(nowPlaying)).not.toBe("error");
      expect(sample.episodeIds.flatMap(streamRequests).length, "the filler episode was read from the server").toBeGreaterThan(before);
    } finally {
      viewer.close();
    }
  }, 120_000);
});
