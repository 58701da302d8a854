import type { TimeOfDay } from "../definition/model";
import type { ZoneClock } from "../core/zone-clock";

const MINUTE = 60_000;

/**
 * `pad_to_next: N` (§2.4): the next multiple of N minutes counted from the top of the LOCAL hour,
 * seconds truncated; a cursor exactly on a boundary pads a full interval. With N not dividing 60
 * the boundaries restart every hour (N=45 at 10:50 → 11:30), as upstream.
 */
export function padToNextTarget(clock: ZoneClock, cursor: number, minutes: number): number {
  const pastHour = clock.msPastHour(cursor);
  const hourStart = cursor - pastHour;
  const minute = Math.floor(pastHour / MINUTE);
  let target = hourStart + Math.ceil(minute / minutes) * minutes * MINUTE;
  if (target <= cursor) target += minutes * MINUTE;
  return target;
}

/**
 * The instant a `wait_until`/`pad_until` time refers to (§2.2): today (the cursor's local date) at
 * `time` when the cursor is at or before it; otherwise tomorrow at `time` when `tomorrow()` says so,
 * else null ("already past"). Instants come from `ZoneClock.at` (real DST rules). The comparison is
 * between instants, so the repeated hour of a fall-back day never sends the cursor backwards.
 */
export function timeOfDayTarget(clock: ZoneClock, cursor: number, time: TimeOfDay, tomorrow: () => boolean): number | null {
  const date = clock.dateOf(cursor);
  const today = clock.at(date, time);
  if (cursor <= today) return today;
  if (!tomorrow()) return null;
  return clock.at(clock.addDays(date, 1), time);
}
