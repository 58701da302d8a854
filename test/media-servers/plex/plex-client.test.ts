import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LibraryKind, MediaServerError, type RemoteItem } from "../../../server/media-servers/types";
import type { PlexMetadata } from "../../../server/media-servers/plex/plex-api";
import { PlexClient } from "../../../server/media-servers/plex/plex-client";
import { startFakePlex, type FakePlexServer } from "../../support/media-servers/plex/fake-plex-server";
import { addSeason, makePlexFixture, plexMovie, type PlexFixture } from "../../support/media-servers/plex/plex-fixtures";
import { makeTempDir } from "../../support/temp-dir";
import { ffprobeJson } from "../../streaming/support/stream-fixtures";

let fixture: PlexFixture;
let plex: FakePlexServer;

beforeAll(async () => {
  fixture = makePlexFixture(makeTempDir("airwave-plex-client-"));
  plex = await startFakePlex(fixture.content);
});
afterAll(() => plex?.close());
beforeEach(() => {
  plex.clearFailures();
  plex.requests.length = 0;
});

const client = (options: { token?: string; pageSize?: number } = {}) => new PlexClient(plex.url, options.token ?? plex.token, { pageSize: options.pageSize, timeoutMs: 5000 });

async function collect(iterable: AsyncIterable<{ items: RemoteItem[]; total: number }>) {
  const pages: { items: RemoteItem[]; total: number }[] = [];
  for await (const page of iterable) pages.push(page);
  return { pages, items: pages.flatMap((page) => page.items) };
}

async function failure(promise: Promise<unknown>): Promise<MediaServerError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(MediaServerError);
  return error as MediaServerError;
}

