import { positionStream } from "../../random/streams";
import type { ContentEnumerator } from "../enumerator";
import type { RandomState } from "../state";
import { readState } from "../state-guards";
import type { MediaItem } from "../types";

/**
 * Random with replacement: the item at absolute position p is `items[positionStream(seed, p).nextInt(n)]`,
 * over the items sorted by id. Position-addressed, so restoring is O(1) and the sequence does not depend
 * on how it was split across builds. Repeats (even back to back) are allowed, as upstream.
 * Library changes: the position is kept and applied to the new list.
 * A "pass" is n positions, so `play all` on a random playlist entry plays n items.
 */
export class RandomEnumerator<T extends MediaItem> implements ContentEnumerator<T> {
  readonly order = "random" as const;
  private readonly items: T[];
  private readonly seed: number;
  private position: number;
  private currentItem: T | undefined;

  constructor(items: readonly T[], seed: number, saved?: unknown) {
    this.items = items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => a.item.id - b.item.id || a.index - b.index)
      .map((x) => x.item);
    const state = readState(saved, "random");
    this.seed = state ? state.seed : seed >>> 0;
    this.position = state ? state.position : 0;
    this.currentItem = this.pick();
  }

  get count(): number {
    return this.items.length;
  }

  get passLength(): number {
    return this.items.length;
  }

  get index(): number {
    return this.items.length === 0 ? 0 : this.position % this.items.length;
  }

  current(): T | undefined {
    return this.currentItem;
  }

  moveNext(): void {
    if (this.items.length === 0) return;
    this.position++;
    this.currentItem = this.pick();
  }

  state(): RandomState {
    return { v: 1, order: "random", seed: this.seed, position: this.position };
  }

  private pick(): T | undefined {
    const n = this.items.length;
    return n === 0 ? undefined : this.items[positionStream(this.seed, this.position).nextInt(n)];
  }
}
