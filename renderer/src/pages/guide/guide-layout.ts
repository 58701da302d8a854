
import { currentLocale } from "../../i18n/i18n";/** Geometry of the guide grid: a window of time laid out left to right at a fixed scale. */

export const SLOT_MINUTES = 30;
export const PX_PER_MINUTE = 6;
export const WINDOW_HOURS = 6;
const SLOT_MS = SLOT_MINUTES * 60_000;

/** The window start: the half hour before `now`'s half hour, so the recent past stays visible. */
export function windowStart(now: number): number {
  return Math.floor(now / SLOT_MS) * SLOT_MS - SLOT_MS;
}

export function slotsOf(from: number, hours = WINDOW_HOURS): number[] {
  return Array.from({ length: (hours * 60) / SLOT_MINUTES }, (_, i) => from + i * SLOT_MS);
}

export function xOf(time: number, from: number): number {
  return ((time - from) / 60_000) * PX_PER_MINUTE;
}

/** Left and width of a programme clipped to the window. */
export function boxOf(start: number, stop: number, from: number, to: number): { left: number; width: number } {
  const left = xOf(Math.max(start, from), from);
  const right = xOf(Math.min(stop, to), from);
  return { left, width: Math.max(0, right - left) };
}

export const clock = (ms: number) => new Date(ms).toLocaleTimeString(currentLocale(), { hour: "2-digit", minute: "2-digit" });
