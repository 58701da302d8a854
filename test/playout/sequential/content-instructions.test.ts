import { describe, expect, it } from "vitest";
import { createEnumerator } from "../../../server/playout/content";
import { contentSeed } from "../../../server/playout/random";
import { brief, build, contiguous, episode, items, movie, T0, SEED, DAY } from "./helpers";

const MOVIES = `content:
  - collection: Movies
    key: movies
    order: chronological
  - collection: Filler
    key: filler
    order: chronological
`;
const doc = (playout: string) => `${MOVIES}playout:\n${playout}`;
const library = (...list: ReturnType<typeof movie>[]) => ({ movies: items(...list), filler: items(movie(9, 7)) });

describe("all", () => {
  it("plays one pass from the current position, then stops at the end of the playout", () => {
    const result = build(doc(`  - count: 1\n    content: movies\n  - all:\n    content: movies\n`), library(movie(1, 30), movie(2, 20), movie(3, 10)));
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2", "00:50Z-01:00Z 3", "01:00Z-01:30Z 1"]);
    expect(result.items.map((item) => item.inPointMs)).toEqual([0, 0, 0, 0]);
    expect(result.items[1].outPointMs).toBe(20 * 60_000);
    expect(result.state.cursor).toBe(T0 + 90 * 60_000);
    expect(result.state.instructionIndex).toBe(2);
    expect(result.warnings.map((w) => w.code)).toContain("end-of-playout");
  });
});

describe("count", () => {
  it("plays exactly n items back to back", () => {
    const result = build(doc(`  - count: 2\n    content: movies\n`), library(movie(1, 30), movie(2, 20), movie(3, 10)));
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2"]);
    expect(result.items.every((item) => item.contentKey === "movies" && item.fillerKind === "None")).toBe(true);
  });

  it("custom_title, disable_watermarks and filler_kind label the items", () => {
    const result = build(
      doc(`  - count: 1\n    content: movies\n    custom_title: Feature\n    disable_watermarks: true\n    filler_kind: postroll\n  - count: 1\n    content: movies\n`),
      library(movie(1, 30), movie(2, 20)),
    );
    expect(result.items[0]).toMatchObject({ customTitle: "Feature", disableWatermarks: true, fillerKind: "PostRoll" });
    expect(result.items[1].customTitle).toBeUndefined();
    expect(result.items[1]).toMatchObject({ disableWatermarks: false, fillerKind: "None" });
  });

  it("empty content schedules nothing and warns", () => {
    const result = build(doc(`  - count: 3\n    content: movies\n  - count: 1\n    content: filler\n`), { movies: items(), filler: items(movie(9, 7)) });
    expect(brief(result.items)).toEqual(["00:00Z-00:07Z 9"]);
    expect(result.warnings.map((w) => w.code)).toContain("empty-content");
  });
});

describe("duration", () => {
  const lib = library(movie(1, 30), movie(2, 20), movie(3, 25), movie(4, 5));
  const after = `  - count: 1\n    content: movies\n`;

  it("stops before the item that does not fit; the next instruction follows at once", () => {
    const result = build(doc(`  - duration: 1 hour\n    content: movies\n${after}`), lib);
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2", "00:50Z-01:15Z 3"]);
  });

  it("offline_tail leaves the rest offline and ends exactly at the target", () => {
    const result = build(doc(`  - duration: 1 hour\n    content: movies\n    offline_tail: true\n${after}`), lib);
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2", "00:50Z-01:00Z off", "01:00Z-01:25Z 3"]);
    expect(result.items[2]).toMatchObject({ mediaItemId: null, contentKey: null, guideGroup: 0 });
    expect(contiguous(result.items)).toBe(true);
  });

  it("trim cuts the last item at the target", () => {
    const result = build(doc(`  - duration: 1 hour\n    content: movies\n    trim: true\n${after}`), lib);
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2", "00:50Z-01:00Z 3", "01:00Z-01:05Z 4"]);
    expect(result.items[2]).toMatchObject({ inPointMs: 0, outPointMs: 10 * 60_000 });
  });

  it("discard_attempts skips items that do not fit before giving up", () => {
    const result = build(doc(`  - duration: 1 hour\n    content: movies\n    discard_attempts: 1\n${after}`), lib);
    // 3 (25 min) is discarded, 4 (5 min) fits, 1 (30 min) does not and no attempts are left.
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2", "00:50Z-00:55Z 4", "00:55Z-01:25Z 1"]);
  });

  it("fallback fills the rest with the fallback's current item", () => {
    const result = build(doc(`  - duration: 1 hour\n    content: movies\n    fallback: filler\n${after}`), lib);
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2", "00:50Z-01:00Z 9 Fallback", "01:00Z-01:25Z 3"]);
    expect(result.items[2]).toMatchObject({ contentKey: "filler", inPointMs: 0, outPointMs: 10 * 60_000, guideGroup: 3 });
  });

  it("stop_before_end: false lets the last item run past the target", () => {
    const result = build(doc(`  - duration: 1 hour\n    content: movies\n    stop_before_end: false\n${after}`), lib);
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2", "00:50Z-01:15Z 3", "01:15Z-01:20Z 4"]);
  });
});

