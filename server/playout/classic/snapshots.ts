import { hashString32 } from "../random";
import type { ClassicSchedule, ClassicSnapshot } from "./types";

const DAY = 86_400_000;

export function freshSnapshot(cursor: number): ClassicSnapshot {
  return {
    cursor,
    pass: 0,
    index: 0,
    multipleRemaining: null,
    durationFinish: null,
    durationDiscards: 0,
    durationSkips: 0,
    inFlood: false,
    floodLimit: null,
    nextGuideGroup: 1,
    lastGuideGroup: 0,
    customTitleItem: null,
    draws: 0,
    enumerators: {},
  };
}

export function cloneSnapshot(snapshot: ClassicSnapshot): ClassicSnapshot {
  return structuredClone(snapshot);
}

/** The checkpoint a Refresh rebuilds from: the latest at or before `start`, if not older than two days. */
export function pickBase(checkpoints: readonly ClassicSnapshot[], start: number): ClassicSnapshot | undefined {
  let best: ClassicSnapshot | undefined;
  for (const c of checkpoints) if (c.cursor <= start && (!best || c.cursor >= best.cursor)) best = c;
  return best && best.cursor >= start - 2 * DAY ? best : undefined;
}

/** Keeps the checkpoints a later Refresh may need: the latest one at or before `start`, and every later one. */
export function pruneCheckpoints(checkpoints: readonly ClassicSnapshot[], start: number): ClassicSnapshot[] {
  const base = pickBase(checkpoints, start);
  return checkpoints.filter((c) => c === base || c.cursor > start);
}

/** Identity of a schedule's rules: a Continue over a different schedule cannot continue its saved position. */
export function scheduleFingerprint(schedule: ClassicSchedule): string {
  return hashString32(JSON.stringify(schedule)).toString(16);
}
