import { describe, expect, it } from "vitest";
import type { PlaylistEntry } from "../../../server/playout/content/enumerators/playlist";
import { createEnumerator } from "../../../server/playout/content/factory";
import type { MediaItem } from "../../../server/playout/content/types";
import { alpha, beta, item, movies, take } from "./support/library";

const entries: PlaylistEntry<MediaItem>[] = [
  { sourceKey: "alpha", items: alpha, order: "seasonEpisode", count: 2 },
  { sourceKey: "movies", items: movies, order: "chronological" },
  { sourceKey: "beta", items: beta, order: "chronological", playAll: true },
  { sourceKey: "alpha", items: alpha, order: "seasonEpisode", count: 1 },
];

describe("playlist", () => {
  it("visits entries in order: count items, play all, or one item; same source shares one enumerator", () => {
    const e = createEnumerator({ order: "playlist", entries }, { seed: 42 });
    expect(take(e, 16)).toEqual([
      11, 12, 41, 31, 32, 33, 34, 13,
      21, 22, 43, 31, 32, 33, 34, 11,
    ]);
    expect(e.passLength).toBe(2 + 1 + 4 + 1);
    expect(e.count).toBe(5 + 3 + 4);
  });

  it("skips entries without items and runs each entry's own order", () => {
    const e = createEnumerator(
      {
        order: "playlist",
        entries: [
          { sourceKey: "nothing", items: [], order: "shuffle" },
          { sourceKey: "beta", items: beta, order: "shuffle", playAll: true },
          { sourceKey: "one", items: [item({ id: 99 })], order: "random" },
        ],
      },
      { seed: 42 },
    );
    const sequence = take(e, 15);
    for (let r = 0; r < 3; r++) {
      const round = sequence.slice(r * 5, r * 5 + 5);
      expect([...round.slice(0, 4)].sort()).toEqual([31, 32, 33, 34]);
      expect(round[4]).toBe(99);
    }
    expect(sequence.slice(0, 4)).not.toEqual(sequence.slice(5, 9));
  });

  it("shuffles entry order per round when asked (three or more entries)", () => {
    const parts = [1, 2, 3, 4].map((n) => ({ sourceKey: `s${n}`, items: [item({ id: n })], order: "chronological" as const }));
    const e = createEnumerator({ order: "playlist", entries: parts, options: { shuffleEntries: true } }, { seed: 5 });
    const rounds = Array.from({ length: 20 }, () => take(e, 4));
    for (const round of rounds) expect([...round].sort()).toEqual([1, 2, 3, 4]);
    for (let r = 1; r < rounds.length; r++) expect(rounds[r]![0]).not.toBe(rounds[r - 1]![3]);
    expect(new Set(rounds.map((r) => r.join())).size).toBeGreaterThan(4);
    const fixed = createEnumerator({ order: "playlist", entries: parts }, { seed: 5 });
    expect(take(fixed, 8)).toEqual([1, 2, 3, 4, 1, 2, 3, 4]);
  });
});