describe("Plex client against the fake Plex server", () => {
  it("identifies the server by its root, with the token in a header only", async () => {
    expect(await client().identify()).toEqual({ id: "fake-plex-machine-id", name: "Fake Plex", version: "1.41.3.9314-a0bfb8370" });
    expect(plex.requests).toHaveLength(1);
    expect(plex.requests[0]).toMatchObject({ path: "/", authorised: true });
    expect(plex.requests[0].query.has("X-Plex-Token")).toBe(false);
  });

  it("names each failure: bad token, nothing listening, not a Plex server, a server error", async () => {
    const unauthorized = await failure(client({ token: "wrong" }).identify());
    expect(unauthorized).toMatchObject({ reason: "unauthorized", status: 401 });
    expect(unauthorized.message).not.toContain("wrong");

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(new PlexClient(`http://127.0.0.1:${port}`, plex.token).identify())).toMatchObject({ reason: "unreachable" });

    const other = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end("<html>Jellyfin</html>"));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const wrongKind = await failure(new PlexClient(`http://127.0.0.1:${(other.address() as AddressInfo).port}`, plex.token).identify());
      expect(wrongKind.reason).toBe("wrong-kind");
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }

    plex.failWhen((path) => path === "/", 500);
    expect(await failure(client().identify())).toMatchObject({ reason: "server-error", status: 500 });
  });

  it("lists the sections Airwave can use, with their kinds", async () => {
    expect(await client().libraries()).toEqual([
      { id: "1", name: "Movies", kind: LibraryKind.Movies },
      { id: "2", name: "TV Shows", kind: LibraryKind.Shows },
    ]);
  });

  it("pages a show library parents first, by X-Plex-Container-Start/Size, with guids, streams and chapters", async () => {
    const { pages, items } = await collect(client({ pageSize: 2 }).items("2"));
    expect(items.map((item) => item.kind)).toEqual(["Show", "Season", "Episode", "Episode"]);
    expect(pages.every((page) => page.total === 4)).toBe(true);
    const listings = plex.requests.filter((request) => request.path === "/library/sections/2/all");
    expect(listings.length).toBeGreaterThanOrEqual(4);
    const [show, season, episode] = items;
    expect(show.guids).toEqual([
      { source: "tvdb", value: "81189" },
      { source: "imdb", value: "tt0903747" },
      { source: "tmdb", value: "1396" },
    ]);
    expect(season).toMatchObject({ parentId: show.remoteId, seasonNumber: 1, media: null, mediaKey: null });
    expect(episode).toMatchObject({ parentId: season.remoteId, showId: show.remoteId, seasonNumber: 1, episodeNumber: 1, filePath: "/data/tv/Plex Show/Season 01/Plex Show - S01E01.mkv" });
    expect(episode.mediaKey).toMatch(/^\/library\/parts\/\d+\/\d+\/file\.mkv$/);
    expect(episode.media?.streams.map((stream) => [stream.kind, stream.codec, stream.language ?? null])).toEqual([
      ["Video", "h264", null],
      ["Audio", "aac", "eng"],
    ]);
    expect(episode.media?.chapters.map((chapter) => [chapter.startMs, chapter.endMs, chapter.title])).toEqual([
      [0, 1000, "Chapter 1"],
      [1000, 2000, "Chapter 2"],
      [2000, 3000, "Chapter 3"],
    ]);
    expect(episode.updatedAt).toBe(1_700_000_000_000);
    expect(await client().itemIds("2")).toEqual(items.map((item) => item.remoteId));
  });

  it("lists only what changed since a time (updatedAt), including a season a show gained", async () => {
    const since = 1_800_000_000_000;
    const [show] = fixture.shows.items;
    const season2 = addSeason(fixture.shows, fixture.add, show, 2, 1, fixture.serverRoot, since / 1000 + 5);
    const alpha = fixture.movies.items[0];
    fixture.touch(alpha, since / 1000);
    try {
      const shows = await collect(client().items("2", { since }));
      expect(shows.items.map((item) => [item.kind, item.title])).toEqual([
        ["Season", "Season 2"],
        ["Episode", "Episode 2.1"],
      ]);
      expect(shows.items[1].parentId).toBe(season2.ratingKey);
      const movies = await collect(client().items("1", { since }));
      expect(movies.items.map((item) => item.title)).toEqual(["Alpha Movie"]);
    } finally {
      fixture.remove(fixture.shows, season2.ratingKey);
      for (const episode of fixture.shows.items.filter((item) => item.parentRatingKey === season2.ratingKey)) fixture.remove(fixture.shows, episode.ratingKey);
      fixture.touch(alpha, 1_700_000_000);
    }
  });

  it("reads collections and playlists with their items in the server's order", async () => {
    const [alpha, beta] = fixture.movies.items;
    expect(await client().collections()).toEqual([{ id: expect.any(String), name: "Plex Favourites", itemIds: [alpha.ratingKey, beta.ratingKey] }]);
    expect(await client().playlists()).toEqual([{ id: expect.any(String), name: "Plex Evening", itemIds: [beta.ratingKey, alpha.ratingKey] }]);
  });

  it("plays a part over HTTP with the token as a header: ffprobe reads it through Range requests", async () => {
    const { items } = await collect(client().items("1"));
    const source = client().streamSource(items[0].mediaKey!);
    expect(source.url).not.toContain(plex.token);
    expect(source.headers).toEqual({ "X-Plex-Token": plex.token });
    const headerLines = Object.entries(source.headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
    const probe = await ffprobeJson(source.url, ["-headers", headerLines]);
    expect(probe.streams.map((stream: { codec_name: string }) => stream.codec_name)).toEqual(["h264", "aac"]);
    expect(plex.requests.some((request) => request.path === new URL(source.url).pathname && request.range)).toBe(true);
    await expect(ffprobeJson(source.url)).rejects.toThrow(/401|Unauthorized/);
  });

  it("fetches artwork by its server path and refuses anything else", async () => {
    const { items } = await collect(client().items("1"));
    const poster = items[0].artwork.find((art) => art.kind === "Poster")!;
    const image = await client().fetchArtwork(poster.ref);
    expect(image.contentType).toBe("image/png");
    expect(image.body.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(await failure(client().fetchArtwork("http://elsewhere.invalid/x.png"))).toMatchObject({ reason: "server-error" });
  });

  it("fails a listing cleanly when the server errors mid-way", async () => {
    plex.failWhen((path, query) => path.startsWith("/library/metadata/") || query.get("X-Plex-Container-Start") === "1", 500);
    const error = await failure(collect(client({ pageSize: 1 }).items("1")));
    expect(error).toMatchObject({ reason: "server-error", status: 500 });
  });

  it("skips an entry it cannot name (no title) instead of storing it half-read", async () => {
    const broken = { ratingKey: "broken-1", key: "/library/metadata/broken-1", type: "movie", updatedAt: 1_700_000_000 } as PlexMetadata;
    fixture.movies.items.push(broken);
    try {
      const { items } = await collect(client().items("1"));
      expect(items.map((item) => item.title)).toEqual(["Alpha Movie", "Beta Movie"]);
      expect(await client().itemIds("1")).not.toContain("broken-1");
    } finally {
      fixture.remove(fixture.movies, "broken-1");
    }
  });

  it("serves new movies added between listings", async () => {
    const added = fixture.add(fixture.movies, plexMovie({ title: "Gamma Movie", year: 2003, file: "/data/movies/Gamma Movie (2003).mkv", guids: ["imdb://tt0000003"] }));
    try {
      const { items } = await collect(client().items("1"));
      expect(items.map((item) => item.title)).toEqual(["Alpha Movie", "Beta Movie", "Gamma Movie"]);
      expect(items[2]).toMatchObject({ remoteId: added.ratingKey, year: 2003, releaseDate: "2003-05-01", guids: [{ source: "imdb", value: "tt0000003" }] });
    } finally {
      fixture.remove(fixture.movies, added.ratingKey);
    }
  });
});
