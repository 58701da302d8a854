import { describe, expect, it } from "vitest";
import { buildBlockPlayout } from "../../../server/playout/block";
import { block, blockItem, content, HOUR, input, MIN, movie, oneTemplate, stored, T0, view } from "./fixtures";

describe("Block builder: laying blocks out", () => {
  it("lays each day's template out: blocks at their local times, items cycling until the block's minutes are used, offline between blocks", () => {
    const result = buildBlockPlayout(input());
    expect(view(result.items, 8)).toEqual(["00:00 -", "06:00 1", "06:20 2", "06:45 3", "07:00 10", "07:10 11", "07:20 10", "07:30 -"]);
    // The gap runs up to the first block past the horizon (Tuesday 06:00), so a later Continue starts there.
    expect(result.items).toHaveLength(8);
    expect(result.items[7]).toMatchObject({ start: T0 + 7.5 * HOUR, finish: T0 + 30 * HOUR, mediaItemId: null, guideGroup: 0, contentKey: null, fillerKind: "None" });
    expect(result.items.slice(1, 7).map((i) => i.guideGroup)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.items[1]).toMatchObject({ finish: T0 + 6 * HOUR + 20 * MIN, inPointMs: 0, outPointMs: 20 * MIN, contentKey: "cartoons", fillerKind: "None", disableWatermarks: false });
    expect(result.state).toMatchObject({ version: 1, builtUntil: T0 + 7.5 * HOUR, cursor: T0 + 30 * HOUR, nextGuideGroup: 7 });
    expect(result.replaces).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it("AfterDurationEnd: the item crossing the end plays whole and the next block starts after it", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "long")]), block(2, 60, [blockItem(2, "news")])] }));
    // 06:00 long (50 min), 06:50 long again (overruns to 07:40); block 2 (07:00-08:00) is pushed to 07:40.
    expect(view(result.items, 6)).toEqual(["00:00 -", "06:00 20", "06:50 20", "07:40 10", "07:50 11", "08:00 -"]);
    expect(result.items[2].finish).toBe(T0 + 7 * HOUR + 40 * MIN);
    expect(result.items[4].finish).toBe(T0 + 8 * HOUR);
  });

  it("AfterDurationEnd: a block pushed past its own end schedules nothing", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "long")]), block(2, 30, [blockItem(2, "news")])] }));
    expect(view(result.items, 4)).toEqual(["00:00 -", "06:00 20", "06:50 20", "07:40 -"]);
  });

  it("BeforeDurationEnd: stops before an item would overrun, the rest of the block is a gap", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "long")], { stopScheduling: "BeforeDurationEnd" }), block(2, 30, [blockItem(2, "news")])] }));
    expect(view(result.items, 6)).toEqual(["00:00 -", "06:00 20", "06:50 -", "07:00 10", "07:10 11", "07:20 10"]);
    expect(result.items[2]).toMatchObject({ start: T0 + 6 * HOUR + 50 * MIN, finish: T0 + 7 * HOUR, mediaItemId: null });
  });

  it("BeforeDurationEnd: a block where no item fits is all gap", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 30, [blockItem(1, "long")], { stopScheduling: "BeforeDurationEnd" }), block(2, 30, [blockItem(2, "news")])] }));
    expect(view(result.items, 3)).toEqual(["00:00 -", "07:00 10", "07:10 11"]);
    expect(result.items[0].finish).toBe(T0 + 7 * HOUR);
    expect(result.warnings).toEqual([]);
  });

  it("a block running into the next one is cut: it stops scheduling at the next block's start", () => {
    const result = buildBlockPlayout(input({ templates: oneTemplate([1, 6 * 3600], [2, 6 * 3600 + 30 * 60]) }));
    // Block 1 (06:00, 60 min) ends at 06:30: 06:00 1, 06:20 2 (crosses 06:30, plays whole), then block 2 from 06:45.
    expect(view(result.items, 6)).toEqual(["00:00 -", "06:00 1", "06:20 2", "06:45 10", "06:55 11", "07:05 -"]);
  });

  it("several items in a block take turns, one media item each, each in its own order", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 120, [blockItem(1, "cartoons"), blockItem(2, "news")])], templates: oneTemplate([1, 0]) }));
    expect(view(result.items, 10)).toEqual(["00:00 1", "00:20 10", "00:30 2", "00:55 11", "01:05 3", "01:20 10", "01:30 1", "01:50 11", "02:00 -"]);
    // Each block item's media is its own guide entry.
    expect(new Set(result.items.slice(0, 8).map((i) => i.guideGroup)).size).toBe(8);
  });

  it("block items take turns in index order, not in listed order", () => {
    const items = [blockItem(2, "news", { index: 1 }), blockItem(1, "cartoons", { index: 0 })];
    const result = buildBlockPlayout(input({ blocks: [block(1, 60, items)], templates: oneTemplate([1, 0]) }));
    expect(view(result.items, 3)).toEqual(["00:00 1", "00:20 10", "00:30 2"]);
  });

  it("gaps play the gap filler: shuffled, looped, the last one cut with its out-point, kind Fallback", () => {
    const filler = [movie(90, 7), movie(91, 11)];
    const result = buildBlockPlayout(input({ content: { ...content, filler }, gapFiller: { contentKey: "filler" }, templates: oneTemplate([1, 3600]) }));
    const gap = result.items.filter((i) => i.start < T0 + HOUR);
    expect(gap.every((i) => i.fillerKind === "Fallback" && i.guideGroup === 0 && i.contentKey === "filler" && i.mediaItemId !== null)).toBe(true);
    expect(gap[0].start).toBe(T0);
    for (let i = 1; i < gap.length; i++) expect(gap[i].start).toBe(gap[i - 1].finish);
    const last = gap.at(-1)!;
    expect(last.finish).toBe(T0 + HOUR);
    expect(last.outPointMs).toBe(last.finish - last.start);
    expect(last.outPointMs).toBeLessThan(filler.find((m) => m.id === last.mediaItemId)!.durationMs);
    // Every filler item plays before one repeats (a shuffle, not random picks).
    expect(new Set(gap.slice(0, 2).map((i) => i.mediaItemId)).size).toBe(2);
    expect(result.items.find((i) => i.start === T0 + HOUR)?.mediaItemId).toBe(1);
    expect(result.items.some((i) => i.mediaItemId === null)).toBe(false);
  });

  it("without a gap filler every gap is one offline item", () => {
    const result = buildBlockPlayout(input({ templates: oneTemplate([1, 3600]), horizonMs: 48 * HOUR }));
    const gaps = result.items.filter((i) => i.mediaItemId === null);
    expect(gaps.map((g) => [g.start - T0, g.finish - T0])).toEqual([
      [0, HOUR],
      [2 * HOUR, 25 * HOUR],
      [26 * HOUR, 49 * HOUR],
    ]);
    expect(gaps.every((g) => g.guideGroup === 0 && g.outPointMs === g.finish - g.start && g.fillerKind === "None")).toBe(true);
  });

  it("items hidden from the guide join the programme before them; watermark settings are copied", () => {
    const items = [blockItem(1, "cartoons"), blockItem(2, "news", { includeInProgramGuide: false, disableWatermarks: true }), blockItem(3, "cartoons", { watermarkIds: [3, 4] })];
    const result = buildBlockPlayout(input({ blocks: [block(1, 60, items)], templates: oneTemplate([1, 3600]) }));
    const [a, hidden, b] = result.items.slice(1, 4);
    expect(a).toMatchObject({ mediaItemId: 1, disableWatermarks: false });
    expect(a.hiddenFromGuide).toBeUndefined();
    expect(hidden).toMatchObject({ mediaItemId: 10, hiddenFromGuide: true, fillerKind: "None", guideGroup: a.guideGroup, disableWatermarks: true, contentKey: "news" });
    expect(hidden.watermarkIds).toBeUndefined();
    // Block item 3 has its own enumerator: it starts at the first cartoon too.
    expect(b).toMatchObject({ mediaItemId: 1, watermarkIds: [3, 4], contentKey: "cartoons" });
    expect(b.guideGroup).toBeGreaterThan(a.guideGroup);
  });

  it("guide groups keep counting across builds: a Continue never reuses a number", () => {
    const first = buildBlockPlayout(input());
    const next = buildBlockPlayout(input({ mode: "Continue", start: T0 + 24 * HOUR, previousState: stored(first.state) }));
    const before = Math.max(...first.items.map((i) => i.guideGroup));
    const after = next.items.filter((i) => i.guideGroup > 0).map((i) => i.guideGroup);
    expect(after.length).toBeGreaterThan(0);
    expect(Math.min(...after)).toBe(before + 1);
  });
});
