import { avoidLeadingElement, shuffleInPlace } from "../../random/shuffle";
import { passRandom } from "../../random/streams";
import { LibrarySignature } from "../library-signature";
import { sortItems } from "../sort-keys";
import type { MediaItem, MediaItemId } from "../types";
import { PassEnumerator, type PassArranger } from "./pass-enumerator";

/** A group of shuffle-in-order: its items keep their order, groups are interleaved. */
export interface OrderedGroup<T extends MediaItem> {
  key: string;
  items: readonly T[];
  /** Keep `items` in the given order instead of sorting them chronologically (custom collection order). */
  customOrder?: boolean;
  /** false: the items are not a group; they are pooled with other such items and shuffled each pass. */
  scheduleAsGroup?: boolean;
}

export interface ShuffleInOrderOptions<T extends MediaItem> {
  /** Explicit groups (multi-collection members). Default: `defaultOrderedGroups(items)`. */
  groups?: ReadonlyArray<OrderedGroup<T>>;
  /** With no saved position, each group starts the first pass at a random item (wrapping around). */
  randomStartPoint?: boolean;
}

/**
 * Default grouping (api-and-streaming §5.1: "groups by show/artist"): episodes by show, music videos by
 * artist, songs by album artist, then one group each for movies, other videos and any other kind.
 */
export function defaultOrderedGroups<T extends MediaItem>(items: readonly T[]): OrderedGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupKeyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, members]) => ({ key, items: members }));
}

function groupKeyOf(item: MediaItem): string {
  switch (item.kind) {
    case "episode":
      return `show:${item.showId ?? "none"}`;
    case "musicVideo":
      return `artist:${item.artistId ?? item.artist ?? "none"}`;
    case "song":
      return `songArtist:${item.albumArtist ?? item.artist ?? ""}`;
    default:
      return `kind:${item.kind}`;
  }
}

const POOLED_KEY = "\u0000pooled";

/**
 * Arrangement of one pass ("balanced shuffle"): with L = the largest group's size, every group of k items
 * is spread over L slots at evenly spaced positions floor((j·L + φ) / k), j = 0..k−1, with a random phase
 * φ in [0, L). A group never has two items in one slot, so its order is kept. The items that share a slot
 * are shuffled, and the slots are played in order. Each pass uses `passRandom(seed, pass)`.
 * Wrap rule: if the pass would start with the item that just played, the first slot's items are
 * reordered (only the first slot, so every group's order is still kept).
 */
class BalancedArranger<T extends MediaItem> implements PassArranger<T> {
  readonly items: T[] = [];
  readonly signature: number;
  /** Group g is items[starts[g] .. starts[g+1]). */
  private readonly starts: number[] = [];
  private readonly pooledGroup: number;
  private readonly longest: number;

  constructor(groups: ReadonlyArray<OrderedGroup<T>>) {
    const ordered: { key: string; items: T[] }[] = [];
    const pooled: T[] = [];
    for (const group of groups) {
      if (group.scheduleAsGroup === false) pooled.push(...group.items);
      else if (group.items.length > 0) {
        ordered.push({ key: group.key, items: group.customOrder ? [...group.items] : sortItems(group.items, "chronological").items });
      }
    }
    if (pooled.length > 0) ordered.push({ key: POOLED_KEY, items: sortItems(pooled, "chronological").items });
    ordered.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

    const signature = new LibrarySignature();
    this.pooledGroup = ordered.findIndex((group) => group.key === POOLED_KEY);
    ordered.forEach((group) => {
      this.starts.push(this.items.length);
      signature.add(group.items.length);
      for (const item of group.items) {
        this.items.push(item);
        signature.add(item.id);
      }
    });
    this.starts.push(this.items.length);
    this.signature = signature.value();
    this.longest = ordered.reduce((max, group) => Math.max(max, group.items.length), 0);
  }

  arrange(seed: number, pass: number, avoid: MediaItemId | undefined, randomStart: boolean): Int32Array {
    const random = passRandom(seed, pass);
    const n = this.items.length;
    const slots = this.longest;
    const slotOf = new Int32Array(n);
    const members = new Int32Array(n);
    const slotCounts = new Int32Array(slots + 1);

    for (let g = 0; g + 1 < this.starts.length; g++) {
      const start = this.starts[g] as number;
      const k = (this.starts[g + 1] as number) - start;
      const group = members.subarray(start, start + k);
      for (let j = 0; j < k; j++) group[j] = start + j;
      if (g === this.pooledGroup) shuffleInPlace(group, random);
      const phase = random.nextInt(slots);
      const rotation = randomStart ? random.nextInt(k) : 0;
      const rotated = rotation === 0 ? group : rotate(group, rotation);
      for (let j = 0; j < k; j++) {
        const slot = Math.floor((j * slots + phase) / k);
        slotOf[start + j] = slot;
        members[start + j] = rotated[j] as number;
        slotCounts[slot + 1]++;
      }
    }

    for (let s = 0; s < slots; s++) slotCounts[s + 1] += slotCounts[s] as number;
    const arrangement = new Int32Array(n);
    const fill = slotCounts.slice(0, slots);
    for (let i = 0; i < n; i++) arrangement[fill[slotOf[i] as number]++] = members[i] as number;

    for (let s = 0; s < slots; s++) {
      const batch = arrangement.subarray(slotCounts[s] as number, slotCounts[s + 1] as number);
      shuffleInPlace(batch, random);
      if (s === 0 && avoid !== undefined) avoidLeadingElement(batch, (i) => this.items[i]?.id === avoid, random);
    }
    return arrangement;
  }
}

function rotate(values: Int32Array, by: number): Int32Array {
  const out = new Int32Array(values.length);
  for (let j = 0; j < values.length; j++) out[j] = values[(j + by) % values.length] as number;
  return out;
}

/**
 * Shuffle in order: groups (shows, artists…) each play in chronological order, interleaved at random, every
 * item once per pass.
 */
export function shuffleInOrderEnumerator<T extends MediaItem>(
  items: readonly T[],
  seed: number,
  saved?: unknown,
  options: ShuffleInOrderOptions<T> = {},
): PassEnumerator<T> {
  const groups = options.groups ?? defaultOrderedGroups(items);
  return new PassEnumerator("shuffleInOrder", new BalancedArranger(groups), seed, saved, options.randomStartPoint);
}
