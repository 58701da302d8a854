/**
 * The JSON shapes Plex Media Server answers with (`Accept: application/json`), as Airwave reads them:
 * only the fields the client uses. Field names and types are those of the published Plex API
 * description; test/media-servers/plex/plex-api-conformance.ts checks them at compile time against
 * the models generated from it (@lukehagar/plexjs). The fake Plex server's fixtures use these types.
 */

/** Every Plex answer wraps its payload in a MediaContainer. */
export interface PlexResponse<C> {
  MediaContainer: C;
}

/** What a paged listing says about the page (`X-Plex-Container-Start`/`-Size` select it). */
export interface PlexPageInfo {
  size: number;
  /** The whole listing's size; present when the request asked for a page. */
  totalSize?: number;
  offset?: number;
}

/** `GET /`: the server's root. */
export interface PlexServerRoot {
  friendlyName: string;
  machineIdentifier: string;
  version: string;
}

/** A library section's folder on the server's disk. */
export interface PlexSectionLocation {
  id: number;
  path: string;
}

/** One entry of `GET /library/sections`. */
export interface PlexSection {
  key: string;
  /** movie, show, artist, photo */
  type: string;
  title: string;
  agent?: string;
  scanner?: string;
  updatedAt?: number;
  Location?: PlexSectionLocation[];
}

export interface PlexSections extends PlexPageInfo {
  Directory?: PlexSection[];
}

/** A tag (genre, studio, label, collection…): Plex names it `tag`. */
export interface PlexTag {
  tag: string;
  id?: number;
}

/** An external id: `imdb://tt0111161`, `tmdb://278`, `tvdb://81189`. */
export interface PlexGuid {
  id: string;
}

/** streamType: 1 video, 2 audio, 3 subtitle. */
export interface PlexStream {
  id?: number;
  streamType: number;
  index?: number;
  codec?: string;
  profile?: string;
  /** ISO 639-2 (`eng`). */
  languageCode?: string;
  language?: string;
  title?: string;
  displayTitle?: string;
  channels?: number;
  width?: number;
  height?: number;
  bitDepth?: number;
  frameRate?: number;
  default?: boolean;
  forced?: boolean;
}

export interface PlexPart {
  id: number;
  /** `/library/parts/{id}/{updatedAt}/file.ext`: the direct-play URL path. */
  key: string;
  /** The file's path on the server's disk. */
  file?: string;
  duration?: number;
  size?: number;
  container?: string;
  /** Only in `GET /library/metadata/{ids}` answers. */
  Stream?: PlexStream[];
}

export interface PlexMedia {
  id: number;
  duration?: number;
  bitrate?: number;
  width?: number;
  height?: number;
  aspectRatio?: number;
  audioChannels?: number;
  audioCodec?: string;
  videoCodec?: string;
  videoResolution?: string;
  videoFrameRate?: string;
  container?: string;
  Part?: PlexPart[];
}

/** Times in ms from the start of the file; `tag` is the chapter's title. */
export interface PlexChapter {
  id?: number;
  index: number;
  startTimeOffset: number;
  endTimeOffset: number;
  tag?: string;
}

/** Types Airwave reads: movie, show, season, episode, artist, track, collection, playlist. */
export interface PlexMetadata {
  ratingKey: string;
  key: string;
  type: string;
  title: string;
  /** The Plex-agent guid (`plex://movie/…`, or a legacy agent's `com.plexapp.agents.thetvdb://81189/1/2`). */
  guid?: string;
  titleSort?: string;
  originalTitle?: string;
  summary?: string;
  year?: number;
  /** yyyy-mm-dd */
  originallyAvailableAt?: string;
  contentRating?: string;
  studio?: string;
  /** ms */
  duration?: number;
  index?: number;
  parentIndex?: number;
  parentRatingKey?: string;
  parentTitle?: string;
  grandparentRatingKey?: string;
  grandparentTitle?: string;
  thumb?: string;
  art?: string;
  banner?: string;
  /** Epoch seconds. */
  addedAt?: number;
  updatedAt?: number;
  /** Collections and playlists. */
  smart?: boolean;
  playlistType?: string;
  leafCount?: number;
  childCount?: number;
  Genre?: PlexTag[];
  Label?: PlexTag[];
  Guid?: PlexGuid[];
  Media?: PlexMedia[];
  /** Only in `GET /library/metadata/{ids}?includeChapters=1` answers. */
  Chapter?: PlexChapter[];
}

export interface PlexMetadataPage extends PlexPageInfo {
  Metadata?: PlexMetadata[];
}

/** The `type` filter of `/library/sections/{key}/all`. */
export const PLEX_TYPE = {
  movie: 1,
  show: 2,
  season: 3,
  episode: 4,
  artist: 8,
  track: 10,
} as const;

export type PlexTypeName = keyof typeof PLEX_TYPE;
