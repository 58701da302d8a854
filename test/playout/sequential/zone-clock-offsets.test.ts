import { IANAZone } from "luxon";
import { describe, expect, it } from "vitest";
import { ZoneClock } from "../../../server/playout/core";

const MINUTE = 60_000;

describe("ZoneClock offsets (cached per hour)", () => {
  it.each([
    // 00:01 local changes (not on a quarter hour), half-hour DST, 45-minute offsets, an ordinary zone.
    ["America/Goose_Bay", Date.UTC(1988, 3, 3)],
    ["America/St_Johns", Date.UTC(2010, 10, 7)],
    ["Australia/Lord_Howe", Date.UTC(2026, 3, 5)],
    ["Pacific/Chatham", Date.UTC(2026, 3, 5)],
    ["America/New_York", Date.UTC(2026, 2, 8)],
  ])("%s: every minute of the days around a change has luxon's offset", (zone, day) => {
    const clock = new ZoneClock(zone);
    const reference = IANAZone.create(zone);
    let changes = 0;
    for (let t = day - 36 * 3_600_000; t < day + 36 * 3_600_000; t += MINUTE) {
      for (const instant of [t, t + 1, t + MINUTE - 1]) expect(clock.offsetMs(instant)).toBe(reference.offset(instant) * MINUTE);
      if (reference.offset(t) !== reference.offset(t + MINUTE)) changes++;
    }
    expect(changes).toBeGreaterThanOrEqual(1);
  });
});
