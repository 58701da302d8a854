import { describe, expect, it } from "vitest";
import { buildBlockPlayout, templateFor, type BlockBuildInput, type BlockDefinition, type BlockItemDefinition } from "../../../server/playout/block";
import type { MediaItem } from "../../../server/playout/content";

const MIN = 60_000;
const HOUR = 3_600_000;
/** Monday 2026-03-02 00:00 UTC. */
const T0 = Date.UTC(2026, 2, 2);

const movie = (id: number, minutes: number): MediaItem => ({ id, kind: "movie", title: `M${id}`, durationMs: minutes * MIN, releaseDate: `19${String(id % 100).padStart(2, "0")}-01-01` });
const blockItem = (id: number, contentKey: string, extra: Partial<BlockItemDefinition> = {}): BlockItemDefinition => ({
  id, index: id, contentKey, playbackOrder: "Chronological", includeInProgramGuide: true, disableWatermarks: false, ...extra,
});
const block = (id: number, minutes: number, items: BlockItemDefinition[], extra: Partial<BlockDefinition> = {}): BlockDefinition => ({ id, name: `Block ${id}`, minutes, stopScheduling: "AfterDurationEnd", items, ...extra });

const content = {
  cartoons: [movie(1, 20), movie(2, 25), movie(3, 15)],
  news: [movie(10, 10), movie(11, 10)],
  long: [movie(20, 50)],
  filler: [movie(90, 7)],
};

function input(extra: Partial<BlockBuildInput> = {}): BlockBuildInput {
  return {
    blocks: [block(1, 60, [blockItem(1, "cartoons")]), block(2, 30, [blockItem(2, "news")])],
    templates: [{ id: 1, name: "Weekday", items: [{ blockId: 1, startTimeSeconds: 6 * 3600 }, { blockId: 2, startTimeSeconds: 7 * 3600 }] }],
    assignments: [{ templateId: 1, priority: 0 }],
    content,
    mode: "Reset",
    start: T0,
    horizonMs: 24 * HOUR,
    timeZone: "UTC",
    seed: 1,
    ...extra,
  };
}

const at = (instant: number) => new Date(instant).toISOString().slice(11, 16);
const view = (items: { start: number; mediaItemId: number | null }[], n = 20) => items.slice(0, n).map((i) => `${at(i.start)} ${i.mediaItemId ?? "-"}`);

