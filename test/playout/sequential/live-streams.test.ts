import { describe, expect, it } from "vitest";
import type { MediaItem } from "../../../server/playout/content";
import { BuildError } from "../../../server/playout/core";
import { brief, build, items, movie, MIN } from "./helpers";

const DOC = `content:
  - collection: Movies
    key: movies
    order: chronological
  - collection: Live
    key: live
    order: chronological
playout:
`;
const live = (id: number, minutes = 0): MediaItem => ({ id, kind: "remoteStream", title: `Live ${id}`, durationMs: minutes * MIN, live: true });

describe("live remote streams in YAML playouts", () => {
  it("duration plays a live stream for the whole span, then the next item starts on time", () => {
    const result = build(`${DOC}  - count: 1\n    content: movies\n  - duration: 45 minutes\n    content: live\n  - count: 1\n    content: movies\n`, { movies: items(movie(1, 30), movie(2, 20)), live: items(live(7)) }, { horizonMs: 95 * MIN });
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-01:15Z 7", "01:15Z-01:35Z 2"]);
    expect(result.items[1]).toMatchObject({ inPointMs: 0, outPointMs: 45 * MIN });
  });

  it("pad_until plays it up to the given time", () => {
    const result = build(`${DOC}  - count: 1\n    content: movies\n  - pad_until: "02:00"\n    content: live\n  - count: 1\n    content: movies\n`, { movies: items(movie(1, 30), movie(2, 20)), live: items(live(7)) }, { horizonMs: 140 * MIN });
    expect(brief(result.items).slice(0, 3)).toEqual(["00:00Z-00:30Z 1", "00:30Z-02:00Z 7", "02:00Z-02:20Z 2"]);
  });

  it("count plays a live stream for its own duration, and refuses one without a duration by name", () => {
    const timed = build(`${DOC}  - count: 1\n    content: live\n  - count: 1\n    content: movies\n`, { movies: items(movie(1, 30)), live: items(live(7, 10)) }, { horizonMs: 40 * MIN });
    expect(brief(timed.items)).toEqual(["00:00Z-00:10Z 7", "00:10Z-00:40Z 1"]);
    let error: unknown;
    try {
      build(`${DOC}  - count: 1\n    content: live\n`, { movies: items(movie(1, 30)), live: items(live(8)) });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).code).toBe("live-without-duration");
    expect((error as BuildError).message).toMatch(/"Live 8" \(media item 8\) is a live stream without a duration/);
    expect((error as BuildError).message).toMatch(/test\.yaml:/);
  });
});
