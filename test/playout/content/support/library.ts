import type { MediaItem } from "../../../../server/playout/content/types";

/** Builds a media item with defaults; tests spell out only the fields that matter to them. */
export function item(fields: Partial<MediaItem> & Pick<MediaItem, "id">): MediaItem {
  return { kind: "movie", title: `item ${fields.id}`, durationMs: 1_800_000, ...fields };
}

export function episode(
  id: number,
  showId: number,
  seasonNumber: number,
  episodeNumber: number,
  extra: Partial<MediaItem> = {},
): MediaItem {
  return item({
    id,
    kind: "episode",
    showId,
    seasonId: showId * 100 + seasonNumber,
    seasonNumber,
    episodeNumber,
    title: `S${seasonNumber}E${episodeNumber}`,
    ...extra,
  });
}

/**
 * Show 1 ("Alpha"): two seasons plus a special. Its air dates are NOT in season order: S2E1 aired before
 * S1E3, so chronological and season-episode orders differ.
 */
export const alpha = [
  episode(11, 1, 1, 1, { releaseDate: "2001-01-01" }),
  episode(12, 1, 1, 2, { releaseDate: "2001-01-08" }),
  episode(13, 1, 1, 3, { releaseDate: "2001-03-01" }),
  episode(21, 1, 2, 1, { releaseDate: "2001-02-01" }),
  episode(22, 1, 2, 2, { releaseDate: "2001-04-01" }),
  episode(10, 1, 0, 1, { releaseDate: "2000-12-24", title: "Holiday Special" }),
];

/** Show 2 ("Beta"): a two-part story in the middle. */
export const beta = [
  episode(31, 2, 1, 1, { releaseDate: "1999-05-01", title: "Pilot" }),
  episode(32, 2, 1, 2, { releaseDate: "1999-05-08", title: "The Heist (1)" }),
  episode(33, 2, 1, 3, { releaseDate: "1999-05-15", title: "The Heist (2)" }),
  episode(34, 2, 1, 4, { releaseDate: "1999-05-22", title: "Finale" }),
];

export const movies = [
  item({ id: 41, kind: "movie", releaseDate: "1985-07-03", title: "Back" }),
  item({ id: 42, kind: "movie", title: "Undated" }),
  item({ id: 43, kind: "movie", releaseDate: "1985-07-03", title: "Same Day" }),
];

export const library: MediaItem[] = [...alpha, ...beta, ...movies];

export function ids(items: ReadonlyArray<MediaItem | undefined>): Array<number | undefined> {
  return items.map((i) => i?.id);
}

/** Ids of the next `count` items (current, then moveNext each time). */
export function take(
  enumerator: { current(): MediaItem | undefined; moveNext(): void },
  count: number,
): Array<number | undefined> {
  const out: Array<number | undefined> = [];
  for (let i = 0; i < count; i++) {
    out.push(enumerator.current()?.id);
    enumerator.moveNext();
  }
  return out;
}
