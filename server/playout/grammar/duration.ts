import { failure, success, type GrammarResult } from "./grammar-result";

/**
 * Elapsed-time strings for `duration` (reference §2.1), returned in whole milliseconds.
 *
 * - Unit form: one or more `<number><unit>` components, largest unit first, each unit at most once,
 *   separated by nothing, spaces or a comma: `30 minutes`, `1h30m`, `2 hours, 10 minutes 58 seconds`,
 *   `1.5 hours`. Units are case-insensitive, singular or plural.
 * - Colon form, first column = HOURS: `0:30` and `00:30:00` are 30 minutes, `30:00` is 30 hours,
 *   `1.12:00:00` is 1 day 12 hours (hours are then at most 23).
 * - A bare number is rejected (it has no unit), except `0`.
 * - A leading sign is accepted; the caller decides whether negative values make sense.
 *
 * Deliberate difference from the upstream parser: components out of order (`10 minutes 1 hour`) are
 * an error here instead of silently keeping only the first component.
 */
export function parseDuration(text: string): GrammarResult<number> {
  if (text.length > MAX_LENGTH) return failure(`duration is longer than ${MAX_LENGTH} characters`);
  const leading = text.length - text.trimStart().length;
  const body = text.trim();
  if (body === "") return failure(`empty duration; write one such as "30 minutes"`);

  let sign = 1;
  let start = 0;
  if (body[0] === "+" || body[0] === "-") {
    sign = body[0] === "-" ? -1 : 1;
    start = 1;
  }
  const unsigned = body.slice(start);
  const parsed = unsigned.includes(":")
    ? parseColonForm(unsigned)
    : BARE_NUMBER.test(unsigned)
      ? parseBareNumber(unsigned)
      : parseUnitForm(unsigned, leading + start);
  if (!parsed.ok) return parsed;
  const ms = Math.round(sign * parsed.value);
  if (!Number.isSafeInteger(ms)) return failure("duration is too large");
  return success(ms === 0 ? 0 : ms);
}

const MAX_LENGTH = 100;
const NUMBER = String.raw`(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?`;
const BARE_NUMBER = new RegExp(`^${NUMBER}$`);
const COLON_FORM = /^(?:(\d+)\.)?(\d+):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?$/;
const COMPONENT = new RegExp(String.raw`(${NUMBER})\s*([a-zµ]+)`, "iy");
const NUMBER_ONLY = new RegExp(NUMBER, "y");
const SEPARATOR = /\s*,?\s*/y;

interface Unit {
  ms: number;
  /** Larger units have a larger rank; components must strictly decrease in rank. */
  rank: number;
  /** Months and years have no fixed length; like upstream, only a zero amount is accepted. */
  zeroOnly?: boolean;
}

const UNITS = buildUnitTable([
  [["y", "yr", "yrs", "year", "years"], { ms: 0, rank: 9, zeroOnly: true }],
  [["month", "months"], { ms: 0, rank: 8, zeroOnly: true }],
  [["w", "wk", "wks", "week", "weeks"], { ms: 604_800_000, rank: 7 }],
  [["d", "day", "days"], { ms: 86_400_000, rank: 6 }],
  [["h", "hr", "hrs", "hour", "hours"], { ms: 3_600_000, rank: 5 }],
  [["m", "min", "mins", "minute", "minutes"], { ms: 60_000, rank: 4 }],
  [["s", "sec", "secs", "second", "seconds"], { ms: 1_000, rank: 3 }],
  [["ms", "millisec", "millisecs", "millisecond", "milliseconds"], { ms: 1, rank: 2 }],
  [["us", "µs", "microsec", "microsecs", "microsecond", "microseconds"], { ms: 1e-3, rank: 1 }],
  [["ns", "nanosec", "nanosecs", "nanosecond", "nanoseconds"], { ms: 1e-6, rank: 0 }],
  [["ps", "picosec", "picosecs", "picosecond", "picoseconds"], { ms: 1e-9, rank: -1 }],
]);

function buildUnitTable(rows: Array<[string[], Unit]>): ReadonlyMap<string, Unit> {
  const table = new Map<string, Unit>();
  for (const [names, unit] of rows) for (const name of names) table.set(name, unit);
  return table;
}

function parseColonForm(text: string): GrammarResult<number> {
  const match = COLON_FORM.exec(text);
  if (!match) return failure(`write hours:minutes[:seconds] with two-digit minutes and seconds, e.g. "0:30" or "01:30:00"`);
  const [, days, hours, minutes, seconds, fraction] = match;
  const h = Number(hours);
  const m = Number(minutes);
  const s = seconds === undefined ? 0 : Number(seconds);
  if (days !== undefined && h > 23) return failure("hours must be 0-23 after a day count");
  if (m > 59) return failure("minutes must be 0-59");
  if (s > 59) return failure("seconds must be 0-59");
  const fractionMs = fraction === undefined ? 0 : Number(`0.${fraction}`) * 1000;
  const total = (Number(days ?? "0") * 24 + h) * 3_600_000 + m * 60_000 + s * 1000 + fractionMs;
  return Number.isFinite(total) ? success(total) : failure("duration is too large");
}

function parseBareNumber(text: string): GrammarResult<number> {
  if (Number(text) === 0) return success(0);
  return failure(`"${text}" has no unit; write e.g. "${text} minutes", "1h30m" or "0:30"`);
}

function parseUnitForm(text: string, baseOffset: number): GrammarResult<number> {
  let position = 0;
  let total = 0;
  let previousRank = Number.POSITIVE_INFINITY;
  while (position < text.length) {
    if (position > 0) {
      SEPARATOR.lastIndex = position;
      position += SEPARATOR.exec(text)?.[0].length ?? 0;
      if (position >= text.length) return failure("duration ends with a separator", baseOffset + position);
    }
    COMPONENT.lastIndex = position;
    const component = COMPONENT.exec(text);
    if (!component) return describeBadComponent(text, position, baseOffset);
    const [, amountText, unitText] = component;
    const unit = UNITS.get(unitText.toLowerCase());
    if (!unit) {
      const unitOffset = baseOffset + position + component[0].length - unitText.length;
      return failure(`unknown unit "${unitText}"; use ms, s, m, h, d or w (or words such as "minutes")`, unitOffset);
    }
    const amount = Number(amountText);
    if (unit.zeroOnly && amount !== 0) {
      return failure("months and years have no fixed length; use days or weeks", baseOffset + position);
    }
    if (unit.rank >= previousRank) {
      return failure(
        `units must go from largest to smallest, each used once (e.g. "1 hour 30 minutes")`,
        baseOffset + position,
      );
    }
    previousRank = unit.rank;
    total += amount * unit.ms;
    position += component[0].length;
  }
  return Number.isFinite(total) ? success(total) : failure("duration is too large");
}

function describeBadComponent(text: string, position: number, baseOffset: number): GrammarResult<number> {
  NUMBER_ONLY.lastIndex = position;
  const number = NUMBER_ONLY.exec(text);
  if (number) return failure(`"${number[0]}" has no unit`, baseOffset + position);
  return failure(`unexpected "${text[position]}" in duration`, baseOffset + position);
}
