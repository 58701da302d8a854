import type { ContentEnumerator } from "../enumerator";
import type { ShuffleState } from "../state";
import { readState } from "../state-guards";
import type { MediaItem, MediaItemId } from "../types";

/**
 * Arranges one pass of a shuffle-family order. `arrange` must return every index of `items` exactly once,
 * as a pure function of its arguments, and must not start with an item whose id is `avoid` when it can
 * help it (no immediate repeat across the wrap).
 */
export interface PassArranger<T extends MediaItem> {
  /** Canonical item list (independent of the order the repository returned). */
  readonly items: readonly T[];
  readonly signature: number;
  arrange(seed: number, pass: number, avoid: MediaItemId | undefined, randomStart: boolean): Int32Array;
}

/**
 * Engine of the shuffle family: a pass is a full arrangement of the library; at the end of a pass the next
 * pass is arranged from a new derived stream `passRandom(seed, pass + 1)`, kept from starting with the item
 * that just played. State = (seed, pass, index, avoid): restoring recomputes the same arrangement, O(n).
 *
 * Library changes: when the saved signature differs (items added, removed or regrouped), the interrupted
 * pass cannot be recomputed, so a new pass starts over the new library (still avoiding the last item).
 * With an empty library the saved state is kept as is.
 */
export class PassEnumerator<T extends MediaItem> implements ContentEnumerator<T> {
  private readonly seed: number;
  private pass = 0;
  private position = 0;
  private avoid: MediaItemId | undefined;
  private last: MediaItemId | undefined;
  private randomStart: boolean;
  private arrangement: Int32Array;
  private readonly frozen: ShuffleState | undefined;

  constructor(
    readonly order: ShuffleState["order"],
    private readonly arranger: PassArranger<T>,
    seed: number,
    saved: unknown,
    randomStartPoint = false,
  ) {
    const n = arranger.items.length;
    const state = readState(saved, order);
    this.seed = state ? state.seed : seed >>> 0;
    this.randomStart = false;
    if (state && n === 0) {
      this.frozen = state;
    } else if (state && state.signature === arranger.signature && state.index < n) {
      this.pass = state.pass;
      this.position = state.index;
      this.avoid = state.avoid;
      this.last = state.last;
      this.randomStart = state.randomStart === true && state.pass === 0;
    } else if (state) {
      this.pass = state.pass + 1;
      this.avoid = state.last;
      this.last = state.last;
    } else {
      this.randomStart = randomStartPoint;
    }
    this.arrangement = n === 0 ? new Int32Array(0) : this.arrangePass();
  }

  get count(): number {
    return this.arranger.items.length;
  }

  get passLength(): number {
    return this.arranger.items.length;
  }

  get index(): number {
    return this.position;
  }

  current(): T | undefined {
    const at = this.arrangement[this.position];
    return at === undefined ? undefined : this.arranger.items[at];
  }

  moveNext(): void {
    const item = this.current();
    if (item === undefined) return;
    this.last = item.id;
    this.position++;
    if (this.position === this.arrangement.length) {
      this.pass++;
      this.position = 0;
      this.avoid = item.id;
      this.randomStart = false;
      this.arrangement = this.arrangePass();
    }
  }

  state(): ShuffleState {
    if (this.frozen) return { ...this.frozen };
    const state: ShuffleState = {
      v: 1,
      order: this.order,
      seed: this.seed,
      pass: this.pass,
      index: this.position,
      signature: this.arranger.signature,
    };
    if (this.avoid !== undefined) state.avoid = this.avoid;
    if (this.last !== undefined) state.last = this.last;
    if (this.randomStart) state.randomStart = true;
    return state;
  }

  private arrangePass(): Int32Array {
    return this.arranger.arrange(this.seed, this.pass, this.avoid, this.randomStart);
  }
}
