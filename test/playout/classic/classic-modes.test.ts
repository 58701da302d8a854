import { describe, expect, it } from "vitest";
import { FillerKind, FixedStartTimeBehavior, PlayoutMode, TailMode } from "../../../server/domain/enums";
import { build, filler, HOUR, hhmm, MIN, movie, schedule, scheduleItem, T0, timeline } from "./fixtures";

const three = [movie(1, 30), movie(2, 45), movie(3, 20)];

describe("Classic builder: playout modes", () => {
  it("One: one item per schedule item, back to back, wrapping around the content", () => {
    const result = build(schedule([scheduleItem(0)]), { main: three }, { hours: 3 });
    expect(timeline(result, 6)).toEqual(["00:00 1", "00:30 2", "01:15 3", "01:35 1", "02:05 2", "02:50 3"]);
    expect(result.items.every((i, n) => n === 0 || i.start === result.items[n - 1].finish)).toBe(true);
    expect(result.replaces).toBe(true);
  });

  it("One alternating between two schedule items with their own content", () => {
    const def = schedule([scheduleItem(0), scheduleItem(1, { contentKey: "other" })]);
    const result = build(def, { main: three, other: [movie(10, 10), movie(11, 10)] }, { hours: 2 });
    expect(timeline(result, 6)).toEqual(["00:00 1", "00:30 10", "00:40 2", "01:25 11", "01:35 3", "01:55 10"]);
  });

  it("Multiple: the count expression's number of items, then the next schedule item", () => {
    const def = schedule([scheduleItem(0, { playoutMode: PlayoutMode.Multiple, multipleMode: "Count", multipleCount: "count - 1" }), scheduleItem(1, { contentKey: "other" })]);
    const result = build(def, { main: three, other: [movie(10, 10)] }, { hours: 3 });
    expect(timeline(result, 6)).toEqual(["00:00 1", "00:30 2", "01:15 10", "01:25 3", "01:45 1", "02:15 10"]);
  });

  it("Multiple: CollectionSize plays the whole collection when the count is 0 or missing", () => {
    const def = schedule([scheduleItem(0, { playoutMode: PlayoutMode.Multiple, multipleMode: "CollectionSize" }), scheduleItem(1, { contentKey: "other" })]);
    const result = build(def, { main: three, other: [movie(10, 10)] }, { hours: 3 });
    expect(timeline(result, 5)).toEqual(["00:00 1", "00:30 2", "01:15 3", "01:35 10", "01:45 1"]);
  });

  it("Multiple: `random` draws from the seeded source, so a seed gives the same counts every time", () => {
    const def = schedule([scheduleItem(0, { playoutMode: PlayoutMode.Multiple, multipleMode: "Count", multipleCount: "random + 1" }), scheduleItem(1, { contentKey: "other" })]);
    const content = { main: three, other: [movie(10, 10)] };
    const a = build(def, content, { hours: 24, seed: 1 });
    const b = build(def, content, { hours: 24, seed: 1 });
    expect(a.items).toEqual(b.items);
    const runs = a.items.map((i) => (i.mediaItemId === 10 ? "|" : "x")).join("").split("|").filter(Boolean).map((r) => r.length);
    expect(Math.min(...runs)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...runs)).toBeLessThanOrEqual(3);
    expect(new Set(runs).size).toBeGreaterThan(1);
  });

  it("Flood: fills until the next item's fixed start, then tail filler (whole items) and fallback cut to the start", () => {
    const def = schedule([
      scheduleItem(0, { playoutMode: PlayoutMode.Flood, contentKey: "flood", tail: filler(5, FillerKind.Tail), fallback: filler(6, FillerKind.Fallback) }),
      scheduleItem(1, { startTimeSeconds: 2 * 3600, contentKey: "other" }),
    ]);
    const result = build(def, { flood: [movie(20, 25)], other: [movie(10, 60)], filler5: [movie(50, 7)], filler6: [movie(60, 4)] }, { hours: 4 });
    expect(timeline(result, 11)).toEqual([
      "00:00 20", "00:25 20", "00:50 20", "01:15 20",
      "01:40 50 Tail", "01:47 50 Tail",
      "01:54 60 Fallback", "01:58 60 Fallback",
      "02:00 10",
      "03:00 20", "03:25 20",
    ]);
    const cut = result.items[7];
    expect(cut.finish - cut.start).toBe(2 * MIN);
    expect(cut.outPointMs).toBe(2 * MIN);
  });

  it("Flood without filler leaves an offline gap up to the fixed start; a dynamic next item floods forever", () => {
    const withFixed = build(schedule([scheduleItem(0, { playoutMode: PlayoutMode.Flood }), scheduleItem(1, { startTimeSeconds: 3600, contentKey: "other" })]), { main: [movie(1, 25)], other: [movie(10, 30)] }, { hours: 2 });
    expect(timeline(withFixed, 4)).toEqual(["00:00 1", "00:25 1", "00:50 -", "01:00 10"]);
    const forever = build(schedule([scheduleItem(0, { playoutMode: PlayoutMode.Flood }), scheduleItem(1, { contentKey: "other" })]), { main: [movie(1, 25)], other: [movie(10, 30)] }, { hours: 6 });
    expect(forever.items.every((i) => i.mediaItemId === 1)).toBe(true);
  });

  it("Duration: whole items that fit the window; Offline tail leaves a gap and the window's programmes end at its end in the guide", () => {
    const def = schedule([
      scheduleItem(0, { playoutMode: PlayoutMode.Duration, playoutDurationMs: HOUR, tailMode: TailMode.Offline }),
      scheduleItem(1, { contentKey: "other" }),
    ]);
    const result = build(def, { main: [movie(1, 25), movie(2, 25)], other: [movie(10, 15)] }, { hours: 3 });
    expect(timeline(result, 6)).toEqual(["00:00 1", "00:25 2", "00:50 -", "01:00 10", "01:15 1", "01:40 2"]);
    expect(result.items.slice(0, 2).map((i) => i.guideFinish)).toEqual([T0 + HOUR, T0 + HOUR]);
    expect(result.items[3].guideFinish).toBeUndefined();
  });

  it("Duration: tail mode None starts the next item at once; Filler plays tail items then fallback cut to the window end", () => {
    const base = { playoutMode: PlayoutMode.Duration, playoutDurationMs: HOUR };
    const none = build(schedule([scheduleItem(0, { ...base, tailMode: TailMode.None }), scheduleItem(1, { contentKey: "other" })]), { main: [movie(1, 25)], other: [movie(10, 15)] }, { hours: 2 });
    expect(timeline(none, 4)).toEqual(["00:00 1", "00:25 1", "00:50 10", "01:05 1"]);
    expect(none.items[1].guideFinish).toBeUndefined();
    const withTail = build(
      schedule([scheduleItem(0, { ...base, tailMode: TailMode.Filler, tail: filler(5, FillerKind.Tail), fallback: filler(6, FillerKind.Fallback) }), scheduleItem(1, { contentKey: "other" })]),
      { main: [movie(1, 25)], other: [movie(10, 15)], filler5: [movie(50, 4)], filler6: [movie(60, 3)] },
      { hours: 2 },
    );
    expect(timeline(withTail, 7)).toEqual(["00:00 1", "00:25 1", "00:50 50 Tail", "00:54 50 Tail", "00:58 60 Fallback", "01:00 10", "01:15 1"]);
  });

  it("Duration: an item longer than the whole window is skipped; discard attempts (shuffle) try further items", () => {
    const skip = build(schedule([scheduleItem(0, { playoutMode: PlayoutMode.Duration, playoutDurationMs: 30 * MIN, tailMode: TailMode.Offline })]), { main: [movie(1, 20), movie(2, 90), movie(3, 10)] }, { hours: 2 });
    expect(skip.items.some((i) => i.mediaItemId === 2)).toBe(false);
    expect(timeline(skip, 5)).toEqual(["00:00 1", "00:20 3", "00:30 1", "00:50 3", "01:00 1"]);

    const items = Array.from({ length: 20 }, (_, i) => movie(i + 1, i % 2 === 0 ? 40 : 10));
    const duration = (attempts: number) =>
      build(schedule([scheduleItem(0, { playoutMode: PlayoutMode.Duration, playoutDurationMs: HOUR, tailMode: TailMode.Offline, playbackOrder: "Shuffle" as never, discardToFillAttempts: attempts })]), { main: items }, { hours: 24, seed: 3 });
    const offline = (r: ReturnType<typeof duration>) => r.items.filter((i) => i.mediaItemId === null).reduce((s, i) => s + i.finish - i.start, 0);
    expect(offline(duration(5))).toBeLessThan(offline(duration(0)));
  });

  it("Strict fixed start already passed today: offline until tomorrow's start; Flexible starts now", () => {
    const start = T0 + 10 * HOUR;
    const strict = build(schedule([scheduleItem(0, { startTimeSeconds: 8 * 3600 })]), { main: [movie(1, 60)] }, { start, hours: 30 });
    expect(hhmm(strict.items[0].start)).toBe("10:00");
    expect(strict.items[0].mediaItemId).toBeNull();
    expect(strict.items[1].start).toBe(T0 + 32 * HOUR);
    expect(strict.items[1].mediaItemId).toBe(1);
    expect(strict.warnings.some((w) => /fixed start 08:00:00 had passed \(Strict\)/.test(w))).toBe(true);

    const flexible = build(schedule([scheduleItem(0, { startTimeSeconds: 8 * 3600 })], { fixedStartTimeBehavior: FixedStartTimeBehavior.Flexible }), { main: [movie(1, 60)] }, { start, hours: 30 });
    expect(flexible.items[0]).toMatchObject({ start, mediaItemId: 1 });
    // The item's own behaviour overrides the schedule's.
    const override = build(schedule([scheduleItem(0, { startTimeSeconds: 8 * 3600, fixedStartTimeBehavior: FixedStartTimeBehavior.Strict })], { fixedStartTimeBehavior: FixedStartTimeBehavior.Flexible }), { main: [movie(1, 60)] }, { start, hours: 30 });
    expect(override.items[1].start).toBe(T0 + 32 * HOUR);
  });

  it("fixed starts later today wait with an offline gap; fixed times are ignored inside a Multiple block", () => {
    const def = schedule([
      scheduleItem(0, { startTimeSeconds: 3600, playoutMode: PlayoutMode.Multiple, multipleMode: "Count", multipleCount: "3" }),
      scheduleItem(1, { startTimeSeconds: 6 * 3600, contentKey: "other" }),
    ]);
    const result = build(def, { main: [movie(1, 50)], other: [movie(10, 30)] }, { hours: 26 });
    expect(timeline(result, 7)).toEqual(["00:00 -", "01:00 1", "01:50 1", "02:40 1", "03:30 -", "06:00 10", "06:30 -"]);
    expect(hhmm(result.items[7].start)).toBe("01:00");
    expect(result.items[7].start).toBe(T0 + 25 * HOUR);
  });

  it("shuffled schedule items: every item once per pass, in a seeded order", () => {
    const def = schedule([0, 1, 2, 3].map((i) => scheduleItem(i, { contentKey: `c${i}` })), { shuffleScheduleItems: true });
    const content = { c0: [movie(1, 10)], c1: [movie(2, 10)], c2: [movie(3, 10)], c3: [movie(4, 10)] };
    const passes = (seed: number) => {
      const ids = build(def, content, { hours: 4, seed }).items.map((i) => i.mediaItemId);
      return [ids.slice(0, 4), ids.slice(4, 8), ids.slice(8, 12)];
    };
    for (const pass of passes(1)) expect([...pass].sort()).toEqual([1, 2, 3, 4]);
    expect(passes(1)).toEqual(passes(1));
    const orders = new Set([1, 2, 3, 4, 5].flatMap((seed) => passes(seed).map((p) => p.join())));
    expect(orders.size).toBeGreaterThan(2);
  });

  it("an item with empty content is skipped with a warning; a schedule with no playable content fails", () => {
    const result = build(schedule([scheduleItem(0, { contentKey: "empty" }), scheduleItem(1)]), { empty: [], main: [movie(1, 30)] }, { hours: 2 });
    expect(result.items.every((i) => i.mediaItemId === 1)).toBe(true);
    expect(result.warnings.some((w) => w.includes('"empty" has no playable items'))).toBe(true);
    expect(() => build(schedule([scheduleItem(0, { contentKey: "empty" })]), { empty: [] })).toThrow(/no schedule item has playable content/);
  });

  it("stops at the item budget instead of running away", () => {
    expect(() => build(schedule([scheduleItem(0)]), { main: [movie(1, 1)] }, { hours: 240, maxItems: 100 })).toThrow(/more than 100 items/);
  });

  it("zero-length media never stalls the build", () => {
    const result = build(schedule([scheduleItem(0)]), { main: [movie(1, 0), movie(2, 30)] }, { hours: 2 });
    expect(result.items.every((i) => i.mediaItemId === 2)).toBe(true);
    expect(result.warnings.some((w) => /media item 1 has no duration/.test(w))).toBe(true);
  });

  it("two fixed starts that can never be met make no progress and stop with a clear error", () => {
    // Flood with nothing that fits and a Strict 00:00 item whose content is all zero-length: the cursor cannot move.
    const def = schedule([scheduleItem(0, { contentKey: "zero" }), scheduleItem(1, { contentKey: "zero2" })]);
    expect(() => build(def, { zero: [movie(1, 0)], zero2: [movie(2, 0)] })).toThrow(/made no progress/);
  });

  it("a Flood that is the schedule's only item, with a fixed start, floods from that start until it comes round again", () => {
    const result = build(schedule([scheduleItem(0, { playoutMode: PlayoutMode.Flood, startTimeSeconds: 6 * 3600 })]), { main: [movie(1, 50)] }, { hours: 48 });
    expect(timeline(result, 3)).toEqual(["00:00 -", "06:00 1", "06:50 1"]);
    // 06:00 + 21 × 50 min = 23:30; the next 50 minutes would pass 06:00 tomorrow only after 29 items.
    const tomorrow = T0 + 30 * HOUR;
    const around = result.items.filter((i) => i.start < tomorrow && i.finish >= tomorrow - HOUR);
    expect(around.at(-1)!.finish).toBe(tomorrow);
    expect(result.items.find((i) => i.start === tomorrow)?.mediaItemId).toBe(1);
  });

  it("a Duration shorter than every item with its filler stops with a message naming the item", () => {
    const def = schedule([scheduleItem(0, { playoutMode: PlayoutMode.Duration, playoutDurationMs: 10 * MIN, tailMode: TailMode.None })]);
    expect(() => build(def, { main: [movie(1, 30), movie(2, 45)] })).toThrow(/no progress .* schedule item 1 \(Duration\)/);
  });
});
