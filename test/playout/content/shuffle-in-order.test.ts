import { describe, expect, it } from "vitest";
import { defaultOrderedGroups } from "../../../server/playout/content/enumerators/shuffle-in-order";
import { createEnumerator } from "../../../server/playout/content/factory";
import type { MediaItem } from "../../../server/playout/content/types";
import { alpha, beta, item, library, movies, take } from "./support/library";

const ALPHA_CHRONO = [10, 11, 12, 21, 13, 22];
const BETA_CHRONO = [31, 32, 33, 34];
const MOVIES_CHRONO = [41, 43, 42];

/** The ids of `sequence` that belong to `group`, in playing order. */
const only = (sequence: Array<number | undefined>, group: number[]) => sequence.filter((id) => group.includes(id!));

describe("shuffle-in-order", () => {
  it("gives a fixed sequence for a fixed seed", () => {
    const e = createEnumerator({ order: "shuffleInOrder", items: library }, { seed: 42 });
    expect(take(e, 26)).toEqual([
      10, 41, 11, 31, 32, 43, 12, 21, 33, 42, 13, 22, 34,
      41, 10, 31, 11, 12, 32, 43, 21, 42, 13, 33, 22, 34,
    ]);
  });

  it("keeps every show in chronological order, interleaves shows, and plays everything once per pass", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const sequence = take(createEnumerator({ order: "shuffleInOrder", items: library }, { seed }), 13 * 6);
      for (let p = 0; p < 6; p++) {
        const pass = sequence.slice(p * 13, p * 13 + 13);
        expect([...pass].sort()).toEqual(library.map((i) => i.id).sort());
        expect(only(pass, ALPHA_CHRONO)).toEqual(ALPHA_CHRONO);
        expect(only(pass, BETA_CHRONO)).toEqual(BETA_CHRONO);
        expect(only(pass, MOVIES_CHRONO)).toEqual(MOVIES_CHRONO);
        if (p > 0) expect(pass[0]).not.toBe(sequence[p * 13 - 1]);
      }
    }
  });

  it("spreads a small group over the pass instead of bunching it", () => {
    const big = Array.from({ length: 12 }, (_, i) => item({ id: 100 + i, kind: "episode", showId: 1, seasonNumber: 1, episodeNumber: i + 1 }));
    const small = Array.from({ length: 3 }, (_, i) => item({ id: 200 + i, kind: "episode", showId: 2, seasonNumber: 1, episodeNumber: i + 1 }));
    const pass = take(createEnumerator({ order: "shuffleInOrder", items: [...big, ...small] }, { seed: 8 }), 15);
    const positions = small.map((s) => pass.indexOf(s.id));
    expect(positions[1]! - positions[0]!).toBeGreaterThanOrEqual(3);
    expect(positions[2]! - positions[1]!).toBeGreaterThanOrEqual(3);
  });

  it("differs between seeds and is deterministic per seed", () => {
    const run = (seed: number) => take(createEnumerator({ order: "shuffleInOrder", items: library }, { seed }), 26);
    expect(run(42)).toEqual(run(42));
    expect(run(43)).not.toEqual(run(42));
  });

  it("groups by show, artist, song album artist, movies and other videos by default", () => {
    const items: MediaItem[] = [
      ...alpha.slice(0, 2),
      ...beta.slice(0, 1),
      ...movies.slice(0, 1),
      item({ id: 60, kind: "musicVideo", artistId: 7 }),
      item({ id: 61, kind: "song", albumArtist: "Band" }),
      item({ id: 62, kind: "otherVideo" }),
    ];
    const keys = defaultOrderedGroups(items).map((g) => [g.key, g.items.map((i) => i.id)]);
    expect(keys).toEqual([
      ["show:1", [11, 12]],
      ["show:2", [31]],
      ["kind:movie", [41]],
      ["artist:7", [60]],
      ["songArtist:Band", [61]],
      ["kind:otherVideo", [62]],
    ]);
  });

  it("honours explicit groups: custom order kept, pooled items shuffled each pass", () => {
    const custom = [item({ id: 3, releaseDate: "2000-01-01" }), item({ id: 1, releaseDate: "1990-01-01" }), item({ id: 2 })];
    const pooled = [item({ id: 7 }), item({ id: 8 }), item({ id: 9 })];
    const sequence = take(
      createEnumerator(
        {
          order: "shuffleInOrder",
          items: [...custom, ...pooled],
          options: { orderedGroups: [{ key: "c", items: custom, customOrder: true }, { key: "p", items: pooled, scheduleAsGroup: false }] },
        },
        { seed: 12 },
      ),
      6 * 12,
    );
    const pooledOrders = new Set<string>();
    for (let p = 0; p < 12; p++) {
      const pass = sequence.slice(p * 6, p * 6 + 6);
      expect(only(pass, [1, 2, 3])).toEqual([3, 1, 2]);
      pooledOrders.add(only(pass, [7, 8, 9]).join());
    }
    expect(pooledOrders.size).toBeGreaterThan(1);
  });

  it("with randomStartPoint starts each group somewhere in its cycle in the first pass only", () => {
    const e = createEnumerator({ order: "shuffleInOrder", items: library, options: { randomStartPoint: true } }, { seed: 42 });
    const first = take(e, 13);
    const second = take(e, 13);
    const rotation = (pass: Array<number | undefined>, group: number[]) => {
      const seen = only(pass, group);
      const at = group.indexOf(seen[0]!);
      return { seen, expected: [...group.slice(at), ...group.slice(0, at)] };
    };
    for (const group of [ALPHA_CHRONO, BETA_CHRONO, MOVIES_CHRONO]) {
      const { seen, expected } = rotation(first, group);
      expect(seen).toEqual(expected);
      expect(only(second, group)).toEqual(group);
    }
    expect([only(first, ALPHA_CHRONO)[0], only(first, BETA_CHRONO)[0], only(first, MOVIES_CHRONO)[0]]).not.toEqual([10, 31, 41]);
  });
});
