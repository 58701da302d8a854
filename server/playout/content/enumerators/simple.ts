import type { ContentEnumerator } from "../enumerator";
import type { MediaItem } from "../types";
import { chronologicalEnumerator } from "./chronological";
import { multiEpisodeShuffleEnumerator, type MultiEpisodeTemplate } from "./multi-episode-shuffle";
import { RandomEnumerator } from "./random";
import { RandomRotationEnumerator } from "./random-rotation";
import { seasonEpisodeEnumerator, seasonEpisodeItems } from "./season-episode";
import { shuffleEnumerator } from "./shuffle";
import { shuffleInOrderEnumerator, type OrderedGroup } from "./shuffle-in-order";

/** Orders that walk one flat list (everything except marathon and playlist). */
export type SimpleOrder =
  | "chronological"
  | "seasonEpisode"
  | "shuffle"
  | "shuffleInOrder"
  | "random"
  | "multiEpisodeShuffle"
  | "randomRotation";

export interface SimpleOrderOptions<T extends MediaItem = MediaItem> {
  /** chronological, seasonEpisode, shuffleInOrder: random start when there is no saved position. */
  randomStartPoint?: boolean;
  /** shuffle: keep multi-part episodes together. */
  keepMultiPartEpisodesTogether?: boolean;
  treatCollectionsAsShows?: boolean;
  /** seasonEpisode: keep season 0. */
  includeSpecials?: boolean;
  /** multiEpisodeShuffle: the show's template; without it the order is a plain shuffle. */
  multiEpisodeTemplate?: MultiEpisodeTemplate;
  /** shuffle: items that must play back to back, in the listed order (multi-collection "schedule as group"). */
  keepTogether?: ReadonlyArray<readonly T[]>;
  /** shuffleInOrder: explicit groups instead of the default show/artist grouping. */
  orderedGroups?: ReadonlyArray<OrderedGroup<T>>;
}

export function createSimpleEnumerator<T extends MediaItem>(
  order: SimpleOrder,
  items: readonly T[],
  seed: number,
  saved: unknown,
  options: SimpleOrderOptions<T> = {},
): ContentEnumerator<T> {
  switch (order) {
    case "chronological":
      return chronologicalEnumerator(items, seed, saved, options);
    case "seasonEpisode":
      return seasonEpisodeEnumerator(items, seed, saved, options);
    case "shuffle":
      return shuffleEnumerator(items, seed, saved, {
        ...options,
        ...(options.keepTogether ? { groups: options.keepTogether } : {}),
      });
    case "shuffleInOrder":
      return shuffleInOrderEnumerator(items, seed, saved, {
        ...options,
        ...(options.orderedGroups ? { groups: options.orderedGroups } : {}),
      });
    case "random":
      return new RandomEnumerator(items, seed, saved);
    case "multiEpisodeShuffle":
      return multiEpisodeShuffleEnumerator(items, seed, saved, options.multiEpisodeTemplate);
    case "randomRotation":
      return new RandomRotationEnumerator(items, seed, saved);
  }
}

/** The items an order will actually play (season-episode leaves out specials). */
export function playableItems<T extends MediaItem>(
  order: SimpleOrder,
  items: readonly T[],
  options: SimpleOrderOptions<T> = {},
): readonly T[] {
  return order === "seasonEpisode" ? seasonEpisodeItems(items, options.includeSpecials) : items;
}
