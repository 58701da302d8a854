import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaServerKind } from "../../server/domain/enums";
import { createMediaServerClient } from "../../server/media-servers/registry";
import { MediaServerError, type RemoteItem } from "../../server/media-servers/types";
import { fakeEmby } from "../support/media-servers/emby/fake-emby";
import { fakeJellyfin, JELLYFIN_SERVER_ID } from "../support/media-servers/jellyfin/fake-jellyfin";
import type { FakeMediaBrowserServer } from "../support/media-servers/mediabrowser/fake-mediabrowser-server";
import { addSampleLibrary, samplePng, type SampleLibrary } from "../support/media-servers/mediabrowser/sample-library";
import { makeTempDir } from "../support/temp-dir";

const KEY = "0123456789abcdef0123456789abcdef";

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaServerError) return error.reason;
    throw error;
  }
  throw new Error("expected a MediaServerError");
}

async function collect(iterable: AsyncIterable<{ items: RemoteItem[] }>): Promise<RemoteItem[]> {
  const out: RemoteItem[] = [];
  for await (const page of iterable) out.push(...page.items);
  return out;
}

describe.each([
  { kind: MediaServerKind.Jellyfin, make: fakeJellyfin, other: fakeEmby },
  { kind: MediaServerKind.Emby, make: fakeEmby, other: fakeJellyfin },
])("$kind client against its fake server", ({ kind, make, other }) => {
  let fake: FakeMediaBrowserServer;
  let wrong: FakeMediaBrowserServer;
  let sample: SampleLibrary;
  let plain: http.Server;
  let plainUrl: string;

  beforeAll(async () => {
    fake = await make(KEY).start();
    fake.image = samplePng();
    sample = addSampleLibrary(fake, makeTempDir());
    wrong = await other(KEY).start();
    plain = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end("<html>router</html>"));
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await wrong?.close();
    await new Promise((resolve) => plain?.close(resolve));
  });

  const client = (url = fake.url, credential = KEY) => createMediaServerClient({ kind, url, credential }, { timeoutMs: 3000, pageSize: 2 });

  it("identifies the server with the key", async () => {
    const identity = await client().identify();
    expect(identity.name).toBe(`Fake ${kind}`);
    expect(identity.id).toHaveLength(32);
    if (kind === MediaServerKind.Jellyfin) expect(identity.id).toBe(JELLYFIN_SERVER_ID);
  });

  it("names each failure", async () => {
    expect(await reason(client(fake.url, "wrong-key").identify())).toBe("unauthorized");
    expect(await reason(client("http://127.0.0.1:1").identify())).toBe("unreachable");
    expect(await reason(client(wrong.url).identify())).toBe("wrong-kind");
    expect(await reason(client(plainUrl).identify())).toBe("wrong-kind");
  });

  it("lists the libraries Airwave can use, with their kind", async () => {
    expect(await client().libraries()).toEqual([
      { id: sample.moviesLibraryId, name: "Films", kind: "Movies" },
      { id: sample.showsLibraryId, name: "TV", kind: "Shows" },
    ]);
  });

  it("pages through a library and normalises items", async () => {
    const items = await collect(client().items(sample.showsLibraryId));
    expect(items.map((i) => i.kind)).toEqual(["Show", "Season", "Episode", "Episode"]);
    const [show, season, episode] = items;
    expect(show.guids).toEqual(expect.arrayContaining([{ source: "tvdb", value: "70001" }, { source: "imdb", value: "tt0000002" }]));
    // Emby sends them as TagItems (the fake answers as Emby does), Jellyfin as Tags: both arrive.
    expect(show.tags).toEqual(["Classic TV"]);
    expect(season).toMatchObject({ parentId: sample.showId, seasonNumber: 1 });
    expect(episode).toMatchObject({ parentId: sample.seasonId, showId: sample.showId, seasonNumber: 1, episodeNumber: 1, releaseDate: "2010-01-01", mediaKey: `Videos/${sample.episodeIds[0]}`, filePath: "/srv/media/tv/Remote Show/Season 01/S01E01.mp4" });
    expect(episode.media?.durationMs).toBe(3000);
    expect(episode.media?.streams.map((s) => [s.kind, s.language])).toEqual([["Video", null], ["Audio", "eng"], ["Audio", "fre"], ["Subtitle", "spa"]]);
    const listings = fake.requests.filter((r) => r.path === "/items" && r.query.get("parentid") === sample.showsLibraryId);
    expect(listings.map((r) => r.query.get("startindex"))).toEqual(["0", "2"]);
    const [movie] = await collect(client().items(sample.moviesLibraryId));
    expect(movie).toMatchObject({ title: "Remote Movie", year: 2001, genres: ["Drama"], tags: ["Favourite"], studios: ["Fake Studio"], contentRating: "PG-13" });
    expect(movie.media?.chapters).toEqual([{ index: 0, startMs: 0, endMs: 1500, title: "Opening" }, { index: 1, startMs: 1500, endMs: 3000, title: "Middle" }]);
    expect(movie.artwork).toEqual([{ kind: "Poster", ref: `Items/${sample.movieId}/Images/Primary` }, { kind: "Fanart", ref: `Items/${sample.movieId}/Images/Backdrop` }]);
  });

  it("asks only for items saved since a time", async () => {
    const since = Date.parse("2026-06-01T00:00:00Z");
    fake.update(sample.episodeIds[1], { Name: "Renamed" }, since + 1000);
    const items = await collect(client().items(sample.showsLibraryId, { since }));
    expect(items.map((i) => i.title)).toEqual(["Renamed"]);
    const requested = fake.requests.filter((r) => r.path === "/items").at(-1)!;
    expect(requested.query.get("mindatelastsaved")).toBe(new Date(since).toISOString());
    expect(await client().itemIds(sample.showsLibraryId)).toEqual([sample.showId, sample.seasonId, ...sample.episodeIds]);
  });

  it("reads box sets and playlists with their items", async () => {
    expect(await client().collections()).toEqual([{ id: sample.boxSetId, name: "Remote Box Set", itemIds: [sample.movieId] }]);
    expect(await client().playlists()).toEqual([{ id: sample.playlistId, name: "Remote Playlist", itemIds: [...sample.episodeIds].reverse() }]);
  });

  it("gives a static stream URL without the key and the key in headers; fetches artwork", async () => {
    const source = client().streamSource(`Videos/${sample.movieId}`);
    expect(source.url).not.toContain(KEY);
    expect(Object.values(source.headers).join(" ")).toContain(KEY);
    const response = await fetch(source.url, { headers: { ...source.headers, Range: "bytes=0-99" } });
    expect(response.status).toBe(206);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
    expect((await fetch(source.url)).status).toBe(401);
    const image = await client().fetchArtwork(`Items/${sample.movieId}/Images/Primary`);
    expect(image.contentType).toBe("image/png");
    expect(await reason(client().fetchArtwork("System/Info"))).toBe("server-error");
  });
});
