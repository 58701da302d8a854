import { failure, success, type GrammarResult } from "./grammar-result";

/** A wall-clock time of day in the server's local zone; 24-hour clock. */
export interface TimeOfDay {
  /** 0-23 */
  hour: number;
  /** 0-59 */
  minute: number;
  /** 0-59 */
  second: number;
}

/**
 * Times of day for `pad_until` and `wait_until` (reference §2.2):
 * `H:mm`, `HH:mm`, `H:mm:ss`, each optionally followed by `AM`/`PM` (any case, space optional),
 * and `H AM` / `H PM`. With AM/PM the hour is 1-12 (12 AM is midnight); without it, 0-23.
 * `24:00` is rejected.
 */
export function parseTimeOfDay(text: string): GrammarResult<TimeOfDay> {
  if (text.length > MAX_LENGTH) return failure(`time of day is longer than ${MAX_LENGTH} characters`);
  const body = text.trim();
  const clock = CLOCK_FORM.exec(body);
  const hourOnly = clock ? null : HOUR_ONLY_FORM.exec(body);
  if (!clock && !hourOnly) {
    return failure(`write e.g. "18:30", "08:00:00" or "9:00 PM"`);
  }
  const hourText = clock ? clock[1] : hourOnly![1];
  const minute = clock ? Number(clock[2]) : 0;
  const second = clock && clock[3] !== undefined ? Number(clock[3]) : 0;
  const meridiem = (clock ? clock[4] : hourOnly![2])?.toLowerCase();
  const hour = Number(hourText);

  if (minute > 59) return failure("minutes must be 0-59");
  if (second > 59) return failure("seconds must be 0-59");
  if (meridiem === undefined) {
    if (hour > 23) return failure("hour must be 0-23 (use 00:00 for midnight)");
    return success({ hour, minute, second });
  }
  if (hour < 1 || hour > 12) return failure("hour must be 1-12 with AM/PM");
  const hour24 = (hour % 12) + (meridiem === "pm" ? 12 : 0);
  return success({ hour: hour24, minute, second });
}

const MAX_LENGTH = 50;
const CLOCK_FORM = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*(am|pm))?$/i;
const HOUR_ONLY_FORM = /^(\d{1,2})\s*(am|pm)$/i;
