import { describe, expect, it } from "vitest";
import { guideProgrammes } from "../../server/guide";
import { findNowPlaying } from "../../server/playout/now-playing";
import { applyShift, needsContinueBuild, resumePlan, skipPlan, standstillMs, takeCheckpoint, type ShiftableItem } from "../../server/playout/core/time-shift";

/** The on-demand and skip engine on a fixed clock: every "now" below is a constant, never Date.now. */
const T0 = Date.UTC(2030, 0, 1, 12, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Back-to-back items of the given lengths (minutes) from T0; ids 1, 2, … */
function timeline(minutes: number[], from = T0): ShiftableItem[] {
  let start = from;
  return minutes.map((m, i) => {
    const item = { id: i + 1, start, finish: start + m * MIN, inPointMs: 0, outPointMs: m * MIN, guideStart: null, guideFinish: null };
    start += m * MIN;
    return item;
  });
}

/** Pauses at `leave` and resumes at `back`, as the service does in one transaction. */
function pauseAndResume(items: ShiftableItem[], leave: number, back: number): ShiftableItem[] {
  const checkpoint = takeCheckpoint(items, leave);
  const plan = resumePlan(items, checkpoint, back);
  return plan ? applyShift(items, plan) : items;
}

const onAir = (items: ShiftableItem[], at: number) => {
  const now = findNowPlaying(items, at);
  if (now.kind !== "playing") throw new Error(`a gap is on air at ${new Date(at).toISOString()}`);
  return { id: now.item.id, offsetMs: at - now.item.start };
};

describe("on-demand time shift (fixed clock)", () => {
  it("pause for 3 hours and resume: the first item and offset equal the checkpoint; lengths and order are kept", () => {
    const items = timeline([30, 45, 20, 60]);
    const leave = T0 + 37 * MIN + 12_345; // 7 min 12.345 s into item 2
    const checkpoint = takeCheckpoint(items, leave);
    expect(checkpoint).toEqual({ pausedAt: leave, itemId: 2, offsetMs: 7 * MIN + 12_345 });
    const back = leave + 3 * HOUR;
    expect(standstillMs(items, checkpoint, back)).toBe(3 * HOUR);
    const resumed = applyShift(items, resumePlan(items, checkpoint, back)!);
    expect(onAir(resumed, back)).toEqual({ id: 2, offsetMs: checkpoint.offsetMs });
    // Item 1 (already played) stays; items 2… moved by exactly the standstill.
    expect(resumed[0]).toEqual(items[0]);
    expect(resumed.slice(1).map((i) => i.start - items[i.id - 1]!.start)).toEqual([3 * HOUR, 3 * HOUR, 3 * HOUR]);
    expect(resumed.map((i) => i.finish - i.start)).toEqual(items.map((i) => i.finish - i.start));
    expect(resumed.map((i) => i.id)).toEqual([1, 2, 3, 4]);
    for (let i = 1; i < resumed.length; i++) expect(resumed[i]!.start).toBeGreaterThanOrEqual(resumed[i - 1]!.finish);
  });

  it("several pauses in a row: each resume starts where the last viewer left, and the total shift is the sum of the pauses", () => {
    let items = timeline([30, 30, 30, 30, 30]);
    let wall = T0 + 5 * MIN;
    const pauses = [2 * HOUR, 17 * MIN, 9 * HOUR + 3_000, 1_000];
    for (const pause of pauses) {
      wall += 11 * MIN; // watch 11 minutes
      const left = onAir(items, wall);
      items = pauseAndResume(items, wall, wall + pause);
      wall += pause;
      expect(onAir(items, wall)).toEqual(left);
    }
    // 5 + 4·11 = 49 minutes of the timeline were watched: item 2, 19 minutes in.
    expect(onAir(items, wall)).toEqual({ id: 2, offsetMs: 19 * MIN });
    expect(items[4]!.start - T0 - 120 * MIN).toBe(pauses.reduce((a, b) => a + b, 0));
  });

  it("a pause longer than the build horizon: the shifted items still start at the checkpoint, and a Continue build is due", () => {
    const horizon = 2 * DAY;
    const items = timeline(Array.from({ length: 96 }, () => 30)); // exactly the 2-day horizon from T0
    expect(needsContinueBuild(items.at(-1)!.finish, T0, horizon)).toBe(false);
    const leave = T0 + 6 * HOUR + 10 * MIN;
    const back = leave + 3 * DAY;
    const resumed = pauseAndResume(items, leave, back);
    expect(onAir(resumed, back)).toEqual({ id: 13, offsetMs: 10 * MIN });
    // What was left of the horizon (2 days − 6 h 10 min) now follows `back`: short of the horizon.
    expect(resumed.at(-1)!.finish).toBe(back + horizon - 6 * HOUR - 10 * MIN);
    expect(needsContinueBuild(resumed.at(-1)!.finish, back, horizon)).toBe(true);
  });

  it("a checkpoint in a gap resumes in the gap with the next item as far ahead as before", () => {
    const items = [...timeline([30]), ...timeline([30], T0 + 40 * MIN).map((i) => ({ ...i, id: 2 }))];
    const leave = T0 + 33 * MIN;
    expect(takeCheckpoint(items, leave)).toEqual({ pausedAt: leave, itemId: null, offsetMs: 0 });
    const back = leave + HOUR;
    const resumed = pauseAndResume(items, leave, back);
    expect(resumed[1]!.start).toBe(back + 7 * MIN);
  });

  it("guide times after a resume: the programmes start at the checkpoint's place as if the channel played from now", () => {
    const items = timeline([30, 45, 20]).map((i) => ({ ...i, guideStart: i.start, guideFinish: i.finish }));
    const leave = T0 + 40 * MIN;
    const back = leave + 5 * HOUR;
    const resumed = pauseAndResume(items, leave, back);
    const programmes = guideProgrammes(
      resumed.map((i) => ({ ...i, guideStart: i.guideStart ?? undefined, guideFinish: i.guideFinish ?? undefined, kind: "OtherVideo" as const, title: `Item ${i.id}` })),
      { window: { from: back, to: back + 2 * HOUR } },
    );
    expect(programmes.map((p) => [p.item.title, p.start - back, p.stop - back])).toEqual([
      ["Item 2", -10 * MIN, 35 * MIN],
      ["Item 3", 35 * MIN, 55 * MIN],
    ]);
    // The same times the paused guide showed at `back` without moving anything (the standstill as an offset).
    const checkpoint = takeCheckpoint(items, leave);
    const paused = guideProgrammes(
      items.map((i) => ({ ...i, guideStart: i.guideStart ?? undefined, guideFinish: i.guideFinish ?? undefined, kind: "OtherVideo" as const, title: `Item ${i.id}` })),
      { offsetMs: standstillMs(items, checkpoint, back), window: { from: back, to: back + 2 * HOUR } },
    );
    expect(paused.map((p) => [p.start, p.stop])).toEqual(programmes.map((p) => [p.start, p.stop]));
  });
});

describe("skip (fixed clock)", () => {
  it("ends the item on air now; the next starts now and every later item moves earlier by the time skipped", () => {
    const items = timeline([30, 45, 20]);
    const now = T0 + 12 * MIN;
    const result = skipPlan(items, now);
    expect(result).toMatchObject({ ok: true, skippedMs: 18 * MIN, nextItemId: 2 });
    if (!result.ok) return;
    const after = applyShift(items, result.plan);
    expect(after[0]).toMatchObject({ start: T0, finish: now, outPointMs: 12 * MIN });
    expect(onAir(after, now)).toEqual({ id: 2, offsetMs: 0 });
    expect(after.slice(1).map((i) => i.finish - i.start)).toEqual([45 * MIN, 20 * MIN]);
    expect(after[2]!.start).toBe(now + 45 * MIN);
  });

  it("in a gap the next item comes forward to now; after the last item there is nothing to skip to", () => {
    const items = [...timeline([30]), ...timeline([30], T0 + 40 * MIN).map((i) => ({ ...i, id: 2 }))];
    const gap = skipPlan(items, T0 + 35 * MIN);
    expect(gap).toMatchObject({ ok: true, skippedMs: 5 * MIN, nextItemId: 2 });
    if (gap.ok) expect(applyShift(items, gap.plan)[1]!.start).toBe(T0 + 35 * MIN);
    const last = skipPlan(items, T0 + 50 * MIN);
    expect(last).toEqual({ ok: false, reason: expect.stringMatching(/last one scheduled/) });
    expect(skipPlan(items, T0 + 90 * MIN)).toEqual({ ok: false, reason: expect.stringMatching(/nothing is scheduled/) });
  });
});