describe("Block builder", () => {
  it("lays each day's template out: blocks at their local times, items cycling until the block's minutes are used, offline between blocks", () => {
    const result = buildBlockPlayout(input());
    expect(view(result.items, 8)).toEqual(["00:00 -", "06:00 1", "06:20 2", "06:45 3", "07:00 10", "07:10 11", "07:20 10", "07:30 -"]);
    expect(result.items[7].finish).toBe(T0 + 30 * HOUR);
    expect(result.replaces).toBe(true);
  });

  it("AfterDurationEnd lets the last item finish (the next block starts after it); BeforeDurationEnd stops before overrunning", () => {
    const after = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "long")]), block(2, 30, [blockItem(2, "news")])] }));
    // 06:00 long (50), 06:50 long again (overruns to 07:40); the 07:00 block then starts at 07:40 and ends at 07:30 → nothing.
    expect(view(after.items, 4)).toEqual(["00:00 -", "06:00 20", "06:50 20", "07:40 -"]);
    const before = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "long")], { stopScheduling: "BeforeDurationEnd" }), block(2, 30, [blockItem(2, "news")])] }));
    expect(view(before.items, 5)).toEqual(["00:00 -", "06:00 20", "06:50 -", "07:00 10", "07:10 11"]);
  });

  it("several items in a block take turns, each in its own order", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 120, [blockItem(1, "cartoons"), blockItem(2, "news")])], templates: [{ id: 1, name: "T", items: [{ blockId: 1, startTimeSeconds: 0 }] }] }));
    expect(view(result.items, 6)).toEqual(["00:00 1", "00:20 10", "00:30 2", "00:55 11", "01:05 3", "01:20 10"]);
  });

  it("shuffle and random orders follow the seed", () => {
    const many = Array.from({ length: 10 }, (_, i) => movie(100 + i, 10));
    const run = (order: "Shuffle" | "Random" | "RandomRotation" | "SeasonEpisode", seed: number) =>
      buildBlockPlayout(input({ seed, content: { ...content, many }, blocks: [block(1, 600, [blockItem(1, "many", { playbackOrder: order })])], templates: [{ id: 1, name: "T", items: [{ blockId: 1, startTimeSeconds: 0 }] }] })).items.map((i) => i.mediaItemId);
    const shuffled = run("Shuffle", 1);
    expect([...shuffled.slice(0, 10)].sort()).toEqual(many.map((m) => m.id));
    expect(run("Shuffle", 1)).toEqual(shuffled);
    expect(run("Shuffle", 2)).not.toEqual(shuffled);
    expect(run("Random", 3)).toEqual(run("Random", 3));
    expect(run("RandomRotation", 3).length).toBeGreaterThan(50);
    expect(run("SeasonEpisode", 3).slice(0, 3)).toEqual([100, 101, 102]);
  });

  it("template assignments: every filter must match, the highest priority wins", () => {
    const monday = { year: 2026, month: 3, day: 2 };
    const assignments = [
      { templateId: 1, priority: 0 },
      { templateId: 2, priority: 5, daysOfWeek: ["Monday"] },
      { templateId: 3, priority: 9, daysOfWeek: ["Monday"], monthsOfYear: [4] },
      { templateId: 4, priority: 7, startDate: "2026-03-03", endDate: "2026-03-04" },
      { templateId: 5, priority: 8, daysOfMonth: [31] },
    ];
    expect(templateFor(monday, assignments)).toBe(2);
    expect(templateFor({ year: 2026, month: 3, day: 3 }, assignments)).toBe(4);
    expect(templateFor({ year: 2026, month: 3, day: 5 }, assignments)).toBe(1);
    expect(templateFor({ year: 2026, month: 3, day: 31 }, assignments)).toBe(5);
    expect(templateFor(monday, [{ templateId: 1, priority: 0, daysOfWeek: ["Tuesday"] }])).toBeUndefined();
  });

  it("a Reset followed by Continues equals one longer Reset; Continue only appends", () => {
    const base = input({ content: { ...content, many: Array.from({ length: 7 }, (_, i) => movie(200 + i, 13 + i)) }, blocks: [block(1, 95, [blockItem(1, "many", { playbackOrder: "Shuffle" }), blockItem(2, "news")]), block(2, 45, [blockItem(3, "cartoons")], { stopScheduling: "BeforeDurationEnd" })], gapFiller: { contentKey: "filler" } });
    const reset = buildBlockPlayout(base);
    const c1 = buildBlockPlayout({ ...base, mode: "Continue", start: T0 + 20 * HOUR, previousState: JSON.parse(JSON.stringify(reset.state)) });
    const c2 = buildBlockPlayout({ ...base, mode: "Continue", start: T0 + 45 * HOUR, previousState: c1.state });
    expect(c1.replaces).toBe(false);
    const longer = buildBlockPlayout({ ...base, horizonMs: 69 * HOUR });
    expect([...reset.items, ...c1.items, ...c2.items]).toEqual(longer.items);
    expect(c1.items[0].start).toBe(reset.items.at(-1)!.finish);
  });

  it("Refresh keeps each block item's progress; Reset starts it over", () => {
    const base = input({ start: T0 + 6 * HOUR + 30 * MIN });
    const first = buildBlockPlayout({ ...base, start: T0, horizonMs: 48 * HOUR });
    const nextDay = T0 + 30 * HOUR + 10 * MIN;
    const refresh = buildBlockPlayout({ ...base, mode: "Refresh", start: nextDay, previousState: first.state });
    const before = first.items.filter((i) => i.finish > nextDay);
    expect(refresh.items.slice(1, 5).map((i) => i.mediaItemId)).toEqual(before.slice(1, 5).map((i) => i.mediaItemId));
    const reset = buildBlockPlayout({ ...base, mode: "Reset", start: nextDay, previousState: first.state });
    expect(reset.items[0].mediaItemId).toBe(1);
    expect(refresh.items[0]).toMatchObject({ start: nextDay, inPointMs: 10 * MIN });
  });

  it("gaps play the gap filler, looped and cut; items hidden from the guide join the programme before them", () => {
    const result = buildBlockPlayout(input({ gapFiller: { contentKey: "filler" }, blocks: [block(1, 60, [blockItem(1, "cartoons"), blockItem(2, "news", { includeInProgramGuide: false, disableWatermarks: true }), blockItem(3, "cartoons", { watermarkIds: [3] })])], templates: [{ id: 1, name: "T", items: [{ blockId: 1, startTimeSeconds: 3600 }] }] }));
    expect(result.items.slice(0, 9).every((i) => i.mediaItemId === 90 && i.fillerKind === "Fallback")).toBe(true);
    expect(result.items[8].finish - result.items[8].start).toBe(4 * MIN);
    const [a, hidden, b] = result.items.slice(9, 12);
    expect(hidden).toMatchObject({ mediaItemId: 10, hiddenFromGuide: true, guideGroup: a.guideGroup, disableWatermarks: true });
    expect(b).toMatchObject({ watermarkIds: [3] });
    expect(b.guideGroup).toBeGreaterThan(a.guideGroup);
  });

  it("a DST day: blocks keep their local times", () => {
    const result = buildBlockPlayout(input({ timeZone: "America/New_York", start: Date.UTC(2026, 2, 8, 5), horizonMs: 48 * HOUR }));
    const starts = result.items.filter((i) => i.mediaItemId === 1).map((i) => new Date(i.start).toISOString());
    expect(starts.slice(0, 2)).toEqual(["2026-03-08T10:00:00.000Z", "2026-03-09T10:00:00.000Z"]);
  });

  it("empty content is skipped with a warning; zero-length media never stalls; the item budget stops a runaway build", () => {
    const empty = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "none"), blockItem(2, "news")]), block(2, 30, [blockItem(3, "none")])] }));
    expect(empty.warnings.some((w) => /"none"\) has no playable media/.test(w))).toBe(true);
    expect(empty.items.some((i) => i.mediaItemId === 10)).toBe(true);
    const zero = buildBlockPlayout(input({ content: { ...content, cartoons: [movie(1, 0)] } }));
    expect(zero.warnings.some((w) => /no duration/.test(w))).toBe(true);
    expect(() => buildBlockPlayout(input({ content: { ...content, cartoons: [movie(1, 1)] }, blocks: [block(1, 1440, [blockItem(1, "cartoons")])], horizonMs: 30 * 24 * HOUR, budget: { maxItems: 500 } }))).toThrow(/more than 500 items/);
  });
});
