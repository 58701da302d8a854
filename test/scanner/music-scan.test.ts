import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanAndWait } from "../support/library-scan";
import { makeSong } from "../support/music-fixtures";
import { makeTempDir, useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let root: string;
let musicId: number;

const tagged = () => path.join(root, "Folder Artist", "Folder Album", "01 - file name.mp3");
const untagged = () => path.join(root, "The Band", "Second Album", "CD2", "03 - Named Song.mp3");

async function items(query: string): Promise<any[]> {
  return (await api.get(`/api/v1/media/items?pageSize=500&${query}`)).json.items;
}

async function graphql(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await api.post("/graphql", { query, variables });
  expect(response.json.errors, response.text).toBeUndefined();
  return response.json.data;
}

beforeAll(async () => {
  root = makeTempDir("airwave-music-");
  makeSong(tagged(), {
    tags: { title: "Tagged Title", artist: "Singer", album_artist: "Album Band", album: "Tagged Album", track: "7/12", disc: "2/2", genre: "Rock;Pop", date: "2003-04-05" },
    coverColor: "0x3060c0",
  });
  makeSong(path.join(root, "Folder Artist", "Folder Album", "02 - second.mp3"), { tags: { title: "Second", artist: "Singer", album_artist: "album band", album: "Tagged Album", track: "8", disc: "2" } });
  makeSong(untagged());
  musicId = (await api.post("/api/v1/libraries", { name: "Music", kind: "Music", paths: [root] })).json.id;
});
afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("scanning a music library", () => {
  it("titles songs from their tags and files them under Artist items", async () => {
    const library = await scanAndWait(api, musicId);
    expect(library.lastScanMessage).toMatch(/^3 probed, 0 unchanged/);

    const songs = await items(`libraryId=${musicId}&kind=Song`);
    const song = songs.find((s) => s.title === "Tagged Title");
    expect(song).toMatchObject({ artist: "Singer", albumArtist: "Album Band", album: "Tagged Album", trackNumber: 7, discNumber: 2, year: 2003, releaseDate: "2003-04-05" });
    expect((await api.get(`/api/v1/media/items/${song.id}`)).json.genres).toEqual(["Rock", "Pop"]);

    const fallback = songs.find((s) => s.title === "Named Song");
    expect(fallback).toMatchObject({ artist: "The Band", album: "Second Album", trackNumber: 3, discNumber: 2 });
    expect(fallback.albumArtist).toBeUndefined();
    expect(fallback.year).toBeUndefined();

    // Songs group by album artist (case-insensitively: the spelling seen first names the artist), else artist.
    const artists = await items(`libraryId=${musicId}&kind=Artist`);
    expect(artists.map((a) => a.title.toLowerCase()).sort()).toEqual(["album band", "the band"]);
    const albumBand = artists.find((a) => a.title.toLowerCase() === "album band");
    expect(song.parentId).toBe(albumBand.id);
    expect((await items(`parentId=${albumBand.id}`)).map((s) => [s.trackNumber, s.title])).toEqual([[7, "Tagged Title"], [8, "Second"]]);
    expect((await api.get(`/api/v1/media/items/${albumBand.id}`)).json.childCount).toBe(2);
  });

  it("exposes artist, album and numbering in GraphQL, with the artist's songs as its children", async () => {
    const artists = await items(`libraryId=${musicId}&kind=Artist`);
    const band = artists.find((a) => a.title === "The Band");
    const data = await graphql(
      `query($id: Int!) { mediaItem(id: $id) { kind title children { kind title artist albumArtist album trackNumber discNumber parent { id title } } } }`,
      { id: band.id },
    );
    expect(data.mediaItem).toEqual({
      kind: "Artist",
      title: "The Band",
      children: [{ kind: "Song", title: "Named Song", artist: "The Band", albumArtist: null, album: "Second Album", trackNumber: 3, discNumber: 2, parent: { id: band.id, title: "The Band" } }],
    });
  });

  it("finds songs by artist (or album artist) and album in search queries", async () => {
    const titles = async (query: string) => {
      const response = await api.post("/api/v1/media/search", { query, pageSize: 100 });
      expect(response.status, response.text).toBe(200);
      return response.json.items.map((i: { title: string }) => i.title).sort();
    };
    expect(await titles('artist:"album band"')).toEqual(["Second", "Tagged Title"]);
    expect(await titles("artist:singer")).toEqual(["Second", "Tagged Title"]);
    expect(await titles('artist:"the band"')).toEqual(["Named Song"]);
    expect(await titles("album:tagged*")).toEqual(["Second", "Tagged Title"]);
    expect(await titles('type:song AND NOT album:"Second Album"')).toEqual(["Second", "Tagged Title"]);
    expect(await titles("artist:nobody")).toEqual([]);
  });

  it("a plain rescan re-reads a song whose tags were edited, and trashes the artist left without songs", async () => {
    const before = (await items(`libraryId=${musicId}&kind=Song`)).find((s) => s.title === "Named Song");
    // A tag editor rewrites the file: new size and time.
    makeSong(untagged(), { tags: { title: "Edited Title", artist: "New Artist", album: "New Album", track: "9", genre: "Jazz", date: "1999" } });
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(untagged(), later, later);

    const library = await scanAndWait(api, musicId);
    expect(library.lastScanMessage).toMatch(/^1 probed, 2 unchanged/);
    const after = (await items(`libraryId=${musicId}&kind=Song`)).find((s) => s.id === before.id);
    expect(after).toMatchObject({ title: "Edited Title", artist: "New Artist", album: "New Album", trackNumber: 9, discNumber: 2, year: 1999 });
    expect((await api.get(`/api/v1/media/items/${before.id}`)).json.genres).toEqual(["Jazz"]);

    const artists = await items(`libraryId=${musicId}&kind=Artist`);
    expect(artists.map((a) => a.title.toLowerCase()).sort()).toEqual(["album band", "new artist"]);
    expect(after.parentId).toBe(artists.find((a) => a.title === "New Artist").id);
    const trashed = await items(`libraryId=${musicId}&kind=Artist&includeTrashed=true`);
    expect(trashed.find((a) => a.title === "The Band")?.state).toBe("Trashed");

    // Nothing changed since: nothing is probed again.
    expect((await scanAndWait(api, musicId)).lastScanMessage).toMatch(/^0 probed, 3 unchanged/);
  });
});
