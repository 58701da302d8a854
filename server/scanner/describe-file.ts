import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ScannedArtwork, ScannedFile, ScannedMetadata } from "../domain/scan-protocol";
import type { Candidate } from "./candidates";
import { isImageFile, stripExtension } from "./media-files";
import { parseMovieName, parseShowFolder, sortTitle } from "./naming";
import { parseEpisodeNfo, parseMovieNfo, parseShowNfo } from "./nfo";
import type { NfoMetadata } from "./nfo/types";
import { songInfo } from "./music/song-info";
import { runFfprobe } from "../media/probe";

const PROBE_TIMEOUT_MS = 60_000;

export interface DescribeContext {
  ffprobe: string;
  dataDir: string;
  /** Show metadata per show folder, read once per scan. */
  showCache: Map<string, Promise<ScannedMetadata>>;
  warn(path: string, reason: string): void;
}

/** Probes a file and reads its names and NFOs into what the server stores. */
export async function describeFile(candidate: Candidate, stat: { size: number; mtimeMs: number }, context: DescribeContext): Promise<ScannedFile> {
  const { tags, ...probe } = await runFfprobe(context.ffprobe, candidate.path, PROBE_TIMEOUT_MS);
  const file: ScannedFile = {
    libraryPathId: candidate.libraryPathId,
    path: candidate.path,
    size: stat.size,
    mtime: Math.floor(stat.mtimeMs),
    kind: candidate.kind,
    probe,
    metadata: { title: stripExtension(path.basename(candidate.path)) },
  };
  if (candidate.kind === "Movie" || candidate.kind === "OtherVideo") {
    file.metadata = await movieMetadata(candidate, context);
    if (candidate.kind === "Movie") file.artwork = await movieArtwork(candidate.path, context);
  } else if (candidate.kind === "Episode") {
    const [first, last] = [candidate.episodes![0], candidate.episodes!.at(-1)!];
    file.show = { folderPath: candidate.showFolder!, metadata: await showMetadata(candidate.showFolder!, context) };
    file.season = { folderPath: candidate.seasonFolder!, seasonNumber: candidate.seasonNumber! };
    file.episode = { episodeNumber: first, episodeEndNumber: last !== first ? last : null };
    file.metadata = await episodeMetadata(candidate, context);
  } else if (candidate.kind === "Song") {
    const song = songInfo(tags, candidate.path, candidate.libraryRoot ?? path.dirname(candidate.path));
    file.metadata = { title: song.title, sortTitle: sortTitle(song.title), year: song.year, releaseDate: song.releaseDate, genres: song.genres };
    file.song = { artist: song.artist, albumArtist: song.albumArtist, album: song.album, track: song.track, disc: song.disc, artistFolder: song.artistFolder };
  }
  return file;
}

function fromNfo(nfo: NfoMetadata, fallbackTitle: string): ScannedMetadata {
  const title = nfo.title?.trim() || fallbackTitle;
  return {
    title,
    sortTitle: nfo.sortTitle ?? sortTitle(title),
    originalTitle: nfo.originalTitle ?? null,
    year: nfo.year ?? null,
    releaseDate: nfo.releaseDate ?? null,
    plot: nfo.plot ?? null,
    contentRating: nfo.contentRating ?? null,
    genres: nfo.genres,
    tags: nfo.tags,
    studios: nfo.studios,
    actors: nfo.actors.map((a) => ({ name: a.name, role: a.role ?? null })),
    directors: nfo.directors,
    writers: nfo.writers,
    guids: nfo.guids,
  };
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, "utf8");
  } catch {
    return undefined;
  }
}

