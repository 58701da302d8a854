import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArtworkKind } from "../../server/domain/enums";
import type { ItemArtwork } from "../../server/services/artwork-service";
import { makeArtworkLibrary, makeImage, type ArtworkLibrary } from "../support/artwork-fixtures";
import { scanAndWait as scanLibrary } from "../support/library-scan";
import { makeTempDir, useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let root: string;
let lib: ArtworkLibrary;
const libraryIds: Record<string, number> = {};

function scanAndWait(libraryId: number, query = ""): Promise<{ lastScanMessage: string; lastScanSuccess: boolean }> {
  return scanLibrary(api, libraryId, query);
}

async function items(query: string): Promise<Array<{ id: number; title: string; kind: string; seasonNumber?: number; episodeNumber?: number; parentId?: number }>> {
  return (await api.get(`/api/v1/media/items?pageSize=500&${query}`)).json.items;
}

/** The cache key the content of a library image gets (SHA-256 of its bytes). */
function keyOf(file: string): string {
  const bytes = fs.readFileSync(file);
  const digest = createHash("sha256").update(bytes).digest("hex");
  const extension = bytes[0] === 0xff ? ".jpg" : bytes[0] === 0x89 ? ".png" : ".webp";
  return `${digest.slice(0, 2)}/${digest}${extension}`;
}

async function artworkOf(id: number): Promise<Record<string, ItemArtwork>> {
  const pictures = (await server.services.artwork.forItems([id])).get(id) ?? [];
  return Object.fromEntries(pictures.map((p) => [p.kind, p]));
}

async function itemByTitle(libraryId: number, kind: string, title: string) {
  const found = (await items(`libraryId=${libraryId}&kind=${kind}`)).find((i) => i.title === title);
  expect(found, `${kind} ${title}`).toBeDefined();
  return found!;
}

async function episode(title: string) {
  return itemByTitle(libraryIds.shows, "Episode", title);
}

function imageWidth(file: string): number {
  return Number(execFileSync("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width", "-of", "csv=p=0", file]).toString().trim());
}

