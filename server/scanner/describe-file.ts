import fs from "node:fs/promises";
import path from "node:path";
import { ArtworkKind } from "../domain/enums";
import type { ScannedArtwork, ScannedFile, ScannedMetadata } from "../domain/scan-protocol";
import { cacheArtwork, cacheLevel, embeddedCover, mergeArtwork, nfoArtwork, type ArtworkContext } from "./artwork/cache-artwork";
import type { ItemSidecars } from "./artwork/item-artwork";
import type { Candidate } from "./candidates";
import { stripExtension } from "./media-files";
import { parseMovieName, parseShowFolder, parseVersionName, sortTitle, versionGroupKey } from "./naming";
import { parseEpisodeNfo, parseMovieNfo, parseShowNfo } from "./nfo";
import type { NfoMetadata, NfoThumb } from "./nfo/types";
import { songInfo } from "./music/song-info";
import { runFfprobe } from "../media/probe";

const PROBE_TIMEOUT_MS = 60_000;

export interface DescribeContext {
  ffprobe: string;
  /** Show metadata per show folder, read once per scan. */
  showCache: Map<string, Promise<ReadMetadata>>;
  artwork: ArtworkContext;
  /** Latest four-digit number read as a release year in names (`maxReleaseYear` of the scan's start). */
  maxYear: number;
  warn(path: string, reason: string): void;
}

/** What the file's library path, sidecars and their digest are (worked out before deciding to read it). */
export interface FileSidecars {
  root: string;
  sidecars: ItemSidecars;
  stamp: string;
}

/** Metadata from an NFO or names, with the NFO's `<thumb>` entries and where they are relative to. */
interface ReadMetadata {
  metadata: ScannedMetadata;
  thumbs?: NfoThumb[];
  folder: string;
}

/** Probes a file and reads its names, NFOs and artwork into what the server stores. */
export async function describeFile(candidate: Candidate, stat: { size: number; mtimeMs: number }, context: DescribeContext, found: FileSidecars): Promise<ScannedFile> {
  const { tags, ...probed } = await runFfprobe(context.ffprobe, candidate.path, PROBE_TIMEOUT_MS);
  // Level, B-frames and sample rate serve the stream's copy decision only; the library does not store them.
  const probe = { ...probed, streams: probed.streams.map(({ level: _l, hasBFrames: _b, sampleRate: _r, ...stream }) => stream) };
  const file: ScannedFile = {
    libraryPathId: candidate.libraryPathId,
    path: candidate.path,
    size: stat.size,
    mtime: Math.floor(stat.mtimeMs),
    kind: candidate.kind,
    probe,
    metadata: { title: stripExtension(path.basename(candidate.path)) },
    sidecarStamp: found.stamp,
  };
  const { root, sidecars } = found;
  const art = context.artwork;
  if (candidate.kind === "Movie" || candidate.kind === "OtherVideo") {
    const read = await movieMetadata(candidate, context);
    file.metadata = read.metadata;
    const version = candidate.kind === "Movie" ? parseVersionName(path.basename(candidate.path), context) : undefined;
    if (version) file.version = { label: version.label, groupKey: versionGroupKey(path.dirname(candidate.path), version) };
    const fromNfo = nfoArtwork(read.thumbs, read.folder, root, candidate.kind === "Movie" ? ArtworkKind.Poster : ArtworkKind.Thumbnail);
    file.artwork = await cacheArtwork(mergeArtwork(sidecars.own, fromNfo), art);
  } else if (candidate.kind === "Episode") {
    const [first, last] = [candidate.episodes![0], candidate.episodes!.at(-1)!];
    const showFolder = candidate.showFolder!;
    const show = await showMetadata(showFolder, context);
    const showArtwork = cacheLevel(`show\0${showFolder}`, async () => mergeArtwork(sidecars.show ?? [], nfoArtwork(show.thumbs, showFolder, root, ArtworkKind.Poster)), art);
    const seasonArtwork = cacheLevel(`season\0${showFolder}\0${candidate.seasonNumber}`, async () => sidecars.season ?? [], art);
    file.show = { folderPath: showFolder, metadata: show.metadata, artwork: await showArtwork };
    file.season = { folderPath: candidate.seasonFolder!, seasonNumber: candidate.seasonNumber!, artwork: await seasonArtwork };
    file.episode = { episodeNumber: first, episodeEndNumber: last !== first ? last : null };
    const read = await episodeMetadata(candidate, context);
    file.metadata = read.metadata;
    file.artwork = await cacheArtwork(mergeArtwork(sidecars.own, nfoArtwork(read.thumbs, read.folder, root, ArtworkKind.Thumbnail)), art);
  } else if (candidate.kind === "Song") {
    const song = songInfo(tags, candidate.path, candidate.libraryRoot ?? path.dirname(candidate.path));
    file.metadata = { title: song.title, sortTitle: sortTitle(song.title), year: song.year, releaseDate: song.releaseDate, genres: song.genres };
    file.song = { artist: song.artist, albumArtist: song.albumArtist, album: song.album, track: song.track, disc: song.disc, artistFolder: song.artistFolder };
    const folder = path.dirname(candidate.path);
    // The album folder's cover when there is one (one file for the whole album), else the song's embedded art.
    const album = await cacheLevel(`album\0${folder}`, async () => sidecars.own, art);
    file.artwork = album.length ? album : await songCover(candidate.path, probe.streams, art);
    file.artistArtwork = await cacheLevel(`artist\0${path.dirname(folder)}`, async () => sidecars.artist ?? [], art);
  }
  return file;
}

