import { describe, expect, it } from "vitest";
import { FillerKind, FillerMode, PlaybackOrder, PlayoutMode, TailMode } from "../../../server/domain/enums";
import type { TimelineItem } from "../../../server/playout/timeline-item";
import { build, filler, HOUR, MIN, movie, schedule, scheduleItem, T0 } from "./fixtures";

const library = Array.from({ length: 40 }, (_, i) => movie(i + 1, 17 + ((i * 7) % 50)));
const content = {
  main: library,
  short: Array.from({ length: 12 }, (_, i) => movie(100 + i, 3 + (i % 9))),
  filler1: [movie(200, 1), movie(201, 2)],
  filler2: [movie(300, 4), movie(301, 6)],
};

/** A schedule that exercises every mode, fixed starts, shuffles, random counts and filler. */
const busy = schedule(
  [
    scheduleItem(0, { startTimeSeconds: 6 * 3600, playoutMode: PlayoutMode.Multiple, multipleMode: "Count", multipleCount: "random % 3 + 1", playbackOrder: PlaybackOrder.Shuffle, preRoll: filler(1, FillerKind.PreRoll, { mode: FillerMode.RandomCount, count: 2 }) }),
    scheduleItem(1, { contentKey: "short", playoutMode: PlayoutMode.Duration, playoutDurationMs: 45 * MIN, tailMode: TailMode.Filler, tail: filler(2, FillerKind.Tail), fallback: filler(1, FillerKind.Fallback), playbackOrder: PlaybackOrder.Random, discardToFillAttempts: 2 }),
    scheduleItem(2, { playbackOrder: PlaybackOrder.Chronological, postRoll: filler(2, FillerKind.PostRoll, { mode: FillerMode.Pad, padToNearestMinute: 30 }), fallback: filler(1, FillerKind.Fallback) }),
    scheduleItem(3, { contentKey: "short", playoutMode: PlayoutMode.Flood, playbackOrder: PlaybackOrder.Shuffle }),
    scheduleItem(4, { startTimeSeconds: 20 * 3600 + 15 * 60, playbackOrder: PlaybackOrder.Shuffle }),
  ],
  { randomStartPoint: true },
);

function stitch(first: TimelineItem[], next: TimelineItem[]): TimelineItem[] {
  const end = first[first.length - 1].finish;
  return [...first, ...next.filter((i) => i.start >= end)];
}

