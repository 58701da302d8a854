import { childSeed } from "../../random/streams";
import type { ContentEnumerator } from "../enumerator";
import { readState } from "../state-guards";
import type { MediaItem } from "../types";
import { createSimpleEnumerator, playableItems, type SimpleOrder, type SimpleOrderOptions } from "./simple";
import { SlotRotation, type Slot } from "./slot-rotation";

export interface PlaylistEntry<T extends MediaItem> {
  /** Identity of the entry's source (collection, show, season…). Entries with the same source share one
   *  enumerator; the first such entry's order and options are used. */
  sourceKey: string;
  items: readonly T[];
  order: SimpleOrder;
  options?: SimpleOrderOptions<T>;
  /** Stay on this entry until its enumerator wraps around. */
  playAll?: boolean;
  /** Otherwise: items per visit (default 1). */
  count?: number;
}

export interface PlaylistOptions {
  /** Visit entries in a new random order each round (3+ entries). YAML playlists: false. */
  shuffleEntries?: boolean;
}

/**
 * Playlist (reference §5.7): entries visited in playlist order; move on after `count` items, when the
 * entry's enumerator wraps (play all), or after one item. Entries with no items are skipped.
 * Slot keys are "<position>:<sourceKey>", so an edited playlist finds its place again when it can.
 */
export function playlistEnumerator<T extends MediaItem>(
  entries: ReadonlyArray<PlaylistEntry<T>>,
  seed: number,
  saved: unknown,
  options: PlaylistOptions = {},
): ContentEnumerator<T> {
  const state = readState(saved, "playlist");
  const baseSeed = state ? state.seed : seed >>> 0;
  const slots: Slot[] = [];
  const children = new Map<string, ContentEnumerator<T>>();
  const distinct = new Set<number>();
  entries.forEach((entry, position) => {
    let child = children.get(entry.sourceKey);
    if (!child) {
      child = createSimpleEnumerator(
        entry.order,
        entry.items,
        childSeed(baseSeed, entry.sourceKey),
        state?.children[entry.sourceKey],
        entry.options,
      );
      if (child.count === 0) return;
      children.set(entry.sourceKey, child);
    }
    const slot: Slot = { key: `${position}:${entry.sourceKey}`, childKey: entry.sourceKey, playAll: entry.playAll === true };
    if (entry.count !== undefined) slot.count = entry.count;
    slots.push(slot);
    for (const item of playableItems(entry.order, entry.items, entry.options)) distinct.add(item.id);
  });
  return new SlotRotation(
    {
      order: "playlist",
      seed: baseSeed,
      slots,
      children,
      shuffleSlots: options.shuffleEntries === true,
      distinctCount: distinct.size,
    },
    state,
  );
}
