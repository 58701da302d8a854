import { describe, expect, test } from "vitest";
import { ADS, MOVIES, pathsAndMessages, validate, yamlOf } from "./helpers";

const PLAY_MOVIES = { all: null, content: "movies" };

function errorsFor(document: Record<string, unknown>) {
  return pathsAndMessages(validate(yamlOf(document)));
}

function playing(...instructions: unknown[]) {
  return { content: [MOVIES], sequence: [ADS], playout: instructions };
}

describe("references", () => {
  test.each([
    [{ all: null, content: "film" }, "playout[0].content", 'unknown content key "film"; defined keys: movies'],
    [{ all: null, content: "Movies" }, "playout[0].content", 'unknown content key "Movies"; did you mean "movies"? (keys are case-sensitive)'],
    [{ all: null, content: "movie" }, "playout[0].content", 'unknown content key "movie"; did you mean "movies"?'],
    [
      { duration: "1h", content: "movies", fallback: "filler" },
      "playout[0].fallback",
      'unknown content key "filler"; defined keys: movies',
    ],
    [{ skip_items: 1, content: "x" }, "playout[0].content", 'unknown content key "x"; defined keys: movies'],
    [{ sequence: "add" }, "playout[0].sequence", 'unknown sequence key "add"; did you mean "ads"?'],
    [{ pre_roll: true, sequence: "bumpers" }, "playout[0].sequence", 'unknown sequence key "bumpers"; defined keys: ads'],
    [{ post_roll: false, sequence: "bumpers" }, "playout[0].sequence", 'unknown sequence key "bumpers"; defined keys: ads'],
    [{ mid_roll: true, sequence: "bumpers" }, "playout[0].sequence", 'unknown sequence key "bumpers"; defined keys: ads'],
    [{ shuffle_sequence: "bumpers" }, "playout[0].shuffle_sequence", 'unknown sequence key "bumpers"; defined keys: ads'],
  ])("%j is rejected", (instruction, path, message) => {
    expect(errorsFor(playing(instruction))).toEqual([{ path, message }]);
  });

  test("references inside sequences and reset are checked too", () => {
    expect(
      errorsFor({
        content: [MOVIES],
        sequence: [{ key: "s", items: [{ count: 1, content: "nope" }] }],
        reset: [{ skip_to_item: null, content: "gone", season: 1, episode: 1 }],
        playout: [{ sequence: "s" }],
      }),
    ).toEqual([
      { path: "sequence[0].items[0].content", message: 'unknown content key "nope"; defined keys: movies' },
      { path: "reset[0].content", message: 'unknown content key "gone"; defined keys: movies' },
    ]);
  });

  test("a reference is not judged while some content keys are unreadable", () => {
    expect(errorsFor({ content: [{ collection: "A", key: 5, order: "shuffle" }], playout: [{ all: null, content: "a" }] })).toEqual([
      { path: "content[0].key", message: "expected a string, got an integer (5); put the value in quotes to make it a string" },
    ]);
  });
});

describe("duplicate keys", () => {
  test("two content entries with the same key", () => {
    expect(errorsFor({ content: [MOVIES, { ...MOVIES, collection: "Other" }], playout: [PLAY_MOVIES] })).toEqual([
      { path: "content[1].key", message: 'duplicate content key "movies"; it is already defined at main.yaml:3:10' },
    ]);
  });

  test("two sequences whose keys differ only by case", () => {
    expect(errorsFor({ content: [MOVIES], sequence: [ADS, { ...ADS, key: "ADS" }], playout: [PLAY_MOVIES] })).toEqual([
      {
        path: "sequence[1].key",
        message: 'duplicate sequence key "ADS": "ads" is already defined at main.yaml:6:10 (keys must differ by more than case)',
      },
    ]);
  });

  test("an empty key is rejected", () => {
    expect(errorsFor({ content: [{ ...MOVIES, key: " " }], playout: [{ repeat: true }] })).toEqual([
      { path: "content[0].key", message: "key must not be empty" },
    ]);
  });
});

describe("sequence cycles", () => {
  const count = { count: 1, content: "movies" };

  test("a sequence that includes itself", () => {
    expect(errorsFor({ content: [MOVIES], sequence: [{ key: "a", items: [count, { sequence: "a" }] }], playout: [{ sequence: "a" }] })).toEqual([
      { path: "sequence[0].items[1].sequence", message: "sequence cycle: a → a" },
    ]);
  });

  test("a cycle through three sequences is reported once", () => {
    const sequence = [
      { key: "a", items: [{ sequence: "b" }] },
      { key: "b", items: [{ sequence: "c" }] },
      { key: "c", items: [{ sequence: "a", repeat: 2 }] },
    ];
    expect(errorsFor({ content: [MOVIES], sequence, playout: [{ sequence: "a" }] })).toEqual([
      { path: "sequence[2].items[0].sequence", message: "sequence cycle: a → b → c → a" },
    ]);
  });

  test("two sequences sharing a third is not a cycle", () => {
    const sequence = [
      { key: "top", items: [{ sequence: "left" }, { sequence: "right" }] },
      { key: "left", items: [{ sequence: "leaf" }] },
      { key: "right", items: [{ sequence: "leaf" }] },
      { key: "leaf", items: [count] },
    ];
    expect(errorsFor({ content: [MOVIES], sequence, playout: [{ sequence: "top" }] })).toEqual([]);
  });

  test("inlining that multiplies past the limit is rejected", () => {
    const sequence = [
      { key: "leaf", items: [count] },
      { key: "mid", items: [{ sequence: "leaf", repeat: 1000 }] },
    ];
    expect(errorsFor({ content: [MOVIES], sequence, playout: [{ sequence: "mid", repeat: 101 }] })).toEqual([
      {
        path: "playout",
        message: "the playout has more than 100000 instructions once sequences are inserted; reduce repeat counts or nesting",
      },
    ]);
    expect(errorsFor({ content: [MOVIES], sequence, playout: [{ sequence: "mid", repeat: 100 }] })).toEqual([]);
  });
});

