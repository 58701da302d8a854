import { describe, expect, it } from "vitest";
import {
  AUDIO_EXTENSIONS,
  VIDEO_EXTENSIONS,
  extensionOf,
  hasIgnoreMarker,
  isAudioFile,
  isIgnoredFile,
  isIgnoredFolder,
  isImageFile,
  isVideoFile,
  stripExtension,
} from "../../../server/scanner/media-files";

describe("media file extensions", () => {
  it("lists the video and audio extensions", () => {
    expect([...VIDEO_EXTENSIONS].sort()).toEqual(
      [".avi", ".avs", ".m2ts", ".m4p", ".m4v", ".mkv", ".mov", ".mp2", ".mp4", ".mpe", ".mpeg", ".mpg", ".mpv", ".ogg", ".ogv", ".ts", ".webm", ".wmv"],
    );
    expect([...AUDIO_EXTENSIONS].sort()).toEqual(
      [".aac", ".aif", ".aifc", ".aiff", ".alac", ".dff", ".dsf", ".flac", ".m4a", ".mp3", ".oga", ".ogg", ".ogx", ".opus", ".spx", ".wav", ".wma"],
    );
  });

  const video: Array<[string, boolean]> = [
    ["Movie.mkv", true],
    ["Movie.MKV", true],
    ["Movie.Mp4", true],
    ["clip.m2ts", true],
    ["clip.ts", true],
    ["movie.ogg", true],
    ["/media/movies/Heat (1995)/Heat (1995).avi", true],
    ["Movie.mkv.part", false],
    ["Movie.srt", false],
    ["movie.nfo", false],
    ["poster.jpg", false],
    ["song.mp3", false],
    ["mkv", false],
    [".mkv", false],
    ["Movie", false],
  ];
  it.each(video)("isVideoFile(%s) → %s", (name, expected) => {
    expect(isVideoFile(name)).toBe(expected);
  });

  it("recognises audio and image files case-insensitively", () => {
    expect(["a.FLAC", "b.mp3", "c.opus", "d.m4a", "e.ogg"].map(isAudioFile)).toEqual([true, true, true, true, true]);
    expect(["a.mkv", "b.txt", "flac"].map(isAudioFile)).toEqual([false, false, false]);
    expect(["poster.JPG", "fanart.webp", "thumb.tbn", "folder.png"].map(isImageFile)).toEqual([true, true, true, true]);
    expect(isImageFile("poster.svg")).toBe(false);
  });

  it("splits names into stem and extension", () => {
    expect(extensionOf("The.Matrix.1999.MKV")).toBe(".mkv");
    expect(extensionOf("noext")).toBe("");
    expect(extensionOf(".hidden")).toBe("");
    expect(extensionOf("/a.b/c")).toBe("");
    expect(stripExtension("The.Matrix.1999.mkv")).toBe("The.Matrix.1999");
    expect(stripExtension("/media/x/Heat (1995).mkv")).toBe("Heat (1995)");
    expect(stripExtension(".etvignore")).toBe(".etvignore");
  });
});

describe("ignored folders and files", () => {
  const folders: Array<[string, boolean]> = [
    [".git", true],
    [".@__thumb", true],
    ["Behind The Scenes", true],
    ["behind the scenes", true],
    ["Deleted Scenes", true],
    ["Featurettes", true],
    ["Interviews", true],
    ["Scenes", true],
    ["Shorts", true],
    ["Trailers", true],
    ["TRAILERS", true],
    ["Other", true],
    ["Extras", true],
    ["Specials", true],
    ["Heat (1995)", false],
    ["Trailer Park Boys (2001)", false],
    ["Season 01", false],
    ["Others", false],
  ];
  it.each(folders)("isIgnoredFolder(%s) in a movie library → %s", (name, expected) => {
    expect(isIgnoredFolder(name)).toBe(expected);
    expect(isIgnoredFolder(name, "movies")).toBe(expected);
  });

  it("keeps Specials (season 0) in a show library but still skips extras and dot folders", () => {
    expect(isIgnoredFolder("Specials", "shows")).toBe(false);
    expect(isIgnoredFolder("Season 00", "shows")).toBe(false);
    expect(isIgnoredFolder("Extras", "shows")).toBe(true);
    expect(isIgnoredFolder("Featurettes", "shows")).toBe(true);
    expect(isIgnoredFolder(".cache", "shows")).toBe(true);
  });

  const files: Array<[string, boolean]> = [
    ["._Movie.mkv", true],
    ["._.DS_Store", true],
    ["Movie-trailer.mkv", true],
    ["Movie-TRAILER.mp4", true],
    ["Movie_trailer.mkv", true],
    ["Movie-behindthescenes.mkv", true],
    ["Movie-deleted.mkv", true],
    ["Movie-featurette.mkv", true],
    ["Movie-interview.mkv", true],
    ["Movie-scene.mkv", true],
    ["Movie-short.mkv", true],
    ["Movie-other.mkv", true],
    ["Movie-sample.mkv", true],
    ["Movie.mkv", false],
    ["The Trailer.mkv", false],
    ["Trailer Park Boys - S01E01.mkv", false],
    ["The.Other.Guys.2010.mkv", false],
    ["Shorts.mkv", false],
    ["Movie - trailer.mkv", false],
    ["Movie-trailers.mkv", false],
  ];
  it.each(files)("isIgnoredFile(%s) → %s", (name, expected) => {
    expect(isIgnoredFile(name)).toBe(expected);
  });

  it("finds ignore marker files among a folder's names", () => {
    expect(hasIgnoreMarker(["a.mkv", ".airwaveignore"])).toBe(true);
    expect(hasIgnoreMarker(new Set(["a.mkv", ".etvignore"]))).toBe(true);
    expect(hasIgnoreMarker(["/media/movies/skip/.ETVIGNORE"])).toBe(true);
    expect(hasIgnoreMarker(["a.mkv", "etvignore", ".ignore", ".airwaveignore.txt"])).toBe(false);
    expect(hasIgnoreMarker([])).toBe(false);
  });
});
