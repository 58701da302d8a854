import { describe, expect, it } from "vitest";
import { FillerKind, GuideMode } from "../../server/domain/enums";
import { groupBlockProgrammes, groupProgrammes, type GuideItem } from "../../server/guide";

const M = 60_000;
let counter = 0;
function item(startMin: number, endMin: number, extra: Partial<GuideItem> = {}): GuideItem {
  counter++;
  return { start: startMin * M, finish: endMin * M, kind: "Episode", title: `Item ${counter}`, ...extra };
}

function summary(items: GuideItem[]): Array<[number, number, string]> {
  return groupProgrammes(items).map((p) => [p.start / M, p.stop / M, p.customTitle ?? p.item.title]);
}

describe("filler merging", () => {
  it("folds post-roll, tail, fallback and guide-mode filler into the programme before it", () => {
    const items = [
      item(0, 22, { title: "Show A" }),
      item(22, 24, { title: "promo", fillerKind: FillerKind.PostRoll }),
      item(24, 26, { title: "bumper", fillerKind: FillerKind.Tail }),
      item(26, 28, { title: "loop", fillerKind: FillerKind.Fallback }),
      item(28, 29, { title: "hidden", fillerKind: "GuideMode" }),
      item(29, 30, { title: "hidden 2", guideMode: GuideMode.Filler }),
      item(30, 52, { title: "Show B" }),
    ];
    expect(summary(items)).toEqual([
      [0, 30, "Show A"],
      [30, 52, "Show B"],
    ]);
  });

  it("folds pre-roll into the programme that follows it, which it starts", () => {
    const items = [
      item(0, 30, { title: "Show A" }),
      item(30, 32, { title: "trailer", fillerKind: FillerKind.PreRoll }),
      item(32, 33, { title: "rating card", fillerKind: FillerKind.PreRoll }),
      item(33, 60, { title: "Show B" }),
    ];
    expect(summary(items)).toEqual([
      [0, 30, "Show A"],
      [30, 60, "Show B"],
    ]);
  });

  it("drops filler at the very beginning unless it is pre-roll", () => {
    expect(summary([item(0, 5, { fillerKind: FillerKind.Fallback }), item(5, 30, { title: "A" })])).toEqual([[5, 30, "A"]]);
    expect(summary([item(0, 5, { fillerKind: FillerKind.PreRoll }), item(5, 30, { title: "A" })])).toEqual([[0, 30, "A"]]);
  });

  it("lets mid-roll start a new entry showing the next segment", () => {
    const items = [
      item(0, 10, { title: "Movie", kind: "Movie", guideGroup: 1 }),
      item(10, 12, { title: "ad", fillerKind: FillerKind.MidRoll, guideGroup: 2 }),
      item(12, 20, { title: "Movie", kind: "Movie", guideGroup: 1 }),
    ];
    expect(summary(items)).toEqual([
      [0, 10, "Movie"],
      [10, 20, "Movie"],
    ]);
  });

  it("orders items by start before grouping", () => {
    expect(summary([item(30, 60, { title: "B" }), item(0, 30, { title: "A" })])).toEqual([
      [0, 30, "A"],
      [30, 60, "B"],
    ]);
  });

  it("shows a trailing run of pre-roll with nothing after it as its own entry", () => {
    expect(summary([item(0, 30, { title: "A" }), item(30, 31, { title: "p", fillerKind: FillerKind.PreRoll })])).toEqual([
      [0, 30, "A"],
      [30, 31, "p"],
    ]);
  });
});

describe("guide groups and custom titles", () => {
  it("merges consecutive items of one guide group under the first item's metadata", () => {
    const items = [
      item(0, 10, { title: "Movie", guideGroup: 7 }),
      item(10, 12, { title: "ad", fillerKind: FillerKind.MidRoll, guideGroup: 7 }),
      item(12, 20, { title: "Movie part 2", guideGroup: 7 }),
      item(20, 30, { title: "Next", guideGroup: 8 }),
    ];
    expect(summary(items)).toEqual([
      [0, 20, "Movie"],
      [20, 30, "Next"],
    ]);
  });

  it("shows a custom title over the whole group", () => {
    const items = [
      item(0, 11, { title: "Cartoon 1", guideGroup: 3, customTitle: "Saturday Cartoons" }),
      item(11, 22, { title: "Cartoon 2", guideGroup: 3, customTitle: "Saturday Cartoons" }),
      item(22, 33, { title: "Cartoon 3", guideGroup: 3, customTitle: "Saturday Cartoons" }),
      item(33, 60, { title: "News", guideGroup: 4 }),
    ];
    const programmes = groupProgrammes(items);
    expect(programmes.map((p) => [p.start / M, p.stop / M, p.customTitle, p.item.title])).toEqual([
      [0, 33, "Saturday Cartoons", "Cartoon 1"],
      [33, 60, undefined, "News"],
    ]);
  });

  it("groups consecutive items by custom title when items carry no guide groups", () => {
    const items = [
      item(0, 10, { customTitle: "Block" }),
      item(10, 20, { customTitle: "Block" }),
      item(20, 30, { customTitle: "Other" }),
      item(30, 40, { title: "Plain" }),
      item(40, 50, { title: "Plain" }),
    ];
    expect(summary(items)).toEqual([
      [0, 20, "Block"],
      [20, 30, "Other"],
      [30, 40, "Plain"],
      [40, 50, "Plain"],
    ]);
  });

  it("keeps groups apart even when titles match", () => {
    const items = [item(0, 10, { guideGroup: 1, customTitle: "X" }), item(10, 20, { guideGroup: 2, customTitle: "X" })];
    expect(summary(items)).toEqual([
      [0, 10, "X"],
      [10, 20, "X"],
    ]);
  });

  it("ends a Duration block at the display item's guideFinish, absorbing what starts before it", () => {
    const items = [
      item(0, 25, { title: "Cartoon", guideFinish: 60 * M, guideGroup: 1 }),
      item(25, 50, { title: "Cartoon 2", guideGroup: 2 }),
      item(50, 60, { fillerKind: FillerKind.Fallback }),
      item(60, 90, { title: "After", guideGroup: 3 }),
    ];
    expect(summary(items)).toEqual([
      [0, 60, "Cartoon"],
      [60, 90, "After"],
    ]);
  });
});

describe("block playouts", () => {
  const block = { guideStart: 0, guideFinish: 60 * M, guideGroup: 1 };
  const items = [
    item(0, 20, { title: "Ep 1", ...block }),
    item(20, 22, { fillerKind: FillerKind.PostRoll, ...block }),
    item(22, 40, { title: "Ep 2", ...block }),
    item(40, 55, { title: "Ep 3", ...block }),
    item(55, 60, { fillerKind: FillerKind.Tail, ...block }),
    item(60, 90, { title: "Next block", guideStart: 60 * M, guideFinish: 90 * M, guideGroup: 2 }),
  ];

  it("splits the block's time evenly across its visible items", () => {
    expect(groupBlockProgrammes(items).map((p) => [p.start / M, p.stop / M, p.item.title])).toEqual([
      [0, 20, "Ep 1"],
      [20, 40, "Ep 2"],
      [40, 60, "Ep 3"],
      [60, 90, "Next block"],
    ]);
  });

  it("or shows actual start times, each running until the next visible item", () => {
    expect(groupBlockProgrammes(items, "ActualTimes").map((p) => [p.start / M, p.stop / M, p.item.title])).toEqual([
      [0, 22, "Ep 1"],
      [22, 40, "Ep 2"],
      [40, 60, "Ep 3"],
      [60, 90, "Next block"],
    ]);
  });
});
