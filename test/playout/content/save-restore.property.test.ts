import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createEnumerator, type EnumeratorSpec } from "../../../server/playout/content/factory";
import type { MediaItem } from "../../../server/playout/content/types";
import { alpha, beta, item, library, movies, take } from "./support/library";

const music: MediaItem[] = [
  item({ id: 51, kind: "musicVideo", artistId: 3, album: "One", directors: ["Dee"] }),
  item({ id: 52, kind: "musicVideo", artistId: 4, album: "Two", directors: ["Dee"] }),
  item({ id: 53, kind: "musicVideo", artistId: 4, album: "Two" }),
  item({ id: 61, kind: "song", album: "Blue", track: 1 }),
  item({ id: 62, kind: "song", album: "Blue", track: 2 }),
];
const mixed = [...library, ...music, beta[1]!]; // one duplicate on purpose
const template = { numParts: 2, partNumberForEpisode: (s: number, e: number) => (s === 1 && e <= 2 ? e : undefined) };

const specs: Array<[string, EnumeratorSpec<MediaItem>]> = [
  ["chronological", { order: "chronological", items: mixed }],
  ["chronological, random start", { order: "chronological", items: mixed, options: { randomStartPoint: true } }],
  ["seasonEpisode", { order: "seasonEpisode", items: mixed }],
  ["shuffle", { order: "shuffle", items: mixed }],
  ["shuffle, three items (wrap rule fires often)", { order: "shuffle", items: movies }],
  ["shuffle, multi-part", { order: "shuffle", items: mixed, options: { keepMultiPartEpisodesTogether: true } }],
  ["shuffleInOrder", { order: "shuffleInOrder", items: mixed }],
  ["shuffleInOrder, random start", { order: "shuffleInOrder", items: mixed, options: { randomStartPoint: true } }],
  ["random", { order: "random", items: mixed }],
  ["multiEpisodeShuffle", { order: "multiEpisodeShuffle", items: mixed, options: { multiEpisodeTemplate: template } }],
  ["randomRotation", { order: "randomRotation", items: mixed }],
  ["marathon show round-robin shuffled", { order: "marathon", items: mixed, options: { groupBy: "show", itemOrder: "shuffle", shuffleGroups: true } }],
  ["marathon season play-all", { order: "marathon", items: mixed, options: { groupBy: "season", itemOrder: "chronological", playAllItems: true, shuffleGroups: true } }],
  ["marathon artist batch", { order: "marathon", items: mixed, options: { groupBy: "artist", itemOrder: "shuffle", batchSize: 2 } }],
  ["marathon album", { order: "marathon", items: mixed, options: { groupBy: "album", itemOrder: "seasonEpisode", playAllItems: true } }],
  ["marathon director", { order: "marathon", items: mixed, options: { groupBy: "director", itemOrder: "chronological" } }],
  [
    "playlist",
    {
      order: "playlist",
      entries: [
        { sourceKey: "alpha", items: alpha, order: "shuffle", count: 2 },
        { sourceKey: "movies", items: movies, order: "random", playAll: true },
        { sourceKey: "beta", items: beta, order: "shuffleInOrder" },
        { sourceKey: "alpha", items: alpha, order: "shuffle" },
        { sourceKey: "music", items: music, order: "randomRotation", count: 3 },
      ],
      options: { shuffleEntries: true },
    },
  ],
];

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("save/restore: pulling N, saving, restoring and pulling M equals pulling N+M", () => {
  it.each(specs)("%s", (_name, spec) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.array(fc.integer({ min: 0, max: 45 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 45 }),
        (seed, segments, tail) => {
          const total = segments.reduce((a, b) => a + b, 0) + tail;
          const expected = take(createEnumerator(spec, { seed }), total);

          const got: Array<number | undefined> = [];
          let state: unknown;
          for (const length of [...segments, tail]) {
            // the seed passed on restore must not matter: the saved state carries its own
            const e = createEnumerator(spec, { seed: state === undefined ? seed : seed ^ 0x5bd1e995, state });
            got.push(...take(e, length));
            state = roundTrip(e.state());
          }
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("restoring a state without pulling anything gives the same state back", () => {
    for (const [, spec] of specs) {
      const e = createEnumerator(spec, { seed: 77 });
      take(e, 23);
      const state = roundTrip(e.state());
      expect(createEnumerator(spec, { seed: 1, state }).state()).toEqual(state);
    }
  });

  it("a state of another order, or garbage, is ignored (fresh start)", () => {
    const shuffleState = (() => {
      const e = createEnumerator({ order: "shuffle", items: library }, { seed: 3 });
      take(e, 4);
      return e.state();
    })();
    const fresh = take(createEnumerator({ order: "chronological", items: library }, { seed: 3 }), 5);
    for (const bad of [shuffleState, null, 42, "x", { v: 2, order: "chronological", index: 3 }, { v: 1, order: "chronological", index: -1 }]) {
      expect(take(createEnumerator({ order: "chronological", items: library }, { seed: 3, state: bad }), 5)).toEqual(fresh);
    }
    const freshShuffle = take(createEnumerator({ order: "shuffle", items: library }, { seed: 3 }), 5);
    const broken = { ...shuffleState, seed: -1 };
    expect(take(createEnumerator({ order: "shuffle", items: library }, { seed: 3, state: broken }), 5)).toEqual(freshShuffle);
  });
});
