import { describe, expect, it } from "vitest";
import { createEnumerator, type EnumeratorSpec } from "../../../server/playout/content/factory";
import type { MediaItem } from "../../../server/playout/content/types";
import { alpha, beta, episode, item, library, movies, take } from "./support/library";

/** Pull `n` items, then rebuild on `after` from the saved state (through JSON, as storage would). */
function continueOn(before: EnumeratorSpec<MediaItem>, after: EnumeratorSpec<MediaItem>, n: number, seed = 42) {
  const first = createEnumerator(before, { seed });
  const played = take(first, n);
  const state = JSON.parse(JSON.stringify(first.state()));
  return { played, next: createEnumerator(after, { seed, state }) };
}

const without = (items: MediaItem[], ...gone: number[]) => items.filter((i) => !gone.includes(i.id));

describe("library changes between builds: chronological (continue after the last played item)", () => {
  const spec = (items: MediaItem[]): EnumeratorSpec<MediaItem> => ({ order: "chronological", items });

  it("ignores a different input order", () => {
    const { played, next } = continueOn(spec(library), spec([...library].reverse()), 4);
    expect(played).toEqual([41, 43, 31, 32]);
    expect(take(next, 3)).toEqual([33, 34, 10]);
  });

  it("continues after the last played item when items before it were removed", () => {
    const { next } = continueOn(spec(library), spec(without(library, 41, 43, 31)), 4);
    expect(take(next, 3)).toEqual([33, 34, 10]);
  });

  it("plays a newly added item that sorts right after the last played one", () => {
    const added = episode(99, 2, 1, 99, { releaseDate: "1999-05-09" });
    const { next } = continueOn(spec(library), spec([...library, added]), 4);
    expect(take(next, 3)).toEqual([99, 33, 34]);
  });

  it("when the last played item is gone, continues where it would have sorted (placeholder)", () => {
    const { next } = continueOn(spec(library), spec(without(library, 32)), 4);
    expect(take(next, 3)).toEqual([33, 34, 10]);
    const movie = continueOn(spec(library), spec(without(library, 41)), 1);
    expect(take(movie.next, 2)).toEqual([43, 31]);
  });

  it("re-finds a re-scanned episode (new id) by season and episode number", () => {
    const rescanned = library.map((i) => (i.id === 32 ? { ...i, id: 320, releaseDate: "1980-01-01" } : i));
    const { next } = continueOn(spec(library), spec(rescanned), 4);
    // 320 now sorts first (new date), and play continues after it.
    expect(take(next, 3)).toEqual([41, 43, 31]);
  });

  it("wraps when the last played item was the last one", () => {
    const { next } = continueOn(spec(library), spec(without(library, 42)), 13);
    expect(take(next, 2)).toEqual([41, 43]);
  });

  it("keeps the saved position through an empty library and resumes later", () => {
    const first = createEnumerator(spec(library), { seed: 1 });
    take(first, 5);
    const empty = createEnumerator(spec([]), { seed: 1, state: first.state() });
    expect(empty.current()).toBeUndefined();
    const back = createEnumerator(spec(library), { seed: 1, state: JSON.parse(JSON.stringify(empty.state())) });
    expect(back.current()?.id).toBe(34);
  });
});

describe("library changes: season-episode", () => {
  it("continues by season/episode when the last played episode was removed", () => {
    const spec = (items: MediaItem[]): EnumeratorSpec<MediaItem> => ({ order: "seasonEpisode", items });
    const { played, next } = continueOn(spec(alpha), spec(without(alpha, 13)), 3);
    expect(played).toEqual([11, 12, 13]);
    expect(take(next, 2)).toEqual([21, 22]);
  });
});

