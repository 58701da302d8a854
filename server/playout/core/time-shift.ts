/**
 * Time shifts of a timeline (pure; the caller passes "now"): the checkpoint of an on-demand channel
 * when its last viewer leaves, the shift that makes the checkpoint play again at resume, and the skip
 * that ends the item on air. A shift moves every item from a point on by one amount, so items keep
 * their lengths and order; the caller applies it (one UPDATE in one transaction).
 */

/** The fields a shift reads of a timeline item (epoch ms, sorted by start, not overlapping). */
export interface ShiftableItem {
  id: number;
  start: number;
  finish: number;
  inPointMs: number;
  outPointMs: number;
  guideStart: number | null;
  guideFinish: number | null;
}

/** Where an on-demand timeline stood when its last viewer left. */
export interface Checkpoint {
  /** Wall time the viewer left (the timeline time of the checkpoint when it was taken). */
  pausedAt: number;
  /** The item on air then, or null in a gap (the timeline resumes at `pausedAt`'s place in the gap). */
  itemId: number | null;
  /** ms into that item (from its start on the timeline, not its in-point). */
  offsetMs: number;
}

/** Move every item starting at or after `fromStart` by `deltaMs`; optionally end one item early first. */
export interface ShiftPlan {
  fromStart: number;
  deltaMs: number;
  /** The item cut short by a skip: its new finish and out-point. */
  truncate?: { id: number; finish: number; outPointMs: number };
}

/** The checkpoint of `items` at wall time `at` (the item on air and the offset into it). */
export function takeCheckpoint(items: readonly ShiftableItem[], at: number): Checkpoint {
  const playing = items.find((item) => item.start <= at && at < item.finish);
  return playing ? { pausedAt: at, itemId: playing.id, offsetMs: at - playing.start } : { pausedAt: at, itemId: null, offsetMs: 0 };
}

/** The timeline time the checkpoint stands at now: the item's start plus the offset, or where it was taken. */
export function checkpointTime(items: readonly ShiftableItem[], checkpoint: Checkpoint): number {
  const item = checkpoint.itemId === null ? undefined : items.find((i) => i.id === checkpoint.itemId);
  return item ? item.start + checkpoint.offsetMs : checkpoint.pausedAt;
}

/** How much later a paused timeline shows at `now`: the standstill so far (never negative). */
export function standstillMs(items: readonly ShiftableItem[], checkpoint: Checkpoint, now: number): number {
  return Math.max(0, now - checkpointTime(items, checkpoint));
}

/**
 * The shift that resumes a paused timeline at `now`: the checkpoint's item and everything after it
 * move by the standstill, so the checkpoint plays at `now`. Undefined when nothing needs to move.
 */
export function resumePlan(items: readonly ShiftableItem[], checkpoint: Checkpoint, now: number): ShiftPlan | undefined {
  const at = checkpointTime(items, checkpoint);
  const deltaMs = now - at;
  if (deltaMs <= 0) return undefined;
  const first = items.find((item) => item.finish > at);
  if (!first) return undefined;
  return { fromStart: first.start, deltaMs };
}

export type SkipResult = { ok: true; plan: ShiftPlan; skippedMs: number; nextItemId: number } | { ok: false; reason: string };

/**
 * Skipping what is on air at `at`: the item playing ends at `at` (or the gap closes) and every later item
 * moves earlier by the time skipped, so the next item starts at `at`.
 */
export function skipPlan(items: readonly ShiftableItem[], at: number): SkipResult {
  const index = items.findIndex((item) => item.finish > at);
  if (index < 0) return { ok: false, reason: "nothing is scheduled after now: the playout has no next item to skip to" };
  const current = items[index]!;
  if (current.start > at) {
    // A gap is on air: the next item comes forward to now.
    return { ok: true, plan: { fromStart: current.start, deltaMs: at - current.start }, skippedMs: current.start - at, nextItemId: current.id };
  }
  const next = items[index + 1];
  if (!next) return { ok: false, reason: "the item on air is the last one scheduled: there is no next item to skip to" };
  const skippedMs = next.start - at;
  const playedMs = at - current.start;
  return {
    ok: true,
    plan: { fromStart: next.start, deltaMs: -skippedMs, truncate: { id: current.id, finish: at, outPointMs: current.inPointMs + playedMs } },
    skippedMs,
    nextItemId: next.id,
  };
}

/** `items` with `plan` applied (the repository does the same in SQL). */
export function applyShift<T extends ShiftableItem>(items: readonly T[], plan: ShiftPlan): T[] {
  const move = (t: number | null) => (t === null ? null : t + plan.deltaMs);
  return items.map((item) => {
    if (plan.truncate?.id === item.id) {
      const guideFinish = item.guideFinish === null ? null : Math.min(item.guideFinish, plan.truncate.finish);
      return { ...item, finish: plan.truncate.finish, outPointMs: plan.truncate.outPointMs, guideFinish };
    }
    if (item.start < plan.fromStart) return item;
    return { ...item, start: item.start + plan.deltaMs, finish: item.finish + plan.deltaMs, guideStart: move(item.guideStart), guideFinish: move(item.guideFinish) };
  });
}

/** True when a timeline ending at `lastFinish` no longer reaches `horizonMs` past `now` (a Continue build is due). */
export function needsContinueBuild(lastFinish: number | null, now: number, horizonMs: number): boolean {
  return lastFinish === null || lastFinish < now + horizonMs;
}
