/**
 * "What is on now" for a channel: a binary search (O(log n)) over its playout items, sorted by start
 * and not overlapping. Item times are epoch milliseconds on the schedule's own timeline; a mirror
 * channel that replays its source `offsetMs` later looks up `t − offsetMs` and reports times shifted
 * back onto its own wall clock.
 */

/** The fields the lookup reads; everything else on an item is passed through untouched. */
export interface TimedPlayoutItem {
  start: number;
  finish: number;
  /** Where in the media the item begins (ms); 0 when absent. */
  inPoint?: number;
}

export interface NowPlayingOptions {
  /** Mirror channels: how much later (ms) this channel shows its source's schedule; may be negative. */
  offsetMs?: number;
  /** How many following items to return in `next` (default 1). */
  lookahead?: number;
}

export interface PlayingNow<T> {
  kind: "playing";
  item: T;
  /** Index of `item` in the input array. */
  index: number;
  /** Seek into the media: `t − start + inPoint` (ms). */
  seekMs: number;
  /** Play this much more: `finish − t` (ms). */
  remainingMs: number;
  /** The item's start and finish on the channel's wall clock (shifted by the offset). */
  wallStart: number;
  wallFinish: number;
  next: T[];
}

export interface GapNow<T> {
  kind: "gap";
  /** When the gap began on the wall clock (previous item's finish), or undefined before the first item. */
  gapStart?: number;
  /** When the next item starts on the wall clock, or undefined when nothing more is scheduled. */
  gapEnd?: number;
  /** `gapEnd − t`, or undefined when nothing more is scheduled. */
  remainingMs?: number;
  next: T[];
}

export type NowPlaying<T> = PlayingNow<T> | GapNow<T>;

export function findNowPlaying<T extends TimedPlayoutItem>(
  items: readonly T[],
  t: number,
  options: NowPlayingOptions = {},
): NowPlaying<T> {
  const offset = options.offsetMs ?? 0;
  const lookahead = Math.max(0, options.lookahead ?? 1);
  const at = t - offset;
  const index = lastStartingAtOrBefore(items, at);
  const candidate = index >= 0 ? items[index] : undefined;

  if (candidate !== undefined && at < candidate.finish) {
    return {
      kind: "playing",
      item: candidate,
      index,
      seekMs: at - candidate.start + (candidate.inPoint ?? 0),
      remainingMs: candidate.finish - at,
      wallStart: candidate.start + offset,
      wallFinish: candidate.finish + offset,
      next: items.slice(index + 1, index + 1 + lookahead),
    };
  }

  const following = items[index + 1];
  return {
    kind: "gap",
    gapStart: candidate !== undefined ? candidate.finish + offset : undefined,
    gapEnd: following !== undefined ? following.start + offset : undefined,
    remainingMs: following !== undefined ? following.start - at : undefined,
    next: items.slice(index + 1, index + 1 + lookahead),
  };
}

/** Index of the last item whose start ≤ t, or −1. */
export function lastStartingAtOrBefore(items: readonly TimedPlayoutItem[], t: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if ((items[mid] as TimedPlayoutItem).start <= t) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
