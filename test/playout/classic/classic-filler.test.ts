import { describe, expect, it } from "vitest";
import { FillerKind, FillerMode, GuideMode, PlayoutMode } from "../../../server/domain/enums";
import { build, filler, hhmm, MIN, movie, schedule, scheduleItem, T0, timeline } from "./fixtures";

describe("Classic builder: filler and guide", () => {
  it("pre-roll Count and post-roll Duration around every programme", () => {
    const def = schedule([
      scheduleItem(0, {
        preRoll: filler(1, FillerKind.PreRoll, { mode: FillerMode.Count, count: 2 }),
        postRoll: filler(2, FillerKind.PostRoll, { mode: FillerMode.Duration, durationMs: 5 * MIN }),
      }),
    ]);
    const result = build(def, { main: [movie(1, 30)], filler1: [movie(50, 1)], filler2: [movie(60, 2)] }, { hours: 1 });
    expect(timeline(result, 6)).toEqual(["00:00 50 PreRoll", "00:01 50 PreRoll", "00:02 1", "00:32 60 PostRoll", "00:34 60 PostRoll", "00:36 50 PreRoll"]);
    // Filler shares the programme's guide entry.
    expect(new Set(result.items.slice(0, 5).map((i) => i.guideGroup)).size).toBe(1);
    expect(result.items[5].guideGroup).toBe(result.items[0].guideGroup + 1);
  });

  it("RandomCount plays 0..N filler items, seeded", () => {
    const def = schedule([scheduleItem(0, { preRoll: filler(1, FillerKind.PreRoll, { mode: FillerMode.RandomCount, count: 3 }) })]);
    const result = build(def, { main: [movie(1, 30)], filler1: [movie(50, 1)] }, { hours: 24, seed: 2 });
    const runs = result.items.map((i) => (i.mediaItemId === 1 ? "|" : "x")).join("").split("|").slice(0, -1).map((r) => r.length);
    expect(Math.max(...runs)).toBeLessThanOrEqual(3);
    expect(new Set(runs).size).toBeGreaterThan(1);
    expect(build(def, { main: [movie(1, 30)], filler1: [movie(50, 1)] }, { hours: 24, seed: 2 }).items).toEqual(result.items);
  });

  it("mid-roll at chapter breaks (the expression picks which); without chapters it plays as post-roll with a warning", () => {
    const chapters = [{ startMs: 0, endMs: 10 * MIN, title: "A" }, { startMs: 10 * MIN, endMs: 20 * MIN, title: "B" }, { startMs: 20 * MIN, endMs: 30 * MIN, title: "C" }];
    const mid = filler(1, FillerKind.MidRoll, { mode: FillerMode.Count, count: 1 });
    const all = build(schedule([scheduleItem(0, { midRoll: mid })]), { main: [movie(1, 30, { chapters })], filler1: [movie(50, 2)] }, { hours: 1 });
    expect(timeline(all, 5)).toEqual(["00:00 1", "00:10 50 MidRoll", "00:12 1", "00:22 50 MidRoll", "00:24 1"]);
    expect(all.items[2]).toMatchObject({ inPointMs: 10 * MIN, outPointMs: 20 * MIN });
    const picked = build(schedule([scheduleItem(0, { midRoll: { ...mid, expression: "num = 2" } })]), { main: [movie(1, 30, { chapters })], filler1: [movie(50, 2)] }, { hours: 1 });
    expect(timeline(picked, 3)).toEqual(["00:00 1", "00:20 50 MidRoll", "00:22 1"]);
    const none = build(schedule([scheduleItem(0, { midRoll: mid })]), { main: [movie(1, 30)], filler1: [movie(50, 2)] }, { hours: 1 });
    expect(timeline(none, 2)).toEqual(["00:00 1", "00:30 50 PostRoll"]);
    expect(none.warnings.some((w) => /mid-roll needs media with at least two chapters/.test(w))).toBe(true);
  });

  it("pad filler ends every programme on the next :00 or :30, whole pad items then fallback cut to fit", () => {
    const def = schedule([
      scheduleItem(0, {
        postRoll: filler(1, FillerKind.PostRoll, { mode: FillerMode.Pad, padToNearestMinute: 30 }),
        fallback: filler(2, FillerKind.Fallback),
      }),
    ]);
    const result = build(def, { main: [movie(1, 22), movie(2, 41)], filler1: [movie(50, 3)], filler2: [movie(60, 5)] }, { hours: 3 });
    expect(timeline(result, 8)).toEqual(["00:00 1", "00:22 50 PostRoll", "00:25 50 PostRoll", "00:28 60 Fallback", "00:30 2", "01:11 50 PostRoll", "01:14 50 PostRoll", "01:17 50 PostRoll"]);
    const programmes = result.items.filter((i) => i.fillerKind === FillerKind.None);
    for (const p of programmes) expect(new Date(p.start).getUTCMinutes() % 30).toBe(0);
  });

  it("pre-roll pad puts the padding before the programme", () => {
    const def = schedule([scheduleItem(0, { preRoll: filler(1, FillerKind.PreRoll, { mode: FillerMode.Pad, padToNearestMinute: 15 }), fallback: filler(2, FillerKind.Fallback) })]);
    const result = build(def, { main: [movie(1, 10)], filler1: [movie(50, 2)], filler2: [movie(60, 5)] }, { hours: 1 });
    expect(timeline(result, 5)).toEqual(["00:00 50 PreRoll", "00:02 50 PreRoll", "00:04 60 Fallback", "00:05 1", "00:15 50 PreRoll"]);
  });

  it("filler that disallows watermarks disables them; programmes carry the item's watermarks and languages", () => {
    const def = schedule([scheduleItem(0, { watermarkIds: [4], preferredAudioLanguageCode: "fra", preRoll: filler(1, FillerKind.PreRoll, { allowWatermarks: false }) })]);
    const result = build(def, { main: [movie(1, 30)], filler1: [movie(50, 1)] }, { hours: 1 });
    expect(result.items[0]).toMatchObject({ disableWatermarks: true, fillerKind: FillerKind.PreRoll });
    expect(result.items[0].watermarkIds).toBeUndefined();
    expect(result.items[1]).toMatchObject({ disableWatermarks: false, watermarkIds: [4], preferredAudioLanguageCode: "fra" });
  });

  it("filler from chapters: each chapter is one filler item", () => {
    const chapters = [{ startMs: 0, endMs: MIN }, { startMs: MIN, endMs: 3 * MIN }];
    const def = schedule([scheduleItem(0, { preRoll: filler(1, FillerKind.PreRoll, { count: 2, useChaptersAsMediaItems: true }) })]);
    const result = build(def, { main: [movie(1, 30)], filler1: [movie(50, 3, { chapters })] }, { hours: 1 });
    expect(result.items.slice(0, 2).map((i) => [i.inPointMs, i.outPointMs])).toEqual([[0, MIN], [MIN, 3 * MIN]]);
  });

  it("custom title: consecutive programmes of the item form one guide entry; guide mode Filler hides items into the previous entry", () => {
    const def = schedule([
      scheduleItem(0, { playoutMode: PlayoutMode.Multiple, multipleMode: "Count", multipleCount: "3", customTitle: "Movie Night" }),
      scheduleItem(1, { contentKey: "bumper", guideMode: GuideMode.Filler }),
      scheduleItem(2, { contentKey: "news" }),
    ]);
    const result = build(def, { main: [movie(1, 30), movie(2, 30)], bumper: [movie(70, 1)], news: [movie(80, 10)] }, { hours: 3 });
    const [a, b, c, bumper, news, next] = result.items;
    expect([a.guideGroup, b.guideGroup, c.guideGroup]).toEqual([1, 1, 1]);
    expect(a.customTitle).toBe("Movie Night");
    expect(bumper).toMatchObject({ mediaItemId: 70, hiddenFromGuide: true, guideGroup: 1 });
    expect(news.guideGroup).toBe(2);
    expect(next.guideGroup).toBe(3);
  });

  it("gaps are offline items outside every guide entry", () => {
    const result = build(schedule([scheduleItem(0, { startTimeSeconds: 3600 })]), { main: [movie(1, 30)] }, { hours: 3 });
    expect(result.items[0]).toMatchObject({ mediaItemId: null, guideGroup: 0, start: T0, finish: T0 + 3_600_000 });
    expect(hhmm(result.items[1].start)).toBe("01:00");
  });
});