describe("Classic builder: building across builds", () => {
  it("a Reset followed by Continues equals one longer Reset (no drift)", () => {
    const reset = build(busy, content, { hours: 24, seed: 11 });
    expect(reset.replaces).toBe(true);
    const c1 = build(busy, content, { mode: "Continue", start: T0 + 20 * HOUR, hours: 24, seed: 11, previousState: reset.state });
    expect(c1.replaces).toBe(false);
    const c2 = build(busy, content, { mode: "Continue", start: T0 + 41 * HOUR, hours: 24, seed: 11, previousState: c1.state });
    const stitched = stitch(stitch(reset.items, c1.items), c2.items);
    const longer = build(busy, content, { hours: 65, seed: 11 });
    expect(stitched.length).toBeGreaterThan(100);
    expect(stitched).toEqual(longer.items);
    // Whatever a Continue finds already built is not built again.
    expect(c1.items[0].start).toBe(reset.items[reset.items.length - 1].finish);
  });

  it("the state survives JSON (as it is stored) and a Continue with nothing to do adds nothing", () => {
    const reset = build(busy, content, { hours: 24, seed: 11 });
    const stored = JSON.parse(JSON.stringify(reset.state));
    const again = build(busy, content, { mode: "Continue", start: T0 + HOUR, hours: 2, seed: 11, previousState: stored });
    expect(again.items).toEqual([]);
    expect(again.state.current).toEqual(reset.state.current);
  });

  it("Refresh with the same schedule reproduces the timeline from now; content progress continues", () => {
    const reset = build(busy, content, { hours: 24, seed: 11 });
    const now = T0 + 9 * HOUR + 7 * MIN;
    const refresh = build(busy, content, { mode: "Refresh", start: now, hours: 10, seed: 11, previousState: reset.state });
    expect(refresh.replaces).toBe(true);
    const expected = reset.items.filter((i) => i.finish > now);
    expect(refresh.items[0].start).toBe(now);
    expect(refresh.items[0].mediaItemId).toBe(expected[0].mediaItemId);
    expect(refresh.items[0].inPointMs).toBe(expected[0].inPointMs + (now - expected[0].start));
    expect(refresh.items.slice(1, 30)).toEqual(expected.slice(1, 30));
  });

  it("Refresh over an edited schedule keeps each content's progress; Reset starts it over", () => {
    const def = schedule([scheduleItem(0)]);
    const reset = build(def, { main: library }, { hours: 24 });
    const now = T0 + 5 * HOUR;
    const playing = reset.items.find((i) => i.start <= now && now < i.finish)!;
    const edited = schedule([scheduleItem(0), scheduleItem(1, { contentKey: "short" })]);
    const refresh = build(edited, { main: library, short: content.short }, { mode: "Refresh", start: now, hours: 4, previousState: reset.state });
    // Chronological progress of "main" is where it was this morning, replayed with the new schedule from the day's checkpoint.
    const mainIds = refresh.items.filter((i) => i.contentKey === "main").map((i) => i.mediaItemId!);
    expect(mainIds[0]).toBeGreaterThan(1);
    expect(playing.mediaItemId).toBeGreaterThan(1);
    const fresh = build(edited, { main: library, short: content.short }, { mode: "Reset", start: now, hours: 4, previousState: reset.state });
    expect(fresh.items[0].mediaItemId).toBe(1);
  });

  it("a Continue over a changed schedule rebuilds from the checkpoint and says so", () => {
    const reset = build(schedule([scheduleItem(0)]), { main: library }, { hours: 24 });
    const changed = build(schedule([scheduleItem(0, { playbackOrder: PlaybackOrder.Shuffle })]), { main: library }, { mode: "Continue", start: T0 + HOUR, hours: 24, previousState: reset.state });
    expect(changed.replaces).toBe(true);
    expect(changed.warnings.some((w) => /schedule changed/.test(w))).toBe(true);
    expect(changed.items[0].start).toBe(T0 + HOUR);
  });

  it("a DST day: fixed starts are local wall-clock times, the skipped hour is not scheduled twice", () => {
    // 2026-03-08: New York springs forward at 02:00 EST (07:00Z) to 03:00 EDT.
    const start = Date.UTC(2026, 2, 8, 5); // 00:00 EST
    const def = schedule([
      scheduleItem(0, { startTimeSeconds: 1 * 3600 }),
      scheduleItem(1, { startTimeSeconds: 2 * 3600 + 30 * 60, contentKey: "b" }),
      scheduleItem(2, { startTimeSeconds: 4 * 3600, contentKey: "c" }),
    ]);
    const result = build(def, { main: [movie(1, 30)], b: [movie(2, 30)], c: [movie(3, 30)] }, { start, hours: 30, zone: "America/New_York" });
    const starts = result.items.filter((i) => i.mediaItemId !== null).map((i) => new Date(i.start).toISOString());
    expect(starts.slice(0, 4)).toEqual([
      "2026-03-08T06:00:00.000Z", // 01:00 EST
      "2026-03-08T07:00:00.000Z", // 02:30 does not exist: the first instant after it, 03:00 EDT
      "2026-03-08T08:00:00.000Z", // 04:00 EDT
      "2026-03-09T05:00:00.000Z", // 01:00 EDT the next day
    ]);
  });

  it("a seed gives one timeline; another seed another", () => {
    const a = build(busy, content, { hours: 24, seed: 1 });
    expect(build(busy, content, { hours: 24, seed: 1 }).items).toEqual(a.items);
    expect(build(busy, content, { hours: 24, seed: 2 }).items).not.toEqual(a.items);
  });
});
