import { describe, expect, it } from "vitest";
import type { MultiEpisodeTemplate } from "../../../server/playout/content/enumerators/multi-episode-shuffle";
import { createEnumerator } from "../../../server/playout/content/factory";
import { alpha, episode, library, take } from "./support/library";

/** Alpha: S1E1/S2E1 are part 1, S1E2/S2E2 part 2; S1E3 and the special are outside the pattern. */
const template: MultiEpisodeTemplate = {
  numParts: 2,
  partNumberForEpisode: (season, ep) => (season === 1 ? (ep === 3 ? undefined : ep) : season === 2 ? ep : undefined),
};

describe("multi-episode shuffle", () => {
  it("plays a random part 1 then a random part 2 as one unit, singles in between", () => {
    const e = createEnumerator({ order: "multiEpisodeShuffle", items: alpha, options: { multiEpisodeTemplate: template } }, { seed: 42 });
    expect(take(e, 12)).toEqual([21, 22, 13, 11, 12, 10, 11, 12, 13, 21, 22, 10]);
  });

  it("is deterministic per seed and differs between seeds", () => {
    const run = (seed: number) =>
      take(createEnumerator({ order: "multiEpisodeShuffle", items: alpha, options: { multiEpisodeTemplate: template } }, { seed }), 24);
    expect(run(42)).toEqual(run(42));
    expect(run(43)).not.toEqual(run(42));
  });

  it("always follows a part-1 episode with a part-2 episode, every item once per pass", () => {
    const sequence = take(
      createEnumerator({ order: "multiEpisodeShuffle", items: alpha, options: { multiEpisodeTemplate: template } }, { seed: 7 }),
      6 * 20,
    );
    sequence.forEach((id, i) => {
      if (id === 11 || id === 21) expect([12, 22]).toContain(sequence[i + 1] ?? 12);
    });
    const pairs = new Set(sequence.flatMap((id, i) => (id === 11 || id === 21 ? [`${id}-${sequence[i + 1]}`] : [])));
    expect(pairs.size).toBeGreaterThan(2); // parts are re-paired at random, not fixed episodes
    for (let p = 0; p < 20; p++) expect([...sequence.slice(p * 6, p * 6 + 6)].sort()).toEqual([10, 11, 12, 13, 21, 22]);
  });

  it("plays the surplus of uneven parts as singles instead of dropping it", () => {
    const items = [episode(1, 1, 1, 1), episode(2, 1, 1, 2), episode(3, 1, 1, 3), episode(4, 1, 1, 4), episode(5, 1, 1, 5)];
    const odd: MultiEpisodeTemplate = { numParts: 2, partNumberForEpisode: (_s, ep) => (ep % 2 === 1 ? 1 : 2) };
    const sequence = take(createEnumerator({ order: "multiEpisodeShuffle", items, options: { multiEpisodeTemplate: odd } }, { seed: 3 }), 50);
    for (let p = 0; p < 10; p++) expect([...sequence.slice(p * 5, p * 5 + 5)].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("without a template it is a plain shuffle", () => {
    const mes = createEnumerator({ order: "multiEpisodeShuffle", items: library }, { seed: 42 });
    const plain = createEnumerator({ order: "shuffle", items: library }, { seed: 42 });
    expect(take(mes, 30)).toEqual(take(plain, 30));
    expect(mes.state().order).toBe("multiEpisodeShuffle");
  });
});
