import { childSeed } from "../../random/streams";
import type { ContentEnumerator } from "../enumerator";
import { readState } from "../state-guards";
import type { MediaItem } from "../types";
import { groupForMarathon, type MarathonGroupBy } from "./marathon-groups";
import { createSimpleEnumerator, playableItems } from "./simple";
import { SlotRotation, type Slot } from "./slot-rotation";

export type MarathonItemOrder = "chronological" | "seasonEpisode" | "shuffle";

export interface MarathonOptions {
  groupBy: MarathonGroupBy;
  /** Order inside each group. */
  itemOrder: MarathonItemOrder;
  /** true: play a whole group before the next; false (YAML default): one item per group, round-robin. */
  playAllItems?: boolean;
  /** Visit groups in a new random order each round (3+ groups). */
  shuffleGroups?: boolean;
  /** Classic "marathonBatchSize": take this many items from a group, then move on (overrides playAllItems). */
  batchSize?: number;
}

/**
 * Classic schedules pick the item order from "shuffle items": shuffle, else season-episode for show/season
 * groups and chronological for the others. Classic marathons play whole groups unless a batch size is set.
 */
export function classicMarathonItemOrder(groupBy: MarathonGroupBy, shuffleItems: boolean): MarathonItemOrder {
  if (shuffleItems) return "shuffle";
  return groupBy === "show" || groupBy === "season" ? "seasonEpisode" : "chronological";
}

/**
 * Marathon (reference §5.6): items grouped by show/season/artist/album/director, groups in order of first
 * appearance, each group its own enumerator. Each group gets its own derived seed (upstream gave every
 * group the same seed, so equal-sized groups shuffled alike). Items are not de-duplicated.
 * A group left empty by its order (season-episode drops specials) is skipped.
 */
export function marathonEnumerator<T extends MediaItem>(
  items: readonly T[],
  seed: number,
  saved: unknown,
  options: MarathonOptions,
): ContentEnumerator<T> {
  const state = readState(saved, "marathon");
  const baseSeed = state ? state.seed : seed >>> 0;
  const slots: Slot[] = [];
  const children = new Map<string, ContentEnumerator<T>>();
  const distinct = new Set<number>();
  for (const [key, members] of groupForMarathon(items, options.groupBy)) {
    const child = createSimpleEnumerator(options.itemOrder, members, childSeed(baseSeed, key), state?.children[key]);
    if (child.count === 0) continue;
    children.set(key, child);
    slots.push({ key, childKey: key, playAll: options.playAllItems === true });
    for (const item of playableItems(options.itemOrder, members)) distinct.add(item.id);
  }
  const batchSize = options.batchSize !== undefined && options.batchSize > 0 ? Math.floor(options.batchSize) : undefined;
  return new SlotRotation(
    {
      order: "marathon",
      seed: baseSeed,
      slots,
      children,
      shuffleSlots: options.shuffleGroups === true,
      ...(batchSize !== undefined ? { batchSize } : {}),
      distinctCount: distinct.size,
    },
    state,
  );
}
