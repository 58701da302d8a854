/**
 * The segment list of a shared session, as plain functions over it: which segment is on air, which
 * aired long ago, and a skip's cut. A cut drops the segments that end after the skip (their numbers are
 * reused, so players' sequence numbers stay right) and the session continues from the end of what it
 * keeps, after a discontinuity; a player that already fetched segments past the skip plays those first.
 */
import type { SessionSegment } from "./playlist";
import type { RunRecord } from "./session-details";

/** The number of the segment on air at wall time `at`; `writing` is the number being written (past the last). */
export function segmentNumberAt(segments: readonly SessionSegment[], at: number, writing: number): number {
  const first = segments[0];
  if (!first || at < first.wallStart) return first?.number ?? writing;
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i]!;
    if (s.wallStart <= at) return at < s.wallStart + s.durationMs ? s.number : i === segments.length - 1 ? writing : s.number;
  }
  return first.number;
}

/** Removes (and returns) the segments that ended more than `retainMs` before `now`, keeping at least one. */
export function takeAired(segments: SessionSegment[], now: number, retainMs: number): SessionSegment[] {
  let count = 0;
  while (count < segments.length - 1 && segments[count]!.wallStart + segments[count]!.durationMs < now - retainMs) count++;
  return segments.splice(0, count);
}

export interface SegmentCut {
  dropped: SessionSegment[];
  /** The number the next segment takes (the first dropped one's). */
  nextNumber: number;
  /** Where the session continues on the wall clock: the end of what it keeps. */
  wallCursor: number;
  /** How much media the dropped segments held: timestamps go back by this much. */
  droppedMs: number;
}

/**
 * Cuts `segments` at wall time `at` (a skip); undefined when nothing was made past it. Run records end at the cut.
 * `shortened`: the segment covering `at` was cut short to end there (its file holds only what plays before `at`),
 * so it is kept, ending at `at`, instead of dropped.
 */
export function cutSegments(segments: SessionSegment[], runs: RunRecord[], at: number, startedAt: number, shortened?: number): SegmentCut | undefined {
  const keep = segments.findIndex((s) => s.wallStart + s.durationMs > at);
  if (keep < 0) return undefined;
  const covering = segments[keep]!;
  let droppedMs = 0;
  let from = keep;
  if (covering.number === shortened && covering.wallStart < at) {
    droppedMs += covering.wallStart + covering.durationMs - at;
    covering.durationMs = at - covering.wallStart;
    from += 1;
  }
  const dropped = segments.splice(from);
  const last = segments.at(-1);
  const wallCursor = last ? last.wallStart + last.durationMs : Math.max(at, startedAt);
  for (const record of runs) {
    if (record.wallStart + record.durationMs > wallCursor) record.durationMs = Math.max(0, wallCursor - record.wallStart);
  }
  droppedMs += dropped.reduce((sum, s) => sum + s.durationMs, 0);
  return { dropped, nextNumber: dropped[0]?.number ?? covering.number + 1, wallCursor, droppedMs };
}
