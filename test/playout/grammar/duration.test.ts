import { describe, expect, test } from "vitest";
import { parseDuration } from "../../../server/playout/grammar/duration";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("parseDuration accepts", () => {
  test.each<[string, number]>([
    ["30 minutes", 30 * MINUTE],
    ["30 min", 30 * MINUTE],
    ["30m", 30 * MINUTE],
    ["30 Minutes", 30 * MINUTE],
    ["1 minute", MINUTE],
    ["90 mins", 90 * MINUTE],
    ["1 hour 30 minutes", HOUR + 30 * MINUTE],
    ["1h30m", HOUR + 30 * MINUTE],
    ["1hr 30min", HOUR + 30 * MINUTE],
    ["2 hours, 10 minutes 58 seconds", 2 * HOUR + 10 * MINUTE + 58 * SECOND],
    ["1.5 hours", 1.5 * HOUR],
    [".5h", 30 * MINUTE],
    ["1e2 s", 100 * SECOND],
    ["2 days", 2 * DAY],
    ["1w", 7 * DAY],
    ["1 week 2 days", 9 * DAY],
    ["500ms", 500],
    ["1 s 500 milliseconds", 1500],
    ["1500 us", 2],
    ["0 years 1 day", DAY],
    ["0", 0],
    ["  45 seconds  ", 45 * SECOND],
    ["-5 min", -5 * MINUTE],
    ["+5 min", 5 * MINUTE],
    // colon form: the first column is hours
    ["0:30", 30 * MINUTE],
    ["00:30:00", 30 * MINUTE],
    ["1:30", HOUR + 30 * MINUTE],
    ["30:00", 30 * HOUR],
    ["1:02:03", HOUR + 2 * MINUTE + 3 * SECOND],
    ["1:02:03.5", HOUR + 2 * MINUTE + 3.5 * SECOND],
    ["1.12:00:00", DAY + 12 * HOUR],
  ])("%j = %d ms", (text, ms) => {
    expect(parseDuration(text)).toEqual({ ok: true, value: ms });
  });
});

describe("parseDuration rejects", () => {
  test.each<[string, string, number | undefined]>([
    ["", 'empty duration; write one such as "30 minutes"', undefined],
    ["   ", 'empty duration; write one such as "30 minutes"', undefined],
    ["30", '"30" has no unit; write e.g. "30 minutes", "1h30m" or "0:30"', undefined],
    ["1.5", '"1.5" has no unit; write e.g. "1.5 minutes", "1h30m" or "0:30"', undefined],
    ["30 minits", 'unknown unit "minits"; use ms, s, m, h, d or w (or words such as "minutes")', 3],
    ["1h 30", '"30" has no unit', 3],
    ["10 minutes 1 hour", 'units must go from largest to smallest, each used once (e.g. "1 hour 30 minutes")', 11],
    ["1m 1m", 'units must go from largest to smallest, each used once (e.g. "1 hour 30 minutes")', 3],
    ["2 months", "months and years have no fixed length; use days or weeks", 0],
    ["1 year", "months and years have no fixed length; use days or weeks", 0],
    ["1h,", "duration ends with a separator", 3],
    ["1h -30m", 'unexpected "-" in duration', 3],
    ["abc", 'unexpected "a" in duration', 0],
    ["0:60", "minutes must be 0-59", undefined],
    ["0:30:60", "seconds must be 0-59", undefined],
    ["1.24:00:00", "hours must be 0-23 after a day count", undefined],
    ["0:5", 'write hours:minutes[:seconds] with two-digit minutes and seconds, e.g. "0:30" or "01:30:00"', undefined],
    ["1h 0:30", 'write hours:minutes[:seconds] with two-digit minutes and seconds, e.g. "0:30" or "01:30:00"', undefined],
    ["1e400 h", "duration is too large", undefined],
  ])("%j: %s", (text, message, offset) => {
    const expected = offset === undefined ? { ok: false, message } : { ok: false, message, offset };
    expect(parseDuration(text)).toEqual(expected);
  });

  test("very long input is refused without scanning it", () => {
    expect(parseDuration("1h ".repeat(100))).toEqual({ ok: false, message: "duration is longer than 100 characters" });
  });

  test("offsets count leading whitespace and the sign", () => {
    expect(parseDuration("  -3 qq")).toMatchObject({ ok: false, offset: 5 });
  });
});
