import langs from "langs";
import { MediaItemKind, MediaItemState } from "../../domain/enums";
import { normalizeLanguageCode } from "../../domain/language-code";
import type { PeriodUnit } from "../../db/search/ast";

/** A calendar span of whole days, both ends inclusive, as `yyyy-mm-dd`. */
export interface DaySpan {
  from: string;
  to: string;
}

/** A whole number written with digits only, or undefined. */
export function parseWholeNumber(text: string): number | undefined {
  if (!/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isoDay(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** `yyyy-mm-dd` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return isoDay(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/**
 * A date value as the days it covers: `yyyyMMdd` or `yyyy-mm-dd` (one day), `yyyyMM` or `yyyy-mm`
 * (the month), `yyyy` (the year). Undefined if it is not a real date.
 */
export function parseDaySpan(text: string): DaySpan | undefined {
  const match = /^(\d{4})(?:-?(\d{2})(?:-?(\d{2}))?)?$/.exec(text);
  if (!match) return undefined;
  // Mixed forms (`2020-0101`, `202001-01`) are not dates.
  if (text.includes("-") && !/^\d{4}(-\d{2}(-\d{2})?)?$/.test(text)) return undefined;
  const year = Number(match[1]);
  if (year < 1) return undefined;
  if (match[2] === undefined) return { from: isoDay(year, 1, 1), to: isoDay(year, 12, 31) };
  const month = Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  if (match[3] === undefined) return { from: isoDay(year, month, 1), to: isoDay(year, month, daysInMonth(year, month)) };
  const day = Number(match[3]);
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  const iso = isoDay(year, month, day);
  return { from: iso, to: iso };
}

/** `"7 days"`, `"1 week"`, `"3 months"`, `"2 years"` (also without the space). */
export function parsePeriod(text: string): { amount: number; unit: PeriodUnit } | undefined {
  const match = /^\s*(\d{1,6})\s*(day|week|month|year)s?\s*$/i.exec(text);
  if (!match) return undefined;
  return { amount: Number(match[1]), unit: match[2].toLowerCase() as PeriodUnit };
}

/** The `type:` values users write, as ErsatzTV spells them. */
export const TYPE_VALUES: ReadonlyMap<string, MediaItemKind> = new Map([
  ["movie", MediaItemKind.Movie],
  ["show", MediaItemKind.Show],
  ["season", MediaItemKind.Season],
  ["episode", MediaItemKind.Episode],
  ["other_video", MediaItemKind.OtherVideo],
  ["music_video", MediaItemKind.MusicVideo],
  ["song", MediaItemKind.Song],
  ["artist", MediaItemKind.Artist],
  ["remote", MediaItemKind.RemoteStream],
  ["remote_stream", MediaItemKind.RemoteStream],
]);

function squash(value: string): string {
  return value.toLowerCase().replace(/[\s_-]/g, "");
}

/** `other_video`, `OtherVideo`, `other-video` → OtherVideo; undefined if unknown. */
export function parseKind(text: string): MediaItemKind | undefined {
  const wanted = squash(text);
  for (const [name, kind] of TYPE_VALUES) if (squash(name) === wanted) return kind;
  return undefined;
}

export const STATE_VALUES: ReadonlyMap<string, MediaItemState> = new Map([
  ["normal", MediaItemState.Normal],
  ["trashed", MediaItemState.Trashed],
  ["unavailable", MediaItemState.Unavailable],
  // ErsatzTV's name for a file that went missing.
  ["filenotfound", MediaItemState.Unavailable],
]);

export function parseState(text: string): MediaItemState | undefined {
  return STATE_VALUES.get(squash(text));
}

let languagesByName: Map<string, string> | undefined;

/**
 * A language as its ISO 639-2/B code: any ISO 639-1/639-2 code (`en`, `eng`, `ger`, `deu`) or an
 * English language name (`english`, case-insensitive). Undefined if it is neither.
 */
export function parseLanguage(text: string): string | undefined {
  const code = normalizeLanguageCode(text);
  if (code) return code;
  if (!languagesByName) {
    languagesByName = new Map();
    for (const language of langs.all()) languagesByName.set(language.name.toLowerCase(), language["2B"]);
  }
  return languagesByName.get(text.trim().toLowerCase());
}
