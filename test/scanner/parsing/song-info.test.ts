import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSongFileName, songFromPath, songInfo } from "../../../server/scanner/music/song-info";

const root = path.join(path.sep, "music");
const at = (...parts: string[]) => path.join(root, ...parts);

describe("songInfo", () => {
  it("reads title, artist, album artist, album, track, disc, genres and year from the tags", () => {
    const info = songInfo(
      { title: "Real Title", artist: "Singer", album_artist: "Various Artists", album: "Hits", track: "3/12", disc: "2/2", genre: "Rock; Pop;rock", date: "2001-05-04" },
      at("Folder Artist", "Folder Album", "01 - file title.mp3"),
      root,
    );
    expect(info).toEqual({
      title: "Real Title",
      artist: "Singer",
      albumArtist: "Various Artists",
      album: "Hits",
      track: 3,
      disc: 2,
      genres: ["Rock", "Pop", "rock"],
      year: 2001,
      releaseDate: "2001-05-04",
      artistFolder: at("Folder Artist"),
    });
  });

  it("knows the Vorbis and iTunes spellings of the keys", () => {
    const info = songInfo({ title: "T", albumartist: "AA", tracknumber: "07", discnumber: "1", year: "1999" }, at("x.flac"), root);
    expect([info.albumArtist, info.track, info.disc, info.year, info.releaseDate]).toEqual(["AA", 7, 1, 1999, null]);
  });

  it("falls back to Artist/Album/NN - Title without tags", () => {
    expect(songInfo(undefined, at("The Band", "First Album", "04 - Opening Song.mp3"), root)).toEqual({
      title: "Opening Song",
      artist: "The Band",
      albumArtist: null,
      album: "First Album",
      track: 4,
      disc: null,
      genres: [],
      year: null,
      releaseDate: null,
      artistFolder: at("The Band"),
    });
  });

  it("takes what the tags lack from the names, and what the names lack from the tags", () => {
    const info = songInfo({ artist: "Tagged Artist", comment: "x" }, at("Folder Artist", "Folder Album", "02. Named.ogg"), root);
    expect([info.title, info.artist, info.album, info.track]).toEqual(["Named", "Tagged Artist", "Folder Album", 2]);
    // Empty and blank tags count as absent.
    expect(songInfo({ title: "  ", album: "" }, at("A", "B", "05 Song.mp3"), root)).toMatchObject({ title: "Song", album: "B", track: 5 });
  });

  it("reads disc folders, `Artist - Album` folders and loose files", () => {
    expect(songInfo(undefined, at("Band", "Double", "CD2", "01 - Side B.mp3"), root)).toMatchObject({ artist: "Band", album: "Double", disc: 2, track: 1, artistFolder: at("Band") });
    expect(songInfo(undefined, at("Band - Album", "3 - Song.mp3"), root)).toMatchObject({ artist: "Band", album: "Album", track: 3, artistFolder: null });
    expect(songInfo(undefined, at("Just An Album", "Song.mp3"), root)).toMatchObject({ artist: null, album: "Just An Album", title: "Song", track: null });
    expect(songInfo(undefined, at("Loose Artist - Loose Song.mp3"), root)).toMatchObject({ artist: "Loose Artist", album: null, title: "Loose Song" });
  });
});

describe("parseSongFileName", () => {
  it.each([
    ["01 - Title", null, { title: "Title", track: 1, disc: null, artist: null }],
    ["01. Title", null, { title: "Title", track: 1, disc: null, artist: null }],
    ["01_Title", null, { title: "Title", track: 1, disc: null, artist: null }],
    ["07 Title: Part 2", null, { title: "Title: Part 2", track: 7, disc: null, artist: null }],
    ["1-03 Title", null, { title: "Title", track: 3, disc: 1, artist: null }],
    ["2-05 - Title", null, { title: "Title", track: 5, disc: 2, artist: null }],
    ["05 - Band - Title", "band", { title: "Title", track: 5, disc: null, artist: null }],
    ["05 - Guest - Title", "Band", { title: "Guest - Title", track: 5, disc: null, artist: null }],
    ["99 Luftballons", null, { title: "99 Luftballons", track: null, disc: null, artist: null }],
    ["Song", null, { title: "Song", track: null, disc: null, artist: null }],
  ])("%s", (stem, artist, expected) => {
    expect(parseSongFileName(stem, artist)).toEqual(expected);
  });
});

describe("songFromPath", () => {
  it("gives nothing for a file outside the root", () => {
    expect(songFromPath(path.join(path.sep, "elsewhere", "a", "b", "c.mp3"), root)).toEqual({ artist: null, album: null, disc: null, artistFolder: null });
  });
});
