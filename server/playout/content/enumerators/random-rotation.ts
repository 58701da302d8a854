import { positionStream } from "../../random/streams";
import type { ContentEnumerator } from "../enumerator";
import type { RotationState } from "../state";
import { readState } from "../state-guards";
import type { MediaItem } from "../types";

/** Rotation groups: episodes by show, music videos by artist, anything else is a group of its own. */
export function rotationGroupOf(item: MediaItem): string {
  if (item.kind === "episode") return `show:${item.showId ?? "none"}`;
  if (item.kind === "musicVideo") return `artist:${item.artistId ?? item.artist ?? "none"}`;
  return `item:${item.id}`;
}

/**
 * Random rotation: each position picks a random group other than the previous one, then a random item of
 * that group (with replacement). Groups are chosen uniformly among the others (upstream took "the next
 * group" on a collision, which favoured one neighbour). Position-addressed with `positionStream`, plus the
 * previous group's key in the state, so restoring is O(1).
 * Library changes: the position is kept; if the previous group no longer exists any group may follow.
 */
export class RandomRotationEnumerator<T extends MediaItem> implements ContentEnumerator<T> {
  readonly order = "randomRotation" as const;
  private readonly groups: T[][] = [];
  private readonly groupKeys: string[] = [];
  private readonly groupIndex = new Map<string, number>();
  private readonly itemCount: number;
  private readonly seed: number;
  private position: number;
  private previousGroup: number | undefined;
  private savedPreviousGroup: string | undefined;
  private currentGroup = -1;
  private currentItem: T | undefined;

  constructor(items: readonly T[], seed: number, saved?: unknown) {
    const sorted = items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => a.item.id - b.item.id || a.index - b.index);
    for (const { item } of sorted) {
      const key = rotationGroupOf(item);
      let g = this.groupIndex.get(key);
      if (g === undefined) {
        g = this.groups.length;
        this.groupIndex.set(key, g);
        this.groupKeys.push(key);
        this.groups.push([]);
      }
      (this.groups[g] as T[]).push(item);
    }
    this.itemCount = items.length;
    const state = readState(saved, "randomRotation");
    this.seed = state ? state.seed : seed >>> 0;
    this.position = state ? state.position : 0;
    this.savedPreviousGroup = state?.previousGroup;
    this.previousGroup = state?.previousGroup === undefined ? undefined : this.groupIndex.get(state.previousGroup);
    this.pick();
  }

  get count(): number {
    return this.itemCount;
  }

  get passLength(): number {
    return this.itemCount;
  }

  get index(): number {
    return this.itemCount === 0 ? 0 : this.position % this.itemCount;
  }

  current(): T | undefined {
    return this.currentItem;
  }

  moveNext(): void {
    if (this.currentItem === undefined) return;
    this.previousGroup = this.currentGroup;
    this.savedPreviousGroup = undefined;
    this.position++;
    this.pick();
  }

  state(): RotationState {
    const state: RotationState = { v: 1, order: "randomRotation", seed: this.seed, position: this.position };
    const previous =
      this.previousGroup !== undefined ? this.groupKeys[this.previousGroup] : this.savedPreviousGroup;
    if (previous !== undefined) state.previousGroup = previous;
    return state;
  }

  private pick(): void {
    const groupCount = this.groups.length;
    if (groupCount === 0) {
      this.currentItem = undefined;
      return;
    }
    const random = positionStream(this.seed, this.position);
    let g: number;
    if (groupCount === 1) g = 0;
    else if (this.previousGroup === undefined) g = random.nextInt(groupCount);
    else {
      const r = random.nextInt(groupCount - 1);
      g = r >= this.previousGroup ? r + 1 : r;
    }
    const group = this.groups[g] as T[];
    this.currentGroup = g;
    this.currentItem = group[random.nextInt(group.length)];
  }
}