describe("library changes: shuffle family (a changed library starts a new pass)", () => {
  const spec = (items: MediaItem[]): EnumeratorSpec<MediaItem> => ({ order: "shuffle", items });

  it("continues exactly when only the input order changed", () => {
    const straight = createEnumerator(spec(library), { seed: 42 });
    const expected = take(straight, 20);
    const { next } = continueOn(spec(library), spec([...library].reverse()), 7);
    expect(take(next, 13)).toEqual(expected.slice(7));
  });

  it("after items were added, the next pass covers the new library once, not starting with the last item", () => {
    const added = [item({ id: 97 }), item({ id: 98 })];
    const { played, next } = continueOn(spec(library), spec([...library, ...added]), 5);
    const pass = take(next, 15);
    expect([...pass].sort()).toEqual([...library, ...added].map((i) => i.id).sort());
    expect(pass[0]).not.toBe(played[4]);
    expect(next.state()).toMatchObject({ pass: 2, index: 0 });
  });

  it("after items were removed, removed items never come back", () => {
    const { next } = continueOn(spec(library), spec(without(library, ...movies.map((m) => m.id))), 5);
    const sequence = take(next, 30);
    expect(sequence.some((id) => movies.some((m) => m.id === id))).toBe(false);
    expect([...sequence.slice(0, 10)].sort()).toEqual([...alpha, ...beta].map((i) => i.id).sort());
  });

  it("a regrouping (multi-part detection changed) also counts as a change", () => {
    const grouped: EnumeratorSpec<MediaItem> = { order: "shuffle", items: beta, options: { keepMultiPartEpisodesTogether: true } };
    const { next } = continueOn(grouped, { order: "shuffle", items: beta }, 2);
    expect(next.state()).toMatchObject({ pass: 1, index: 0 });
  });

  it("keeps the state through an empty library", () => {
    const first = createEnumerator(spec(library), { seed: 42 });
    take(first, 3);
    const saved = first.state();
    const empty = createEnumerator(spec([]), { seed: 42, state: saved });
    empty.moveNext();
    expect(empty.state()).toEqual(saved);
  });
});

describe("library changes: other orders", () => {
  it("random keeps its position on the new list", () => {
    const { next } = continueOn({ order: "random", items: library }, { order: "random", items: alpha }, 10);
    expect(next.state()).toMatchObject({ position: 10 });
    expect(take(next, 20).every((id) => alpha.some((a) => a.id === id))).toBe(true);
  });

  it("random rotation forgets a previous group that no longer exists", () => {
    const { next } = continueOn({ order: "randomRotation", items: library }, { order: "randomRotation", items: alpha }, 3);
    expect(take(next, 5).every((id) => alpha.some((a) => a.id === id))).toBe(true);
  });

  it("marathon: a removed group is skipped, remaining groups keep their own positions", () => {
    const spec = (items: MediaItem[]): EnumeratorSpec<MediaItem> => ({
      order: "marathon",
      items,
      options: { groupBy: "show", itemOrder: "seasonEpisode" },
    });
    const { played, next } = continueOn(spec(library), spec(without(library, ...beta.map((b) => b.id))), 4);
    expect(played).toEqual([11, 31, 41, 12]);
    // The current group was show 2 (removed): the rotation continues at the same slot position, which is
    // now the movies group; show 1 resumes after 12 and the movies after 41.
    expect(take(next, 4)).toEqual([42, 13, 43, 21]);
  });

  it("marathon: a new group joins the rotation; existing groups keep their positions", () => {
    const spec = (items: MediaItem[]): EnumeratorSpec<MediaItem> => ({
      order: "marathon",
      items,
      options: { groupBy: "show", itemOrder: "seasonEpisode" },
    });
    const extra = episode(80, 9, 1, 1);
    const { next } = continueOn(spec(library), spec([...library, extra]), 6);
    expect(take(next, 8)).toEqual([13, 33, 43, 80, 21, 34, 41, 80]);
  });

  it("playlist: an entry removed from the playlist is skipped, the others continue", () => {
    const entries = [
      { sourceKey: "alpha", items: alpha, order: "seasonEpisode" as const },
      { sourceKey: "beta", items: beta, order: "chronological" as const },
      { sourceKey: "movies", items: movies, order: "chronological" as const },
    ];
    const { played, next } = continueOn(
      { order: "playlist", entries },
      { order: "playlist", entries: [entries[0]!, entries[2]!] },
      4,
    );
    expect(played).toEqual([11, 31, 41, 12]);
    expect(take(next, 4)).toEqual([43, 13, 42, 21]);
  });
});
