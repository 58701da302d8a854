import { describe, expect, it } from "vitest";
import { brief, build, episode, items, movie, HOUR, DAY, SEED } from "./helpers";

const HEAD = `content:
  - collection: Movies
    key: movies
    order: chronological
  - collection: Ads
    key: ads
    order: chronological
sequence:
  - key: ad
    items:
      - count: 1
        content: ads
  - key: block
    items:
      - count: 1
        content: movies
      - count: 1
        content: ads
`;
const doc = (playout: string) => `${HEAD}playout:\n${playout}`;
const lib = (...list: ReturnType<typeof movie>[]) => ({ movies: items(...list), ads: items(movie(9, 1)) });
const three = lib(movie(1, 30), movie(2, 20), movie(3, 10));

describe("sequence", () => {
  it("inlines the sequence `repeat` times", () => {
    const result = build(doc(`  - sequence: block\n    repeat: 2\n`), three);
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:31Z 9", "00:31Z-00:51Z 2", "00:51Z-00:52Z 9"]);
    expect(result.state.instructionIndex).toBe(4);
  });
});

describe("epg_group", () => {
  it("locks following items into one guide group; false unlocks", () => {
    const result = build(
      doc(`  - count: 1\n    content: movies\n  - epg_group: true\n  - count: 2\n    content: ads\n  - epg_group: false\n  - count: 1\n    content: movies\n`),
      three,
    );
    expect(result.items.map((item) => item.guideGroup)).toEqual([1, 2, 2, 3]);
    expect(result.state).toMatchObject({ guideGroup: 3, guideGroupLocked: false });
  });

  it("advance: false joins the previous item's group", () => {
    const result = build(
      doc(`  - count: 1\n    content: movies\n  - epg_group: true\n    advance: false\n  - count: 1\n    content: ads\n  - epg_group: false\n  - count: 1\n    content: movies\n`),
      three,
    );
    expect(result.items.map((item) => item.guideGroup)).toEqual([1, 1, 2]);
  });
});

describe("pre_roll", () => {
  it("plays the sequence before every item of count; false clears it", () => {
    const result = build(doc(`  - pre_roll: true\n    sequence: ad\n  - count: 2\n    content: movies\n  - pre_roll: false\n  - count: 1\n    content: movies\n`), three);
    expect(brief(result.items)).toEqual([
      "00:00Z-00:01Z 9 PreRoll",
      "00:01Z-00:31Z 1",
      "00:31Z-00:32Z 9 PreRoll",
      "00:32Z-00:52Z 2",
      "00:52Z-01:02Z 3",
    ]);
    expect(result.state.rolls.preRoll).toBeNull();
  });
});

describe("post_roll", () => {
  it("plays after every whole item of count and of the fill loop, and is saved in the state", () => {
    const result = build(doc(`  - post_roll: true\n    sequence: ad\n  - count: 1\n    content: movies\n  - duration: 1 hour\n    content: movies\n    trim: true\n`), three);
    expect(brief(result.items)).toEqual([
      "00:00Z-00:30Z 1",
      "00:30Z-00:31Z 9 PostRoll",
      "00:31Z-00:51Z 2",
      "00:51Z-00:52Z 9 PostRoll",
      "00:52Z-01:02Z 3",
      "01:02Z-01:03Z 9 PostRoll",
      "01:03Z-01:31Z 1",
    ]);
    expect(result.items[6].outPointMs).toBe(28 * 60_000);
    expect(result.state.rolls.postRoll).toBe("ad");
  });
});

