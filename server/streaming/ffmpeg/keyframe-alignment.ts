/**
 * Where a piece whose video is copied starts and ends. A stream copy can only start on a keyframe, so the
 * piece starts at the keyframe at or before the wanted offset (`earlyMs` before it) — or exactly where the
 * previous chunk of the same file ended, which was a keyframe. A chunk of a longer item ends on the last
 * keyframe inside its span, so the next chunk continues without a gap or a repeat. The schedule is kept
 * exactly: a piece lasts its wall-clock span, so an item that started `earlyMs` early loses its last
 * `earlyMs` (at most one GOP of its end).
 */

/** Where the previous copied chunk of a file ended (a keyframe). */
export interface CopyResume {
  path: string;
  endMs: number;
}

export interface KeyframeSpan {
  /** Keyframe the piece starts on (ms into the file). */
  seekMs: number;
  durationMs: number;
  /** How much earlier than the planned offset the piece starts. */
  earlyMs: number;
}

/** Looked-for keyframe intervals (ms) for a piece from `seekMs` lasting `durationMs` of an item with `limitMs` left. */
export function keyframeIntervals(seekMs: number, durationMs: number, limitMs: number, lookbackMs: number): Array<[number, number]> {
  const intervals: Array<[number, number]> = [];
  if (seekMs > 0) intervals.push([seekMs - lookbackMs, seekMs + 1]);
  if (durationMs < limitMs) {
    const end = seekMs + durationMs;
    const last = intervals.at(-1);
    if (last && end - lookbackMs <= last[1]) last[1] = end + 1;
    else intervals.push([end - lookbackMs, end + 1]);
  }
  return intervals;
}

/**
 * The aligned span, or undefined when no keyframe starts it within `lookbackMs` (the piece is then
 * transcoded). `keyframes` ascending, ms from the file's start.
 */
export function alignToKeyframes(
  keyframes: readonly number[],
  piece: { path: string; seekMs: number; durationMs: number; limitMs: number; lookbackMs: number },
  resume?: CopyResume,
): KeyframeSpan | undefined {
  const { seekMs, durationMs, limitMs, lookbackMs } = piece;
  let start: number | undefined;
  if (seekMs <= 0) start = 0;
  else if (resume && resume.path === piece.path && resume.endMs <= seekMs && seekMs - resume.endMs <= lookbackMs) start = resume.endMs;
  else start = lastAtOrBefore(keyframes, seekMs);
  if (start === undefined || seekMs - start > lookbackMs) return undefined;
  const earlyMs = seekMs - start;
  if (durationMs >= limitMs) return { seekMs: start, durationMs: limitMs, earlyMs };
  const end = lastAtOrBefore(keyframes, start + durationMs);
  return { seekMs: start, durationMs: end !== undefined && end > start ? end - start : durationMs, earlyMs };
}

function lastAtOrBefore(sorted: readonly number[], ms: number): number | undefined {
  let found: number | undefined;
  for (const k of sorted) {
    if (k > ms) break;
    found = k;
  }
  return found;
}
