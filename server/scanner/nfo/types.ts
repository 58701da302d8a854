/** What the NFO readers return. `ok: false` carries a one-line reason for the scan log; nothing throws. */
export type NfoResult<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface NfoActor {
  name: string;
  role?: string;
  /** `<order>` when present, else the actor's position among the actors (0-based). */
  order: number;
}

/** An external id: `source` is lowercase (`imdb`, `tmdb`, `tvdb`, or another `<uniqueid type>`). */
export interface NfoGuid {
  source: string;
  value: string;
}

/**
 * An artwork entry: `<thumb aspect="poster">`, or a `<thumb>` inside `<fanart>` (aspect `fanart`). The
 * value is kept as written (a URL or a path); whoever uses it decides what is local.
 */
export interface NfoThumb {
  aspect?: string;
  value: string;
}

/** Fields every NFO kind shares. Absent tags are undefined; lists are empty, de-duplicated, in file order. */
export interface NfoMetadata {
  title?: string;
  originalTitle?: string;
  sortTitle?: string;
  /** `<plot>`, or `<outline>` when there is no plot. */
  plot?: string;
  tagline?: string;
  /** `<year>`, else the year of {@link releaseDate}. */
  year?: number;
  /** ISO `yyyy-mm-dd`: `<premiered>` (movies, shows) or `<aired>` (episodes), each falling back to the other. */
  releaseDate?: string;
  /** `<mpaa>`, without a leading "Rated ". */
  contentRating?: string;
  genres: string[];
  tags: string[];
  studios: string[];
  actors: NfoActor[];
  directors: string[];
  /** `<credits>` and `<writer>`. */
  writers: string[];
  guids: NfoGuid[];
  /** Present when the NFO names artwork. */
  thumbs?: NfoThumb[];
}

export interface MovieNfo extends NfoMetadata {
  countries: string[];
}

export type ShowNfo = NfoMetadata;

export interface EpisodeNfo extends NfoMetadata {
  showTitle?: string;
  season?: number;
  episode?: number;
}
