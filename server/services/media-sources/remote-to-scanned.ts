import type { ScannedFile, ScannedFileKind, ScannedMetadata } from "../../domain/scan-protocol";
import type { RemoteItem } from "../../media-servers/types";

export function remoteMetadata(item: RemoteItem): ScannedMetadata {
  return {
    title: item.title,
    sortTitle: item.sortTitle ?? null,
    originalTitle: item.originalTitle ?? null,
    year: item.year ?? null,
    releaseDate: item.releaseDate ?? null,
    plot: item.plot ?? null,
    contentRating: item.contentRating ?? null,
    genres: item.genres,
    tags: item.tags,
    studios: item.studios,
    guids: item.guids,
  };
}

const FILE_KINDS: Partial<Record<RemoteItem["kind"], ScannedFileKind>> = { Movie: "Movie", Episode: "Episode", OtherVideo: "OtherVideo", MusicVideo: "MusicVideo", Song: "Song" };

/** A playable server item in the scanner's shape, so synced and scanned files are stored by the same code. */
export function remoteFile(item: RemoteItem, libraryPathId: number, locator: string): ScannedFile | null {
  const kind = FILE_KINDS[item.kind];
  if (!kind || !item.media) return null;
  return {
    libraryPathId,
    path: locator,
    size: 0,
    mtime: item.updatedAt ?? 0,
    kind,
    probe: { durationMs: item.media.durationMs, container: item.media.container ?? null, width: item.media.width ?? null, height: item.media.height ?? null, frameRate: item.media.frameRate ?? null, streams: item.media.streams, chapters: item.media.chapters },
    metadata: remoteMetadata(item),
    episode: kind === "Episode" ? { episodeNumber: item.episodeNumber ?? 0, episodeEndNumber: item.episodeEndNumber ?? null } : undefined,
    season: undefined,
    song: item.song ? { ...item.song, artistFolder: null } : undefined,
  };
}
