import { describe, expect, it } from "vitest";
import { build, items, movie, DAY, HOUR } from "./helpers";

const HEAD = `content:
  - collection: Movies
    key: movies
    order: chronological
playout:
`;
const lib = { movies: items(movie(1, 60), movie(2, 60)) };
const utc = (text: string) => Date.parse(text);
/** Finish of the first offline gap. */
const waitedTo = (result: ReturnType<typeof build>) => new Date(result.items.find((item) => item.mediaItemId === null)!.finish).toISOString();

describe("America/New_York, spring forward 2026-03-08 (02:00 EST → 03:00 EDT)", () => {
  const start = utc("2026-03-08T05:00:00Z"); // 00:00 EST
  const options = { start, timeZone: "America/New_York", horizonMs: DAY };

  it("wait_until after the jump uses the new offset", () => {
    expect(waitedTo(build(`${HEAD}  - wait_until: "06:00"\n`, lib, options))).toBe("2026-03-08T10:00:00.000Z");
  });

  it("a skipped local time resolves to the moment of the jump", () => {
    expect(waitedTo(build(`${HEAD}  - wait_until: "02:30"\n`, lib, options))).toBe("2026-03-08T07:00:00.000Z");
  });

  it("pad_until fills the real elapsed time (5 h from 00:00 EST to 06:00 EDT)", () => {
    const result = build(`${HEAD}  - pad_until: "06:00"\n    content: movies\n    offline_tail: true\n`, lib, options);
    expect(result.items.map((item) => new Date(item.start).toISOString().slice(11, 16))).toEqual(["05:00", "06:00", "07:00", "08:00", "09:00"]);
    expect(result.state.cursor).toBe(utc("2026-03-08T10:00:00Z"));
  });

  it("pad_to_next counts from the local hour across the jump", () => {
    const result = build(`${HEAD}  - wait_until: "01:50"\n  - pad_to_next: 30\n    content: movies\n`, lib, options);
    // 01:50 EST (06:50Z) → next boundary 02:00 local, which is 03:00 EDT (07:00Z).
    expect(result.state.cursor).toBe(utc("2026-03-08T07:00:00Z"));
  });
});

describe("America/New_York, fall back 2026-11-01 (02:00 EDT → 01:00 EST)", () => {
  const start = utc("2026-11-01T04:00:00Z"); // 00:00 EDT
  const options = { start, timeZone: "America/New_York", horizonMs: DAY };

  it("wait_until after the change uses the new offset", () => {
    expect(waitedTo(build(`${HEAD}  - wait_until: "06:00"\n`, lib, options))).toBe("2026-11-01T11:00:00.000Z");
  });

  it("an ambiguous local time resolves to its first occurrence", () => {
    expect(waitedTo(build(`${HEAD}  - wait_until: "01:30"\n`, lib, options))).toBe("2026-11-01T05:30:00.000Z");
  });

  it("during the repeated hour a passed time is not waited for again", () => {
    // 01:45 EST (06:45Z) is after 01:30 EDT (05:30Z): without `tomorrow`, nothing happens.
    const result = build(`${HEAD}  - wait_until: "01:30"\n  - count: 1\n    content: movies\n`, lib, { ...options, start: utc("2026-11-01T06:45:00Z") });
    expect(result.items[0]).toMatchObject({ start: utc("2026-11-01T06:45:00Z"), mediaItemId: 1 });
  });

  it("pad_until fills 7 real hours from 00:00 EDT to 06:00 EST", () => {
    const result = build(`${HEAD}  - pad_until: "06:00"\n    content: movies\n`, lib, options);
    expect(result.items).toHaveLength(7);
    expect(result.state.cursor).toBe(utc("2026-11-01T11:00:00Z"));
  });
});

describe("Europe/Berlin, 2026-03-29 (02:00 CET → 03:00 CEST)", () => {
  it("a daily wait_until keeps the local time across the change", () => {
    const result = build(`${HEAD}  - wait_until: "06:00"\n    tomorrow: true\n  - count: 1\n    content: movies\n  - repeat: true\n`, lib, {
      start: utc("2026-03-27T23:00:00Z"),
      timeZone: "Europe/Berlin",
      horizonMs: 3 * DAY,
    });
    expect(result.items.filter((item) => item.mediaItemId !== null).map((item) => new Date(item.start).toISOString())).toEqual([
      "2026-03-28T05:00:00.000Z",
      "2026-03-29T04:00:00.000Z",
      "2026-03-30T04:00:00.000Z",
    ]);
    expect(result.state.cursor).toBe(utc("2026-03-31T04:00:00Z"));
    expect(result.state.cursor - utc("2026-03-30T04:00:00Z")).toBe(24 * HOUR);
  });
});
