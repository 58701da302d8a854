import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findNowPlaying, lastStartingAtOrBefore, type TimedPlayoutItem } from "../../server/playout/now-playing";

interface Item extends TimedPlayoutItem {
  id: string;
}

const MIN = 60_000;
// A: 0–30 min (in-point 5 min), B: 30–60, gap 60–90, C: 90–120
const items: Item[] = [
  { id: "A", start: 0, finish: 30 * MIN, inPoint: 5 * MIN },
  { id: "B", start: 30 * MIN, finish: 60 * MIN },
  { id: "C", start: 90 * MIN, finish: 120 * MIN },
];
const T0 = 1_700_000_000_000;
const schedule = items.map((i) => ({ ...i, start: i.start + T0, finish: i.finish + T0 }));

describe("now playing", () => {
  it("finds the item inside its span with seek = t − start + inPoint and the remaining limit", () => {
    const now = findNowPlaying(schedule, T0 + 10 * MIN);
    expect(now).toMatchObject({ kind: "playing", index: 0, seekMs: 15 * MIN, remainingMs: 20 * MIN, wallStart: T0, wallFinish: T0 + 30 * MIN });
    expect(now.kind === "playing" && now.item.id).toBe("A");
    expect(now.next.map((i) => i.id)).toEqual(["B"]);
  });

  it("treats start as inclusive and finish as exclusive", () => {
    const atStart = findNowPlaying(schedule, T0 + 30 * MIN);
    expect(atStart.kind === "playing" && atStart.item.id).toBe("B");
    expect(atStart).toMatchObject({ seekMs: 0, remainingMs: 30 * MIN });
    const beforeBoundary = findNowPlaying(schedule, T0 + 30 * MIN - 1);
    expect(beforeBoundary).toMatchObject({ kind: "playing", index: 0, remainingMs: 1 });
    const atFirst = findNowPlaying(schedule, T0);
    expect(atFirst).toMatchObject({ kind: "playing", index: 0, seekMs: 5 * MIN });
  });

  it("reports a gap with its end (the next item's start) at a finish with nothing adjacent", () => {
    const gap = findNowPlaying(schedule, T0 + 60 * MIN);
    expect(gap).toMatchObject({ kind: "gap", gapStart: T0 + 60 * MIN, gapEnd: T0 + 90 * MIN, remainingMs: 30 * MIN });
    expect(gap.next.map((i) => i.id)).toEqual(["C"]);
    expect(findNowPlaying(schedule, T0 + 75 * MIN)).toMatchObject({ kind: "gap", gapEnd: T0 + 90 * MIN, remainingMs: 15 * MIN });
  });

  it("reports a gap before the first item that ends at its start", () => {
    const before = findNowPlaying(schedule, T0 - 5 * MIN, { lookahead: 2 });
    expect(before).toMatchObject({ kind: "gap", gapStart: undefined, gapEnd: T0, remainingMs: 5 * MIN });
    expect(before.next.map((i) => i.id)).toEqual(["A", "B"]);
  });

  it("reports an open-ended gap after the last item", () => {
    expect(findNowPlaying(schedule, T0 + 120 * MIN)).toEqual({
      kind: "gap",
      gapStart: T0 + 120 * MIN,
      gapEnd: undefined,
      remainingMs: undefined,
      next: [],
    });
    expect(findNowPlaying([], T0)).toEqual({ kind: "gap", gapStart: undefined, gapEnd: undefined, remainingMs: undefined, next: [] });
  });

  it("returns as many next items as asked for", () => {
    expect(findNowPlaying(schedule, T0, { lookahead: 5 }).next.map((i) => i.id)).toEqual(["B", "C"]);
    expect(findNowPlaying(schedule, T0, { lookahead: 0 }).next).toEqual([]);
  });

  it("shifts a mirror channel by its offset: looks up t − offset, reports wall-clock times", () => {
    const hour = 60 * MIN;
    // The mirror shows the source one hour later: at T0+70min it plays what the source played at T0+10min.
    const mirrored = findNowPlaying(schedule, T0 + 70 * MIN, { offsetMs: hour });
    expect(mirrored).toMatchObject({ kind: "playing", index: 0, seekMs: 15 * MIN, remainingMs: 20 * MIN, wallStart: T0 + hour, wallFinish: T0 + 90 * MIN });
    const mirroredGap = findNowPlaying(schedule, T0 + 130 * MIN, { offsetMs: hour });
    expect(mirroredGap).toMatchObject({ kind: "gap", gapStart: T0 + 120 * MIN, gapEnd: T0 + 150 * MIN, remainingMs: 20 * MIN });
    const earlier = findNowPlaying(schedule, T0 + 10 * MIN, { offsetMs: -30 * MIN });
    expect(earlier).toMatchObject({ kind: "playing", index: 1, seekMs: 10 * MIN, wallStart: T0 });
  });

  it("skips zero-length items", () => {
    const withEmpty: Item[] = [
      { id: "A", start: 0, finish: 10 },
      { id: "Z", start: 10, finish: 10 },
      { id: "B", start: 10, finish: 20 },
    ];
    const now = findNowPlaying(withEmpty, 10);
    expect(now.kind === "playing" && now.item.id).toBe("B");
  });

  it("looks up among 100k items in O(log n) reads and agrees with a linear scan", () => {
    const n = 100_000;
    let reads = 0;
    const big = Array.from({ length: n }, (_, k) => {
      const start = k * 1000 + (k % 7 === 0 ? 100 : 0); // every 7th item leaves a 100 ms gap before it
      return {
        get start() {
          reads++;
          return start;
        },
        finish: (k + 1) * 1000,
        inPoint: 0,
        id: k,
      };
    });
    const probes = [0, 1, 999, 1000, 7_000, 7_050, 7_100, 50_000_000 + 123, 99_999_999, 100_000_000, -1];
    for (const t of probes) {
      reads = 0;
      const result = findNowPlaying(big, t);
      expect(reads).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n)) + 2);
      const linear = big.findIndex((item) => item.start <= t && t < item.finish);
      if (linear >= 0) {
        expect(result).toMatchObject({ kind: "playing", index: linear });
      } else {
        expect(result.kind).toBe("gap");
      }
    }
    expect(lastStartingAtOrBefore(big, 7_050)).toBe(6);
  });

  it("agrees with a linear scan on random schedules (property)", () => {
    const schedule = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1000 })), { maxLength: 40 })
      .map((spans) => {
        let cursor = 0;
        return spans.map(([gap, length, inPoint], id) => {
          const start = cursor + gap;
          cursor = start + length;
          return { id: String(id), start, finish: cursor, inPoint };
        });
      });
    fc.assert(
      fc.property(schedule, fc.integer({ min: -20, max: 6000 }), fc.integer({ min: -100, max: 100 }), (list, t, offsetMs) => {
        const result = findNowPlaying(list, t, { offsetMs });
        const at = t - offsetMs;
        const playing = list.find((i) => i.start <= at && at < i.finish);
        if (playing) {
          expect(result).toMatchObject({ kind: "playing", item: playing, seekMs: at - playing.start + playing.inPoint, remainingMs: playing.finish - at });
        } else {
          const upcoming = list.find((i) => i.start > at);
          expect(result).toMatchObject({ kind: "gap", gapEnd: upcoming ? upcoming.start + offsetMs : undefined });
        }
      }),
      { numRuns: 300 },
    );
  });
});
