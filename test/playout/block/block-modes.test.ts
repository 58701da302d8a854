import { describe, expect, it } from "vitest";
import { buildBlockPlayout, type BlockBuildInput } from "../../../server/playout/block";
import type { TimelineItem } from "../../../server/playout/timeline-item";
import { block, blockItem, content, HOUR, input, MIN, movie, stored, T0, view } from "./fixtures";

const TUESDAY = T0 + 24 * HOUR;
/** An item without its guide number (a rebuild numbers its guide entries anew). */
const same = ({ guideGroup: _, ...item }: TimelineItem) => item;

/** 06:00 cartoons for 45 minutes (so a day ends mid-list: Monday 1, 2; Tuesday 3, 1, 2), 07:00 news for 30. */
function daily(extra: Partial<BlockBuildInput> = {}): BlockBuildInput {
  return input({ blocks: [block(1, 45, [blockItem(1, "cartoons")]), block(2, 30, [blockItem(2, "news")])], ...extra });
}

describe("Block builder: Reset, Refresh and Continue", () => {
  it("a Reset followed by Continues equals one longer Reset; Continue only appends after the last build", () => {
    const many = Array.from({ length: 7 }, (_, i) => movie(200 + i, 13 + i));
    const base = input({
      content: { ...content, many },
      blocks: [block(1, 95, [blockItem(1, "many", { playbackOrder: "Shuffle" }), blockItem(2, "news")]), block(2, 45, [blockItem(3, "cartoons")], { stopScheduling: "BeforeDurationEnd" })],
      gapFiller: { contentKey: "filler" },
      seed: 42,
    });
    const reset = buildBlockPlayout(base);
    const c1 = buildBlockPlayout({ ...base, mode: "Continue", start: T0 + 20 * HOUR, previousState: stored(reset.state) });
    const c2 = buildBlockPlayout({ ...base, mode: "Continue", start: T0 + 45 * HOUR, previousState: stored(c1.state) });
    expect(c1.replaces).toBe(false);
    expect(c2.replaces).toBe(false);
    expect(c1.items[0].start).toBe(reset.items.at(-1)!.finish);
    expect(c2.items[0].start).toBe(c1.items.at(-1)!.finish);
    expect(c1.items.length).toBeGreaterThan(10);
    const longer = buildBlockPlayout({ ...base, horizonMs: 69 * HOUR });
    expect([...reset.items, ...c1.items, ...c2.items]).toEqual(longer.items);
    expect(c2.state.nextGuideGroup).toBe(longer.state.nextGuideGroup);
  });

  it("Continue carries each block item's position from the last build", () => {
    const monday = buildBlockPlayout(daily({ horizonMs: 12 * HOUR }));
    expect(view(monday.items, 4)).toEqual(["00:00 -", "06:00 1", "06:20 2", "06:45 -"]);
    const tuesday = buildBlockPlayout(daily({ mode: "Continue", start: TUESDAY, previousState: stored(monday.state) }));
    expect(tuesday.items.slice(0, 4).map((i) => i.mediaItemId)).toEqual([3, 1, 2, 11]);
    expect(tuesday.items[0].start).toBe(TUESDAY + 6 * HOUR);
  });

  it("a Continue with nothing to continue is a Reset", () => {
    const continued = buildBlockPlayout(daily({ mode: "Continue" }));
    expect(continued.replaces).toBe(true);
    expect(continued.items).toEqual(buildBlockPlayout(daily()).items);
  });

  it("a Continue whose last build ended before the block playing now rebuilds from that block like a Refresh", () => {
    const monday = buildBlockPlayout(daily());
    const thursday = TUESDAY + 2 * 24 * HOUR + 6 * HOUR + 30 * MIN;
    const continued = buildBlockPlayout(daily({ mode: "Continue", start: thursday, previousState: stored(monday.state) }));
    const refreshed = buildBlockPlayout(daily({ mode: "Refresh", start: thursday, previousState: stored(monday.state) }));
    expect(continued.replaces).toBe(true);
    expect(continued.items[0].start).toBe(thursday);
    expect(continued.items).toEqual(refreshed.items);
  });

  it("Refresh keeps each block item's progress: with unchanged content it rebuilds the same timeline", () => {
    const first = buildBlockPlayout(daily({ horizonMs: 72 * HOUR }));
    const now = TUESDAY + 6 * HOUR + 30 * MIN;
    const refresh = buildBlockPlayout(daily({ mode: "Refresh", start: now, previousState: stored(first.state) }));
    expect(refresh.replaces).toBe(true);
    // Tuesday's block went 3 (06:00), 1 (06:15), 2 (06:35): the item playing at 06:30 is cut to start now.
    expect(refresh.items[0]).toMatchObject({ start: now, finish: now + 5 * MIN, mediaItemId: 1, inPointMs: 15 * MIN, outPointMs: 20 * MIN });
    // The same items at the same times (guide entries get new numbers).
    const before = first.items.filter((i) => i.finish > now && i.start < now + 24 * HOUR).slice(1);
    expect(refresh.items.slice(1, before.length + 1).map(same)).toEqual(before.map(same));
    expect(Math.min(...refresh.items.filter((i) => i.guideGroup).map((i) => i.guideGroup))).toBeGreaterThanOrEqual(first.state.nextGuideGroup);
  });

  it("Reset forgets the history from now on (forgetFromNow) but keeps finished progress; repeated Resets do not walk forward", () => {
    const first = buildBlockPlayout(daily({ horizonMs: 72 * HOUR }));
    const now = TUESDAY + 6 * HOUR + 30 * MIN;
    const reset = buildBlockPlayout(daily({ start: now, horizonMs: HOUR, previousState: stored(first.state) }));
    expect(reset.items.slice(0, 3).map((i) => i.mediaItemId)).toEqual([1, 2, 11]);
    // The first build's rows for Wednesday are gone: nothing in history starts after this build's last block.
    expect(first.state.history.some((row) => row.when >= TUESDAY + 24 * HOUR)).toBe(true);
    expect(reset.state.history.every((row) => row.when < TUESDAY + 7.5 * HOUR)).toBe(true);
    const again = buildBlockPlayout(daily({ start: now, horizonMs: HOUR, previousState: stored(reset.state) }));
    expect(again.items.map(same)).toEqual(reset.items.map(same));
    // Continuing after the Reset plays Wednesday as the first, longer build did.
    const wednesday = buildBlockPlayout(daily({ mode: "Continue", start: now + HOUR, horizonMs: 24 * HOUR, previousState: stored(reset.state) }));
    const firstWednesday = first.items.filter((i) => i.start >= TUESDAY + 24 * HOUR && i.mediaItemId !== null).map((i) => i.mediaItemId);
    expect(wednesday.items.filter((i) => i.mediaItemId !== null).map((i) => i.mediaItemId)).toEqual(firstWednesday);
  });

  it("a Reset without saved history (erased by the service) starts every block item over", () => {
    const now = TUESDAY + 6 * HOUR + 30 * MIN;
    const fresh = buildBlockPlayout(daily({ start: now }));
    // Tuesday's block from the first cartoon: 1 (06:00), 2 (06:20, playing now).
    expect(fresh.items[0]).toMatchObject({ start: now, mediaItemId: 2, inPointMs: 10 * MIN });
  });

  it("the saved history is cleaned up: per block item only the rows still playing or the latest finished one", () => {
    const first = buildBlockPlayout(daily({ horizonMs: 24 * HOUR }));
    const later = buildBlockPlayout(daily({ mode: "Continue", start: T0 + 5 * 24 * HOUR, horizonMs: 24 * HOUR, previousState: stored(first.state) }));
    const finished = later.state.history.filter((row) => row.finish < T0 + 5 * 24 * HOUR);
    expect(new Set(finished.map((row) => row.key)).size).toBe(finished.length);
  });
});
