import type { ContentEnumerator } from "./enumerator";
import { marathonEnumerator, type MarathonOptions } from "./enumerators/marathon";
import { playlistEnumerator, type PlaylistEntry, type PlaylistOptions } from "./enumerators/playlist";
import { createSimpleEnumerator, type SimpleOrder, type SimpleOrderOptions } from "./enumerators/simple";
import type { MediaItem } from "./types";

/** What to enumerate and how. */
export type EnumeratorSpec<T extends MediaItem> =
  | { order: SimpleOrder; items: readonly T[]; options?: SimpleOrderOptions<T> }
  | { order: "marathon"; items: readonly T[]; options: MarathonOptions }
  | { order: "playlist"; entries: ReadonlyArray<PlaylistEntry<T>>; options?: PlaylistOptions };

export interface EnumeratorStart {
  /** Seed of this content source: `contentSeed(playoutSeed, contentKey)`. A saved state's seed wins. */
  seed: number;
  /** A saved `EnumeratorState` (e.g. from history). Missing, malformed or of another order: start fresh. */
  state?: unknown;
}

/**
 * Creates the enumerator for a content source. Construction is O(n log n) in the number of items
 * (sorting), independent of how far the saved position is.
 */
export function createEnumerator<T extends MediaItem>(spec: EnumeratorSpec<T>, start: EnumeratorStart): ContentEnumerator<T> {
  switch (spec.order) {
    case "marathon":
      return marathonEnumerator(spec.items, start.seed, start.state, spec.options);
    case "playlist":
      return playlistEnumerator(spec.entries, start.seed, start.state, spec.options);
    default:
      return createSimpleEnumerator(spec.order, spec.items, start.seed, start.state, spec.options);
  }
}