function songCover(file: string, streams: ScannedFile["probe"]["streams"], context: ArtworkContext): Promise<ScannedArtwork[]> {
  // ffprobe lists cover art as a video stream with the attached_pic disposition; the probe calls it an attachment.
  return streams.some((s) => s.kind === "Video" || s.kind === "Attachment") ? embeddedCover(file, context) : Promise.resolve([]);
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

async function movieMetadata(candidate: Candidate, context: DescribeContext): Promise<ReadMetadata> {
  const folder = path.dirname(candidate.path);
  const base = stripExtension(path.basename(candidate.path));
  const fromName = parseMovieName(path.basename(candidate.path), context);
  const fromFolder = parseMovieName(path.basename(folder), context);
  // "Title (Year)/Title (Year).mkv": the folder names the movie when the file name says less.
  const named = fromName.year === undefined && fromFolder.year !== undefined && candidate.kind === "Movie" ? fromFolder : fromName;
  const fallback: ScannedMetadata = { title: named.title || base, sortTitle: sortTitle(named.title || base), year: named.year ?? null };
  for (const nfoFile of [path.join(folder, `${base}.nfo`), ...(candidate.kind === "Movie" ? [path.join(folder, "movie.nfo")] : [])]) {
    const text = await readText(nfoFile);
    if (text === undefined) continue;
    const nfo = parseMovieNfo(text);
    if (nfo.ok) return { metadata: { ...fromNfo(nfo.value, fallback.title), year: nfo.value.year ?? fallback.year }, thumbs: nfo.value.thumbs, folder };
    context.warn(nfoFile, nfo.reason);
  }
  return { metadata: fallback, folder };
}

function showMetadata(showFolder: string, context: DescribeContext): Promise<ReadMetadata> {
  let cached = context.showCache.get(showFolder);
  if (!cached) {
    cached = (async () => {
      const named = parseShowFolder(path.basename(showFolder), context);
      const fallback: ScannedMetadata = { title: named.title, sortTitle: sortTitle(named.title), year: named.year ?? null };
      const nfoFile = path.join(showFolder, "tvshow.nfo");
      const text = await readText(nfoFile);
      if (text === undefined) return { metadata: fallback, folder: showFolder };
      const nfo = parseShowNfo(text);
      if (!nfo.ok) {
        context.warn(nfoFile, nfo.reason);
        return { metadata: fallback, folder: showFolder };
      }
      return { metadata: { ...fromNfo(nfo.value, fallback.title), year: nfo.value.year ?? fallback.year }, thumbs: nfo.value.thumbs, folder: showFolder };
    })();
    context.showCache.set(showFolder, cached);
  }
  return cached;
}

async function episodeMetadata(candidate: Candidate, context: DescribeContext): Promise<ReadMetadata> {
  const first = candidate.episodes![0];
  const fallbackTitle = candidate.episodeTitle?.trim() || `Episode ${first}`;
  const folder = path.dirname(candidate.path);
  const nfoFile = path.join(folder, `${stripExtension(path.basename(candidate.path))}.nfo`);
  const text = await readText(nfoFile);
  if (text !== undefined) {
    const nfo = parseEpisodeNfo(text);
    if (nfo.ok && nfo.value.length > 0) {
      const entry = nfo.value.find((e) => e.episode === first) ?? nfo.value[0];
      return { metadata: fromNfo(entry, fallbackTitle), thumbs: entry.thumbs, folder };
    }
    if (!nfo.ok) context.warn(nfoFile, nfo.reason);
  }
  return { metadata: { title: fallbackTitle, sortTitle: sortTitle(fallbackTitle) }, folder };
}
