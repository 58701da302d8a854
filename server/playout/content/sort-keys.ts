import type { MediaItem } from "./types";

/**
 * Sort keys of the two sorted playback orders, precomputed once per item so that sorting 10,000 items and
 * locating a position by binary search stay cheap. Missing numbers are +Infinity (they sort last); strings
 * compare by UTF-16 code unit (ordinal), like the reference.
 *
 * Chronological (reference §5.3): release date, season, episode, album, track, id.
 *   - season and episode count only for episodes;
 *   - album counts only for songs; track for songs and music videos;
 *   - the release date counts for every kind that has one.
 * Season-episode: season, episode, id (episodes only; other kinds have +Infinity for both).
 */
export interface SortKey {
  date: number;
  season: number;
  episode: number;
  album: string;
  track: number;
  id: number;
}

export type SortKind = "chronological" | "seasonEpisode";

/** The fields a sort key is made of; `ItemAnchor` (a saved position) has the same shape. */
export interface SortFields {
  id: number;
  kind?: MediaItem["kind"];
  releaseDate?: string;
  seasonNumber?: number;
  episodeNumber?: number;
  album?: string;
  track?: number;
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of an ISO date or date-time (plain dates are UTC midnight); +Infinity when missing/invalid. */
export function parseReleaseDate(value: string | undefined): number {
  if (value === undefined) return Number.POSITIVE_INFINITY;
  const plain = PLAIN_DATE.exec(value);
  if (plain) {
    const [year, month, day] = [Number(plain[1]), Number(plain[2]), Number(plain[3])];
    // Fast path for the common case; anything unusual goes through Date.parse.
    if (year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= 28) return Date.UTC(year, month - 1, day);
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

function numberOrLast(value: number | undefined): number {
  return value === undefined || Number.isNaN(value) ? Number.POSITIVE_INFINITY : value;
}

/**
 * `kind` undefined means "unknown kind" (a saved anchor): then every present field counts.
 */
export function sortKeyOf(fields: SortFields, sort: SortKind): SortKey {
  const kind = fields.kind;
  const isEpisodeLike = kind === undefined || kind === "episode";
  const hasAlbum = kind === undefined || kind === "song";
  const hasTrack = kind === undefined || kind === "song" || kind === "musicVideo";
  return {
    date: sort === "chronological" ? parseReleaseDate(fields.releaseDate) : 0,
    season: isEpisodeLike ? numberOrLast(fields.seasonNumber) : Number.POSITIVE_INFINITY,
    episode: isEpisodeLike ? numberOrLast(fields.episodeNumber) : Number.POSITIVE_INFINITY,
    album: sort === "chronological" && hasAlbum ? (fields.album ?? "") : "",
    track: sort === "chronological" && hasTrack ? numberOrLast(fields.track) : Number.POSITIVE_INFINITY,
    id: fields.id,
  };
}

function compareNumbers(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareSortKeys(a: SortKey, b: SortKey): number {
  return (
    compareNumbers(a.date, b.date) ||
    compareNumbers(a.season, b.season) ||
    compareNumbers(a.episode, b.episode) ||
    (a.album < b.album ? -1 : a.album > b.album ? 1 : 0) ||
    compareNumbers(a.track, b.track) ||
    compareNumbers(a.id, b.id)
  );
}

/**
 * Sorted orders of item lists seen before. Resolved content is shared by every channel built while the
 * library is unchanged, so the same list is sorted once, not once per channel and build (items are never
 * modified after resolution).
 */
const sortedLists = new WeakMap<readonly MediaItem[], Partial<Record<SortKind, { items: MediaItem[]; keys: SortKey[] }>>>();

/** Items sorted by the given order; stable for exact duplicates (the same item listed twice). */
export function sortItems<T extends MediaItem>(items: readonly T[], sort: SortKind): { items: T[]; keys: SortKey[] } {
  let byKind = sortedLists.get(items);
  let sorted = byKind?.[sort];
  if (!sorted) {
    const keys = items.map((item) => sortKeyOf(item, sort));
    const order = keys.map((_, i) => i);
    order.sort((a, b) => compareSortKeys(keys[a] as SortKey, keys[b] as SortKey) || a - b);
    sorted = { items: order.map((i) => items[i] as T), keys: order.map((i) => keys[i] as SortKey) };
    if (!byKind) sortedLists.set(items, (byKind = {}));
    byKind[sort] = sorted;
  }
  return { items: sorted.items.slice() as T[], keys: sorted.keys.slice() };
}

export function compareChronological(a: MediaItem, b: MediaItem): number {
  return compareSortKeys(sortKeyOf(a, "chronological"), sortKeyOf(b, "chronological"));
}

export function compareSeasonEpisode(a: MediaItem, b: MediaItem): number {
  return compareSortKeys(sortKeyOf(a, "seasonEpisode"), sortKeyOf(b, "seasonEpisode"));
}

/** Index of the first key that sorts strictly after `probe` (keys.length when none). */
export function firstIndexAfter(keys: readonly SortKey[], probe: SortKey): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareSortKeys(keys[mid] as SortKey, probe) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
