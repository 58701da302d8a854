import type { MediaItem, MediaItemId, MediaKind } from "./types";

/**
 * Saved positions of the enumerators. Every state is small, plain JSON, and restoring it continues exactly
 * where the enumerator stopped when the library did not change. What happens when it did change is
 * documented per order (see README.md in this folder).
 *
 * States are tagged with `order`; a state whose order differs from the requested one is ignored (the
 * content starts fresh), like upstream, where the order is part of the history key.
 */
export type EnumeratorState = SortedState | ShuffleState | RandomState | RotationState | GroupedState;

export const STATE_VERSION = 1;

/** Identity and sort fields of one item, enough to find it again, or where it used to be. */
export interface ItemAnchor {
  id: MediaItemId;
  kind: MediaKind;
  showId?: number;
  releaseDate?: string;
  seasonNumber?: number;
  episodeNumber?: number;
  album?: string;
  track?: number;
}

/** chronological, seasonEpisode */
export interface SortedState {
  v: 1;
  order: "chronological" | "seasonEpisode";
  /** Position of the current (next to play) item in the sorted list. */
  index: number;
  /** The item played before the current one; used to re-locate after library changes. */
  last?: ItemAnchor;
}

/** shuffle, shuffleInOrder, multiEpisodeShuffle: one arrangement per pass. */
export interface ShuffleState {
  v: 1;
  order: "shuffle" | "shuffleInOrder" | "multiEpisodeShuffle";
  seed: number;
  pass: number;
  /** Position of the current item within the pass. */
  index: number;
  /** Id the pass's first item was kept from repeating (the last item of the previous pass). */
  avoid?: MediaItemId;
  /** Id of the item played before the current one. */
  last?: MediaItemId;
  /** Hash of the library the arrangement was made from; a different library starts a new pass. */
  signature: number;
  /** shuffleInOrder only: pass 0 was arranged with a random start point. */
  randomStart?: boolean;
}

/** random (with replacement): every position is addressed directly. */
export interface RandomState {
  v: 1;
  order: "random";
  seed: number;
  position: number;
}

/** randomRotation */
export interface RotationState {
  v: 1;
  order: "randomRotation";
  seed: number;
  position: number;
  /** Group of the item played before the current one (the current item comes from another group). */
  previousGroup?: string;
}

/** marathon, playlist: a rotation through slots (groups / playlist entries), each with its own enumerator. */
export interface GroupedState {
  v: 1;
  order: "marathon" | "playlist";
  seed: number;
  /** One round visits every slot once; with shuffled slots each round has its own order. */
  round: number;
  /** Position in this round's slot order. */
  slot: number;
  /** Items already taken from the current slot. */
  taken: number;
  /** Key of the current slot, to find it again when slots were added or removed. */
  current?: string;
  /** Slot key this round's order was kept from starting with (the last slot of the previous round). */
  avoid?: string;
  /** State of each child enumerator, by child key (group key, or playlist source key). */
  children: Record<string, EnumeratorState>;
}

export function anchorOf(item: MediaItem): ItemAnchor {
  const anchor: ItemAnchor = { id: item.id, kind: item.kind };
  if (item.releaseDate !== undefined) anchor.releaseDate = item.releaseDate;
  if (item.kind === "episode") {
    if (item.showId !== undefined) anchor.showId = item.showId;
    if (item.seasonNumber !== undefined) anchor.seasonNumber = item.seasonNumber;
    if (item.episodeNumber !== undefined) anchor.episodeNumber = item.episodeNumber;
  }
  if (item.kind === "song" && item.album !== undefined) anchor.album = item.album;
  if ((item.kind === "song" || item.kind === "musicVideo") && item.track !== undefined) anchor.track = item.track;
  return anchor;
}