describe("mid_roll", () => {
  const chaptered = movie(1, 30, {
    chapters: [
      { startMs: 0, endMs: 10 * 60_000, title: "One" },
      { startMs: 10 * 60_000, endMs: 20 * 60_000, title: "Two" },
      { startMs: 20 * 60_000, endMs: 30 * 60_000, title: "Three" },
    ],
  });

  it("splits count/all items at every chapter end by default, with the sequence between segments", () => {
    const result = build(doc(`  - mid_roll: true\n    sequence: ad\n  - count: 1\n    content: movies\n`), lib(chaptered));
    expect(brief(result.items)).toEqual([
      "00:00Z-00:10Z 1",
      "00:10Z-00:11Z 9 MidRoll",
      "00:11Z-00:21Z 1",
      "00:21Z-00:22Z 9 MidRoll",
      "00:22Z-00:32Z 1",
    ]);
    expect(result.items.filter((item) => item.mediaItemId === 1).map((item) => [item.inPointMs / 60_000, item.outPointMs / 60_000, item.chapterTitle])).toEqual([
      [0, 10, "One"],
      [10, 20, "Two"],
      [20, 30, undefined],
    ]);
    expect(result.items.map((item) => item.guideGroup)).toEqual([1, 2, 1, 3, 1]);
  });

  it("the expression chooses the points", () => {
    const result = build(doc(`  - mid_roll: true\n    sequence: ad\n    expression: "num = 2"\n  - count: 1\n    content: movies\n`), lib(chaptered));
    expect(brief(result.items)).toEqual(["00:00Z-00:20Z 1", "00:20Z-00:21Z 9 MidRoll", "00:21Z-00:31Z 1"]);
  });

  it("does not split items of the fill loop", () => {
    const result = build(doc(`  - mid_roll: true\n    sequence: ad\n  - duration: 30 minutes\n    content: movies\n`), lib(chaptered));
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1"]);
  });
});

describe("repeat", () => {
  it("jumps back to the first instruction until the horizon", () => {
    const result = build(doc(`  - count: 1\n    content: movies\n  - repeat: true\n`), three, { horizonMs: HOUR });
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2", "00:50Z-01:00Z 3"]);
    expect(result.state).toMatchObject({ instructionIndex: 1, repeats: 2 });
  });

  it("repeat: false is a no-op", () => {
    const result = build(doc(`  - count: 1\n    content: movies\n  - repeat: false\n`), three, { horizonMs: HOUR });
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1"]);
    expect(result.warnings.map((w) => w.code)).toContain("end-of-playout");
  });
});

describe("shuffle_sequence", () => {
  const text = `content:
${[1, 2, 3, 4].map((n) => `  - collection: C${n}\n    key: c${n}\n    order: chronological\n`).join("")}sequence:
  - key: four
    items:
${[1, 2, 3, 4].map((n) => `      - count: 1\n        content: c${n}\n`).join("")}playout:
  - shuffle_sequence: four
  - sequence: four
  - repeat: true
`;
  const content = { c1: items(movie(1, 15)), c2: items(movie(2, 15)), c3: items(movie(3, 15)), c4: items(movie(4, 15)) };

  it("is seeded: same seed, same order; every pass is a permutation not starting with the previous last", () => {
    const first = build(text, content);
    const again = build(text, content);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    const ids = first.items.map((item) => item.mediaItemId);
    expect(ids).toHaveLength(96);
    for (let pass = 0; pass < 24; pass++) {
      expect([...ids.slice(pass * 4, pass * 4 + 4)].sort()).toEqual([1, 2, 3, 4]);
      if (pass > 0) expect(ids[pass * 4]).not.toBe(ids[pass * 4 - 1]);
    }
    expect(new Set(Array.from({ length: 24 }, (_, pass) => ids.slice(pass * 4, pass * 4 + 4).join())).size).toBeGreaterThan(3);
    expect(first.state.shuffles).toBe(24);
    expect(first.state.order).not.toBeNull();
  });

  it("another seed gives another order", () => {
    const a = build(text, content).items.map((item) => item.mediaItemId).join();
    const b = build(text, content, { seed: SEED + 1 }).items.map((item) => item.mediaItemId).join();
    expect(a).not.toBe(b);
  });
});

