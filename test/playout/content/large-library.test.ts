import { describe, expect, it } from "vitest";
import { createEnumerator, type EnumeratorSpec } from "../../../server/playout/content/factory";
import type { MediaItem } from "../../../server/playout/content/types";
import { episode, item } from "./support/library";

const items: MediaItem[] = Array.from({ length: 10_000 }, (_, i) =>
  i % 3 === 0
    ? item({ id: i + 1, releaseDate: `19${50 + (i % 50)}-01-0${1 + (i % 9)}`, directors: [`d${i % 40}`] })
    : episode(i + 1, i % 37, (i % 7) + 1, (i % 23) + 1, {
        releaseDate: `20${10 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`,
        title: i % 5 === 0 ? "Story (1)" : "Story (2)",
      }),
);

const specs: Array<[string, EnumeratorSpec<MediaItem>]> = [
  ["chronological", { order: "chronological", items }],
  ["seasonEpisode", { order: "seasonEpisode", items }],
  ["shuffle (multi-part)", { order: "shuffle", items, options: { keepMultiPartEpisodesTogether: true } }],
  ["shuffleInOrder", { order: "shuffleInOrder", items }],
  ["random", { order: "random", items }],
  ["multiEpisodeShuffle", { order: "multiEpisodeShuffle", items, options: { multiEpisodeTemplate: { numParts: 2, partNumberForEpisode: (_s, e) => (e % 2) + 1 } } }],
  ["randomRotation", { order: "randomRotation", items }],
  ["marathon", { order: "marathon", items, options: { groupBy: "show", itemOrder: "shuffle", shuffleGroups: true } }],
  ["playlist", { order: "playlist", entries: [{ sourceKey: "a", items: items.slice(0, 5000), order: "shuffle", count: 3 }, { sourceKey: "b", items: items.slice(5000), order: "chronological", playAll: true }] }],
];

/** The ids of `count` pulls (current, then moveNext each time). */
function pull(spec: EnumeratorSpec<MediaItem>, count: number): number[] {
  const e = createEnumerator(spec, { seed: 7 });
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push(e.current()!.id);
    e.moveNext();
  }
  return out;
}

// How fast these run is measured by bench/enumerators.mjs; here: they work at this size.
describe("10,000 items, 50,000 pulls", () => {
  const known = new Set(items.map((i) => i.id));
  it.each(specs)("%s: every pull is a library item, the same for the same seed", (_name, spec) => {
    const first = pull(spec, 50_000);
    expect(first.every((id) => known.has(id))).toBe(true);
    expect(new Set(first).size).toBeGreaterThan(1_000);
    expect(pull(spec, 50_000)).toEqual(first);
  });

  it("restores a far position of a shuffle", () => {
    const e = createEnumerator({ order: "shuffle", items }, { seed: 7 });
    const signature = (e.state() as { signature: number }).signature;
    const far = { v: 1, order: "shuffle", seed: 7, pass: 1_000_000, index: 5_000, signature };
    const restored = createEnumerator({ order: "shuffle", items }, { seed: 7, state: far });
    expect(restored.state()).toMatchObject({ pass: 1_000_000, index: 5_000 });
  });
});
