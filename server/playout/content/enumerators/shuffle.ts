import { groupMultiPartEpisodes } from "../multi-part";
import type { MediaItem } from "../types";
import { PassEnumerator } from "./pass-enumerator";
import { UnitArranger } from "./unit-arranger";

export interface ShuffleOptions<T extends MediaItem> {
  /** Play consecutive parts of a multi-part episode back to back (schedule setting). */
  keepMultiPartEpisodesTogether?: boolean;
  /** With multi-part grouping: look for parts across the whole list, in chronological order. */
  treatCollectionsAsShows?: boolean;
  /**
   * Items that must play together, in the listed order (multi-collection members "scheduled as group").
   * Each group is one unit; items of `items` that are in no group are shuffled on their own.
   */
  groups?: ReadonlyArray<readonly T[]>;
}

/**
 * Shuffle: every item once per pass, a new arrangement each pass (derived stream per pass), and never the
 * same item twice across the wrap when the library has two or more units.
 */
export function shuffleEnumerator<T extends MediaItem>(
  items: readonly T[],
  seed: number,
  saved?: unknown,
  options: ShuffleOptions<T> = {},
): PassEnumerator<T> {
  const grouped = options.groups ?? [];
  const inGroup = new Set<number>();
  for (const group of grouped) for (const item of group) inGroup.add(item.id);
  const loose = items.filter((item) => !inGroup.has(item.id));
  const looseUnits = options.keepMultiPartEpisodesTogether
    ? groupMultiPartEpisodes(loose, options.treatCollectionsAsShows === true)
    : loose.map((item) => [item]);
  return new PassEnumerator("shuffle", new UnitArranger([...grouped, ...looseUnits]), seed, saved);
}

