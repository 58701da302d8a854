/**
 * The contract every media-server client implements (Plex, Jellyfin, Emby): what Airwave asks of a
 * server, in Airwave's own normalised shapes. Clients do outbound HTTP only; they never touch the
 * database, never log, and never put the credential in an error message.
 */
import { LibraryKind, MediaServerKind } from "../domain/enums";
import type { ScannedChapter, ScannedGuid, ScannedStream } from "../domain/scan-protocol";

export { LibraryKind, MediaServerKind };

/** Why talking to a server failed; each maps to one message the user can act on. */
export type MediaServerErrorReason =
  /** DNS, refused, reset, timed out: nothing answered. */
  | "unreachable"
  /** The TLS handshake failed (self-signed or expired certificate, wrong host name). */
  | "tls"
  /** The server answered 401/403: the token or API key is wrong or revoked. */
  | "unauthorized"
  /** Something answered, but not a server of the kind the source says. */
  | "wrong-kind"
  /** The server answered with an error (5xx) or a body that does not parse. */
  | "server-error";

export class MediaServerError extends Error {
  constructor(
    readonly reason: MediaServerErrorReason,
    /** Safe to show and log: never contains the credential or a URL carrying it. */
    message: string,
    /** The HTTP status when the server answered. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "MediaServerError";
  }
}

/** What a client is built from. `url` is the server's base URL (scheme, host, port, optional base path). */
export interface MediaServerConnection {
  kind: MediaServerKind;
  url: string;
  /** Plex token or Jellyfin/Emby API key. */
  credential: string;
}

export interface MediaServerClientOptions {
  /** Per-request timeout (ms); a request that takes longer fails as `unreachable`. */
  timeoutMs?: number;
  /** Items per page when listing a library (default: the client's choice). */
  pageSize?: number;
}

export interface ServerIdentity {
  /** The server's stable id (Plex machineIdentifier, Jellyfin/Emby server Id). */
  id: string;
  name: string;
  version: string;
}

/** The library kinds a media server's library can be (never RemoteStreams). */
export type MediaServerLibraryKind = Exclude<LibraryKind, LibraryKind.RemoteStreams>;

export interface RemoteLibrary {
  id: string;
  name: string;
  /** The Airwave library kind it maps to; libraries of kinds Airwave cannot use are not listed. */
  kind: MediaServerLibraryKind;
}

export type RemoteItemKind = "Movie" | "Show" | "Season" | "Episode" | "OtherVideo" | "MusicVideo" | "Artist" | "Song";

export type RemoteArtworkKind = "Poster" | "Fanart" | "Banner" | "Logo" | "Thumbnail" | "Cover";

export interface RemoteArtwork {
  kind: RemoteArtworkKind;
  /** Opaque to everything but the client: what `fetchArtwork` takes (a server path, never with the credential). */
  ref: string;
}

/** Stream facts as the server reports them (no local probe): the scanner's shapes, so both paths store alike. */
export interface RemoteMediaFacts {
  /** The runtime in ms. */
  durationMs: number;
  container?: string | null;
  width?: number | null;
  height?: number | null;
  frameRate?: string | null;
  streams: ScannedStream[];
  chapters: ScannedChapter[];
}

/**
 * One item of a library, normalised. Hierarchy by remote ids: a season's `parentId` is its show, an
 * episode's its season (`showId` its show), a song's its artist. Items of a page come parents first
 * when the server allows it; the sync does not rely on it.
 */
export interface RemoteItem {
  kind: RemoteItemKind;
  remoteId: string;
  parentId: string | null;
  /** Episodes: the show (the grandparent). */
  showId?: string | null;
  title: string;
  sortTitle?: string | null;
  originalTitle?: string | null;
  year?: number | null;
  /** yyyy-mm-dd */
  releaseDate?: string | null;
  /** Seasons and episodes. */
  seasonNumber?: number | null;
  episodeNumber?: number | null;
  episodeEndNumber?: number | null;
  genres: string[];
  tags: string[];
  studios: string[];
  contentRating?: string | null;
  plot?: string | null;
  /** Playable items (movie, episode, other video, music video, song); null for shows, seasons, artists. */
  media: RemoteMediaFacts | null;
  /** The file's path on the server's disk, for path replacements; null when the server does not say. */
  filePath: string | null;
  /** What `streamSource` takes: the item id (Jellyfin/Emby) or the part key (Plex). Null when not playable. */
  mediaKey: string | null;
  /**
   * Every version when the server reports several for the item (Plex: several `Media`; Jellyfin/Emby: several
   * `MediaSources`), the server's default first: `media`, `filePath` and `mediaKey` above are the first's.
   */
  versions?: RemoteVersion[];
  artwork: RemoteArtwork[];
  /** Lower-case sources `tvdb`, `tmdb`, `imdb` (others may follow); values as the provider writes them. */
  guids: ScannedGuid[];
  /** Songs: names for the library model, which has no album items. */
  song?: {
    artist?: string | null;
    albumArtist?: string | null;
    album?: string | null;
    track?: number | null;
    disc?: number | null;
  };
  /** When the server last changed the item (epoch ms): DateLastSaved / updatedAt. */
  updatedAt: number | null;
}

/** One version of a playable item (a 1080p and a 720p file of one film): its facts, file and stream key. */
export interface RemoteVersion {
  /** The server's id of the version (Plex `Media` id, Jellyfin/Emby `MediaSource` Id): stable across syncs. */
  key: string;
  /** What tells it from the others (`1080p`, a MediaSource's `Name`); null when the server names none. */
  label: string | null;
  media: RemoteMediaFacts;
  filePath: string | null;
  mediaKey: string | null;
}

export interface RemoteItemPage {
  items: RemoteItem[];
  /** The number of items the listing holds in all (for progress); pages sum up to it. */
  total: number;
  /**
   * The server's own clock when it answered this page (its HTTP `Date`, epoch ms), where the client reads it:
   * what the next incremental sync asks from when items carry no change time of their own.
   */
  serverTime?: number | null;
}

export interface ItemListing {
  /** Only items the server changed at or after this time (epoch ms); absent: every item. */
  since?: number | null;
}

/** A server-side collection (Plex collection, Jellyfin/Emby box set) or playlist. */
export interface RemoteCollection {
  id: string;
  name: string;
  /** Remote ids of its items, in the server's order. */
  itemIds: string[];
}

/** How FFmpeg reads an item over HTTP: the credential travels in `headers`, never in `url`. */
export interface RemoteStreamSource {
  url: string;
  headers: Record<string, string>;
}

export interface RemoteImage {
  body: Buffer;
  contentType: string;
}

export interface MediaServerClient {
  readonly kind: MediaServerKind;
  /** Checks reachability, kind and credential; the server's identity, or a `MediaServerError`. */
  identify(): Promise<ServerIdentity>;
  libraries(): Promise<RemoteLibrary[]>;
  /** Pages through a library's items (all of them, or those changed since `since`). */
  items(libraryId: string, listing?: ItemListing): AsyncIterable<RemoteItemPage>;
  /** Every remote id now in the library, cheaply (no metadata): what the sync compares to find removals. */
  itemIds(libraryId: string): Promise<string[]>;
  collections(): Promise<RemoteCollection[]>;
  playlists(): Promise<RemoteCollection[]>;
  /** The direct-play (static, no transcode) stream of an item; no request is made. */
  streamSource(mediaKey: string): RemoteStreamSource;
  fetchArtwork(ref: string): Promise<RemoteImage>;
}

export type MediaServerClientFactory = (connection: MediaServerConnection, options?: MediaServerClientOptions) => MediaServerClient;
