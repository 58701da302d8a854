import { describe, expect, it } from "vitest";
import { PlaybackOrder, PlayoutMode } from "../../../server/domain/enums";
import type { MediaItem } from "../../../server/playout/content";
import { build, episode, movie, schedule, scheduleItem } from "./fixtures";

const ids = (items: { mediaItemId: number | null }[]) => items.map((i) => i.mediaItemId);
const play = (order: PlaybackOrder, content: MediaItem[], seed = 7, extra = {}) =>
  ids(build(schedule([scheduleItem(0, { playbackOrder: order, ...extra })]), { main: content }, { hours: 24, seed }).items);

// Two shows of 2 seasons × 3 episodes, listed out of order, and a special (season 0).
const shows: MediaItem[] = [];
for (const show of [1, 2]) for (const season of [2, 1]) for (const n of [3, 1, 2]) shows.push(episode(show * 100 + season * 10 + n, show, season, n, 30));
shows.push(episode(100, 1, 0, 1, 30));

describe("Classic builder: every playback order", () => {
  it("Chronological: release date order, wrapping around", () => {
    const content = [movie(3, 60, { releaseDate: "1990-01-01" }), movie(1, 60, { releaseDate: "2010-01-01" }), movie(2, 60, { releaseDate: "2000-01-01" })];
    expect(play(PlaybackOrder.Chronological, content).slice(0, 6)).toEqual([3, 2, 1, 3, 2, 1]);
  });

  it("SeasonEpisode: show by show, season then episode, without specials", () => {
    const order = play(PlaybackOrder.SeasonEpisode, shows.filter((e) => e.showId === 1));
    expect(order.slice(0, 7)).toEqual([111, 112, 113, 121, 122, 123, 111]);
  });

  it("Shuffle: every item once per pass, seeded, no repeat across the pass boundary", () => {
    const content = Array.from({ length: 8 }, (_, i) => movie(i + 1, 30));
    const a = play(PlaybackOrder.Shuffle, content, 1);
    expect([...a.slice(0, 8)].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...a.slice(8, 16)].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(a[8]).not.toBe(a[7]);
    expect(play(PlaybackOrder.Shuffle, content, 1)).toEqual(a);
    expect(play(PlaybackOrder.Shuffle, content, 2).slice(0, 8)).not.toEqual(a.slice(0, 8));
  });

  it("Random: seeded picks with repeats allowed", () => {
    const content = Array.from({ length: 4 }, (_, i) => movie(i + 1, 30));
    const a = play(PlaybackOrder.Random, content, 5);
    expect(play(PlaybackOrder.Random, content, 5)).toEqual(a);
    expect(a.slice(0, 8).some((id, i) => a.slice(0, 8).indexOf(id) !== i)).toBe(true);
    expect(new Set(a).size).toBe(4);
  });

  it("ShuffleInOrder: shows interleaved at random, each show in its own order", () => {
    const order = play(PlaybackOrder.ShuffleInOrder, shows.filter((e) => e.seasonNumber !== 0), 3).slice(0, 12) as number[];
    const show1 = order.filter((id) => id < 200);
    const show2 = order.filter((id) => id >= 200);
    expect(show1).toEqual([111, 112, 113, 121, 122, 123]);
    expect(show2).toEqual([211, 212, 213, 221, 222, 223]);
  });

  it("MultiEpisodeShuffle without a template shuffles like Shuffle (one pass holds every episode)", () => {
    const content = shows.filter((e) => e.seasonNumber !== 0);
    const order = play(PlaybackOrder.MultiEpisodeShuffle, content, 4).slice(0, 12);
    expect([...order].sort()).toEqual(content.map((e) => e.id).sort());
  });

  it("RandomRotation: never the same show twice in a row", () => {
    const content = [...shows.filter((e) => e.seasonNumber === 1), movie(900, 30), movie(901, 30)];
    const order = play(PlaybackOrder.RandomRotation, content, 9);
    const group = (id: number | null) => (id! >= 900 ? `movie${id}` : id! >= 200 ? "show2" : "show1");
    for (let i = 1; i < order.length; i++) expect(group(order[i])).not.toBe(group(order[i - 1]));
  });

  it("Marathon by show: whole shows in turn; a batch size moves on after that many", () => {
    const content = shows.filter((e) => e.seasonNumber === 1);
    const whole = play(PlaybackOrder.Marathon, content, 1, { marathon: { groupBy: "Show", shuffleGroups: false, shuffleItems: false, batchSize: null } });
    expect(whole.slice(0, 6)).toEqual([111, 112, 113, 211, 212, 213]);
    const batched = play(PlaybackOrder.Marathon, content, 1, { marathon: { groupBy: "Show", shuffleGroups: false, shuffleItems: false, batchSize: 2 } });
    expect(batched.slice(0, 6)).toEqual([111, 112, 211, 212, 113, 111]);
  });

  it("playlist content follows the playlist's entries", () => {
    const result = build(schedule([scheduleItem(0, { playoutMode: PlayoutMode.One })]), {
      main: {
        entries: [
          { sourceKey: "a", items: [movie(1, 30), movie(2, 30)], order: "chronological", count: 2 },
          { sourceKey: "b", items: [movie(3, 30)], order: "chronological" },
        ],
      },
    }, { hours: 3 });
    expect(ids(result.items)).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it("multi-part episodes stay together when the schedule says so, even in shuffle", () => {
    const parts = [
      episode(1, 1, 1, 1, 30, { title: "Story (1)" }),
      episode(2, 1, 1, 2, 30, { title: "Story (2)" }),
      episode(3, 1, 1, 3, 30, { title: "Story (3)" }),
      episode(4, 1, 1, 4, 30, { title: "Alone" }),
      episode(5, 1, 1, 5, 30, { title: "Other" }),
    ];
    const def = (together: boolean) => schedule([scheduleItem(0, { playbackOrder: PlaybackOrder.Shuffle }), scheduleItem(1, { contentKey: "break" })], { keepMultiPartEpisodesTogether: together });
    for (const seed of [1, 2, 3, 4]) {
      const order = ids(build(def(true), { main: parts, break: [movie(99, 5)] }, { hours: 24, seed }).items);
      const at = order.indexOf(1);
      expect(order.slice(at, at + 4)).toEqual([1, 2, 3, 99]);
    }
    const apart = ids(build(def(false), { main: parts, break: [movie(99, 5)] }, { hours: 24, seed: 1 }).items);
    const at = apart.indexOf(1);
    expect(apart[at + 1]).toBe(99);
  });
});
