/**
 * What a song is, from its tags (ffprobe's format tags, keys lowercased) and, where they are silent, from
 * the folders and the file name of the usual layout `Artist/Album/NN - Title.mp3` (also `Artist - Album/`,
 * `Album/CD2/`, `1-03 Title.flac`). Pure: the caller reads the tags.
 */
import path from "node:path";
import { stripExtension } from "../media-files";

export interface SongInfo {
  title: string;
  artist: string | null;
  albumArtist: string | null;
  album: string | null;
  track: number | null;
  disc: number | null;
  genres: string[];
  year: number | null;
  /** yyyy-mm-dd when the date tag is a full date. */
  releaseDate: string | null;
  /** The artist's folder in `Artist/Album/song` (where artist artwork lives); null for flatter layouts. */
  artistFolder: string | null;
}

type Tags = Readonly<Record<string, string>>;

/** The song's info: tags first, then folder names, then the file name. */
export function songInfo(tags: Tags | undefined, file: string, libraryRoot: string): SongInfo {
  const t = tags ?? {};
  const fromPath = songFromPath(file, libraryRoot);
  const artist = first(t, "artist") ?? fromPath.artist;
  const albumArtist = first(t, "album_artist", "albumartist", "album artist") ?? null;
  const fileName = parseSongFileName(stripExtension(path.basename(file)), albumArtist ?? artist);
  const date = first(t, "date", "originaldate", "year", "tdrc", "tyer");
  return {
    title: first(t, "title") ?? fileName.title,
    artist: artist ?? fileName.artist,
    albumArtist,
    album: first(t, "album") ?? fromPath.album,
    track: leadingNumber(first(t, "track", "tracknumber")) ?? fileName.track,
    disc: leadingNumber(first(t, "disc", "discnumber")) ?? fileName.disc ?? fromPath.disc,
    genres: splitList(first(t, "genre")),
    year: date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null,
    releaseDate: date && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : null,
    artistFolder: fromPath.artistFolder,
  };
}

interface FromPath {
  artist: string | null;
  album: string | null;
  disc: number | null;
  artistFolder: string | null;
}

/** Artist and album from the folders between the library root and the file. */
export function songFromPath(file: string, libraryRoot: string): FromPath {
  const relative = path.relative(libraryRoot, file);
  const folders = relative.startsWith("..") || path.isAbsolute(relative) ? [] : relative.split(path.sep).slice(0, -1);
  let disc: number | null = null;
  const discFolder = folders.length ? /^(?:cd|dis[ck])\s*[-_.]?\s*(\d{1,2})$/i.exec(folders.at(-1)!.trim()) : null;
  if (discFolder && folders.length > 1) {
    disc = Number(discFolder[1]);
    folders.pop();
  }
  if (folders.length >= 2) {
    return {
      artist: clean(folders.at(-2)!),
      album: clean(folders.at(-1)!),
      disc,
      artistFolder: path.join(libraryRoot, ...folders.slice(0, -1)),
    };
  }
  if (folders.length === 1) {
    // One folder: `Artist - Album`, else the album alone.
    const split = /^(.+?)\s+-\s+(.+)$/.exec(folders[0]);
    return split ? { artist: clean(split[1]), album: clean(split[2]), disc, artistFolder: null } : { artist: null, album: clean(folders[0]), disc, artistFolder: null };
  }
  return { artist: null, album: null, disc, artistFolder: null };
}

export interface SongFileName {
  title: string;
  track: number | null;
  disc: number | null;
  /** Only from `Artist - Title` when no artist is known otherwise. */
  artist: string | null;
}

/**
 * `01 - Title`, `01. Title`, `01_Title`, `01 Title` (zero-padded), `1-03 Title` (disc 1, track 3),
 * `NN - Artist - Title` (the known artist is dropped), `Artist - Title`.
 */
export function parseSongFileName(stem: string, knownArtist: string | null): SongFileName {
  let rest = stem.trim();
  let track: number | null = null;
  let disc: number | null = null;
  const numbered =
    /^(\d)[-.](\d{1,3})(?:\s*[-._]\s*|\s+)(\S.*)$/.exec(rest) ??
    /^()(\d{1,3})\s*[-._]\s*(\S.*)$/.exec(rest) ??
    /^()(0\d{1,2})\s+(\S.*)$/.exec(rest);
  if (numbered) {
    if (numbered[1]) disc = Number(numbered[1]);
    track = Number(numbered[2]);
    rest = numbered[3].trim();
  }
  let artist: string | null = null;
  const split = /^(.+?)\s+-\s+(.+)$/.exec(rest);
  if (split) {
    if (knownArtist && split[1].trim().toLowerCase() === knownArtist.toLowerCase()) rest = split[2].trim();
    else if (!knownArtist) {
      artist = split[1].trim();
      rest = split[2].trim();
    }
  }
  return { title: rest || stem, track, disc, artist };
}

function first(tags: Tags, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = tags[key]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** `3/12` → 3, `03` → 3; 0 and garbage are null. */
function leadingNumber(value: string | undefined): number | null {
  const match = value !== undefined ? /^\s*(\d{1,4})/.exec(value) : null;
  return match && Number(match[1]) > 0 ? Number(match[1]) : null;
}

function splitList(value: string | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(/[;\0]/).map((v) => v.trim()).filter(Boolean))];
}

function clean(name: string): string | null {
  const value = name.trim();
  return value === "" ? null : value;
}