describe("roll sequences", () => {
  test("a sequence played as a roll may only hold content, epg_group and watermark instructions", () => {
    const sequence = [{ key: "ads", items: [{ count: 1, content: "movies" }, { repeat: true }, { watermark: false }] }];
    expect(errorsFor({ content: [MOVIES], sequence, playout: [{ post_roll: true, sequence: "ads" }, PLAY_MOVIES] })).toEqual([
      {
        path: "sequence[0].items[1].repeat",
        message:
          '"repeat" cannot be used in sequence "ads", which is played as a post_roll (main.yaml:14:15); ' +
          "a roll sequence may only contain all, count, duration, pad_to_next, pad_until, epg_group, watermark",
      },
    ]);
  });

  test("the same sequence is fine when it is only inlined", () => {
    const sequence = [{ key: "ads", items: [{ count: 1, content: "movies" }, { repeat: true }] }];
    expect(errorsFor({ content: [MOVIES], sequence, playout: [{ sequence: "ads" }] })).toEqual([]);
  });

  test("turning a roll off does not restrict the sequence", () => {
    const sequence = [{ key: "ads", items: [{ repeat: true }] }];
    expect(errorsFor({ content: [MOVIES], sequence, playout: [{ pre_roll: false, sequence: "ads" }, PLAY_MOVIES] })).toEqual([]);
  });
});

