import { describe, expect, test } from "vitest";
import type { Instruction, PlayoutDefinition } from "../../../server/playout/definition";
import { MAIN, validate } from "./helpers";

const TEXT = `
content:
  - show:
    key: simpsons
    guids:
      - source: tvdb
        value: 71663
      - source: imdb
        value: tt0096697
    order: chronological
  - search:
    key: cartoons
    query: "genre:animation"
    order: shuffle
  - collection: Christmas
    key: xmas
    order: shuffle
  - multi_collection: Sitcoms
    key: sitcoms
    order: chronological
  - smart_collection: Recent
    key: recent
    order: shuffle
  - playlist: Saturday
    playlist_group: Kids
    key: saturday
  - marathon:
    key: marathon
    searches: ["show_title:Frasier"]
    group_by: season
sequence:
  - key: ads
    items:
      - count: 1
        content: xmas
        filler_kind: preroll
  - key: block
    items:
      - all:
        content: simpsons
      - sequence: ads
reset:
  - rewind: "00:05:30"
  - skip_items: 2
    content: xmas
  - skip_to_item:
    content: simpsons
    season: 3
    episode: 4
  - wait_until: "8:00am"
    rewind_on_reset: true
playout:
  - all:
    content: simpsons
  - count: 2
    content: cartoons
    custom_title: "  "
    disable_watermarks: true
  - duration: "1h30m"
    content: xmas
    fallback: recent
    trim: true
    discard_attempts: 2
  - pad_to_next: 30
    content: sitcoms
  - pad_until: "9:00 PM"
    content: saturday
    tomorrow: "now > 22"
  - pad_until: "06:00"
    content: saturday
  - sequence: block
    repeat: 3
  - epg_group: true
  - pre_roll: true
    sequence: ads
  - post_roll: false
  - mid_roll: true
    sequence: ads
  - repeat: 2
    sequence: block
  - shuffle_sequence: block
  - skip_items: "random % 4 + 1"
    content: marathon
  - wait_until: "18:30:15"
    tomorrow: true
  - watermark: false
  - repeat: false
`;

function load(): PlayoutDefinition {
  const result = validate(TEXT);
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
  return result.definition!;
}

const at = (line: number, column: number) => ({ file: MAIN, line, column });

describe("content sources", () => {
  test("all seven forms are normalised with their fields, positions and defaults", () => {
    const { content } = load();
    expect(content).toEqual([
      {
        kind: "show",
        key: "simpsons",
        index: 0,
        location: at(3, 5),
        guids: [
          { source: "tvdb", value: "71663" },
          { source: "imdb", value: "tt0096697" },
        ],
        order: "chronological",
      },
      { kind: "search", key: "cartoons", index: 1, location: at(11, 5), query: "genre:animation", order: "shuffle" },
      { kind: "collection", key: "xmas", index: 2, location: at(15, 5), name: "Christmas", order: "shuffle" },
      { kind: "multiCollection", key: "sitcoms", index: 3, location: at(18, 5), name: "Sitcoms", order: "chronological" },
      { kind: "smartCollection", key: "recent", index: 4, location: at(21, 5), name: "Recent", order: "shuffle" },
      { kind: "playlist", key: "saturday", index: 5, location: at(24, 5), name: "Saturday", group: "Kids" },
      {
        kind: "marathon",
        key: "marathon",
        index: 6,
        location: at(27, 5),
        guids: [],
        searches: ["show_title:Frasier"],
        groupBy: "season",
        itemOrder: "shuffle",
        playAllItems: false,
        shuffleGroups: false,
      },
    ]);
  });

  test("contentByKey finds each source", () => {
    const definition = load();
    expect([...definition.contentByKey.keys()]).toEqual(definition.content.map((c) => c.key));
    expect(definition.contentByKey.get("xmas")).toBe(definition.content[2]);
  });
});

