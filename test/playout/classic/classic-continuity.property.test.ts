import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FillerKind, FillerMode, FixedStartTimeBehavior, PlaybackOrder, PlayoutMode, TailMode } from "../../../server/domain/enums";
import type { ClassicScheduleItem } from "../../../server/playout/classic";
import type { TimelineItem } from "../../../server/playout/timeline-item";
import { build, filler, HOUR, MIN, movie, schedule, scheduleItem, T0 } from "./fixtures";

const content = {
  a: Array.from({ length: 9 }, (_, i) => movie(i + 1, 5 + ((i * 13) % 70))),
  b: Array.from({ length: 5 }, (_, i) => movie(100 + i, 2 + i * 3)),
  f1: [movie(200, 1), movie(201, 2)],
  f2: [movie(300, 3), movie(301, 4)],
};

const ORDERS = [PlaybackOrder.Chronological, PlaybackOrder.Shuffle, PlaybackOrder.Random, PlaybackOrder.RandomRotation, PlaybackOrder.SeasonEpisode];

const itemArb = fc.record({
  mode: fc.constantFrom(PlayoutMode.One, PlayoutMode.Multiple, PlayoutMode.Flood, PlayoutMode.Duration),
  fixed: fc.option(fc.integer({ min: 0, max: 86_399 }), { nil: null }),
  flexible: fc.boolean(),
  key: fc.constantFrom("a", "b"),
  order: fc.constantFrom(...ORDERS),
  count: fc.constantFrom("1", "2", "random % 3", "count / 3"),
  minutes: fc.integer({ min: 10, max: 180 }),
  tail: fc.constantFrom(TailMode.None, TailMode.Offline, TailMode.Filler),
  preRoll: fc.boolean(),
  pad: fc.option(fc.constantFrom(15, 30, 60), { nil: null }),
});

function toItem(i: number, g: fc.Arbitrary<unknown> extends never ? never : ReturnType<typeof itemArb.generate>["value"]): ClassicScheduleItem {
  return scheduleItem(i, {
    playoutMode: g.mode,
    startTimeSeconds: g.fixed,
    fixedStartTimeBehavior: g.flexible ? FixedStartTimeBehavior.Flexible : null,
    contentKey: g.key,
    playbackOrder: g.order,
    multipleMode: "Count",
    multipleCount: g.count,
    playoutDurationMs: g.minutes * MIN,
    tailMode: g.tail,
    discardToFillAttempts: 2,
    tail: g.tail === TailMode.Filler ? filler(2, FillerKind.Tail, { contentKey: "f2" }) : null,
    fallback: filler(3, FillerKind.Fallback, { contentKey: "f1" }),
    preRoll: g.preRoll ? filler(1, FillerKind.PreRoll, { mode: FillerMode.RandomCount, count: 2, contentKey: "f1" }) : null,
    postRoll: g.pad ? filler(4, FillerKind.PostRoll, { mode: FillerMode.Pad, padToNearestMinute: g.pad, contentKey: "f2" }) : null,
  });
}

function contiguous(items: readonly TimelineItem[]): void {
  for (let i = 1; i < items.length; i++) expect(items[i].start).toBe(items[i - 1].finish);
  for (const item of items) expect(item.finish).toBeGreaterThan(item.start);
}

describe("Classic builder properties over random schedules", () => {
  it("the timeline is gapless and ordered, and Reset + Continue equals one longer Reset", () => {
    fc.assert(
      fc.property(fc.array(itemArb, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 40 }), fc.constantFrom("UTC", "America/New_York", "Australia/Lord_Howe"), (generated, seed, splitHours, zone) => {
        const def = schedule(generated.map((g, i) => toItem(i, g)), { shuffleScheduleItems: seed % 2 === 0 });
        const start = T0 + 5 * 24 * HOUR + (seed % 24) * HOUR; // around the 2026-03-08 DST change in New York
        let reset;
        try {
          reset = build(def, content, { hours: 24, seed, zone, start });
        } catch (error) {
          // Schedules whose fixed starts can never be reached are refused, never looped on.
          expect(String(error)).toMatch(/no progress/);
          return;
        }
        contiguous(reset.items);
        const next = build(def, content, { mode: "Continue", start: start + splitHours * HOUR, hours: 24, seed, zone, previousState: JSON.parse(JSON.stringify(reset.state)) });
        const end = reset.items[reset.items.length - 1].finish;
        const stitched = [...reset.items, ...next.items.filter((i) => i.start >= end)];
        const longer = build(def, content, { hours: splitHours + 24, seed, zone, start });
        expect(stitched).toEqual(longer.items);
      }),
      { numRuns: 60, seed: 20261124 },
    );
  });
});
