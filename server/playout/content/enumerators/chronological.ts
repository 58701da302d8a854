import type { MediaItem } from "../types";
import { SortedEnumerator, type SortedEnumeratorOptions } from "./sorted";

/**
 * Chronological order (reference §5.3): release date (missing last), season, episode, song album, track,
 * media id. Episodes therefore follow air date first, then season/episode.
 */
export function chronologicalEnumerator<T extends MediaItem>(
  items: readonly T[],
  seed: number,
  saved?: unknown,
  options: SortedEnumeratorOptions = {},
): SortedEnumerator<T> {
  return new SortedEnumerator("chronological", items, seed, saved, options);
}