describe("instructions", () => {
  const kinds = (list: Instruction[]) => list.map((i) => i.kind);

  test("playout keeps every instruction in order, as a discriminated union", () => {
    expect(kinds(load().playout)).toEqual([
      "all",
      "count",
      "duration",
      "padToNext",
      "padUntil",
      "padUntil",
      "sequence",
      "epgGroup",
      "preRoll",
      "postRoll",
      "midRoll",
      "sequence",
      "shuffleSequence",
      "skipItems",
      "waitUntil",
      "watermark",
      "repeat",
    ]);
  });

  test("content instructions carry defaults and drop a blank custom title", () => {
    const [all, count] = load().playout;
    expect(all).toEqual({ kind: "all", location: at(53, 5), content: "simpsons", customTitle: undefined, fillerKind: undefined, disableWatermarks: false });
    expect(count).toEqual({
      kind: "count",
      location: at(55, 5),
      content: "cartoons",
      count: 2,
      customTitle: undefined,
      fillerKind: undefined,
      disableWatermarks: true,
    });
  });

  test("durations are milliseconds and fill defaults are applied", () => {
    const playout = load().playout;
    expect(playout[2]).toMatchObject({
      kind: "duration",
      durationMs: 90 * 60_000,
      content: "xmas",
      fallback: "recent",
      trim: true,
      discardAttempts: 2,
      offlineTail: false,
      stopBeforeEnd: true,
    });
    expect(playout[3]).toMatchObject({ kind: "padToNext", minutes: 30, offlineTail: true, stopBeforeEnd: true, trim: false, discardAttempts: 0 });
    expect(playout[3]).not.toHaveProperty("fallback", expect.anything());
  });

  test("pad_until has a time of day and a compiled tomorrow expression (false when omitted)", () => {
    const playout = load().playout;
    const withExpression = playout[4];
    const withoutTomorrow = playout[5];
    if (withExpression.kind !== "padUntil" || withoutTomorrow.kind !== "padUntil") throw new Error("wrong kinds");
    expect(withExpression.time).toEqual({ hour: 21, minute: 0, second: 0 });
    expect(withExpression.tomorrow.source).toBe("now > 22");
    expect(withExpression.tomorrow.evaluate({ now: 22.5 })).toBe(true);
    expect(withExpression.tomorrow.evaluate({ now: 21.5 })).toBe(false);
    expect(withoutTomorrow.time).toEqual({ hour: 6, minute: 0, second: 0 });
    expect(withoutTomorrow.tomorrow.evaluate({ now: 23 })).toBe(false);
    expect(withExpression.offlineTail).toBe(false);
  });

  test("control instructions", () => {
    const playout = load().playout;
    expect(playout[6]).toEqual({ kind: "sequence", location: at(71, 5), sequence: "block", repeat: 3 });
    expect(playout[7]).toEqual({ kind: "epgGroup", location: at(73, 5), enabled: true, advance: true });
    expect(playout[8]).toEqual({ kind: "preRoll", location: at(74, 5), sequence: "ads" });
    expect(playout[9]).toEqual({ kind: "postRoll", location: at(76, 5), sequence: null });
    expect(playout[11]).toEqual({ kind: "sequence", location: at(79, 5), sequence: "block", repeat: 2 });
    expect(playout[12]).toEqual({ kind: "shuffleSequence", location: at(81, 5), sequence: "block" });
    expect(playout[14]).toEqual({ kind: "waitUntil", location: at(84, 5), time: { hour: 18, minute: 30, second: 15 }, tomorrow: true, rewindOnReset: false });
    expect(playout[15]).toEqual({ kind: "watermark", location: at(86, 5), enabled: false, name: null });
    expect(playout[16]).toEqual({ kind: "repeat", location: at(87, 5), enabled: false });
  });

  test("mid_roll defaults its filter to true", () => {
    const midRoll = load().playout[10];
    if (midRoll.kind !== "midRoll") throw new Error("wrong kind");
    expect(midRoll.sequence).toBe("ads");
    expect(midRoll.filter.source).toBe("true");
    expect(
      midRoll.filter.evaluate({
        point: 1,
        num: 1,
        title: "",
        total_points: 1,
        total_duration: 2,
        total_progress: 0.5,
        remaining_duration: 1,
        matched_points: 0,
        last_mid_filler: 99999,
      }),
    ).toBe(true);
  });

  test("skip_items is a compiled integer expression over count and random", () => {
    const skip = load().playout[13];
    if (skip.kind !== "skipItems") throw new Error("wrong kind");
    expect(skip.content).toBe("marathon");
    expect(skip.items.evaluate({ count: 10, random: 6 })).toBe(3);
  });
});

describe("sequences and reset", () => {
  test("sequences are keyed and hold normalised items", () => {
    const { sequences } = load();
    expect([...sequences.keys()]).toEqual(["ads", "block"]);
    expect(sequences.get("ads")).toEqual({
      key: "ads",
      location: at(32, 5),
      items: [
        { kind: "count", location: at(34, 9), content: "xmas", count: 1, customTitle: undefined, fillerKind: "preroll", disableWatermarks: false },
      ],
    });
    expect(kinds(sequences.get("block")!.items)).toEqual(["all", "sequence"]);
  });

  test("reset instructions, with rewind in milliseconds and integer skip_items as a constant", () => {
    const { reset } = load();
    expect(reset[0]).toEqual({ kind: "rewind", location: at(43, 5), ms: 330_000 });
    const skip = reset[1];
    if (skip.kind !== "skipItems") throw new Error("wrong kind");
    expect(skip.items.evaluate({ count: 10, random: 0 })).toBe(2);
    expect(reset[2]).toEqual({ kind: "skipToItem", location: at(46, 5), content: "simpsons", season: 3, episode: 4 });
    expect(reset[3]).toEqual({ kind: "waitUntil", location: at(50, 5), time: { hour: 8, minute: 0, second: 0 }, tomorrow: false, rewindOnReset: true });
  });

  function kinds(list: Instruction[]) {
    return list.map((i) => i.kind);
  }
});

test("invalid definitions have no model", () => {
  const result = validate("content: []\nplayout: [{repeat: true}]\n");
  expect(result.valid).toBe(false);
  expect(result.definition).toBeUndefined();
});
