import { describe, expect, it } from "vitest";
import { createEnumerator } from "../../../server/playout/content/factory";
import type { MediaItem } from "../../../server/playout/content/types";
import { beta, episode, item, library, take } from "./support/library";

const shuffle = (items: MediaItem[], seed = 42, options = {}) => createEnumerator({ order: "shuffle", items, options }, { seed });

function passes(sequence: Array<number | undefined>, size: number): Array<Array<number | undefined>> {
  const out = [];
  for (let i = 0; i + size <= sequence.length; i += size) out.push(sequence.slice(i, i + size));
  return out;
}

describe("shuffle order", () => {
  it("gives a fixed sequence for a fixed seed, a new arrangement every pass", () => {
    expect(take(shuffle(library), 26)).toEqual([
      13, 32, 43, 33, 12, 21, 34, 22, 11, 42, 41, 31, 10,
      12, 32, 10, 13, 33, 22, 21, 42, 43, 34, 11, 31, 41,
    ]);
  });

  it("is deterministic per seed and differs between seeds", () => {
    expect(take(shuffle(library, 42), 40)).toEqual(take(shuffle(library, 42), 40));
    expect(take(shuffle(library, 43), 13)).toEqual([21, 32, 10, 11, 31, 34, 42, 41, 22, 33, 13, 12, 43]);
  });

  it("does not depend on the order the repository returned the items in", () => {
    expect(take(shuffle([...library].reverse()), 39)).toEqual(take(shuffle(library), 39));
  });

  it("plays every item once per pass and never the same item twice across a wrap", () => {
    const sequence = take(shuffle(library, 9), 13 * 40);
    const all = passes(sequence, 13);
    for (const pass of all) expect([...pass].sort()).toEqual([...library.map((i) => i.id)].sort());
    for (let p = 1; p < all.length; p++) expect(all[p]![0]).not.toBe(all[p - 1]![12]);
    expect(new Set(all.map((p) => p.join())).size).toBeGreaterThan(35);
  });

  it("alternates two items and repeats a single item", () => {
    expect(take(shuffle([item({ id: 1 }), item({ id: 2 })]), 8)).toEqual([2, 1, 2, 1, 2, 1, 2, 1]);
    expect(take(shuffle([item({ id: 1 }), item({ id: 2 })], 2), 8)).toEqual([1, 2, 1, 2, 1, 2, 1, 2]);
    expect(take(shuffle([item({ id: 5 })]), 3)).toEqual([5, 5, 5]);
  });

  it("keeps multi-part episodes together when asked", () => {
    expect(take(shuffle(beta, 42, { keepMultiPartEpisodesTogether: true }), 12)).toEqual([
      32, 33, 34, 31, 32, 33, 31, 34, 31, 34, 32, 33,
    ]);
    const sequence = take(shuffle(library, 5, { keepMultiPartEpisodesTogether: true }), 13 * 30);
    sequence.forEach((id, i) => {
      if (id === 32) expect(sequence[i + 1] ?? 33).toBe(33);
      if (id === 33 && i > 0) expect(sequence[i - 1]).toBe(32);
    });
    const withoutGrouping = take(shuffle(library, 5), 13 * 30);
    expect(withoutGrouping.some((id, i) => id === 32 && withoutGrouping[i + 1] !== 33)).toBe(true);
  });

  it("joins parts across shows only with treatCollectionsAsShows", () => {
    const crossover = [
      episode(1, 5, 1, 1, { title: "Crossover (1)", releaseDate: "2015-01-01" }),
      episode(2, 6, 3, 9, { title: "Crossover (2)", releaseDate: "2015-01-02" }),
      item({ id: 3 }),
      item({ id: 4 }),
    ];
    const together = take(shuffle(crossover, 3, { keepMultiPartEpisodesTogether: true, treatCollectionsAsShows: true }), 60);
    together.forEach((id, i) => {
      if (id === 1 && i + 1 < together.length) expect(together[i + 1]).toBe(2);
    });
    const apart = take(shuffle(crossover, 3, { keepMultiPartEpisodesTogether: true }), 60);
    expect(apart.some((id, i) => id === 1 && i + 1 < apart.length && apart[i + 1] !== 2)).toBe(true);
  });

  it("plays explicit groups (multi-collection members scheduled as group) as blocks in their order", () => {
    const group = [item({ id: 9 }), item({ id: 7 }), item({ id: 8 })];
    const items = [...group, item({ id: 1 }), item({ id: 2 }), item({ id: 3 })];
    const sequence = take(createEnumerator({ order: "shuffle", items, options: { keepTogether: [group] } }, { seed: 4 }), 60);
    sequence.forEach((id, i) => {
      if (id === 9 && i + 2 < sequence.length) expect([sequence[i + 1], sequence[i + 2]]).toEqual([7, 8]);
    });
    expect(passes(sequence, 6).every((pass) => pass.length === 6 && new Set(pass).size === 6)).toBe(true);
  });
});
