/**
 * The XMLTV guide of a real server with real built playouts: programme metadata (title, sub-title,
 * desc, categories, date, icon, episode numbers, ratings), filler merged into neighbouring
 * programmes, custom titles and guide groups, validated against the XMLTV DTD; and the per-channel
 * fragment cache, rebuilt only for the channel whose playout or metadata changed.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { channelGuideId } from "../../server/guide";
import { rawRequest } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions, databaseFile, sqlAll } from "../support/sqlite";
import { useTestServer } from "../support/test-server";
import { ageFiles } from "../support/wait";
import { LAN_HOST_NAMES, xmllint, xmltvUtc } from "./fixture";

const MIN = 60_000;
const TOON_DEFINITION = `
content:
  - collection: "Toons"
    key: toons
    order: chronological
  - collection: "Ads"
    key: ads
    order: chronological
sequence:
  - key: ad
    items:
      - count: 1
        content: ads
playout:
  - pre_roll: true
    sequence: ad
  - count: 1
    content: toons
  - pre_roll: false
  - post_roll: true
    sequence: ad
  - count: 1
    content: toons
    custom_title: "Toon Time"
  - post_roll: false
  - epg_group: true
  - count: 2
    content: toons
  - epg_group: false
  - repeat: true
`;
const FILM_DEFINITION = `
content:
  - collection: "Films"
    key: films
    order: chronological
playout:
  - count: 1
    content: films
  - repeat: true
`;

const { server, api, restart } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1", Guide__DaysToBuild: "1", Server__AllowedHosts: LAN_HOST_NAMES } });
let toon: SeededMedia;
let film: SeededMedia;
let toonChannel: any;
let filmChannel: any;
let toonPlayout: any;

const sql = (query: string, params: unknown[] = []) => sqlAll(databaseFile(server.dataDir), query, params);
const get = (p: string) => rawRequest(server.url, "GET", p, { headers: { host: "tv.example:8409" } });

async function collection(name: string, mediaItemIds: number[]): Promise<void> {
  const created = (await api.post("/api/v1/collections", { name })).json;
  expect((await api.post(`/api/v1/collections/${created.id}/items`, { mediaItemIds })).status).toBeLessThan(300);
}

async function artwork(itemId: number, kind: string, cacheKey: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.join(server.dataDir, "artwork", cacheKey)), { recursive: true });
  fs.writeFileSync(path.join(server.dataDir, "artwork", cacheKey), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  await sql(`INSERT INTO artwork (mediaItemId, kind, cacheKey) VALUES (?, ?, ?)`, [itemId, kind, cacheKey]);
}

beforeAll(async () => {
  toon = await seedMedia(server.dataDir, "Toon");
  film = await seedMedia(server.dataDir, "Film");
  await addVersions(server.dataDir, toon.episodeIds, 30 * MIN);
  await addVersions(server.dataDir, toon.movieIds, 2 * MIN);
  await addVersions(server.dataDir, film.movieIds, 90 * MIN);

  await sql(`UPDATE media_item SET plot = 'Toons doing toon things.', contentRating = 'us:TV-Y7' WHERE id = ?`, [toon.showId]);
  for (const [k, id] of toon.episodeIds.entries()) {
    await sql(`UPDATE media_item SET plot = ?, releaseDate = ? WHERE id = ?`, [`Plot of episode ${k + 1}.`, `2020-05-0${k + 1}`, id]);
    await artwork(id, "Thumbnail", `th/episode-${k + 1}.jpg`);
  }
  for (const genre of ["Animation", "Comedy"]) await sql(`INSERT INTO media_tag (mediaItemId, kind, name) VALUES (?, 'genre', ?)`, [toon.showId, genre]);
  await artwork(toon.showId, "Poster", "sh/toon-show.jpg");
  await sql(`UPDATE media_item SET plot = 'A film.', year = 1999, contentRating = 'us:PG-13' WHERE id IN (?, ?)`, film.movieIds);
  await sql(`INSERT INTO media_tag (mediaItemId, kind, name) VALUES (?, 'genre', 'Drama')`, [film.movieIds[0]]);
  await artwork(film.movieIds[0]!, "Poster", "mv/film-a.jpg");

  await collection("Toons", [toon.showId]);
  await collection("Ads", toon.movieIds);
  await collection("Films", film.movieIds);
  toonChannel = (await api.post("/api/v1/channels", { number: "4", name: "Toon Channel", categories: ["Kids"] })).json;
  filmChannel = (await api.post("/api/v1/channels", { number: "5", name: "Film Channel" })).json;
  const created = await api.post("/api/v1/playouts", { channelId: toonChannel.id, kind: "Sequential", definition: TOON_DEFINITION });
  expect(created.status, created.text).toBe(201);
  toonPlayout = created.json;
  const films = await api.post("/api/v1/playouts", { channelId: filmChannel.id, kind: "Sequential", definition: FILM_DEFINITION });
  expect(films.status, films.text).toBe(201);
});

interface Programme {
  start: string;
  stop: string;
  body: string;
}

function programmes(xml: string, channelNumber: string): Programme[] {
  const id = channelGuideId(channelNumber);
  return [...xml.matchAll(/<programme start="([^"]+)" stop="([^"]+)" channel="([^"]+)">([\s\S]*?)<\/programme>/g)]
    .filter((m) => m[3] === id)
    .map((m) => ({ start: m[1]!, stop: m[2]!, body: m[4]! }));
}

describe("XMLTV programmes from real playouts", () => {
  it("validates against the XMLTV DTD and shows every metadata element", async () => {
    const response = await get("/iptv/xmltv.xml");
    expect(response.status).toBe(200);
    const validation = xmllint(response.text);
    expect(validation.ok, validation.output).toBe(true);

    const episodes = programmes(response.text, "4").filter((p) => p.body.includes("<sub-title"));
    expect(episodes.length).toBeGreaterThan(5);
    const first = episodes.find((p) => p.body.includes("Episode 2.1"))!;
    expect(first.body).toContain('<title lang="en">Toon Show</title>');
    expect(first.body).toContain('<sub-title lang="en">Episode 2.1</sub-title>');
    expect(first.body).toContain('<desc lang="en">Plot of episode 3.</desc>');
    expect(first.body).toContain("<date>20200503</date>");
    for (const category of ["Series", "Animation", "Comedy", "Kids"]) expect(first.body).toContain(`<category lang="en">${category}</category>`);
    expect(first.body).toContain('<icon src="http://tv.example:8409/iptv/artwork/posters/sh/toon-show.jpg" />');
    expect(first.body).toContain('<episode-num system="onscreen">S02E01</episode-num>');
    expect(first.body).toContain('<episode-num system="xmltv_ns">1.0.0/1</episode-num>');
    expect(first.body).toContain("<previously-shown />");
    expect(first.body).toMatch(/<rating system="VCHIP">\s*<value>TV-Y7<\/value>\s*<\/rating>/);
    expect(first.body).toContain('<image type="still">http://tv.example:8409/iptv/artwork/thumbnails/th/episode-3.jpg</image>');

    const movie = programmes(response.text, "5").find((p) => p.body.includes("Film Movie A"))!;
    expect(movie.body).toContain('<desc lang="en">A film.</desc>');
    expect(movie.body).toContain("<date>1999</date>");
    expect(movie.body).toContain('<category lang="en">Movie</category>');
    expect(movie.body).toContain('<category lang="en">Drama</category>');
    expect(movie.body).toContain('<icon src="http://tv.example:8409/iptv/artwork/posters/mv/film-a.jpg" />');
    expect(movie.body).toMatch(/<rating system="MPAA">\s*<value>PG-13<\/value>\s*<\/rating>/);

    // The programme icons are served (token-free here: no signing key).
    const icon = await fetch(`${server.url}/iptv/artwork/posters/sh/toon-show.jpg`);
    expect(icon.status).toBe(200);
    expect(Buffer.from(await icon.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  });

  it("merges filler into neighbouring programmes and honours custom titles and guide groups", async () => {
    const items = (await api.get(`/api/v1/playouts/${toonPlayout.id}/items?pageSize=1000`)).json.items as Array<{ start: string; finish: string; fillerKind: string; customTitle?: string; guideGroup: number; mediaItemId: number }>;
    // The first pass of the definition: [pre-roll ad, E1], [E2 "Toon Time", post-roll ad], [E3, E4 one group].
    expect(items.slice(0, 6).map((i) => i.fillerKind)).toEqual(["PreRoll", "None", "None", "PostRoll", "None", "None"]);
    expect(items[2]!.customTitle).toBe("Toon Time");
    expect(items[4]!.guideGroup).toBe(items[5]!.guideGroup);
    const at = (k: number, edge: "start" | "finish") => xmltvUtc(Date.parse(items[k]![edge]));

    const xml = (await get("/iptv/xmltv.xml")).text;
    const shown = programmes(xml, "4");
    // The programme on air now may be the first one; the three first programmes are these unless time moved past them.
    const expected = [
      { start: at(0, "start"), stop: at(1, "finish"), has: '<sub-title lang="en">Episode 1.1</sub-title>' },
      { start: at(2, "start"), stop: at(3, "finish"), has: '<title lang="en">Toon Time</title>' },
      { start: at(4, "start"), stop: at(5, "finish"), has: '<sub-title lang="en">Episode 2.1</sub-title>' },
    ];
    expect(shown.slice(0, 3).map((p) => ({ start: p.start, stop: p.stop }))).toEqual(expected.map(({ start, stop }) => ({ start, stop })));
    expected.forEach((e, k) => expect(shown[k]!.body).toContain(e.has));
    // A custom title replaces the metadata: no sub-title, desc or icon of the episode.
    expect(shown[1]!.body).not.toContain("<sub-title");
    expect(shown[1]!.body).not.toContain("<desc");
    // No programme shows an ad, and programmes never overlap.
    expect(xml).not.toContain("Toon Movie A");
    for (let k = 1; k < shown.length; k++) expect(shown[k]!.start >= shown[k - 1]!.stop).toBe(true);
  });
});

describe("per-channel fragment cache", () => {
  // One file per channel: its <channel> element and its programmes.
  const file = (channel: any) => path.join(server.dataDir, "cache", "guide", `channel-${channel.id}.fragment`);
  const files = () => [file(toonChannel), file(filmChannel)];
  const mtimes = () => ({ toon: fs.statSync(file(toonChannel)).mtimeMs, film: fs.statSync(file(filmChannel)).mtimeMs });
  // Ages the fragments first, so a rewrite shows as a newer mtime however fast it comes.
  const agedMtimes = () => (ageFiles(files()), mtimes());

  it("an unchanged guide is served from the cache without rewriting a fragment", async () => {
    await get("/iptv/xmltv.xml");
    const before = agedMtimes();
    const builds = server.services.guide.fragmentBuildCount;
    const again = await get("/iptv/xmltv.xml");
    expect(again.status).toBe(200);
    expect(mtimes()).toEqual(before);
    expect(server.services.guide.fragmentBuildCount).toBe(builds);
  });

  it("renaming one channel rewrites only that channel's fragment", async () => {
    const before = agedMtimes();
    expect((await api.patch(`/api/v1/channels/${toonChannel.id}`, { name: "Toon Channel HD" })).status).toBe(200);
    const xml = (await get("/iptv/xmltv.xml")).text;
    expect(xml).toContain("<display-name>4 Toon Channel HD</display-name>");
    const after = mtimes();
    expect(after.toon).toBeGreaterThan(before.toon);
    expect(after.film).toBe(before.film);
  });

  it("a metadata change of one channel's media rewrites only that channel's fragment", async () => {
    const before = agedMtimes();
    await sql(`UPDATE media_item SET plot = 'A film, remastered.', updatedAt = ? WHERE id = ?`, [Date.now(), film.movieIds[0]]);
    const xml = (await get("/iptv/xmltv.xml")).text;
    expect(xml).toContain('<desc lang="en">A film, remastered.</desc>');
    const after = mtimes();
    expect(after.film).toBeGreaterThan(before.film);
    expect(after.toon).toBe(before.toon);
  });

  it("a playout build of one channel rewrites only that channel's fragment", async () => {
    const before = agedMtimes();
    expect((await api.post(`/api/v1/channels/${filmChannel.id}/playout/reset`)).status).toBe(200);
    await get("/iptv/xmltv.xml");
    const after = mtimes();
    expect(after.film).toBeGreaterThan(before.film);
    expect(after.toon).toBe(before.toon);
  });

  it("a restarted server serves the fragments it cached, read back from their files, and removes the files of the old layout", async () => {
    const before = (await get("/iptv/xmltv.xml")).text;
    const stamps = agedMtimes();
    const legacy = ["channel", "programmes"].map((part) => path.join(server.dataDir, "cache", "guide", `channel-${toonChannel.id}.${part}.xml`));
    for (const file of legacy) fs.writeFileSync(file, "from the three-files-per-channel layout");
    await restart();
    const after = await get("/iptv/xmltv.xml");
    expect(after.text).toBe(before);
    expect(server.services.guide.fragmentBuildCount).toBe(0);
    expect(mtimes()).toEqual(stamps);
    for (const file of legacy) expect(fs.existsSync(file)).toBe(false);
  });
});
