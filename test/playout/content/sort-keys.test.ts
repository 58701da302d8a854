import { describe, expect, it } from "vitest";
import { compareChronological, compareSeasonEpisode } from "../../../server/playout/content/sort-keys";
import { sortItems } from "../../../server/playout/content/sort-keys";
import type { MediaItem } from "../../../server/playout/content/types";
import { alpha, episode, ids, item } from "./support/library";

const chrono = (items: MediaItem[]) => ids(sortItems(items, "chronological").items);

describe("chronological comparison (reference §5.3)", () => {
  it("puts the air date before season and episode", () => {
    expect(chrono(alpha)).toEqual([10, 11, 12, 21, 13, 22]);
  });

  it("sorts missing and unparseable dates last", () => {
    const items = [
      item({ id: 1 }),
      item({ id: 2, releaseDate: "not a date" }),
      item({ id: 3, releaseDate: "2020-01-01" }),
      item({ id: 4, releaseDate: "1990-06-15T20:00:00Z" }),
    ];
    expect(chrono(items)).toEqual([4, 3, 1, 2]);
  });

  it("breaks equal dates by season, then episode, then id", () => {
    const sameDay = "2010-10-10";
    const items = [
      episode(5, 1, 2, 1, { releaseDate: sameDay }),
      episode(6, 1, 1, 9, { releaseDate: sameDay }),
      episode(7, 1, 1, 3, { releaseDate: sameDay }),
      item({ id: 2, releaseDate: sameDay }),
      item({ id: 1, releaseDate: sameDay }),
    ];
    expect(chrono(items)).toEqual([7, 6, 5, 1, 2]);
  });

  it("breaks equal dates of songs by album (ordinal), then track, then id", () => {
    const day = "2001-01-01";
    const items = [
      item({ id: 1, kind: "song", album: "b-side", track: 1, releaseDate: day }),
      item({ id: 2, kind: "song", album: "Album", track: 2, releaseDate: day }),
      item({ id: 3, kind: "song", album: "Album", track: 1, releaseDate: day }),
      item({ id: 4, kind: "song", album: "Album", releaseDate: day }),
      item({ id: 5, kind: "song", album: "Album", track: 1, releaseDate: day }),
    ];
    // "Album" < "b-side" ordinally (uppercase first); missing track sorts after numbered tracks.
    expect(chrono(items)).toEqual([3, 5, 2, 4, 1]);
  });

  it("uses track but not album for music videos, and neither for movies", () => {
    const day = "2001-01-01";
    const videos = [
      item({ id: 1, kind: "musicVideo", album: "Z", track: 2, releaseDate: day }),
      item({ id: 2, kind: "musicVideo", album: "A", track: 3, releaseDate: day }),
      item({ id: 3, kind: "musicVideo", album: "M", track: 1, releaseDate: day }),
    ];
    expect(chrono(videos)).toEqual([3, 1, 2]);
    const films = [item({ id: 9, track: 1, releaseDate: day }), item({ id: 8, track: 2, releaseDate: day })];
    expect(chrono(films)).toEqual([8, 9]);
  });

  it("exposes item comparators", () => {
    expect(compareChronological(alpha[3]!, alpha[2]!)).toBeLessThan(0); // S2E1 aired before S1E3
    expect(compareSeasonEpisode(alpha[3]!, alpha[2]!)).toBeGreaterThan(0);
    expect(compareSeasonEpisode(alpha[0]!, alpha[0]!)).toBe(0);
  });
});

describe("season-episode comparison", () => {
  it("ignores dates; non-episodes come after episodes by id", () => {
    const items = [item({ id: 3, releaseDate: "1900-01-01" }), ...alpha, item({ id: 1 })];
    expect(ids(sortItems(items, "seasonEpisode").items)).toEqual([10, 11, 12, 13, 21, 22, 1, 3]);
  });

  it("sorts episodes without numbers after numbered ones", () => {
    const items = [
      item({ id: 1, kind: "episode", seasonNumber: 1 }),
      episode(2, 1, 1, 5),
      item({ id: 3, kind: "episode" }),
    ];
    expect(ids(sortItems(items, "seasonEpisode").items)).toEqual([2, 1, 3]);
  });
});