beforeAll(async () => {
  root = makeTempDir("airwave-artwork-");
  lib = makeArtworkLibrary(root);
  for (const [name, kind, folder] of [["shows", "Shows", lib.shows], ["movies", "Movies", lib.movies], ["others", "OtherVideos", lib.others], ["music", "Music", lib.music]] as const) {
    libraryIds[name] = (await api.post("/api/v1/libraries", { name, kind, paths: [folder] })).json.id;
  }
  // Each library has its own scanner process: the four scans run side by side.
  for (const scanned of await Promise.all(Object.values(libraryIds).map((id) => scanAndWait(id)))) expect(scanned.lastScanSuccess).toBe(true);
}, 240_000);
afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("artwork read from the library by the Kodi, Jellyfin and Plex names", () => {
  it("show: poster (before folder), fanart, banner, clearlogo; Jellyfin cover.webp, backdrop, logo", async () => {
    const kodi = await artworkOf((await itemByTitle(libraryIds.shows, "Show", "Kodi Show")).id);
    expect(Object.fromEntries(Object.entries(kodi).map(([k, v]) => [k, v.cacheKey]))).toEqual({
      Poster: keyOf(lib.files.showPoster),
      Fanart: keyOf(lib.files.showFanart),
      Banner: keyOf(lib.files.showBanner),
      Logo: keyOf(lib.files.showLogo),
    });
    const jelly = await artworkOf((await itemByTitle(libraryIds.shows, "Show", "Jelly Show")).id);
    expect([jelly.Poster.cacheKey, jelly.Fanart.cacheKey, jelly.Logo.cacheKey]).toEqual([keyOf(lib.files.jellyCover), keyOf(lib.files.jellyBackdrop), keyOf(lib.files.jellyLogo)]);
    expect(jelly.Poster.cacheKey).toMatch(/\.webp$/);
  });

  it("season: seasonNN-poster and season-specials-poster in the show folder, folder.jpg inside the season folder; else the show's", async () => {
    const kodiShow = await itemByTitle(libraryIds.shows, "Show", "Kodi Show");
    const seasons = await items(`parentId=${kodiShow.id}`);
    const poster = async (n: number) => (await artworkOf(seasons.find((s) => s.seasonNumber === n)!.id)).Poster;
    expect((await poster(1)).cacheKey).toBe(keyOf(lib.files.season1Poster));
    expect((await poster(2)).cacheKey).toBe(keyOf(lib.files.season2Folder));
    expect((await poster(0)).cacheKey).toBe(keyOf(lib.files.specialsPoster));
    expect((await poster(1)).inherited).toBe(false);
    const season1 = await artworkOf(seasons.find((s) => s.seasonNumber === 1)!.id);
    expect(season1.Fanart).toMatchObject({ cacheKey: keyOf(lib.files.showFanart), inherited: true });

    const jellyShow = await itemByTitle(libraryIds.shows, "Show", "Jelly Show");
    const [jellySeason] = await items(`parentId=${jellyShow.id}`);
    expect((await artworkOf(jellySeason.id)).Poster).toMatchObject({ cacheKey: keyOf(lib.files.jellyCover), inherited: true });
  });

  it("episode: <name>-thumb, <name>.png, an NFO <thumb> naming a local file; posters fall back to the season's and show's", async () => {
    const pilot = await artworkOf((await episode("Pilot")).id);
    expect(pilot.Thumbnail).toMatchObject({ cacheKey: keyOf(lib.files.s01e01Thumb), inherited: false });
    expect(pilot.Poster).toMatchObject({ cacheKey: keyOf(lib.files.season1Poster), inherited: true });
    expect(pilot.Logo).toMatchObject({ cacheKey: keyOf(lib.files.showLogo), inherited: true });
    expect((await artworkOf((await episode("Second")).id)).Thumbnail.cacheKey).toBe(keyOf(lib.files.s01e02Plain));
    expect((await artworkOf((await episode("Third")).id)).Thumbnail.cacheKey).toBe(keyOf(lib.files.s01e03NfoThumb));
    const jellyEpisode = (await items(`libraryId=${libraryIds.shows}&kind=Episode`)).find((e) => e.title === "Episode 1")!;
    const jelly = await artworkOf(jellyEpisode.id);
    expect(jelly.Thumbnail).toBeUndefined();
    expect(jelly.Poster).toMatchObject({ cacheKey: keyOf(lib.files.jellyCover), inherited: true });
  });

  it("movie: <name>-poster before poster.jpg, <name>-fanart.jpeg, folder.png, fanart; NFO thumbs only local and inside the library", async () => {
    const alpha = await artworkOf((await itemByTitle(libraryIds.movies, "Movie", "Alpha")).id);
    expect([alpha.Poster.cacheKey, alpha.Fanart.cacheKey]).toEqual([keyOf(lib.files.alphaPoster), keyOf(lib.files.alphaFanart)]);
    const beta = await artworkOf((await itemByTitle(libraryIds.movies, "Movie", "Beta")).id);
    expect(Object.keys(beta).sort()).toEqual(["Banner", "Fanart", "Poster"]);
    expect([beta.Poster.cacheKey, beta.Fanart.cacheKey, beta.Banner.cacheKey]).toEqual([keyOf(lib.files.betaFolder), keyOf(lib.files.betaFanart), keyOf(lib.files.betaBanner)]);
    const gamma = await artworkOf((await itemByTitle(libraryIds.movies, "Movie", "Gamma")).id);
    expect(gamma.Poster.cacheKey).toBe(keyOf(lib.files.gammaCover));
  });

  it("other video: <name>-thumb; none without one", async () => {
    expect((await artworkOf((await itemByTitle(libraryIds.others, "OtherVideo", "Clip")).id)).Thumbnail.cacheKey).toBe(keyOf(lib.files.clipThumb));
    expect(await artworkOf((await itemByTitle(libraryIds.others, "OtherVideo", "Bare")).id)).toEqual({});
  });

  it("songs: the album folder's cover.jpg, else the cover art embedded in the file", async () => {
    const songs = await items(`libraryId=${libraryIds.music}&kind=Song`);
    expect(songs).toHaveLength(3);
    const covers = await server.services.artwork.forItems(songs.map((s) => s.id));
    const keys = songs.map((s) => covers.get(s.id)!.find((p) => p.kind === ArtworkKind.Cover)!.cacheKey).sort();
    expect(keys).toEqual([keyOf(lib.files.albumCover), keyOf(lib.files.albumCover), keyOf(lib.files.embedded)].sort());
  });

  it("artist: artist.jpg in the artist folder is the Artist item's picture", async () => {
    const [artist] = await items(`libraryId=${libraryIds.music}&kind=Artist`);
    expect(artist.title).toBe("The Band");
    expect((await artworkOf(artist.id)).Poster.cacheKey).toBe(keyOf(lib.files.artistPicture));
  });
});

