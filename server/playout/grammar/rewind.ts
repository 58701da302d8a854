import { failure, success, type GrammarResult } from "./grammar-result";

/**
 * The `rewind` time span (reference §2.5), in whole milliseconds:
 * `[-][d.]h:mm[:ss[.fffffff]]`, or a bare integer meaning DAYS (`"2"` = 2 days).
 * Hours 0-23, minutes and seconds 0-59; up to 7 fraction digits (100 ns ticks, rounded to ms).
 * A leading `-` gives a negative span; the caller decides whether that is allowed.
 */
export function parseRewind(text: string): GrammarResult<number> {
  if (text.length > MAX_LENGTH) return failure(`rewind is longer than ${MAX_LENGTH} characters`);
  const match = SPAN.exec(text.trim());
  if (!match) return failure(`write hours:minutes[:seconds], e.g. "00:05:30", or a whole number of days`);
  const [, sign, bareDays, days, hours, minutes, seconds, fraction] = match;
  const dayCount = Number(bareDays ?? days ?? "0");
  if (dayCount > MAX_DAYS) return failure(`rewind is too large (at most ${MAX_DAYS} days)`);
  if (bareDays === undefined) {
    if (Number(hours) > 23) return failure("hours must be 0-23 (put whole days before a dot: \"1.02:00:00\")");
    if (Number(minutes) > 59) return failure("minutes must be 0-59");
    if (seconds !== undefined && Number(seconds) > 59) return failure("seconds must be 0-59");
  }
  const fractionMs = fraction === undefined ? 0 : Math.round(Number(fraction.padEnd(7, "0")) / 10_000);
  const ms =
    dayCount * 86_400_000 +
    Number(hours ?? "0") * 3_600_000 +
    Number(minutes ?? "0") * 60_000 +
    Number(seconds ?? "0") * 1000 +
    fractionMs;
  return success(sign === "-" && ms !== 0 ? -ms : ms);
}

const MAX_LENGTH = 50;
/** Largest day count .NET's TimeSpan can hold; keeps values well inside safe integers. */
const MAX_DAYS = 10_675_199;
const SPAN = /^(-)?(?:(\d{1,8})|(?:(\d{1,8})\.)?(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,7}))?)?)$/;
