import { describe, expect, it } from "vitest";
import { classicMarathonItemOrder, type MarathonOptions } from "../../../server/playout/content/enumerators/marathon";
import { marathonGroupOf } from "../../../server/playout/content/enumerators/marathon-groups";
import { createEnumerator } from "../../../server/playout/content/factory";
import type { MediaItem } from "../../../server/playout/content/types";
import { alpha, beta, episode, item, library, movies, take } from "./support/library";

const marathon = (items: MediaItem[], options: MarathonOptions, seed = 42) =>
  createEnumerator({ order: "marathon", items, options }, { seed });

describe("marathon", () => {
  it("group_by show, play all items: one whole show after the other, groups in order of first appearance", () => {
    const e = marathon(library, { groupBy: "show", itemOrder: "seasonEpisode", playAllItems: true });
    const cycle = [11, 12, 13, 21, 22, 31, 32, 33, 34, 41, 42, 43];
    expect(take(e, 24)).toEqual([...cycle, ...cycle]);
    expect([e.passLength, e.count]).toEqual([12, 12]); // the special is not playable in season-episode order
  });

  it("round-robin (play_all_items false): one item per group, each group keeps its own position", () => {
    const e = marathon(library, { groupBy: "show", itemOrder: "seasonEpisode" });
    expect(take(e, 15)).toEqual([11, 31, 41, 12, 32, 42, 13, 33, 43, 21, 34, 41, 22, 31, 42]);
    expect(e.passLength).toBe(3); // `all` plays one item per group
  });

  it("item_order chronological includes specials and follows air dates", () => {
    const e = marathon(library, { groupBy: "show", itemOrder: "chronological" });
    expect(take(e, 12)).toEqual([10, 31, 41, 11, 32, 43, 12, 33, 42, 21, 34, 41]);
    expect(e.count).toBe(13);
  });

  it("group_by season", () => {
    const e = marathon(alpha, { groupBy: "season", itemOrder: "chronological", playAllItems: true });
    expect(take(e, 12)).toEqual([11, 12, 13, 21, 22, 10, 11, 12, 13, 21, 22, 10]);
  });

  it("group_by artist: music videos by artist, everything else in one group", () => {
    const items = [
      ...movies,
      item({ id: 51, kind: "musicVideo", artistId: 3 }),
      item({ id: 52, kind: "musicVideo", artistId: 4 }),
      item({ id: 53, kind: "musicVideo", artistId: 4 }),
    ];
    expect(take(marathon(items, { groupBy: "artist", itemOrder: "chronological" }), 9)).toEqual([41, 51, 52, 43, 51, 53, 42, 51, 52]);
  });

  it("group_by album: songs by album, music videos by artist and album", () => {
    const items = [
      item({ id: 1, kind: "song", album: "Blue", track: 2 }),
      item({ id: 2, kind: "song", album: "Red", track: 1 }),
      item({ id: 3, kind: "song", album: "Blue", track: 1 }),
      item({ id: 4, kind: "musicVideo", artistId: 9, album: "Blue" }),
    ];
    const e = marathon(items, { groupBy: "album", itemOrder: "chronological", playAllItems: true });
    expect(take(e, 8)).toEqual([3, 1, 2, 4, 3, 1, 2, 4]);
    expect(items.map((i) => marathonGroupOf(i, "album"))).toEqual(["album:song:Blue", "album:song:Red", "album:song:Blue", "album:mv:9/Blue"]);
  });

  it("group_by director: by first director", () => {
    const items = [
      item({ id: 1, directors: ["Kubrick"], releaseDate: "1968-01-01" }),
      item({ id: 2, directors: ["Lynch", "Kubrick"] }),
      item({ id: 3, directors: ["Kubrick"], releaseDate: "1964-01-01" }),
      item({ id: 4 }),
      item({ id: 5, kind: "song", directors: ["Kubrick"] }),
    ];
    expect(take(marathon(items, { groupBy: "director", itemOrder: "chronological" }), 6)).toEqual([3, 2, 4, 1, 2, 5]);
  });

  it("batch size: this many items from a group, then the next group (wrapping inside small groups)", () => {
    const e = marathon(library, { groupBy: "show", itemOrder: "seasonEpisode", batchSize: 2 });
    expect(take(e, 12)).toEqual([11, 12, 31, 32, 41, 42, 13, 21, 33, 34, 43, 41]);
    expect(e.passLength).toBe(6);
  });

  it("item_order shuffle: every group shuffled with its own seed", () => {
    const e = marathon(library, { groupBy: "show", itemOrder: "shuffle", playAllItems: true });
    expect(take(e, 13)).toEqual([10, 11, 13, 22, 21, 12, 31, 34, 33, 32, 41, 42, 43]);
    // Two groups of equal size: upstream gave them the same seed, so the same pattern. Ours differ.
    const a = [1, 2, 3, 4, 5, 6].map((n) => episode(n, 1, 1, n));
    const b = [1, 2, 3, 4, 5, 6].map((n) => episode(10 + n, 2, 1, n));
    let samePattern = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const sequence = take(marathon([...a, ...b], { groupBy: "show", itemOrder: "shuffle", playAllItems: true }, seed), 12);
      const pattern = (ids: Array<number | undefined>, offset: number) => ids.map((id) => id! - offset).join();
      if (pattern(sequence.slice(0, 6), 0) === pattern(sequence.slice(6), 10)) samePattern++;
    }
    expect(samePattern).toBeLessThan(2);
  });

  it("is deterministic per seed and differs between seeds when shuffling", () => {
    const run = (seed: number) => take(marathon(library, { groupBy: "show", itemOrder: "shuffle", shuffleGroups: true }, seed), 30);
    expect(run(42)).toEqual(run(42));
    expect(run(43)).not.toEqual(run(42));
  });

  it("shuffle_groups: a new group order every round, never starting with the group that just played", () => {
    const items = [
      ...alpha,
      ...beta,
      item({ id: 60, kind: "episode", showId: 3, seasonNumber: 1, episodeNumber: 1 }),
      item({ id: 70, kind: "episode", showId: 4, seasonNumber: 1, episodeNumber: 1 }),
    ];
    const e = marathon(items, { groupBy: "show", itemOrder: "seasonEpisode", shuffleGroups: true }, 3);
    const rounds = [];
    for (let r = 0; r < 30; r++) rounds.push(take(e, 4).map((id) => marathonGroupOf(items.find((i) => i.id === id)!, "show")));
    for (const round of rounds) expect(new Set(round).size).toBe(4);
    for (let r = 1; r < rounds.length; r++) expect(rounds[r]![0]).not.toBe(rounds[r - 1]![3]);
    expect(new Set(rounds.map((r) => r.join())).size).toBeGreaterThan(5);
  });

  it("shuffle_groups needs three groups: with two the order stays fixed", () => {
    const e = marathon([...alpha, ...beta], { groupBy: "show", itemOrder: "seasonEpisode", shuffleGroups: true });
    expect(take(e, 8)).toEqual([11, 31, 12, 32, 13, 33, 21, 34]);
  });

  it("does not de-duplicate: an item listed twice plays twice per cycle, count counts it once", () => {
    const e = marathon([...beta, beta[0]!], { groupBy: "show", itemOrder: "chronological", playAllItems: true });
    expect(take(e, 10)).toEqual([31, 31, 32, 33, 34, 31, 31, 32, 33, 34]);
    expect([e.count, e.passLength]).toEqual([4, 5]);
  });

  it("is empty-safe", () => {
    const e = marathon([], { groupBy: "show", itemOrder: "shuffle" });
    expect([e.current(), e.count, e.passLength]).toEqual([undefined, 0, 0]);
    e.moveNext();
    expect(e.current()).toBeUndefined();
  });

  it("classic item order: shuffle items, else season-episode for shows/seasons, chronological otherwise", () => {
    expect(classicMarathonItemOrder("show", true)).toBe("shuffle");
    expect(classicMarathonItemOrder("season", false)).toBe("seasonEpisode");
    expect(classicMarathonItemOrder("show", false)).toBe("seasonEpisode");
    expect(classicMarathonItemOrder("director", false)).toBe("chronological");
  });
});
