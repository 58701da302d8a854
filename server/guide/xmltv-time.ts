/** XMLTV timestamps: `yyyyMMddHHmmss ±hhmm` in a given IANA time zone. */
import { DateTime } from "luxon";

const QUARTER_HOUR_MS = 15 * 60_000;
/** Zone offsets (minutes) at quarter-hour instants, per zone: a guide formats thousands of times in few zones. */
const offsetCache = new Map<string, Map<number, number>>();
const OFFSET_CACHE_LIMIT = 50_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, "0"));

const DAY_SECONDS = 86_400;
/** `yyyyMMdd` per local day number (days since the epoch), and ` ±hhmm` per offset: a guide formats tens of thousands of times on a few days. */
const dayTexts = new Map<number, string>();
const offsetTexts = new Map<number, string>();
const TEXT_CACHE_LIMIT = 10_000;

/** `yyyyMMddHHmmss ±hhmm`: the day and offset parts made once each, the time of day from a table (no Date per call). */
export function formatXmltvTime(epochMs: number, timeZone: string): string {
  const offset = zoneOffsetMinutes(epochMs, timeZone);
  const localSeconds = Math.floor(epochMs / 1000) + offset * 60;
  const day = Math.floor(localSeconds / DAY_SECONDS);
  const second = localSeconds - day * DAY_SECONDS;
  const minutes = Math.floor(second / 60);
  return `${dayText(day)}${TWO_DIGITS[Math.floor(minutes / 60)]}${TWO_DIGITS[minutes % 60]}${TWO_DIGITS[second % 60]}${offsetText(offset)}`;
}

function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    const date = new Date(day * DAY_SECONDS * 1000);
    const year = date.getUTCFullYear();
    text = `${year >= 1000 ? year : String(year).padStart(4, "0")}${TWO_DIGITS[date.getUTCMonth() + 1]}${TWO_DIGITS[date.getUTCDate()]}`;
    if (dayTexts.size >= TEXT_CACHE_LIMIT) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

function offsetText(offset: number): string {
  let text = offsetTexts.get(offset);
  if (text === undefined) {
    const abs = Math.abs(offset);
    text = ` ${offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
    if (offsetTexts.size >= TEXT_CACHE_LIMIT) offsetTexts.clear();
    offsetTexts.set(offset, text);
  }
  return text;
}

/**
 * The zone's UTC offset at an instant. Offsets change only at transitions, which in current tz data
 * fall on quarter hours; the offsets at the quarter hours around the instant are cached, and only
 * when they differ (a transition inside this quarter hour) is the exact instant asked of luxon.
 */
function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  const before = cachedOffset(quarter, timeZone);
  if (epochMs === quarter * QUARTER_HOUR_MS || before === cachedOffset(quarter + 1, timeZone)) return before;
  return exactOffset(epochMs, timeZone);
}

function cachedOffset(quarter: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = new Map()));
  let offset = zone.get(quarter);
  if (offset === undefined) {
    offset = exactOffset(quarter * QUARTER_HOUR_MS, timeZone);
    if (zone.size >= OFFSET_CACHE_LIMIT) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

function exactOffset(epochMs: number, timeZone: string): number {
  const time = DateTime.fromMillis(epochMs, { zone: timeZone });
  if (!time.isValid) throw new RangeError(`Invalid XMLTV time zone or time: ${timeZone} / ${epochMs} (${time.invalidExplanation ?? ""})`);
  return time.offset;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** XMLTV `<date>` from `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (dashes dropped); undefined when malformed. */
export function formatXmltvDate(releaseDate: string | undefined): string | undefined {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(releaseDate?.trim() ?? "");
  if (!match) return undefined;
  return `${match[1]}${match[2] ?? ""}${match[2] ? (match[3] ?? "") : ""}`;
}
