/**
 * A schedulable media item as the playout builders see it. Plain data, independent of the database:
 * a repository maps its rows to this shape. Builders may pass richer objects (any `T extends MediaItem`);
 * the enumerators hand the same objects back.
 */
export type MediaKind = "movie" | "episode" | "otherVideo" | "musicVideo" | "song" | "image" | "remoteStream";

/** Database id of a media item. Also the last tie-breaker of every sort. */
export type MediaItemId = number;

export interface Chapter {
  startMs: number;
  endMs: number;
  title?: string;
}

/** External id, e.g. `{ source: "tvdb", value: "79168" }` (written `tvdb://79168`). */
export interface MediaGuid {
  source: string;
  value: string;
}

export interface MediaItem {
  id: MediaItemId;
  kind: MediaKind;
  title: string;
  sortTitle?: string;

  /** Episodes: the show and season they belong to. */
  showId?: number;
  showTitle?: string;
  seasonId?: number;
  seasonNumber?: number;
  /** Episodes: first episode number in the file. */
  episodeNumber?: number;
  /** Episodes: last episode number when one file holds several (S01E01-E02 → 1 and 2). */
  endEpisodeNumber?: number;

  /** ISO-8601 date (`2004-09-22`) or date-time with zone. Missing or unparseable dates sort last. */
  releaseDate?: string;
  durationMs: number;
  /**
   * A live remote stream: unbounded, so a fill (`duration`, `pad_until`, a Classic Duration or Flood slot, a
   * block) plays it for the rest of its time; `durationMs` is then only its length where it is played by
   * count (0: it has none, and such an instruction is a build error naming it).
   */
  live?: boolean;
  chapters?: readonly Chapter[];
  guids?: readonly MediaGuid[];

  /** Music: music videos carry artistId/artist; songs carry artist/albumArtist/album/track. */
  artistId?: number;
  artist?: string;
  albumArtist?: string;
  album?: string;
  track?: number;
  /** Directors in credit order (marathon `group_by: director` uses the first). */
  directors?: readonly string[];

  /**
   * Part number of a multi-part episode ("Part 2", "(2)", "(II)", "Part Two"). When absent it is derived
   * from the title by `partNumberFromTitle`; set it to `null` to say "not a multi-part episode" explicitly.
   */
  partNumber?: number | null;
}