async function movieMetadata(candidate: Candidate, context: DescribeContext): Promise<ScannedMetadata> {
  const folder = path.dirname(candidate.path);
  const base = stripExtension(path.basename(candidate.path));
  const fromName = parseMovieName(path.basename(candidate.path));
  const fromFolder = parseMovieName(path.basename(folder));
  // "Title (Year)/Title (Year).mkv": the folder names the movie when the file name says less.
  const named = fromName.year === undefined && fromFolder.year !== undefined && candidate.kind === "Movie" ? fromFolder : fromName;
  const fallback: ScannedMetadata = { title: named.title || base, sortTitle: sortTitle(named.title || base), year: named.year ?? null };
  for (const nfoFile of [path.join(folder, `${base}.nfo`), ...(candidate.kind === "Movie" ? [path.join(folder, "movie.nfo")] : [])]) {
    const text = await readText(nfoFile);
    if (text === undefined) continue;
    const nfo = parseMovieNfo(text);
    if (nfo.ok) return { ...fromNfo(nfo.value, fallback.title), year: nfo.value.year ?? fallback.year };
    context.warn(nfoFile, nfo.reason);
  }
  return fallback;
}

function showMetadata(showFolder: string, context: DescribeContext): Promise<ScannedMetadata> {
  let cached = context.showCache.get(showFolder);
  if (!cached) {
    cached = (async () => {
      const named = parseShowFolder(path.basename(showFolder));
      const fallback: ScannedMetadata = { title: named.title, sortTitle: sortTitle(named.title), year: named.year ?? null };
      const nfoFile = path.join(showFolder, "tvshow.nfo");
      const text = await readText(nfoFile);
      if (text === undefined) return fallback;
      const nfo = parseShowNfo(text);
      if (!nfo.ok) {
        context.warn(nfoFile, nfo.reason);
        return fallback;
      }
      return { ...fromNfo(nfo.value, fallback.title), year: nfo.value.year ?? fallback.year };
    })();
    context.showCache.set(showFolder, cached);
  }
  return cached;
}

async function episodeMetadata(candidate: Candidate, context: DescribeContext): Promise<ScannedMetadata> {
  const first = candidate.episodes![0];
  const fallbackTitle = candidate.episodeTitle?.trim() || `Episode ${first}`;
  const nfoFile = path.join(path.dirname(candidate.path), `${stripExtension(path.basename(candidate.path))}.nfo`);
  const text = await readText(nfoFile);
  if (text !== undefined) {
    const nfo = parseEpisodeNfo(text);
    if (nfo.ok && nfo.value.length > 0) {
      const entry = nfo.value.find((e) => e.episode === first) ?? nfo.value[0];
      return fromNfo(entry, fallbackTitle);
    }
    if (!nfo.ok) context.warn(nfoFile, nfo.reason);
  }
  return { title: fallbackTitle, sortTitle: sortTitle(fallbackTitle) };
}

const POSTER_NAMES = ["poster", "folder", "cover"];

/** Copies a movie's poster into the artwork cache (named by content source and time, so unchanged art is reused). */
async function movieArtwork(file: string, context: DescribeContext): Promise<ScannedArtwork[]> {
  const folder = path.dirname(file);
  const base = stripExtension(path.basename(file));
  let entries: string[];
  try {
    entries = await fs.readdir(folder);
  } catch {
    return [];
  }
  const wanted = [`${base}-poster`, ...POSTER_NAMES].map((n) => n.toLowerCase());
  const poster = entries.filter(isImageFile).sort().find((name) => wanted.includes(stripExtension(name).toLowerCase()));
  if (!poster) return [];
  const source = path.join(folder, poster);
  try {
    const stat = await fs.stat(source);
    const digest = createHash("sha1").update(`${source}\0${stat.size}\0${stat.mtimeMs}`).digest("hex");
    const cacheKey = `${digest.slice(0, 2)}/${digest}${path.extname(poster).toLowerCase()}`;
    const target = path.join(context.dataDir, "artwork", cacheKey);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(source, target);
    return [{ kind: "Poster", cacheKey, sourcePath: source }];
  } catch (error) {
    context.warn(source, `artwork not cached: ${(error as Error).message}`);
    return [];
  }
}
