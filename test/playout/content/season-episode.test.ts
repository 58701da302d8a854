import { describe, expect, it } from "vitest";
import { createEnumerator } from "../../../server/playout/content/factory";
import { alpha, library, take } from "./support/library";

describe("season-episode order", () => {
  it("plays season, episode, id across the collection, without specials, and wraps", () => {
    const e = createEnumerator({ order: "seasonEpisode", items: library }, { seed: 42 });
    const pass = [11, 31, 12, 32, 13, 33, 34, 21, 22, 41, 42, 43];
    expect(take(e, 24)).toEqual([...pass, ...pass]);
    expect(e.count).toBe(12);
  });

  it("keeps season 0 when includeSpecials is set", () => {
    const e = createEnumerator({ order: "seasonEpisode", items: alpha, options: { includeSpecials: true } }, { seed: 1 });
    expect(take(e, 7)).toEqual([10, 11, 12, 13, 21, 22, 10]);
  });

  it("supports randomStartPoint like chronological", () => {
    const e = createEnumerator({ order: "seasonEpisode", items: alpha, options: { randomStartPoint: true } }, { seed: 42 });
    const first = take(e, 5);
    const rotation = [11, 12, 13, 21, 22];
    const at = rotation.indexOf(first[0]!);
    expect(first).toEqual([...rotation.slice(at), ...rotation.slice(0, at)]);
  });
});