describe("the artwork cache", () => {
  it("holds one file per distinct image plus one list-width copy, whatever number of items use it", async () => {
    const cacheRoot = path.join(server.dataDir, "artwork");
    const redKey = keyOf(lib.files.showPoster);
    expect(keyOf(lib.files.gammaCover)).toBe(redKey);
    const digest = path.basename(redKey, ".jpg");
    const sameDigest = fs.readdirSync(path.join(cacheRoot, digest.slice(0, 2))).filter((name) => name.startsWith(digest));
    expect(sameDigest.sort()).toEqual([`${digest}-w320.jpg`, `${digest}.jpg`]);
    expect(fs.readdirSync(cacheRoot, { recursive: true }).filter((f) => String(f).endsWith(".tmp"))).toEqual([]);

    const kodi = await artworkOf((await itemByTitle(libraryIds.shows, "Show", "Kodi Show")).id);
    expect(imageWidth(path.join(cacheRoot, kodi.Poster.cacheKey))).toBe(400);
    expect(imageWidth(path.join(cacheRoot, kodi.Poster.listKey))).toBe(320);
    expect(imageWidth(path.join(cacheRoot, kodi.Fanart.listKey))).toBe(320);
    expect(kodi.Banner.listKey).toMatch(/-w320\.png$/);
    const song = (await items(`libraryId=${libraryIds.music}&kind=Song`))[0];
    const cover = (await artworkOf(song.id)).Cover;
    expect(imageWidth(path.join(cacheRoot, cover.listKey))).toBeLessThanOrEqual(320);
  });

  it("fileFor gives the cached file of an item's picture with the fallbacks, in full or list size", async () => {
    const pilot = await episode("Pilot");
    const poster = await server.services.artwork.fileFor(pilot.id, ArtworkKind.Poster);
    expect(poster).toMatchObject({ cacheKey: keyOf(lib.files.season1Poster), contentType: "image/jpeg" });
    expect(fs.readFileSync(poster!.file).equals(fs.readFileSync(lib.files.season1Poster))).toBe(true);
    expect(path.relative(fs.realpathSync(path.join(server.dataDir, "artwork")), poster!.file)).not.toMatch(/^\.\./);
    const list = await server.services.artwork.fileFor(pilot.id, ArtworkKind.Poster, "list");
    expect(list!.cacheKey).toMatch(/-w320\.jpg$/);
    const song = (await items(`libraryId=${libraryIds.music}&kind=Song`))[0];
    expect((await server.services.artwork.fileFor(song.id, ArtworkKind.Cover))?.contentType).toBe("image/jpeg");
    expect(await server.services.artwork.fileFor(pilot.id, ArtworkKind.Cover)).toBeUndefined();
  });
});

describe("rescans see metadata and artwork edits", () => {
  const touchLater = (file: string) => {
    const later = new Date(fs.statSync(file).mtimeMs + 5000);
    fs.utimesSync(file, later, later);
  };

  it("a rescan with nothing changed reads nothing", async () => {
    const [shows, movies] = await Promise.all([scanAndWait(libraryIds.shows), scanAndWait(libraryIds.movies)]);
    expect(shows.lastScanMessage).toMatch(/^0 probed, 6 unchanged/);
    expect(movies.lastScanMessage).toMatch(/^0 probed, 3 unchanged/);
  });

  it("an edited episode NFO re-reads that episode only", async () => {
    const nfo = path.join(path.dirname(lib.files.s01e03), "Kodi Show - S01E03 - Third.nfo");
    fs.writeFileSync(nfo, "<episodedetails><title>Third, retitled</title><thumb>stills/third.jpg</thumb></episodedetails>");
    touchLater(nfo);
    expect((await scanAndWait(libraryIds.shows)).lastScanMessage).toMatch(/^1 probed, 5 unchanged/);
    expect((await items(`libraryId=${libraryIds.shows}&kind=Episode`)).map((e) => e.title)).toContain("Third, retitled");
  });

  it("an edited tvshow.nfo re-reads the show's episodes", async () => {
    const nfo = path.join(path.dirname(lib.files.showPoster), "tvshow.nfo");
    fs.writeFileSync(nfo, "<tvshow><title>Kodi Show Renamed</title><year>2020</year></tvshow>");
    touchLater(nfo);
    expect((await scanAndWait(libraryIds.shows)).lastScanMessage).toMatch(/^5 probed, 1 unchanged/);
    expect((await items(`libraryId=${libraryIds.shows}&kind=Show`)).map((s) => s.title).sort()).toEqual(["Jelly Show", "Kodi Show Renamed"]);
  });

  it("a replaced poster and a deleted thumbnail show after a plain rescan", async () => {
    makeImage(lib.files.alphaPoster, "navy");
    touchLater(lib.files.alphaPoster);
    fs.rmSync(lib.files.s01e01Thumb);
    const [movies, shows] = await Promise.all([scanAndWait(libraryIds.movies), scanAndWait(libraryIds.shows)]);
    expect(movies.lastScanMessage).toMatch(/^1 probed, 2 unchanged/);
    expect(shows.lastScanMessage).toMatch(/^1 probed, 5 unchanged/);
    const alpha = await artworkOf((await itemByTitle(libraryIds.movies, "Movie", "Alpha")).id);
    expect(alpha.Poster.cacheKey).toBe(keyOf(lib.files.alphaPoster));
    const pilot = await artworkOf((await episode("Pilot")).id);
    expect(pilot.Thumbnail).toBeUndefined();
    expect(pilot.Poster.inherited).toBe(true);
  });

  it("a new, better-named poster replaces the one in use", async () => {
    const showFolder = path.dirname(lib.files.showPoster);
    fs.rmSync(lib.files.showPoster);
    expect((await scanAndWait(libraryIds.shows)).lastScanMessage).toMatch(/^5 probed/);
    const show = await itemByTitle(libraryIds.shows, "Show", "Kodi Show Renamed");
    expect((await artworkOf(show.id)).Poster.cacheKey).toBe(keyOf(lib.files.showFolderJpg));
    makeImage(path.join(showFolder, "poster.png"), "fuchsia");
    expect((await scanAndWait(libraryIds.shows)).lastScanMessage).toMatch(/^5 probed/);
    expect((await artworkOf(show.id)).Poster.cacheKey).toBe(keyOf(path.join(showFolder, "poster.png")));
  });
});
