import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SequentialBuildResult, SequentialItem } from "../../../server/playout/sequential";
import { build, definitionOf, episode, items, movie, DAY, HOUR, MIN, T0 } from "./helpers";

const CONTENT = `content:
  - collection: Movies
    key: movies
    order: shuffle
  - collection: Shorts
    key: shorts
    order: chronological
  - marathon:
    key: shows
    guids:
      - source: tvdb
        value: 1
    group_by: show
    item_order: shuffle
`;

/** Ends in `wait_until` (the trailing time jump upstream loses between builds). */
const ENDS_IN_WAIT = definitionOf(`${CONTENT}playout:
  - count: 2
    content: movies
  - duration: 2 hours
    content: shorts
    trim: true
  - pad_to_next: 30
    content: shorts
  - wait_until: "18:00"
    tomorrow: true
`);

/** Uses `repeat`, a repeated sequence, rolls, mid-roll, epg groups and shuffle_sequence. */
const USES_REPEAT = definitionOf(`${CONTENT}sequence:
  - key: ad
    items:
      - count: 1
        content: shorts
  - key: block
    items:
      - count: 1
        content: shows
      - duration: 20 minutes
        content: shorts
        offline_tail: true
playout:
  - mid_roll: true
    sequence: ad
  - post_roll: true
    sequence: ad
  - epg_group: true
  - count: 1
    content: movies
  - epg_group: false
  - shuffle_sequence: block
  - sequence: block
    repeat: 2
  - pad_until: "06:00"
    content: shorts
    tomorrow: "now > 5"
  - repeat: true
`);

const chapters = [
  { startMs: 0, endMs: 20 * MIN, title: "a" },
  { startMs: 20 * MIN, endMs: 50 * MIN, title: "b" },
  { startMs: 50 * MIN, endMs: 95 * MIN, title: "c" },
];
const LIBRARY = {
  movies: items(...Array.from({ length: 12 }, (_, i) => movie(100 + i, 85 + ((i * 7) % 40), i % 3 === 2 ? {} : { chapters }))),
  shorts: items(...Array.from({ length: 9 }, (_, i) => movie(200 + i, 3 + ((i * 5) % 17)))),
  shows: items(...Array.from({ length: 10 }, (_, i) => episode(300 + i, 1, (i % 5) + 1, 22, { showId: 1 + (i % 2) }))),
};
const TOTAL = 4 * DAY;

/** One Reset over [T0, T0+TOTAL) versus a Reset and Continue builds split at `splits` (ms after T0). */
function compare(definition: typeof ENDS_IN_WAIT, splits: number[]): void {
  const long = build(definition, LIBRARY, { horizonMs: TOTAL, timeZone: "America/New_York" });
  const bounds = [0, ...splits, TOTAL];
  const pieces: SequentialItem[] = [];
  let last: SequentialBuildResult | undefined;
  for (let i = 0; i + 1 < bounds.length; i++) {
    last = build(definition, LIBRARY, {
      mode: i === 0 ? "Reset" : "Continue",
      previousState: last ? JSON.parse(JSON.stringify(last.state)) : undefined,
      start: T0 + bounds[i],
      horizonMs: bounds[i + 1] - bounds[i],
      timeZone: "America/New_York",
    });
    pieces.push(...last.items);
  }
  expect(JSON.stringify(pieces)).toBe(JSON.stringify(long.items));
  const { history: _a, ...splitState } = last!.state;
  const { history: _b, ...longState } = long.state;
  expect(splitState).toEqual(longState);
}

const splitPoints = fc
  .uniqueArray(fc.integer({ min: 1, max: TOTAL / MIN - 1 }), { minLength: 1, maxLength: 3 })
  .map((minutes) => minutes.sort((a, b) => a - b).map((m) => m * MIN));

describe("Continue after Reset equals one longer Reset (no drift)", () => {
  it("definition ending in wait_until", () => {
    fc.assert(fc.property(splitPoints, (splits) => compare(ENDS_IN_WAIT, splits)), { numRuns: 15, seed: 7 });
  });

  it("definition using repeat, sequences, rolls and shuffle_sequence", () => {
    fc.assert(fc.property(splitPoints, (splits) => compare(USES_REPEAT, splits)), { numRuns: 15, seed: 11 });
  });

  it("builds produce contiguous items (gaps are explicit offline items)", () => {
    const result = build(USES_REPEAT, LIBRARY, { horizonMs: 2 * DAY, timeZone: "America/New_York" });
    expect(result.items.length).toBeGreaterThan(20);
    result.items.forEach((item, i) => {
      expect(item.finish).toBeGreaterThan(item.start);
      if (i > 0) expect(item.start).toBe(result.items[i - 1].finish);
    });
    expect(result.items.some((item) => item.fillerKind === "MidRoll")).toBe(true);
    expect(result.items[result.items.length - 1].finish).toBeGreaterThanOrEqual(T0 + 2 * DAY - HOUR);
  });
});
