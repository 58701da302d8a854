import { avoidLeadingElement, shuffleInPlace } from "../../random/shuffle";
import { childSeed, passRandom } from "../../random/streams";
import type { ContentEnumerator } from "../enumerator";
import type { EnumeratorState, GroupedState } from "../state";
import type { MediaItem } from "../types";

/** One stop of the rotation: a marathon group or a playlist entry. */
export interface Slot {
  /** Identity of the slot, saved as the current position. */
  key: string;
  /** Key of the child enumerator; slots with the same child key share one enumerator. */
  childKey: string;
  /** Stay until the child wraps around to its start. */
  playAll: boolean;
  /** Otherwise: items per visit (default 1). */
  count?: number;
}

export interface SlotRotationConfig<T extends MediaItem> {
  order: GroupedState["order"];
  seed: number;
  slots: readonly Slot[];
  children: ReadonlyMap<string, ContentEnumerator<T>>;
  /** Visit the slots in a new random order every round (only with 3 or more slots, as upstream). */
  shuffleSlots: boolean;
  /** When set: move on after this many items, whatever `playAll`/`count` say (classic marathon batch). */
  batchSize?: number;
  /** Number of distinct media items over all slots. */
  distinctCount: number;
}

/**
 * Engine of marathon and playlist (reference §5.6/§5.7): visits slots one after another, taking items from
 * each slot's own enumerator, and moves on after `batchSize` items, or when the child wraps (`playAll`), or
 * after `count` items, or after one item.
 *
 * A round visits every slot once. With shuffled slots, each round's order comes from
 * `passRandom(childSeed(seed, "slots"), round)` and never starts with the slot that ended the previous round.
 * (Upstream reshuffled only after every distinct item had played, which needs a set of played ids in the
 * state; a round is the small-state equivalent.)
 *
 * State: round, slot position, items taken, the current slot's key, and every child's own state (§5.9
 * [DECIDE]: each group's position is restored from its own saved state, shuffled groups included).
 * Slots added or removed: the current slot is found again by key; if it is gone, the rotation continues at
 * the same position with a fresh visit. Children are matched by child key, so a group keeps its position.
 */
export class SlotRotation<T extends MediaItem> implements ContentEnumerator<T> {
  readonly order: GroupedState["order"];
  private readonly seed: number;
  private readonly slotSeed: number;
  private readonly slots: readonly Slot[];
  private readonly children: ReadonlyMap<string, ContentEnumerator<T>>;
  private round = 0;
  private position = 0;
  private taken = 0;
  private avoid: string | undefined;
  private slotOrder: Int32Array;
  private readonly frozen: GroupedState | undefined;

  constructor(
    private readonly config: SlotRotationConfig<T>,
    saved: GroupedState | undefined,
  ) {
    this.order = config.order;
    this.seed = config.seed;
    this.slotSeed = childSeed(config.seed, "slots");
    this.slots = config.slots;
    this.children = config.children;
    const slotCount = this.slots.length;
    if (saved && slotCount === 0) this.frozen = saved;
    if (saved && slotCount > 0) {
      this.round = saved.round;
      this.avoid = saved.avoid;
      this.slotOrder = this.orderForRound();
      this.position = Math.min(saved.slot, slotCount - 1);
      this.taken = saved.taken;
      if (saved.current !== undefined && this.currentSlot()?.key !== saved.current) {
        const found = this.slotOrder.findIndex((s) => this.slots[s]?.key === saved.current);
        if (found >= 0) this.position = found;
        else this.taken = 0;
      }
    } else {
      this.slotOrder = this.orderForRound();
    }
  }

  get count(): number {
    return this.config.distinctCount;
  }

  /** Items `all` plays: per slot, the batch size, or the child's pass when playAll, or count (default 1). */
  get passLength(): number {
    let total = 0;
    for (const slot of this.slots) {
      if (this.config.batchSize !== undefined) total += this.config.batchSize;
      else if (slot.playAll) total += this.children.get(slot.childKey)?.passLength ?? 0;
      else total += slot.count ?? 1;
    }
    return total;
  }

  /** For marathon/playlist: the position of the current slot within the round. */
  get index(): number {
    return this.position;
  }

  current(): T | undefined {
    return this.currentChild()?.current();
  }

  moveNext(): void {
    const slot = this.currentSlot();
    const child = this.currentChild();
    if (!slot || !child) return;
    child.moveNext();
    this.taken++;
    const batch = this.config.batchSize;
    const done =
      batch !== undefined
        ? this.taken >= batch
        : slot.playAll
          ? child.index === 0
          : this.taken >= (slot.count ?? 1);
    if (!done) return;
    this.taken = 0;
    this.position++;
    if (this.position === this.slotOrder.length) {
      this.round++;
      this.position = 0;
      this.avoid = slot.key;
      this.slotOrder = this.orderForRound();
    }
  }

  state(): GroupedState {
    if (this.frozen) return structuredClone(this.frozen);
    const children: Record<string, EnumeratorState> = {};
    for (const [key, child] of this.children) children[key] = child.state();
    const state: GroupedState = {
      v: 1,
      order: this.order,
      seed: this.seed,
      round: this.round,
      slot: this.position,
      taken: this.taken,
      children,
    };
    const current = this.currentSlot();
    if (current) state.current = current.key;
    if (this.avoid !== undefined) state.avoid = this.avoid;
    return state;
  }

  private currentSlot(): Slot | undefined {
    const s = this.slotOrder[this.position];
    return s === undefined ? undefined : this.slots[s];
  }

  private currentChild(): ContentEnumerator<T> | undefined {
    const slot = this.currentSlot();
    return slot ? this.children.get(slot.childKey) : undefined;
  }

  private orderForRound(): Int32Array {
    const n = this.slots.length;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    if (!this.config.shuffleSlots || n < 3) return order;
    const random = passRandom(this.slotSeed, this.round);
    shuffleInPlace(order, random);
    if (this.avoid !== undefined) {
      const avoid = this.avoid;
      avoidLeadingElement(order, (s) => this.slots[s]?.key === avoid, random);
    }
    return order;
  }
}
