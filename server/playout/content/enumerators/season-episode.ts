import type { MediaItem } from "../types";
import { SortedEnumerator, type SortedEnumeratorOptions } from "./sorted";

export interface SeasonEpisodeOptions extends SortedEnumeratorOptions {
  /** Upstream drops specials (season 0) from this order; set true to keep them (they sort first). */
  includeSpecials?: boolean;
}

/** The items season-episode order plays: everything but specials, unless `includeSpecials`. */
/** Without specials, per list (the same shared list gives the same filtered list, so its sort is cached too). */
const withoutSpecials = new WeakMap<readonly MediaItem[], readonly MediaItem[]>();

export function seasonEpisodeItems<T extends MediaItem>(items: readonly T[], includeSpecials = false): readonly T[] {
  if (includeSpecials) return items;
  let filtered = withoutSpecials.get(items);
  if (!filtered) withoutSpecials.set(items, (filtered = items.filter((item) => item.kind !== "episode" || item.seasonNumber !== 0)));
  return filtered as readonly T[];
}

/** Season-episode order: season, episode, media id. Non-episodes sort after all episodes, by id. */
export function seasonEpisodeEnumerator<T extends MediaItem>(
  items: readonly T[],
  seed: number,
  saved?: unknown,
  options: SeasonEpisodeOptions = {},
): SortedEnumerator<T> {
  return new SortedEnumerator("seasonEpisode", seasonEpisodeItems(items, options.includeSpecials), seed, saved, options);
}
