import type { MediaItem } from "../types";
import { SortedEnumerator, type SortedEnumeratorOptions } from "./sorted";

export interface SeasonEpisodeOptions extends SortedEnumeratorOptions {
  /** Upstream drops specials (season 0) from this order; set true to keep them (they sort first). */
  includeSpecials?: boolean;
}

/** The items season-episode order plays: everything but specials, unless `includeSpecials`. */
export function seasonEpisodeItems<T extends MediaItem>(items: readonly T[], includeSpecials = false): readonly T[] {
  return includeSpecials ? items : items.filter((item) => item.kind !== "episode" || item.seasonNumber !== 0);
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
