/**
 * What a scanner child process reports to the server through /api/v1/scan/{scanId}/… (types only).
 * Times are epoch ms, durations ms, languages ISO 639-2/B.
 */

export type ScannedStreamKind = "Video" | "Audio" | "Subtitle" | "Attachment";

export interface ScannedStream {
  /** @isInt */
  index: number;
  kind: ScannedStreamKind;
  codec?: string | null;
  profile?: string | null;
  language?: string | null;
  title?: string | null;
  /** @isInt */
  channels?: number | null;
  /** @isInt */
  width?: number | null;
  /** @isInt */
  height?: number | null;
  pixelFormat?: string | null;
  /** @isInt */
  bitDepth?: number | null;
  isDefault: boolean;
  isForced: boolean;
}

export interface ScannedChapter {
  /** @isInt */
  index: number;
  /** @isLong */
  startMs: number;
  /** @isLong */
  endMs: number;
  title?: string | null;
}

export interface ScannedProbe {
  /** @isLong */
  durationMs: number;
  container?: string | null;
  /** @isInt */
  width?: number | null;
  /** @isInt */
  height?: number | null;
  sampleAspectRatio?: string | null;
  displayAspectRatio?: string | null;
  frameRate?: string | null;
  scanKind?: string | null;
  streams: ScannedStream[];
  chapters: ScannedChapter[];
}

export interface ScannedPerson {
  name: string;
  role?: string | null;
}

export interface ScannedGuid {
  source: string;
  value: string;
}

export interface ScannedMetadata {
  title: string;
  sortTitle?: string | null;
  originalTitle?: string | null;
  /** @isInt */
  year?: number | null;
  /** yyyy-mm-dd */
  releaseDate?: string | null;
  plot?: string | null;
  contentRating?: string | null;
  genres?: string[];
  tags?: string[];
  studios?: string[];
  actors?: ScannedPerson[];
  directors?: string[];
  writers?: string[];
  guids?: ScannedGuid[];
}

export type ScannedFileKind = "Movie" | "Episode" | "OtherVideo" | "MusicVideo" | "Song" | "RemoteStream";

export interface ScannedArtwork {
  /** An `ArtworkKind`. */
  kind: string;
  /** Path relative to the data folder's artwork cache. */
  cacheKey: string;
  /** The list-width copy in the same cache (the same key when the image is that narrow already). */
  listKey?: string | null;
  sourcePath?: string | null;
}

/** One media file that was added or changed, with everything the scanner learned about it. */
export interface ScannedFile {
  /** @isInt */
  libraryPathId: number;
  path: string;
  /** @isLong */
  size: number;
  /** @isLong */
  mtime: number;
  kind: ScannedFileKind;
  probe: ScannedProbe;
  metadata: ScannedMetadata;
  /** Episodes: the show folder and its metadata (tvshow.nfo or folder name); `artwork` replaces the show's. */
  show?: { folderPath: string; metadata: ScannedMetadata; artwork?: ScannedArtwork[] };
  /** Episodes: the season folder; `artwork` replaces the season's. */
  season?: {
    folderPath: string;
    /** @isInt */
    seasonNumber: number;
    artwork?: ScannedArtwork[];
  };
  episode?: {
    /** @isInt */
    episodeNumber: number;
    /** @isInt */
    episodeEndNumber?: number | null;
  };
  /** The item's own artwork (replaces what it had); songs: the album's cover. */
  artwork?: ScannedArtwork[];
  /** Songs: artist, album and numbering from the tags (or the folder and file names). */
  song?: ScannedSong;
  /** Songs: pictures in the artist folder (`artist`/`folder`), for the artist's item. */
  artistArtwork?: ScannedArtwork[];
  /** Digest of the sidecars the file was read with (see `KnownFile.sidecarStamp`). */
  sidecarStamp?: string | null;
  /** Remote stream items: what they play. */
  stream?: ScannedRemoteStream;
  /** One of several versions of an item: its label and (local files) the group its name puts it in. */
  version?: ScannedVersion;
}

/** What makes a file one version of an item with several (`Film (2001) - 1080p.mkv`, a server's second media). */
export interface ScannedVersion {
  /** `1080p`, `Director's Cut`; null for the plain name. */
  label: string | null;
  /** Local files: files with the same group (folder and `Title (Year)`) are versions of one item. */
  groupKey?: string | null;
}

/** A remote stream item's source, as its file (or IPTV playlist entry) names it. */
export interface ScannedRemoteStream {
  /** The checked URL; null when the entry's URL is refused (`error` says why). */
  url: string | null;
  headers: { [name: string]: string };
  live: boolean;
  /** Why the source could not be read when scanned (refused URL, no answer, ffprobe's reason). */
  error?: string | null;
}

export interface ScannedSong {
  artist?: string | null;
  albumArtist?: string | null;
  album?: string | null;
  /** @isInt */
  track?: number | null;
  /** @isInt */
  disc?: number | null;
  /** The artist's folder (`Artist/Album/song`), inside the library path. */
  artistFolder?: string | null;
}

export interface KnownFile {
  path: string;
  size: number;
  mtime: number;
  trashed: boolean;
  /** Digest of the NFO and artwork files last read with this file: a change re-reads it. */
  sidecarStamp?: string | null;
}

export interface ScanPlan {
  libraryId: number;
  kind: string;
  /** RemoteStreams libraries: the IPTV playlist URL read on every scan. */
  m3uUrl?: string | null;
  paths: Array<{ id: number; path: string }>;
  force: boolean;
  files: KnownFile[];
}

export interface SkippedFolder {
  path: string;
  reason: string;
}

export interface ScanSummary {
  /** @isInt */
  probed: number;
  /** @isInt */
  unchanged: number;
  failed: SkippedFolder[];
  skippedFolders: SkippedFolder[];
}
