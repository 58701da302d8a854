import { describe, expect, test } from "vitest";
import { parseRewind } from "../../../server/playout/grammar/rewind";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("parseRewind accepts", () => {
  test.each<[string, number]>([
    ["00:05:30", 5 * MINUTE + 30 * SECOND],
    ["00:05", 5 * MINUTE],
    ["1:2", HOUR + 2 * MINUTE],
    ["23:59:59", DAY - SECOND],
    ["2", 2 * DAY],
    ["0", 0],
    ["1.02:00:00", DAY + 2 * HOUR],
    ["00:00:01.5", 1500],
    ["00:00:00.0001", 0],
    ["00:00:00.0005", 1],
    ["-00:05:00", -5 * MINUTE],
    [" 00:10 ", 10 * MINUTE],
  ])("%j = %d ms", (text, ms) => {
    expect(parseRewind(text)).toEqual({ ok: true, value: ms });
  });
});

const INVALID = `write hours:minutes[:seconds], e.g. "00:05:30", or a whole number of days`;

describe("parseRewind rejects", () => {
  test.each<[string, string]>([
    ["24:00", 'hours must be 0-23 (put whole days before a dot: "1.02:00:00")'],
    ["00:60", "minutes must be 0-59"],
    ["00:00:60", "seconds must be 0-59"],
    ["99999999", "rewind is too large (at most 10675199 days)"],
    ["5 minutes", INVALID],
    ["1.5", INVALID],
    ["00:05:30.12345678", INVALID],
    ["", INVALID],
  ])("%j: %s", (text, message) => {
    expect(parseRewind(text)).toEqual({ ok: false, message });
  });
});
