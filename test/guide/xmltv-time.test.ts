import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { formatXmltvTime, MAX_XMLTV_TIME_BYTES, writeXmltvTime } from "../../server/guide";

const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham", "Africa/Casablanca"];
const luxonXmltv = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat("yyyyMMddHHmmss ZZZ");

describe("formatXmltvTime (cached zone offsets)", () => {
  it("agrees with luxon for any instant in 2020–2035 in zones with DST, half-hour and 45-minute offsets", () => {
    const from = Date.UTC(2020, 0, 1);
    const to = Date.UTC(2035, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), fc.constantFrom(...ZONES), (ms, zone) => {
        expect(formatXmltvTime(ms, zone)).toBe(luxonXmltv(ms, zone));
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees with luxon second by second around DST transitions (including Lord Howe's half-hour shift)", () => {
    const around = [
      ["Europe/Berlin", Date.UTC(2026, 2, 29, 1, 0, 0)],
      ["Europe/Berlin", Date.UTC(2026, 9, 25, 1, 0, 0)],
      ["America/New_York", Date.UTC(2026, 2, 8, 7, 0, 0)],
      ["Australia/Lord_Howe", Date.UTC(2026, 3, 4, 15, 0, 0)],
      ["Australia/Lord_Howe", Date.UTC(2026, 9, 3, 15, 30, 0)],
    ] as const;
    for (const [zone, instant] of around) {
      for (let ms = instant - 20 * 60_000; ms <= instant + 20 * 60_000; ms += 7_000) expect(formatXmltvTime(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toBe(luxonXmltv(ms, zone));
      expect(formatXmltvTime(instant - 1, zone)).toBe(luxonXmltv(instant - 1, zone));
      expect(formatXmltvTime(instant, zone)).toBe(luxonXmltv(instant, zone));
    }
  });

  it("writeXmltvTime puts the same ASCII bytes at the given position and returns the position after them", () => {
    const bytes = Buffer.alloc(5 + MAX_XMLTV_TIME_BYTES, "x");
    const ms = Date.UTC(2026, 6, 15, 18, 30, 5);
    const end = writeXmltvTime(bytes, 5, ms, "Asia/Kolkata");
    expect(end).toBe(25);
    expect(bytes.toString("latin1", 0, end + 1)).toBe(`xxxxx${luxonXmltv(ms, "Asia/Kolkata")}x`);
    expect(formatXmltvTime(Date.UTC(12026, 0, 1), "UTC")).toBe("120260101000000 +0000");
  });
});
