import { describe, expect, it } from "vitest";
import { groupMultiPartEpisodes, partNumberFromTitle, partNumberOf } from "../../../server/playout/content/multi-part";
import { episode, item } from "./support/library";

describe("partNumberFromTitle", () => {
  it.each([
    ["The Heist (1)", 1],
    ["The Heist (2) - Aftermath", 2],
    ["The Heist Part 3", 3],
    ["The Heist (Part 4)", 4],
    ["the heist part 5", 5],
    ["Trials (II)", 2],
    ["Trials (IX) - The End", 9],
    ["Journey Part Two", 2],
    ["Journey (Part Ten)", 10],
  ])("%s → part %i", (title, part) => {
    expect(partNumberFromTitle(title)).toBe(part);
  });

  it.each(["Pilot", "Back to 1985 (1985)", "Part of the Plan", "(1) First", "Trials (XI)", "Journey Part Eleven", "(0)"])(
    "%s is not a part",
    (title) => {
      expect(partNumberFromTitle(title)).toBeUndefined();
    },
  );

  it("only applies to episodes, and an explicit partNumber wins", () => {
    expect(partNumberOf(item({ id: 1, kind: "movie", title: "Dune (2)" }))).toBeUndefined();
    expect(partNumberOf(episode(1, 1, 1, 1, { title: "Dune (2)" }))).toBe(2);
    expect(partNumberOf(episode(1, 1, 1, 1, { title: "Dune (2)", partNumber: null }))).toBeUndefined();
    expect(partNumberOf(episode(1, 1, 1, 1, { title: "Dune", partNumber: 3 }))).toBe(3);
  });
});

describe("groupMultiPartEpisodes", () => {
  const unitIds = (units: { id: number }[][]) => units.map((unit) => unit.map((i) => i.id));

  it("keeps runs of consecutive parts of one show together, in episode order", () => {
    const items = [
      episode(4, 1, 1, 4, { title: "Finale" }),
      episode(3, 1, 1, 3, { title: "Siege (2)" }),
      episode(2, 1, 1, 2, { title: "Siege (1)" }),
      episode(1, 1, 1, 1, { title: "Pilot" }),
      item({ id: 9, title: "A Movie (1)" }),
    ];
    expect(unitIds(groupMultiPartEpisodes(items, false))).toEqual([[1], [2, 3], [4], [9]]);
  });

  it("breaks a run at a gap or a restart and starts a new run at any part number", () => {
    const items = [
      episode(1, 1, 1, 1, { title: "A (1)" }),
      episode(2, 1, 1, 2, { title: "A (2)" }),
      episode(3, 1, 1, 3, { title: "B (1)" }),
      episode(4, 1, 1, 4, { title: "C (3)" }),
      episode(5, 1, 1, 5, { title: "C (4)" }),
      episode(6, 1, 1, 6, { title: "D (6)" }),
    ];
    expect(unitIds(groupMultiPartEpisodes(items, false))).toEqual([[1, 2], [3], [4, 5], [6]]);
  });

  it("does not join parts across shows unless collections are treated as shows (then by air date)", () => {
    const items = [
      episode(1, 5, 1, 1, { title: "Crossover (1)", releaseDate: "2015-01-01" }),
      episode(2, 6, 3, 9, { title: "Crossover (2)", releaseDate: "2015-01-02" }),
    ];
    expect(unitIds(groupMultiPartEpisodes(items, false))).toEqual([[1], [2]]);
    expect(unitIds(groupMultiPartEpisodes(items, true))).toEqual([[1, 2]]);
  });
});
