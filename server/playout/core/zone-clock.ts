import { IANAZone } from "luxon";
import type { TimeOfDay } from "../definition/model";
import { BuildError } from "./build-error";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * Zone offsets by UTC hour (luxon asks Intl for each instant, which dominated builds). An hour whose first
 * and last millisecond have the same offset holds no change (zones never change twice within an hour).
 */
const MAX_CACHED_HOURS = 200_000;
const offsetCache = new Map<string, Map<number, number>>();

/** A calendar date in the zone. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/**
 * Wall-clock arithmetic in one IANA zone, with real DST rules (offsets from luxon's IANAZone).
 *
 * Rule for turning "date D at time T" into an instant (`at`): the FIRST instant of local date D at
 * which the wall clock reads T or later. Consequences:
 * - ambiguous times (autumn fall-back, T happens twice) resolve to the first occurrence;
 * - skipped times (spring forward, T never happens) resolve to the moment of the jump, e.g.
 *   02:30 on 2026-03-08 in America/New_York is 03:00 EDT (= 07:00Z), the first moment after 02:30.
 */
export class ZoneClock {
  private readonly zone: IANAZone;

  constructor(readonly name: string) {
    const zone = IANAZone.create(name);
    if (!zone.isValid) throw new BuildError("invalid-input", `unknown time zone "${name}"`);
    this.zone = zone;
  }

  offsetMs(instant: number): number {
    if (!Number.isFinite(instant)) return this.zone.offset(instant) * MINUTE;
    const bucket = Math.floor(instant / HOUR);
    let cache = offsetCache.get(this.name);
    if (!cache) offsetCache.set(this.name, (cache = new Map()));
    let offset = cache.get(bucket);
    if (offset === undefined) {
      if (cache.size > MAX_CACHED_HOURS) cache.clear();
      const first = this.zone.offset(bucket * HOUR);
      // An hour holding a change is marked NaN and always asked directly.
      offset = first === this.zone.offset(bucket * HOUR + HOUR - 1) ? first * MINUTE : Number.NaN;
      cache.set(bucket, offset);
    }
    return Number.isNaN(offset) ? this.zone.offset(instant) * MINUTE : offset;
  }

  /** The instant shifted by its zone offset, read with UTC getters. */
  private wall(instant: number): number {
    return instant + this.offsetMs(instant);
  }

  dateOf(instant: number): LocalDate {
    const d = new Date(this.wall(instant));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }

  /** Local time of day in decimal hours (10:30 → 10.5): the `now` of `pad_until.tomorrow`. */
  decimalHours(instant: number): number {
    const ms = mod(this.wall(instant), DAY);
    return ms / HOUR;
  }

  /** Minutes and smaller units of the local time, in ms past the local hour. */
  msPastHour(instant: number): number {
    return mod(this.wall(instant), HOUR);
  }

  /** Number `yyyymmdd` of the local date (seeds per local day). */
  dayNumber(instant: number): number {
    const { year, month, day } = this.dateOf(instant);
    return year * 10_000 + month * 100 + day;
  }

  addDays(date: LocalDate, days: number): LocalDate {
    const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }

  /** First instant of `date` whose wall clock reads `time` or later (see the class comment). */
  at(date: LocalDate, time: TimeOfDay): number {
    const wall = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute, time.second);
    const offsets = new Set([this.offsetMs(wall - 1.5 * DAY), this.offsetMs(wall), this.offsetMs(wall + 1.5 * DAY)]);
    let best = Number.POSITIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const offset of offsets) {
      const instant = wall - offset;
      low = Math.min(low, instant);
      high = Math.max(high, instant);
      if (this.offsetMs(instant) === offset) best = Math.min(best, instant);
    }
    if (best !== Number.POSITIVE_INFINITY) return best;
    // Skipped local time: binary search the jump, the first instant whose wall clock is >= `wall`.
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (this.wall(mid) >= wall) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}

function mod(value: number, by: number): number {
  return ((value % by) + by) % by;
}
