import { describe, expect, it } from "vitest";
import { buildBlockPlayout, type BlockPlaybackOrder } from "../../../server/playout/block";
import { createEnumerator, type MediaItem } from "../../../server/playout/content";
import { contentSeed } from "../../../server/playout/random";
import { block, blockItem, episode, HOUR, input, movie, oneTemplate } from "./fixtures";

/** One 10-hour block of one block item playing `items` in `order`; the ids it plays in its first 10 hours. */
function play(order: BlockPlaybackOrder, items: MediaItem[], seed = 1): number[] {
  const result = buildBlockPlayout(
    input({ seed, content: { items }, blocks: [block(1, 600, [blockItem(1, "items", { playbackOrder: order })])], templates: oneTemplate([1, 0]), horizonMs: 10 * HOUR }),
  );
  return result.items.filter((i) => i.mediaItemId !== null).map((i) => i.mediaItemId!);
}

const tenMovies = Array.from({ length: 10 }, (_, i) => movie(100 + i, 10));
const threeShows = [1, 2, 3].flatMap((show) => [1, 2, 3, 4].map((n) => episode(show * 100 + n, show, 1, n)));

describe("Block builder: playback orders of block items", () => {
  it("Chronological: by release date, then again from the start", () => {
    const items = [movie(1, 10, "2001-05-01"), movie(2, 10, "1999-01-01"), movie(3, 10, "2010-01-01"), movie(4, 10, "2000-12-31")];
    expect(play("Chronological", items).slice(0, 8)).toEqual([2, 4, 1, 3, 2, 4, 1, 3]);
  });

  it("SeasonEpisode: by season and episode, specials left out", () => {
    const items = [episode(1, 1, 2, 1), episode(2, 1, 1, 2), episode(3, 1, 0, 1), episode(4, 1, 1, 1), episode(5, 1, 2, 2)];
    expect(play("SeasonEpisode", items).slice(0, 6)).toEqual([4, 2, 1, 5, 4, 2]);
  });

  it("Shuffle: every item once per pass, the same for a seed, another for another seed", () => {
    const one = play("Shuffle", tenMovies, 1);
    expect(one).toHaveLength(60);
    for (let pass = 0; pass < 6; pass++) expect([...one.slice(pass * 10, pass * 10 + 10)].sort()).toEqual(tenMovies.map((m) => m.id));
    expect(one.slice(0, 10)).not.toEqual(tenMovies.map((m) => m.id));
    expect(play("Shuffle", tenMovies, 1)).toEqual(one);
    // The block item's own seed: contentSeed(playout seed, "blockItem:<id>").
    const own = createEnumerator({ order: "shuffle", items: tenMovies }, { seed: contentSeed(1, "blockItem:1") });
    expect(one.slice(0, 10)).toEqual(tenMovies.map(() => { const id = own.current()!.id; own.moveNext(); return id; }));
    expect(play("Shuffle", tenMovies, 2)).not.toEqual(one);
  });

  it("Random: independent picks, the same for a seed, another for another seed", () => {
    const one = play("Random", tenMovies, 3);
    expect(one.every((id) => id >= 100 && id < 110)).toBe(true);
    // Picks with replacement: 60 picks of 10 items are not 6 permutations.
    expect([0, 1, 2, 3, 4, 5].every((p) => new Set(one.slice(p * 10, p * 10 + 10)).size === 10)).toBe(false);
    expect(play("Random", tenMovies, 3)).toEqual(one);
    expect(play("Random", tenMovies, 4)).not.toEqual(one);
  });

  it("RandomRotation: never the same show twice in a row, the same for a seed, another for another seed", () => {
    const one = play("RandomRotation", threeShows, 5);
    const show = (id: number) => Math.floor(id / 100);
    for (let i = 1; i < one.length; i++) expect(show(one[i])).not.toBe(show(one[i - 1]));
    expect(new Set(one.map(show))).toEqual(new Set([1, 2, 3]));
    expect(play("RandomRotation", threeShows, 5)).toEqual(one);
    expect(play("RandomRotation", threeShows, 6)).not.toEqual(one);
  });

  it("two block items over the same content keep separate positions", () => {
    const items = [movie(1, 10), movie(2, 10), movie(3, 10)];
    const result = buildBlockPlayout(
      input({ content: { items }, blocks: [block(1, 60, [blockItem(1, "items"), blockItem(2, "items", { playbackOrder: "Shuffle" })])], templates: oneTemplate([1, 0]) }),
    );
    const played = result.items.filter((i) => i.mediaItemId !== null);
    expect(played.filter((_, n) => n % 2 === 0).map((i) => i.mediaItemId)).toEqual([1, 2, 3]);
    expect([...played.filter((_, n) => n % 2 === 1).map((i) => i.mediaItemId!)].sort()).toEqual([1, 2, 3]);
  });
});
