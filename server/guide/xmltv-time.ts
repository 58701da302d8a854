/** XMLTV timestamps: `yyyyMMddHHmmss ±hhmm` in a given IANA time zone. */
import { DateTime } from "luxon";

const QUARTER_HOUR_MS = 15 * 60_000;
/** Zone offsets (minutes) at quarter-hour instants, per zone: a guide formats thousands of times in few zones. */
const offsetCache = new Map<string, Map<number, number>>();
const OFFSET_CACHE_LIMIT = 50_000;

const DAY_SECONDS = 86_400;
/** Most bytes `writeXmltvTime` writes (a year past 9999 takes more than four digits). */
export const MAX_XMLTV_TIME_BYTES = 32;
/** `yyyyMMdd` per local day number (days since the epoch), and ` ±hhmm` per offset, as ASCII bytes: a guide formats tens of thousands of times on a few days. */
const dayBytes = new Map<number, Uint8Array>();
const offsetBytes = new Map<number, Uint8Array>();
const BYTES_CACHE_LIMIT = 10_000;
const ZERO = 0x30;
const scratch = new Uint8Array(MAX_XMLTV_TIME_BYTES);

/** `yyyyMMddHHmmss ±hhmm`. */
export function formatXmltvTime(epochMs: number, timeZone: string): string {
  return String.fromCharCode(...scratch.subarray(0, writeXmltvTime(scratch, 0, epochMs, timeZone)));
}

/**
 * Writes `yyyyMMddHHmmss ±hhmm` as ASCII into `target` at `at` (20 bytes, at most MAX_XMLTV_TIME_BYTES),
 * making no string: the day and offset parts come from caches, the time of day is written digit by
 * digit. Returns the position after it.
 */
export function writeXmltvTime(target: Uint8Array, at: number, epochMs: number, timeZone: string): number {
  const offset = zoneOffsetMinutes(epochMs, timeZone);
  const localSeconds = Math.floor(epochMs / 1000) + offset * 60;
  const day = Math.floor(localSeconds / DAY_SECONDS);
  const second = localSeconds - day * DAY_SECONDS;
  const minutes = Math.floor(second / 60);
  const date = dayOf(day);
  target.set(date, at);
  at += date.length;
  writeTwoDigits(target, at, Math.floor(minutes / 60));
  writeTwoDigits(target, at + 2, minutes % 60);
  writeTwoDigits(target, at + 4, second % 60);
  const zone = offsetOf(offset);
  target.set(zone, at + 6);
  return at + 6 + zone.length;
}

function writeTwoDigits(target: Uint8Array, at: number, value: number): void {
  target[at] = ZERO + Math.floor(value / 10);
  target[at + 1] = ZERO + (value % 10);
}

function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function dayOf(day: number): Uint8Array {
  let bytes = dayBytes.get(day);
  if (bytes === undefined) {
    const date = new Date(day * DAY_SECONDS * 1000);
    const year = date.getUTCFullYear();
    bytes = ascii(`${year >= 1000 ? year : String(year).padStart(4, "0")}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`);
    if (dayBytes.size >= BYTES_CACHE_LIMIT) dayBytes.clear();
    dayBytes.set(day, bytes);
  }
  return bytes;
}

function offsetOf(offset: number): Uint8Array {
  let bytes = offsetBytes.get(offset);
  if (bytes === undefined) {
    const abs = Math.abs(offset);
    bytes = ascii(` ${offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`);
    if (offsetBytes.size >= BYTES_CACHE_LIMIT) offsetBytes.clear();
    offsetBytes.set(offset, bytes);
  }
  return bytes;
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