describe("pad_to_next", () => {
  it("a cursor on a boundary pads a full interval; the rest is offline", () => {
    const result = build(doc(`  - pad_to_next: 30\n    content: movies\n  - count: 1\n    content: movies\n`), library(movie(1, 20), movie(2, 20)));
    expect(brief(result.items)).toEqual(["00:00Z-00:20Z 1", "00:20Z-00:30Z off", "00:30Z-00:50Z 2"]);
  });

  it("boundaries count from the top of the local hour (45 → :45)", () => {
    const result = build(
      doc(`  - count: 1\n    content: movies\n  - pad_to_next: 45\n    content: movies\n  - count: 1\n    content: filler\n`),
      library(movie(1, 20), movie(2, 20), movie(3, 5)),
    );
    expect(brief(result.items)).toEqual(["00:00Z-00:20Z 1", "00:20Z-00:40Z 2", "00:40Z-00:45Z 3", "00:45Z-00:52Z 9"]);
  });
});

describe("pad_until", () => {
  it("fills until the local time; without offline_tail the next instruction follows the last item", () => {
    const result = build(doc(`  - pad_until: "02:00"\n    content: movies\n  - count: 1\n    content: filler\n`), library(movie(1, 50), movie(2, 50)));
    expect(brief(result.items)).toEqual(["00:00Z-00:50Z 1", "00:50Z-01:40Z 2", "01:40Z-01:47Z 9"]);
  });

  it("offline_tail ends exactly at the time", () => {
    const result = build(
      doc(`  - pad_until: "02:00"\n    content: movies\n    offline_tail: true\n  - count: 1\n    content: filler\n`),
      library(movie(1, 50), movie(2, 50)),
    );
    expect(brief(result.items)).toEqual(["00:00Z-00:50Z 1", "00:50Z-01:40Z 2", "01:40Z-02:00Z off", "02:00Z-02:07Z 9"]);
  });

  it("tomorrow: an expression of `now` decides whether a passed time means tomorrow", () => {
    const yes = build(
      doc(`  - wait_until: "23:00"\n  - pad_until: "01:00"\n    content: movies\n    tomorrow: "now > 22"\n  - count: 1\n    content: filler\n`),
      library(movie(1, 60)),
      { horizonMs: 2 * DAY },
    );
    expect(brief(yes.items)).toEqual(["00:00Z-23:00Z off", "23:00Z-00:00Z 1", "00:00Z-01:00Z 1", "01:00Z-01:07Z 9"]);
    const no = build(
      doc(`  - wait_until: "23:00"\n  - pad_until: "01:00"\n    content: movies\n    tomorrow: "now < 22"\n  - count: 1\n    content: filler\n`),
      library(movie(1, 60)),
    );
    expect(brief(no.items)).toEqual(["00:00Z-23:00Z off", "23:00Z-23:07Z 9"]);
  });

  it("tomorrow omitted: a passed time schedules nothing (upstream crashed)", () => {
    const result = build(doc(`  - count: 1\n    content: movies\n  - pad_until: "01:00"\n    content: filler\n  - count: 1\n    content: movies\n`), library(movie(1, 90), movie(2, 10)));
    expect(brief(result.items)).toEqual(["00:00Z-01:30Z 1", "01:30Z-01:40Z 2"]);
  });
});

describe("content orders", () => {
  it("chronological follows release date, then season and episode, and wraps", () => {
    const show = { movies: items(episode(3, 2, 1, 30), episode(1, 1, 1, 30), episode(2, 1, 2, 30)), filler: items() };
    const result = build(doc(`  - count: 4\n    content: movies\n`), show);
    expect(result.items.map((item) => item.mediaItemId)).toEqual([1, 2, 3, 1]);
  });

  it("shuffle is the content module's seeded shuffle (contentSeed(playout seed, key)), one permutation per pass", () => {
    const list = [1, 2, 3, 4, 5].map((id) => movie(id, 10));
    const text = `content:\n  - collection: Movies\n    key: movies\n    order: shuffle\nplayout:\n  - count: 15\n    content: movies\n`;
    const result = build(text, { movies: items(...list) });
    const expected = createEnumerator({ order: "shuffle", items: list }, { seed: contentSeed(SEED, "movies") });
    const ids: number[] = [];
    for (let i = 0; i < 15; i++) {
      ids.push(expected.current()!.id);
      expected.moveNext();
    }
    expect(result.items.map((item) => item.mediaItemId)).toEqual(ids);
    for (let pass = 0; pass < 3; pass++) expect([...ids.slice(pass * 5, pass * 5 + 5)].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(build(text, { movies: items(...list) }).items).toEqual(result.items);
  });
});

describe("marathon", () => {
  const text = (options: string) =>
    `content:\n  - marathon:\n    key: m\n    guids:\n      - source: tvdb\n        value: 1\n    group_by: show\n    item_order: chronological\n${options}playout:\n  - count: 4\n    content: m\n  - all:\n    content: m\n`;
  const shows = {
    m: items(episode(1, 1, 1, 30, { showId: 1 }), episode(2, 1, 2, 30, { showId: 1 }), episode(3, 1, 1, 30, { showId: 2 }), episode(4, 1, 2, 30, { showId: 2 })),
  };

  it("round-robin by default: one item per group; `all` plays one item per group", () => {
    const result = build(text(""), shows);
    expect(result.items.map((item) => item.mediaItemId)).toEqual([1, 3, 2, 4, 1, 3]);
  });

  it("play_all_items plays a whole group before moving on", () => {
    const result = build(text("    play_all_items: true\n"), shows);
    expect(result.items.map((item) => item.mediaItemId)).toEqual([1, 2, 3, 4, 1, 2, 3, 4]);
  });
});
