import { FixedStartTimeBehavior } from "../../domain/enums";
import type { ZoneClock } from "../core";

const HOUR = 3_600_000;

export function timeOfDay(seconds: number) {
  return { hour: Math.floor(seconds / 3600), minute: Math.floor((seconds % 3600) / 60), second: seconds % 60 };
}

/** `hh:mm:ss` of a time of day in seconds. */
export function formatTime(seconds: number): string {
  const t = timeOfDay(seconds);
  return [t.hour, t.minute, t.second].map((n) => String(n).padStart(2, "0")).join(":");
}

/**
 * Today's fixed start at or after `cursor`; a passed one waits for tomorrow (Strict) or starts now (Flexible).
 * `waitsADay`: Strict waits more than an hour for tomorrow's start (the builder warns).
 */
export function fixedStartAt(zone: ZoneClock, cursor: number, startSeconds: number, behavior: FixedStartTimeBehavior): { at: number; waitsADay: boolean } {
  const date = zone.dateOf(cursor);
  const time = timeOfDay(startSeconds);
  const today = zone.at(date, time);
  if (today >= cursor) return { at: today, waitsADay: false };
  if (behavior === FixedStartTimeBehavior.Flexible) return { at: cursor, waitsADay: false };
  const tomorrow = zone.at(zone.addDays(date, 1), time);
  return { at: tomorrow, waitsADay: tomorrow - cursor > HOUR };
}

/**
 * Where a flood ends: the next occurrence of the following item's fixed start. A flood followed by itself
 * (`sameItem`: its own fixed start) runs until that start comes round again, not zero time.
 */
export function floodEndAt(zone: ZoneClock, cursor: number, nextStartSeconds: number, sameItem: boolean): number {
  const date = zone.dateOf(cursor);
  const time = timeOfDay(nextStartSeconds);
  const today = zone.at(date, time);
  const reached = sameItem ? today > cursor : today >= cursor;
  return reached ? today : zone.at(zone.addDays(date, 1), time);
}
