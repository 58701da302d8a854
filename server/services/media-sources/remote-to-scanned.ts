import type { ScannedFile, ScannedFileKind, ScannedMetadata } from "../../domain/scan-protocol";
import type { RemoteItem, RemoteVersion } from "../../media-servers/types";
import { itemLocator, versionLocator } from "./source-locators";

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

/** One version of a synced item as the scanner's file, with where the server keeps it and how it streams. */
export interface RemoteFileVersion {
  file: ScannedFile;
  remotePath: string | null;
  remoteKey: string | null;
}

/**
 * A playable server item in the scanner's shape, one file per version (the server's default first), so synced
 * and scanned files are stored by the same code. The first version's path is the item's locator; the others
 * are named by the server's version id under it. Empty for items that are not playable.
 */
export function remoteFiles(item: RemoteItem, libraryPathId: number, sourceId: number): RemoteFileVersion[] {
  const kind = FILE_KINDS[item.kind];
  if (!kind || !item.media) return [];
  const locator = itemLocator(sourceId, item.remoteId);
  const versions: RemoteVersion[] = item.versions?.length ? item.versions : [{ key: "", label: null, media: item.media, filePath: item.filePath, mediaKey: item.mediaKey }];
  return versions.map((version, i) => ({
    file: {
      libraryPathId,
      path: i === 0 ? locator : versionLocator(sourceId, item.remoteId, version.key),
      size: 0,
      mtime: item.updatedAt ?? 0,
      kind,
      probe: { durationMs: version.media.durationMs, container: version.media.container ?? null, width: version.media.width ?? null, height: version.media.height ?? null, frameRate: version.media.frameRate ?? null, streams: version.media.streams, chapters: version.media.chapters },
      metadata: remoteMetadata(item),
      episode: kind === "Episode" ? { episodeNumber: item.episodeNumber ?? 0, episodeEndNumber: item.episodeEndNumber ?? null } : undefined,
      season: undefined,
      song: item.song ? { ...item.song, artistFolder: null } : undefined,
      ...(item.versions?.length ? { version: { label: version.label } } : {}),
    },
    remotePath: version.filePath,
    remoteKey: version.mediaKey,
  }));
}
