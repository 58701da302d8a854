import type { EnumeratorState } from "./state";
import type { MediaItem } from "./types";

export type EnumerationOrder =
  | "chronological"
  | "seasonEpisode"
  | "shuffle"
  | "shuffleInOrder"
  | "random"
  | "multiEpisodeShuffle"
  | "randomRotation"
  | "marathon"
  | "playlist";

/**
 * Walks a content source one item at a time, deterministically, wrapping around forever.
 * `current()` is the item to play next; `moveNext()` moves past it. Both are O(1) (amortized: the shuffle
 * orders arrange a whole pass at once, O(n) per n items).
 */
export interface ContentEnumerator<T extends MediaItem = MediaItem> {
  readonly order: EnumerationOrder;
  /** Number of media items: list entries for the simple orders, distinct items for marathon/playlist
   *  (the `count` variable of count expressions). */
  readonly count: number;
  /** Items in one pass: what the `all` instruction plays (reference §5.6/§5.7 for marathon/playlist). */
  readonly passLength: number;
  /** Position of the current item within its pass, in [0, passLength); 0 right after a wrap.
   *  (Marathon/playlist: position of the current group/entry within the round.) */
  readonly index: number;
  /** The next item to play; undefined only when the source is empty. */
  current(): T | undefined;
  moveNext(): void;
  /** JSON-serialisable position; restoring it continues exactly from here. */
  state(): EnumeratorState;
}