describe("values that parse but make no sense", () => {
  test.each([
    [{ pad_to_next: 0, content: "movies" }, "playout[0].pad_to_next", "pad_to_next must be between 1 and 1440 minutes"],
    [{ pad_to_next: 1441, content: "movies" }, "playout[0].pad_to_next", "pad_to_next must be between 1 and 1440 minutes"],
    [{ duration: "0 minutes", content: "movies" }, "playout[0].duration", "duration must be longer than zero"],
    [{ duration: "-5 min", content: "movies" }, "playout[0].duration", "duration must be longer than zero"],
    [
      { duration: "30", content: "movies" },
      "playout[0].duration",
      'invalid duration "30": "30" has no unit; write e.g. "30 minutes", "1h30m" or "0:30"',
    ],
    [
      { duration: "1h", content: "movies", offline_tail: true, stop_before_end: false },
      "playout[0].offline_tail",
      "offline_tail: true cannot be combined with stop_before_end: false (items may run past the target)",
    ],
    [
      { pad_until: "18:00", content: "movies", offline_tail: true, stop_before_end: false },
      "playout[0].offline_tail",
      "offline_tail: true cannot be combined with stop_before_end: false (items may run past the target)",
    ],
    [
      { pad_until: "25:00", content: "movies" },
      "playout[0].pad_until",
      'invalid time of day "25:00": hour must be 0-23 (use 00:00 for midnight)',
    ],
    [
      { pad_until: "18:00", content: "movies", tomorrow: "now" },
      "playout[0].tomorrow",
      "invalid tomorrow expression: expression must produce a boolean, but produces a number",
    ],
    [{ count: -1, content: "movies" }, "playout[0].count", "count must not be negative"],
    [{ count: 1e20, content: "movies" }, "playout[0].count", "number is too large"],
    [{ skip_items: -1, content: "movies" }, "playout[0].skip_items", "skip_items must not be negative"],
    [
      { skip_items: "count >", content: "movies" },
      "playout[0].skip_items",
      "invalid skip_items expression: unexpected end of expression",
    ],
    [{ duration: "1h", content: "movies", discard_attempts: -1 }, "playout[0].discard_attempts", "discard_attempts must not be negative"],
    [{ skip_to_item: null, content: "movies", season: -1, episode: 1 }, "playout[0].season", "season must be 0 or more"],
    [{ skip_to_item: null, content: "movies", season: 1, episode: 0 }, "playout[0].episode", "episode must be 1 or more"],
    [
      { sequence: "ads", repeat: 0 },
      "playout[0].repeat",
      "repeat must be at least 1 (it is the number of times the sequence is inserted)",
    ],
    [
      { pre_roll: true },
      "playout[0].pre_roll",
      'pre_roll: true needs a "sequence" to play; write pre_roll: false to turn it off',
    ],
    [
      { mid_roll: true, expression: "true" },
      "playout[0].mid_roll",
      'mid_roll: true needs a "sequence" to play; write mid_roll: false to turn it off',
    ],
    [
      { mid_roll: true, sequence: "ads", expression: "chapter > 2" },
      "playout[0].expression",
      'invalid mid-roll expression: unknown variable "chapter"; available: point, num, title, total_points, total_duration, total_progress, remaining_duration, matched_points, last_mid_filler',
    ],
    [
      { watermark: true },
      "playout[0].watermark",
      'watermark: true needs a "name"; write watermark: false to remove all watermarks',
    ],
    [
      { wait_until: "8:00", rewind_on_reset: true },
      "playout[0].rewind_on_reset",
      "rewind_on_reset only works in the reset list; remove it here or move this wait_until to reset",
    ],
    [{ wait_until: "8 o'clock" }, "playout[0].wait_until", `invalid time of day "8 o'clock": write e.g. "18:30", "08:00:00" or "9:00 PM"`],
  ])("%j is rejected", (instruction, path, message) => {
    expect(errorsFor(playing(instruction))).toEqual([{ path, message }]);
  });

  test("rewind_on_reset is rejected inside sequence items too", () => {
    const sequence = [{ key: "s", items: [{ wait_until: "8:00", rewind_on_reset: true }] }];
    expect(errorsFor({ content: [MOVIES], sequence, playout: [PLAY_MOVIES] })).toEqual([
      {
        path: "sequence[0].items[0].rewind_on_reset",
        message: "rewind_on_reset only works in the reset list; remove it here or move this wait_until to reset",
      },
    ]);
  });

  test.each([
    [{ rewind: "-00:05:00" }, "reset[0].rewind", "rewind must not be negative; use wait_until to move forward"],
    [
      { rewind: "5 minutes" },
      "reset[0].rewind",
      'invalid rewind "5 minutes": write hours:minutes[:seconds], e.g. "00:05:30", or a whole number of days',
    ],
  ])("reset %j is rejected", (instruction, path, message) => {
    expect(errorsFor({ content: [MOVIES], reset: [instruction], playout: [PLAY_MOVIES] })).toEqual([{ path, message }]);
  });

  test.each([
    ["playout instruction in reset", { all: null, content: "movies" }, "reset[0].all", '"all" cannot be used in reset; reset accepts rewind, skip_items, skip_to_item, wait_until'],
    ["unknown reset form", { rewnd: "1" }, "reset[0].rewnd", 'unknown property "rewnd"; did you mean "rewind"?'],
  ])("%s is rejected", (_name, instruction, path, message) => {
    expect(errorsFor({ content: [MOVIES], reset: [instruction], playout: [PLAY_MOVIES] })).toEqual([{ path, message }]);
  });

  test("boundaries that are allowed", () => {
    expect(
      errorsFor(
        playing(
          { pad_to_next: 1, content: "movies" },
          { pad_to_next: 1440, content: "movies" },
          { count: 0, content: "movies" },
          { skip_to_item: null, content: "movies", season: 0, episode: 1 },
          { pre_roll: false },
          { watermark: false },
          { wait_until: "8:00", rewind_on_reset: false },
          { duration: "1h", content: "movies", offline_tail: false, stop_before_end: false },
        ),
      ),
    ).toEqual([]);
  });
});

describe("list elements that are not mappings", () => {
  test("a bare form key in playout gets a hint", () => {
    expect(errorsFor({ content: [MOVIES], playout: ["repeat"] })).toEqual([
      {
        path: "playout[0]",
        message:
          'expected an instruction (a mapping with one of all, count, duration, pad_to_next, pad_until, sequence, epg_group, pre_roll, post_roll, mid_roll, repeat, shuffle_sequence, skip_items, skip_to_item, wait_until, watermark), got a string ("repeat"); did you mean "repeat:"?',
      },
    ]);
  });

  test("a list in content is rejected", () => {
    expect(errorsFor({ content: [MOVIES, ["x"]], playout: [PLAY_MOVIES] })).toEqual([
      {
        path: "content[1]",
        message:
          "expected a content definition (a mapping with one of show, search, collection, multi_collection, smart_collection, playlist, marathon), got a list",
      },
    ]);
  });
});

describe("marathons", () => {
  test("a marathon needs group_by and some guids or searches", () => {
    expect(errorsFor({ content: [MOVIES, { marathon: null, key: "m" }], playout: [PLAY_MOVIES] })).toEqual([
      { path: "content[1].marathon", message: 'a marathon needs "group_by" (one of show, season, artist, album); without it it has no items' },
      { path: "content[1].marathon", message: 'a marathon needs "guids" or "searches"; without them it has no items' },
    ]);
  });

  test("searches alone are enough", () => {
    expect(
      errorsFor({ content: [MOVIES, { marathon: null, key: "m", searches: ["genre:comedy"], group_by: "show" }], playout: [PLAY_MOVIES] }),
    ).toEqual([]);
  });
});
