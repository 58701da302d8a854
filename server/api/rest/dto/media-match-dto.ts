import type { MediaMatch } from "../../../services/media-service";

export interface MediaMatchRemoteIdDto {
  /** The media server: its source's name in Airwave, or the server's own name (as Plex, Jellyfin or Emby call it). */
  server: string;
  /** The item's id there: a Plex ratingKey, a Jellyfin or Emby item id. */
  id: string;
}

export interface MediaMatchQueryDto {
  /** The item on a media server whose library is a source here, tried first; at most 10. */
  remoteIds?: MediaMatchRemoteIdDto[];
  /** External ids as `source://value` (imdb://tt0111161, tmdb://278, tvdb://…, plex://…), tried next; at most 10. */
  guids?: string[];
  /** Absolute file paths, tried when no id matches: a local file, or where a media server (Plex, Jellyfin, Emby) keeps it; at most 10. */
  paths?: string[];
}

export interface MediaMatchRequest {
  /** Up to 2000 queries; the answer has one match per query, in the same order. */
  items: MediaMatchQueryDto[];
}

export interface MediaMatchDto {
  /**
   * The playable library item; absent (like the fields below) when the library has none.
   * @isInt
   */
  mediaItemId?: number;
  /** The file of its first version (what a channel file names to play it). */
  path?: string;
  /** `remote`, `guid` or `path`: what matched. */
  matchedBy?: string;
}

export interface MediaMatchResponse {
  matches: MediaMatchDto[];
}

export function toMediaMatchResponse(matches: Array<MediaMatch | null>): MediaMatchResponse {
  return { matches: matches.map((m) => (m ? { mediaItemId: m.mediaItemId, path: m.path, matchedBy: m.by } : {})) };
}
