import { PlaybackOrder } from "../../domain/enums";
import type { OrderedGroup } from "./enumerators/shuffle-in-order";
import type { SimpleOrder, SimpleOrderOptions } from "./enumerators/simple";
import { compareChronological } from "./sort-keys";
import type { MediaItem } from "./types";

/** The enumeration order of a stored playback order. Marathon is not a flat order: callers handle it first. */
export const SIMPLE_ORDER: Record<PlaybackOrder, SimpleOrder> = {
  [PlaybackOrder.Chronological]: "chronological",
  [PlaybackOrder.SeasonEpisode]: "seasonEpisode",
  [PlaybackOrder.Random]: "random",
  [PlaybackOrder.Shuffle]: "shuffle",
  [PlaybackOrder.ShuffleInOrder]: "shuffleInOrder",
  [PlaybackOrder.MultiEpisodeShuffle]: "multiEpisodeShuffle",
  [PlaybackOrder.RandomRotation]: "randomRotation",
  [PlaybackOrder.Marathon]: "shuffle",
};

/**
 * How a multi collection's members shape an order: shuffle-in-order interleaves the members as groups;
 * shuffle keeps "schedule as group" members back to back (their own order, else chronological).
 */
export function multiCollectionOptions(order: SimpleOrder, groups: ReadonlyArray<OrderedGroup<MediaItem>>): SimpleOrderOptions<MediaItem> {
  const options: SimpleOrderOptions<MediaItem> = {};
  if (order === "shuffleInOrder") options.orderedGroups = groups;
  if (order === "shuffle") {
    const together = groups.filter((g) => g.scheduleAsGroup && g.items.length > 1).map((g) => (g.customOrder ? [...g.items] : [...g.items].sort(compareChronological)));
    if (together.length) options.keepTogether = together;
  }
  return options;
}
