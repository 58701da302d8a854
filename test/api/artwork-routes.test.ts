/**
 * Artwork as clients see it: REST list and detail items and GraphQL carry each item's pictures (with
 * the season/show fallbacks), served from the cache only with content type, ETag, long Cache-Control and
 * 304; the XMLTV guide gives every programme an <icon> that resolves (the show poster, or the episode
 * thumbnail when `Guide:EpisodeArtwork` says so).
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GuideEpisodeArtwork } from "../../server/domain/enums";
import { makeSmallArtworkLibrary, SHOWS_DEFINITION } from "../support/artwork-fixtures";
import { rawRequest } from "../support/http";
import { scanAndWait } from "../support/library-scan";
import { makeTempDir, useTestServer } from "../support/test-server";

const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1", Guide__DaysToBuild: "1" } });
let root: string;
let showId: number;
let episodes: Array<{ id: number; title: string; artwork: Array<{ kind: string; url: string; listUrl: string; inherited: boolean }> }>;
const files: Record<string, string> = {};


beforeAll(async () => {
  root = makeTempDir("airwave-artwork-routes-");
  const made = makeSmallArtworkLibrary(root);
  Object.assign(files, made.files);
  const library = (await api.post("/api/v1/libraries", { name: "Routes", kind: "Shows", paths: [made.shows] })).json;
  expect((await scanAndWait(api, library.id)).lastScanSuccess).toBe(true);
  showId = (await api.get(`/api/v1/media/items?libraryId=${library.id}&kind=Show`)).json.items[0].id;
  episodes = (await api.get(`/api/v1/media/items?libraryId=${library.id}&kind=Episode`)).json.items;
}, 120_000);

const byKind = (artwork: Array<{ kind: string }>) => Object.fromEntries(artwork.map((a) => [a.kind, a])) as Record<string, any>;

describe("items carry their artwork", () => {
  it("REST lists give every item its pictures with absolute URLs; episodes inherit the show's", async () => {
    const shows = (await api.get(`/api/v1/media/items?kind=Show`)).json.items;
    const showArt = byKind(shows[0].artwork);
    expect(Object.keys(showArt).sort()).toEqual(["Fanart", "Logo", "Poster"]);
    expect(showArt.Poster.url).toMatch(new RegExp(`^${server.url}/api/v1/artwork/[0-9a-f]{2}/[0-9a-f]{64}\\.jpg$`));
    expect(showArt.Poster.listUrl).toMatch(/-w320\.jpg$/);
    const first = byKind(episodes.find((e) => e.title === "Part 1")!.artwork);
    expect(first.Thumbnail.inherited).toBe(false);
    const seasons = (await api.get(`/api/v1/media/items?parentId=${showId}`)).json.items;
    const seasonArt = byKind(seasons[0].artwork);
    expect(seasonArt.Poster.inherited).toBe(false);
    expect(seasonArt.Fanart).toEqual({ ...showArt.Fanart, inherited: true });
    expect(first.Poster).toEqual({ ...seasonArt.Poster, inherited: true });
  });

  it("the REST detail and GraphQL carry the same pictures", async () => {
    const detail = (await api.get(`/api/v1/media/items/${showId}`)).json;
    const list = (await api.get(`/api/v1/media/items?kind=Show`)).json.items[0];
    expect(detail.artwork).toEqual(list.artwork);
    const query = `{ mediaItem(id: ${showId}) { artwork { kind url listUrl inherited } children { children { title artwork { kind inherited } } } } }`;
    const graphql = (await api.post("/graphql", { query })).json;
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data.mediaItem.artwork).toEqual(detail.artwork);
    const episodeArt = graphql.data.mediaItem.children[0].children[0].artwork;
    expect(episodeArt).toContainEqual({ kind: "Thumbnail", inherited: false });
    expect(episodeArt).toContainEqual({ kind: "Poster", inherited: true });
  });
});

describe("GET /api/v1/artwork/{key}", () => {
  it("sends the cached bytes with the content type, a strong ETag and a year-long Cache-Control; 304 when the client has them", async () => {
    const art = byKind((await api.get(`/api/v1/media/items/${showId}`)).json.artwork);
    for (const [kind, type, source] of [["Poster", "image/jpeg", files.poster], ["Fanart", "image/png", files.fanart], ["Logo", "image/webp", files.logo]] as const) {
      const response = await fetch(art[kind].url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = response.headers.get("etag")!;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(source))).toBe(true);
      // Revalidated as a browser's cache does (fetch() adds Cache-Control: no-cache to an explicit If-None-Match,
      // which asks for a full answer: Express's req.fresh honours it).
      const url = new URL(art[kind].url);
      const again = await rawRequest(url.origin, "GET", url.pathname, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
      expect((await rawRequest(url.origin, "GET", url.pathname, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
      expect((await rawRequest(url.origin, "GET", url.pathname, { headers: { "if-none-match": etag, "cache-control": "no-cache" } })).status).toBe(200);
    }
    const list = await fetch(art.Fanart.listUrl);
    expect([list.status, list.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect((await list.arrayBuffer()).byteLength).toBeLessThan(fs.statSync(files.fanart).size);
  });

  it("serves nothing outside the cache and nothing that is not a cache key", async () => {
    const cache = path.join(server.dataDir, "artwork");
    const secret = path.join(server.dataDir, "secret.jpg");
    fs.writeFileSync(secret, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const linked = `${"ab".repeat(32)}`;
    fs.mkdirSync(path.join(cache, "ab"), { recursive: true });
    fs.symlinkSync(secret, path.join(cache, "ab", `${linked}.jpg`));
    fs.writeFileSync(path.join(cache, "ab", "notakey.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    for (const p of [
      "/api/v1/artwork/../secret.jpg",
      "/api/v1/artwork/%2e%2e/secret.jpg",
      "/api/v1/artwork/..%2fsecret.jpg",
      `/api/v1/artwork/${encodeURIComponent(secret)}`,
      `/api/v1/artwork/ab/${linked}.jpg`,
      "/api/v1/artwork/ab/notakey.jpg",
      `/api/v1/artwork/cd/${"cd".repeat(32)}.jpg`,
      "/api/v1/artwork/",
      "/api/v1/artwork/ab/%00.jpg",
    ]) {
      const response = await rawRequest(server.url, "GET", p);
      expect([400, 404], `${p}: ${response.status}`).toContain(response.status);
      expect(response.headers["content-type"] ?? "", p).not.toMatch(/^image\//);
    }
  });
});

describe("XMLTV icons", () => {
  let channelNumber: string;
  const programmeIcons = async () => {
    const xml = (await rawRequest(server.url, "GET", "/iptv/xmltv.xml")).text;
    return [...xml.matchAll(/<programme [^>]*channel="([^"]+)">([\s\S]*?)<\/programme>/g)].map((m) => /<icon src="([^"]+)"/.exec(m[2]!)?.[1]);
  };

  beforeAll(async () => {
    const collection = (await api.post("/api/v1/collections", { name: "Shows" })).json;
    expect((await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [showId] })).status).toBeLessThan(300);
    const channel = (await api.post("/api/v1/channels", { number: "7", name: "Art Channel" })).json;
    channelNumber = channel.number;
    const playout = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", definition: SHOWS_DEFINITION });
    expect(playout.status, playout.text).toBe(201);
  });

  it("every programme has an icon, the show's poster by default, and it resolves to the image", async () => {
    const icons = await programmeIcons();
    expect(icons.length).toBeGreaterThan(10);
    expect(icons.every((icon) => icon !== undefined)).toBe(true);
    expect(new Set(icons).size).toBe(1);
    const response = await fetch(icons[0]!);
    expect([response.status, response.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(files.poster))).toBe(true);
    expect(channelNumber).toBe("7");
  });

  it("Guide:EpisodeArtwork=EpisodeThumbnail gives each episode its own thumbnail", async () => {
    server.config.guide.episodeArtwork = GuideEpisodeArtwork.EpisodeThumbnail;
    try {
      const icons = await programmeIcons();
      expect(new Set(icons).size).toBe(2);
      const bodies = await Promise.all([...new Set(icons)].map(async (icon) => Buffer.from(await (await fetch(icon!)).arrayBuffer())));
      const expected = [fs.readFileSync(files.thumb1), fs.readFileSync(files.thumb2)];
      expect(bodies.every((b) => expected.some((e) => e.equals(b)))).toBe(true);
    } finally {
      server.config.guide.episodeArtwork = GuideEpisodeArtwork.ShowPoster;
    }
  });

  it("the UI guide gives the selected programme's picture as an API URL", async () => {
    const graphql = (await api.post("/graphql", { query: "{ guide { number programmes { title imageUrl } } }" })).json;
    expect(graphql.errors).toBeUndefined();
    const row = graphql.data.guide.find((r: { number: string }) => r.number === "7");
    const url = row.programmes[0].imageUrl as string;
    expect(url).toMatch(new RegExp(`^${server.url}/api/v1/artwork/`));
    expect((await fetch(url)).headers.get("content-type")).toBe("image/jpeg");
  });
});
