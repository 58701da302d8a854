import { passRandom } from "../../random/streams";
import type { ContentEnumerator } from "../enumerator";
import { firstIndexAfter, sortItems, sortKeyOf, type SortKey, type SortKind } from "../sort-keys";
import { anchorOf, type ItemAnchor, type SortedState } from "../state";
import { readState } from "../state-guards";
import type { MediaItem } from "../types";

export interface SortedEnumeratorOptions {
  /** With no saved position, start at a random item instead of the first (classic `randomStartPoint`). */
  randomStartPoint?: boolean;
}

/**
 * Shared engine of the two sorted orders: items sorted once, a position that wraps around.
 *
 * Restoring (reference §5.9, "history"): the state remembers the item played *before* the current one.
 * If that item is still right before the saved index, the index is used as is. Otherwise the library
 * changed and the position is re-located after that item, trying in order:
 *   1. the same media id;
 *   2. an episode with the same season and episode number (and the same show, when both are known);
 *   3. where the item would sort now (a "placeholder"): the first item sorting after it.
 * So content continues after the last played item even when items were added or removed.
 * With an empty library the saved position is kept unchanged for the next build.
 */
export class SortedEnumerator<T extends MediaItem> implements ContentEnumerator<T> {
  private readonly sorted: T[];
  private readonly keys: SortKey[];
  private position: number;
  /** Sorted index of the item played before the current one, or -1 when it is `savedLast` (or none). */
  private lastPosition = -1;
  private savedLast: ItemAnchor | undefined;

  constructor(
    readonly order: SortedState["order"],
    items: readonly T[],
    seed: number,
    saved: unknown,
    options: SortedEnumeratorOptions = {},
  ) {
    const sort: SortKind = order;
    ({ items: this.sorted, keys: this.keys } = sortItems(items, sort));
    const state = readState(saved, order);
    const n = this.sorted.length;
    if (state) {
      this.savedLast = state.last;
      this.position = n === 0 ? state.index : this.relocate(state, sort);
    } else {
      this.position = options.randomStartPoint && n > 0 ? passRandom(seed, 0).fork("start").nextInt(n) : 0;
    }
  }

  get count(): number {
    return this.sorted.length;
  }

  get passLength(): number {
    return this.sorted.length;
  }

  get index(): number {
    return this.sorted.length === 0 ? 0 : this.position;
  }

  current(): T | undefined {
    return this.sorted[this.position];
  }

  moveNext(): void {
    const n = this.sorted.length;
    if (n === 0) return;
    this.lastPosition = this.position;
    this.position = this.position + 1 === n ? 0 : this.position + 1;
  }

  state(): SortedState {
    const state: SortedState = { v: 1, order: this.order, index: this.position };
    const lastItem = this.lastPosition >= 0 ? this.sorted[this.lastPosition] : undefined;
    const last = lastItem ? anchorOf(lastItem) : this.savedLast;
    if (last) state.last = last;
    return state;
  }

  private relocate(state: SortedState, sort: SortKind): number {
    const n = this.sorted.length;
    const last = state.last;
    if (!last) return state.index % n;

    const expectedLast = (state.index + n - 1) % n;
    if (state.index < n && this.sorted[expectedLast]?.id === last.id) {
      this.lastPosition = expectedLast;
      return state.index;
    }

    let found = this.sorted.findIndex((item) => item.id === last.id);
    if (found < 0 && last.seasonNumber !== undefined && last.episodeNumber !== undefined) {
      found = this.sorted.findIndex(
        (item) =>
          item.kind === "episode" &&
          item.seasonNumber === last.seasonNumber &&
          item.episodeNumber === last.episodeNumber &&
          (last.showId === undefined || item.showId === undefined || item.showId === last.showId),
      );
    }
    if (found >= 0) {
      this.lastPosition = found;
      return (found + 1) % n;
    }
    return firstIndexAfter(this.keys, sortKeyOf(last, sort)) % n;
  }
}
