import { describe, expect, test } from "vitest";
import { parseTimeOfDay } from "../../../server/playout/grammar/time-of-day";

describe("parseTimeOfDay accepts", () => {
  test.each<[string, number, number, number]>([
    ["18:30", 18, 30, 0],
    ["08:00", 8, 0, 0],
    ["8:00", 8, 0, 0],
    ["0:00", 0, 0, 0],
    ["23:59:59", 23, 59, 59],
    ["8:00:15", 8, 0, 15],
    ["6:00 AM", 6, 0, 0],
    ["9:00 PM", 21, 0, 0],
    ["9:00 pm", 21, 0, 0],
    ["8:00am", 8, 0, 0],
    ["12:00 AM", 0, 0, 0],
    ["12:30 PM", 12, 30, 0],
    ["11:59:30 PM", 23, 59, 30],
    ["6 AM", 6, 0, 0],
    ["6pm", 18, 0, 0],
    [" 18:30 ", 18, 30, 0],
  ])("%j = %d:%d:%d", (text, hour, minute, second) => {
    expect(parseTimeOfDay(text)).toEqual({ ok: true, value: { hour, minute, second } });
  });
});

const INVALID = `write e.g. "18:30", "08:00:00" or "9:00 PM"`;

describe("parseTimeOfDay rejects", () => {
  test.each<[string, string]>([
    ["24:00", "hour must be 0-23 (use 00:00 for midnight)"],
    ["18:60", "minutes must be 0-59"],
    ["18:30:60", "seconds must be 0-59"],
    ["13:00 PM", "hour must be 1-12 with AM/PM"],
    ["0:30 AM", "hour must be 1-12 with AM/PM"],
    ["18", INVALID],
    ["8:5", INVALID],
    ["18.30", INVALID],
    ["2024-01-01 18:30", INVALID],
    ["noon", INVALID],
    ["", INVALID],
  ])("%j: %s", (text, message) => {
    expect(parseTimeOfDay(text)).toEqual({ ok: false, message });
  });
});
