import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeVideo } from "./media-fixtures";

/** A real image made by FFmpeg: a solid colour (`red`, `0x336699`) at a size, in the format of the file's extension. */
export function makeImage(file: string, color: string, size = "400x600"): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const codec = file.endsWith(".webp") ? ["-c:v", "libwebp"] : [];
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `color=c=${color}:s=${size}`, "-frames:v", "1", ...codec, file], { stdio: ["ignore", "ignore", "pipe"] });
}

/** A short MP3, with the image given embedded as its cover (attached picture) when there is one. */
export function makeSong(file: string, cover?: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const args = ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1"];
  if (cover) args.push("-i", cover, "-map", "0:a", "-map", "1:v", "-c:v", "copy", "-disposition:v", "attached_pic");
  args.push("-c:a", "libmp3lame", "-b:a", "64k", "-id3v2_version", "3", file);
  execFileSync("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
}

export interface ArtworkLibrary {
  shows: string;
  movies: string;
  others: string;
  music: string;
  /** Files by a short name used in the tests. */
  files: Record<string, string>;
}

/**
 * Libraries laid out as tinyMediaManager, Sonarr, Jellyfin and Kodi write them, each picture a colour
 * of its own so a test can tell which file an item got.
 */
export function makeArtworkLibrary(root: string): ArtworkLibrary {
  const master = path.join(root, "master.mkv");
  makeVideo(master, { seconds: 1 });
  const files: Record<string, string> = {};
  const video = (name: string, file: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(master, file);
    files[name] = file;
  };
  const image = (name: string, file: string, color: string, size?: string) => {
    makeImage(file, color, size);
    files[name] = file;
  };

  const shows = path.join(root, "Shows");
  const kodi = path.join(shows, "Kodi Show (2020)");
  fs.mkdirSync(kodi, { recursive: true });
  fs.writeFileSync(path.join(kodi, "tvshow.nfo"), "<tvshow><title>Kodi Show</title><year>2020</year></tvshow>");
  image("showPoster", path.join(kodi, "poster.jpg"), "red");
  image("showFolderJpg", path.join(kodi, "folder.jpg"), "purple");
  image("showFanart", path.join(kodi, "fanart.jpg"), "blue", "1280x720");
  image("showBanner", path.join(kodi, "banner.png"), "green", "758x140");
  image("showLogo", path.join(kodi, "clearlogo.png"), "white", "400x155");
  image("season1Poster", path.join(kodi, "season01-poster.jpg"), "orange");
  image("specialsPoster", path.join(kodi, "season-specials-poster.jpg"), "pink");
  video("s01e01", path.join(kodi, "Season 01", "Kodi Show - S01E01 - Pilot.mkv"));
  image("s01e01Thumb", path.join(kodi, "Season 01", "Kodi Show - S01E01 - Pilot-thumb.jpg"), "yellow", "640x360");
  video("s01e02", path.join(kodi, "Season 01", "Kodi Show - S01E02 - Second.mkv"));
  image("s01e02Plain", path.join(kodi, "Season 01", "Kodi Show - S01E02 - Second.png"), "cyan", "640x360");
  video("s01e03", path.join(kodi, "Season 01", "Kodi Show - S01E03 - Third.mkv"));
  fs.writeFileSync(path.join(kodi, "Season 01", "Kodi Show - S01E03 - Third.nfo"), "<episodedetails><title>Third</title><thumb>stills/third.jpg</thumb></episodedetails>");
  image("s01e03NfoThumb", path.join(kodi, "Season 01", "stills", "third.jpg"), "navy", "640x360");
  video("s02e01", path.join(kodi, "Season 02", "Kodi Show - S02E01 - Back.mkv"));
  image("season2Folder", path.join(kodi, "Season 02", "folder.jpg"), "brown");
  video("s00e01", path.join(kodi, "Specials", "Kodi Show - S00E01 - Extra.mkv"));

  const jelly = path.join(shows, "Jelly Show");
  image("jellyCover", path.join(jelly, "cover.webp"), "olive");
  image("jellyBackdrop", path.join(jelly, "backdrop.jpg"), "teal", "1280x720");
  image("jellyLogo", path.join(jelly, "logo.png"), "gray", "400x155");
  video("jellyEpisode", path.join(jelly, "Season 1", "Jelly Show - S01E01.mkv"));

  const movies = path.join(root, "Movies");
  video("alpha", path.join(movies, "Alpha (1999)", "Alpha (1999).mkv"));
  image("alphaPoster", path.join(movies, "Alpha (1999)", "Alpha (1999)-poster.jpg"), "maroon");
  image("alphaPosterGeneric", path.join(movies, "Alpha (1999)", "poster.jpg"), "lime");
  image("alphaFanart", path.join(movies, "Alpha (1999)", "Alpha (1999)-fanart.jpeg"), "silver", "1280x720");
  video("beta", path.join(movies, "Beta (2005)", "Beta (2005).mkv"));
  image("betaFolder", path.join(movies, "Beta (2005)", "folder.png"), "gold");
  image("betaFanart", path.join(movies, "Beta (2005)", "fanart.jpg"), "indigo", "1280x720");
  image("betaBanner", path.join(movies, "Beta (2005)", "art", "wide.jpg"), "khaki", "758x140");
  image("outside", path.join(root, "outside.jpg"), "black");
  fs.writeFileSync(
    path.join(movies, "Beta (2005)", "movie.nfo"),
    `<movie><title>Beta</title><thumb aspect="banner">art/wide.jpg</thumb><thumb aspect="logo">../../outside.jpg</thumb><thumb aspect="clearart">art/wide.jpg</thumb><thumb aspect="landscape">https://example.invalid/remote.jpg</thumb></movie>`,
  );
  video("gamma", path.join(movies, "Gamma (2011)", "Gamma (2011).mkv"));
  image("gammaCover", path.join(movies, "Gamma (2011)", "cover.jpg"), "red");

  const others = path.join(root, "Other");
  video("clip", path.join(others, "Clip.mkv"));
  image("clipThumb", path.join(others, "Clip-thumb.jpg"), "coral", "640x360");
  video("clipBare", path.join(others, "Bare.mkv"));

  const music = path.join(root, "Music");
  image("artistPicture", path.join(music, "The Band", "artist.jpg"), "plum", "500x500");
  image("albumCover", path.join(music, "The Band", "First Album", "cover.jpg"), "tomato", "500x500");
  makeSong((files.songFolderCover = path.join(music, "The Band", "First Album", "01 - One.mp3")));
  makeSong((files.songFolderCover2 = path.join(music, "The Band", "First Album", "02 - Two.mp3")));
  image("embedded", path.join(root, "embedded.jpg"), "salmon", "300x300");
  makeSong((files.songEmbedded = path.join(music, "The Band", "Second Album", "01 - Three.mp3")), files.embedded);
  return { shows, movies, others, music, files };
}

/**
 * A small library for the API and UI (30-minute files): one show (poster, PNG fanart, WebP logo, a season poster, two
 * episodes with thumbnails), two movies (one with a poster, one without) and an other video with a thumbnail.
 */
export function makeSmallArtworkLibrary(root: string): { shows: string; movies: string; others: string; files: Record<string, string> } {
  const files: Record<string, string> = {};
  const master = path.join(root, "master.mkv");
  // Half-hour episodes (one frame a second, no audio: quick to make) keep the guide to a few dozen programmes.
  fs.mkdirSync(root, { recursive: true });
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=1:duration=1800", "-c:v", "libx264", "-preset", "ultrafast", "-g", "60", master], { stdio: ["ignore", "ignore", "pipe"] });
  const copy = (file: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(master, file);
  };
  const shows = path.join(root, "Shows");
  const show = path.join(shows, "Routes Show (2021)");
  makeImage((files.poster = path.join(show, "poster.jpg")), "red");
  makeImage((files.fanart = path.join(show, "fanart.png")), "blue", "1280x720");
  makeImage((files.logo = path.join(show, "logo.webp")), "white", "400x155");
  makeImage((files.seasonPoster = path.join(show, "season01-poster.jpg")), "orange");
  for (const n of [1, 2]) {
    const base = path.join(show, "Season 01", `Routes Show - S01E0${n} - Part ${n}`);
    copy(`${base}.mkv`);
    makeImage((files[`thumb${n}`] = `${base}-thumb.jpg`), n === 1 ? "yellow" : "green", "640x360");
  }
  const movies = path.join(root, "Movies");
  copy(path.join(movies, "Framed (2001)", "Framed (2001).mkv"));
  makeImage((files.moviePoster = path.join(movies, "Framed (2001)", "poster.jpg")), "purple");
  makeImage((files.movieFanart = path.join(movies, "Framed (2001)", "fanart.jpg")), "teal", "1280x720");
  copy(path.join(movies, "Bare (2002)", "Bare (2002).mkv"));
  const others = path.join(root, "Other");
  copy(path.join(others, "Clip.mkv"));
  makeImage((files.clipThumb = path.join(others, "Clip-thumb.jpg")), "coral", "640x360");
  return { shows, movies, others, files };
}

/** A Sequential playout definition that plays the "Shows" collection in order, forever. */
export const SHOWS_DEFINITION = `
content:
  - collection: "Shows"
    key: shows
    order: chronological
playout:
  - count: 1
    content: shows
  - repeat: true
`;