describe("skip_items", () => {
  it("advances the content without scheduling", () => {
    const result = build(doc(`  - skip_items: 2\n    content: movies\n  - count: 1\n    content: movies\n`), three);
    expect(brief(result.items)).toEqual(["00:00Z-00:10Z 3"]);
  });

  it("expressions see count (n mod count is skipped)", () => {
    const result = build(doc(`  - skip_items: "count + 1"\n    content: movies\n  - count: 1\n    content: movies\n`), three);
    expect(result.items.map((item) => item.mediaItemId)).toEqual([2]);
  });

  it("random is reproducible", () => {
    const text = doc(`  - skip_items: random\n    content: movies\n  - count: 1\n    content: movies\n`);
    const runs = [SEED, SEED, SEED + 7].map((seed) => build(text, three, { seed }).items[0].mediaItemId);
    expect(runs[0]).toBe(runs[1]);
    expect([1, 2, 3]).toContain(runs[2]);
  });
});

describe("skip_to_item", () => {
  const show = { movies: items(episode(1, 1, 1, 30), episode(2, 1, 2, 30), episode(3, 2, 1, 30)), ads: items() };

  it("makes the matching episode current", () => {
    const result = build(doc(`  - skip_to_item:\n    content: movies\n    season: 2\n    episode: 1\n  - count: 2\n    content: movies\n`), show);
    expect(result.items.map((item) => item.mediaItemId)).toEqual([3, 1]);
  });

  it("leaves the position unchanged and warns when there is no such episode", () => {
    const result = build(doc(`  - count: 1\n    content: movies\n  - skip_to_item:\n    content: movies\n    season: 5\n    episode: 1\n  - count: 1\n    content: movies\n`), show);
    expect(result.items.map((item) => item.mediaItemId)).toEqual([1, 2]);
    expect(result.warnings.map((w) => w.code)).toContain("skip-to-item-not-found");
  });
});

describe("wait_until", () => {
  it("moves to the local time today; the skipped time is an offline gap", () => {
    const result = build(doc(`  - count: 1\n    content: movies\n  - wait_until: "06:00"\n  - count: 1\n    content: movies\n`), three);
    expect(brief(result.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-06:00Z off", "06:00Z-06:20Z 2"]);
  });

  it("a passed time: no change, or tomorrow with `tomorrow: true`", () => {
    const past = build(doc(`  - count: 1\n    content: movies\n  - wait_until: "00:10"\n  - count: 1\n    content: movies\n`), three);
    expect(brief(past.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-00:50Z 2"]);
    const tomorrow = build(doc(`  - count: 1\n    content: movies\n  - wait_until: "00:10"\n    tomorrow: true\n  - count: 1\n    content: movies\n`), three, {
      horizonMs: 2 * DAY,
    });
    expect(tomorrow.items.map((item) => new Date(item.start).toISOString())).toEqual([
      "2026-01-05T00:00:00.000Z",
      "2026-01-05T00:30:00.000Z",
      "2026-01-06T00:10:00.000Z",
    ]);
  });
});

describe("watermark", () => {
  it("adds and removes named watermarks on the items that follow", () => {
    const result = build(
      doc(
        `  - watermark: true\n    name: A\n  - count: 1\n    content: movies\n  - watermark: true\n    name: B\n  - count: 1\n    content: movies\n` +
          `  - watermark: false\n    name: A\n  - count: 1\n    content: movies\n  - watermark: false\n  - count: 1\n    content: movies\n`,
      ),
      three,
    );
    expect(result.items.map((item) => item.watermarkNames)).toEqual([["A"], ["A", "B"], ["B"], undefined]);
  });

  it("the active set is saved in the state", () => {
    const result = build(doc(`  - watermark: true\n    name: Logo\n  - count: 1\n    content: movies\n`), three);
    expect(result.state.watermarks).toEqual(["Logo"]);
  });
});
