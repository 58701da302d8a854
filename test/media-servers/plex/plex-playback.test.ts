import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePlex, type FakePlexServer } from "../../support/media-servers/plex/fake-plex-server";
import { makePlexFixture, type PlexFixture } from "../../support/media-servers/plex/plex-fixtures";
import { makeTempDir, useTestServer } from "../../support/test-server";
import { ffmpegChildren } from "../../streaming/support/stream-fixtures";
import { logText, syncLibrary, watchChannel } from "../support";

const TOKEN = "playPlexT0ken_31ab-Yv";
// Registered first, so it runs once the server has stopped: no FFmpeg outlives it.
afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Logging__Level: "debug", Streaming__IdleTimeoutSeconds: "1" } });
let fixture: PlexFixture;
let plex: FakePlexServer;
let captureDir: string;
let profileId: number;

beforeAll(async () => {
  captureDir = makeTempDir("airwave-plex-play-");
  fixture = makePlexFixture(captureDir);
  plex = await startFakePlex(fixture.content, TOKEN);
  const profile = await api.post("/api/v1/ffmpeg/profiles", {
    name: "Plex tiny", copyWhenCompatible: false, resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128, deinterlaceVideo: false,
  });
  expect(profile.status, profile.text).toBe(201);
  profileId = profile.json.id;
}, 60_000);
afterAll(() => plex?.close());

async function syncedPlex(name: string, remoteLibraryId: string, pathReplacements: Array<{ serverPath: string; localPath: string }>): Promise<void> {
  const source = await api.post("/api/v1/media-sources", { name, kind: "Plex", url: plex.url, credential: TOKEN, pathReplacements });
  expect(source.status, source.text).toBe(201);
  const library = await api.post(`/api/v1/media-sources/${source.json.id}/libraries`, { remoteLibraryId, name });
  expect(library.status, library.text).toBe(201);
  expect((await syncLibrary(api, library.json.id)).lastScanSuccess).toBe(true);
}

const partRequests = (ratingKey: string) => {
  const item = [...fixture.movies.items, ...fixture.shows.items].find((i) => i.ratingKey === ratingKey)!;
  const key = item.Media![0].Part![0].key;
  return plex.requests.filter((r) => r.path === key);
};

describe("playing Plex items", () => {
  it("a Plex show matched by its tvdb guid plays over HTTP from the part URL with the token in a header; the token in no log or session", async () => {
    await syncedPlex("Plex over HTTP", "2", []);
    const { probe, nowPlaying } = await watchChannel(server, api, {
      number: "81",
      profileId,
      captureDir,
      secret: TOKEN,
      contentYaml: `  - show:\n    key: remote\n    guids:\n      - source: tvdb\n        value: "81189"\n    order: chronological`,
    });
    expect(probe.streams.find((s: any) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 160, height: 90 });
    expect(probe.streams.find((s: any) => s.codec_type === "audio")).toMatchObject({ codec_name: "aac" });
    expect(nowPlaying.kind, nowPlaying.title).toBe("media");
    const requests = fixture.shows.items.filter((i) => i.type === "episode").flatMap((episode) => partRequests(episode.ratingKey));
    expect(requests.length, "FFmpeg read the show's episode parts from Plex").toBeGreaterThan(0);
    expect(requests.every((r) => r.authorised && !r.query.has("X-Plex-Token"))).toBe(true);
    expect(requests.some((r) => r.range !== undefined), "read with Range requests").toBe(true);
    expect(logText(server.dataDir)).not.toContain(TOKEN);
  }, 120_000);

  it("a path replacement that finds the Plex file makes FFmpeg read it directly, nothing streamed from Plex", async () => {
    await syncedPlex("Plex by path", "1", [{ serverPath: fixture.serverRoot, localPath: fixture.localRoot }]);
    const alpha = fixture.movies.items[0];
    const before = partRequests(alpha.ratingKey).length;
    const { probe, nowPlaying } = await watchChannel(server, api, {
      number: "82",
      profileId,
      captureDir,
      secret: TOKEN,
      contentYaml: `  - search:\n    key: remote\n    query: "title:\\"Alpha Movie\\""\n    order: chronological`,
    });
    expect(probe.streams.find((s: any) => s.codec_type === "video")).toMatchObject({ codec_name: "h264" });
    expect(nowPlaying).toMatchObject({ kind: "media", title: path.basename(alpha.Media![0].Part![0].file!) });
    expect(partRequests(alpha.ratingKey).length, "nothing was streamed from Plex").toBe(before);
  }, 120_000);
});
