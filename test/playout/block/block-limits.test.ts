import { describe, expect, it } from "vitest";
import { buildBlockPlayout } from "../../../server/playout/block";
import { BuildError } from "../../../server/playout/core";
import { block, blockItem, content, HOUR, input, movie, oneTemplate, T0, view } from "./fixtures";

describe("Block builder: empty content and budgets", () => {
  it("a block item with no content is skipped with one warning per build; the block's other items fill it", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "none"), blockItem(2, "news")]), block(2, 30, [blockItem(3, "cartoons")])], horizonMs: 72 * HOUR }));
    expect(view(result.items, 8)).toEqual(["00:00 -", "06:00 10", "06:10 11", "06:20 10", "06:30 11", "06:40 10", "06:50 11", "07:00 1"]);
    expect(result.warnings.filter((w) => w.includes('"none"'))).toEqual(['block "Block 1": item 2 ("none") has no playable media; skipped']);
  });

  it("a block all of whose items are empty is a gap, joined with the gaps around it", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "none"), blockItem(2, "nothing")]), block(2, 30, [blockItem(3, "news")])] }));
    expect(view(result.items, 3)).toEqual(["00:00 -", "07:00 10", "07:10 11"]);
    expect(result.items[0].finish).toBe(T0 + 7 * HOUR);
    expect(result.warnings).toHaveLength(2);
  });

  it("media without duration are skipped with a warning; a block of only such media is a gap and the build ends", () => {
    const mixed = buildBlockPlayout(input({ content: { ...content, cartoons: [movie(1, 0), movie(2, 25)] } }));
    expect(view(mixed.items, 4)).toEqual(["00:00 -", "06:00 2", "06:25 2", "06:50 2"]);
    expect(mixed.warnings).toEqual(["media item 1 has no duration; skipped"]);
    const zero = buildBlockPlayout(input({ content: { ...content, cartoons: [movie(1, 0)] }, horizonMs: 30 * 24 * HOUR }));
    expect(zero.items.filter((i) => i.contentKey === "cartoons")).toEqual([]);
    expect(zero.warnings).toContain("media item 1 has no duration; skipped");
  });

  it("zero-length gap filler does not stall the build: the gaps stay offline", () => {
    const result = buildBlockPlayout(input({ content: { ...content, filler: [movie(90, 0)] }, gapFiller: { contentKey: "filler" } }));
    expect(view(result.items, 2)).toEqual(["00:00 -", "06:00 1"]);
  });

  it("the item budget stops a runaway build with an error naming it", () => {
    const runaway = input({ content: { ...content, cartoons: [movie(1, 1)] }, blocks: [block(1, 1440, [blockItem(1, "cartoons")])], templates: oneTemplate([1, 0]), horizonMs: 30 * 24 * HOUR, budget: { maxItems: 500 } });
    expect(() => buildBlockPlayout(runaway)).toThrow(/more than 500 items/);
    try {
      buildBlockPlayout(runaway);
    } catch (error) {
      expect(error).toBeInstanceOf(BuildError);
      expect((error as BuildError).code).toBe("too-many-items");
    }
    expect(buildBlockPlayout({ ...runaway, horizonMs: 24 * HOUR, budget: { maxItems: 2000 } }).items).toHaveLength(1440);
  });

  it("the time budget stops a build that takes too long (clock passed in)", () => {
    let now = 0;
    const elapsedMs = () => (now += 100);
    const slow = input({ horizonMs: 30 * 24 * HOUR, budget: { maxMs: 1000, elapsedMs } });
    expect(() => buildBlockPlayout(slow)).toThrow(/longer than 1000 ms/);
    now = 0;
    expect(() => buildBlockPlayout({ ...slow, horizonMs: 24 * HOUR })).not.toThrow();
  });

  it("bad input is refused: unknown zone, negative horizon", () => {
    expect(() => buildBlockPlayout(input({ timeZone: "Mars/Olympus" }))).toThrow(/unknown time zone/);
    expect(() => buildBlockPlayout(input({ horizonMs: -1 }))).toThrow(BuildError);
  });
});
