import { describe, expect, test } from "vitest";
import { MAIN, validate } from "./helpers";

const at = (line: number, column: number, path: string, message: string) => ({ file: MAIN, line, column, path, message });

describe("schema errors point at the YAML that causes them", () => {
  const text = [
    "content:", //                                                    1
    "  - collection: Movies", //                                      2
    "    key: movies", //                                             3
    "    order: shufle", //                                           4
    "playout:", //                                                    5
    "  - all:", //                                                    6
    "    contnet: movies", //                                         7
    "  - count: 3", //                                                8
    "    content: movies", //                                         9
    "    custom_title: 12", //                                       10
    "  - duration: 30", //                                           11
    "    content: movies", //                                        12
    "  - show: x", //                                                13
    "  - {all: , content: movies, extra: 1}", //                     14
  ].join("\n");

  test("every error is reported, each with file, line, column, path and message", () => {
    expect(validate(text).errors).toEqual([
      at(4, 12, "content[0].order", 'expected one of chronological, shuffle; got "shufle" (did you mean "shuffle"?)'),
      at(7, 5, "playout[0].contnet", 'unknown property "contnet"; did you mean "content"?'),
      at(10, 19, "playout[1].custom_title", "expected a string, got an integer (12); put the value in quotes to make it a string"),
      at(11, 15, "playout[2].duration", 'expected a string, got an integer (30); write a duration with a unit in quotes, e.g. "30 minutes"'),
      at(
        13,
        5,
        "playout[3]",
        "no instruction form recognised; use one of the keys all, count, duration, pad_to_next, pad_until, sequence, epg_group, pre_roll, post_roll, mid_roll, repeat, shuffle_sequence, skip_items, skip_to_item, wait_until, watermark",
      ),
      at(14, 30, "playout[4].extra", 'unknown property "extra"; allowed here: all, content, custom_title, filler_kind, disable_watermarks'),
    ]);
  });

  test("a missing property is reported at the start of its mapping", () => {
    const result = validate("content:\n  - collection: Movies\n    order: shuffle\nplayout:\n  - repeat: true\n");
    expect(result.errors).toEqual([at(2, 5, "content[0]", 'missing required property "key"')]);
  });

  test("a top-level problem without a node is reported at line 1, column 1", () => {
    expect(validate("playout:\n  - repeat: true\n").errors).toEqual([at(1, 1, "", 'missing required property "import" or "content"')]);
  });
});

describe("semantic errors point at the YAML that causes them", () => {
  const text = [
    "content:", //                                                     1
    "  - collection: Movies", //                                       2
    "    key: movies", //                                              3
    "    order: shuffle", //                                           4
    "  - collection: Other", //                                        5
    "    key: Movies", //                                              6
    "    order: shuffle", //                                           7
    "sequence:", //                                                    8
    "  - key: loop", //                                                9
    "    items:", //                                                  10
    "      - sequence: loop", //                                      11
    "playout:", //                                                    12
    "  - duration: '30 minits'", //                                   13
    "    content: movie", //                                          14
    "  - pad_to_next: 0", //                                          15
    "    content: movies", //                                         16
    "  - skip_items: 'count / 2 + rnd'", //                           17
    "    content: movies", //                                         18
    "  - pad_until: \"7:30 PM\"", //                                  19
    "    content: movies", //                                         20
    "    tomorrow: now >", //                                         21
    "  - sequence: nope", //                                          22
  ].join("\n");

  test("every error is reported with its position", () => {
    expect(validate(text).errors).toEqual([
      at(6, 10, "content[1].key", 'duplicate content key "Movies": "movies" is already defined at main.yaml:3:10 (keys must differ by more than case)'),
      at(11, 19, "sequence[0].items[0].sequence", "sequence cycle: loop → loop"),
      at(13, 19, "playout[0].duration", 'invalid duration "30 minits": unknown unit "minits"; use ms, s, m, h, d or w (or words such as "minutes")'),
      at(14, 14, "playout[0].content", 'unknown content key "movie"; did you mean "movies"?'),
      at(15, 18, "playout[1].pad_to_next", "pad_to_next must be between 1 and 1440 minutes"),
      at(17, 30, "playout[2].skip_items", 'invalid skip_items expression: unknown variable "rnd"; available: count, random'),
      at(21, 20, "playout[3].tomorrow", "invalid tomorrow expression: unexpected end of expression"),
      at(22, 15, "playout[4].sequence", 'unknown sequence key "nope"; defined keys: loop'),
    ]);
  });
});

describe("YAML problems", () => {
  test("a syntax error is reported at its position and stops validation", () => {
    const result = validate("content: [a, b\nplayout: }\n");
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0]).toMatchObject({ file: MAIN, line: 2, path: "" });
  });

  test("duplicate keys are errors at the second key", () => {
    const text = "content:\n  - collection: A\n    key: a\n    key: b\n    order: shuffle\nplayout:\n  - all:\n    content: a\n";
    expect(validate(text).errors).toEqual([at(4, 5, "content[0].key", 'duplicate key "key"')]);
  });

  test("a quoted number stays a string (YAML 1.2 core schema)", () => {
    const text = 'content:\n  - collection: "2024"\n    key: "123"\n    order: shuffle\nplayout:\n  - all:\n    content: "123"\n';
    const result = validate(text);
    expect(result.errors).toEqual([]);
    expect(result.definition?.content[0]).toMatchObject({ kind: "collection", name: "2024", key: "123" });
  });

  test("an unquoted yes stays a string and the error says how to write a boolean", () => {
    const text = "content:\n  - collection: A\n    key: a\n    order: shuffle\nplayout:\n  - all:\n    content: a\n    disable_watermarks: yes\n";
    expect(validate(text).errors).toEqual([
      at(8, 25, "playout[0].disable_watermarks", 'expected true or false, got a string ("yes"); write true or false without quotes'),
    ]);
  });

  test("several documents in one file are an error", () => {
    expect(validate("playout: []\n---\nplayout: []\n").errors).toEqual([
      at(2, 1, "", "the file must hold one YAML document (remove the extra ---)"),
    ]);
  });

  test("aliases are expanded, and an alias bomb is stopped", () => {
    const ok = "x: &m {collection: A, key: a, order: shuffle}\n";
    expect(validate(ok + "content: [*m]\nplayout: [{all: , content: a}]\n").errors).toEqual([
      at(1, 1, "x", 'unknown property "x"; allowed here: import, content, sequence, reset, playout'),
    ]);
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i += 1) levels.push(`${"b".repeat(i)}: &l${i} [${Array(10).fill(i === 1 ? "*a" : `*l${i - 1}`).join(", ")}]`);
    const started = performance.now();
    const bomb = validate(levels.join("\n") + "\n");
    expect(performance.now() - started).toBeLessThan(5000);
    expect(bomb.errors.some((error) => error.message.startsWith("the document has more than 50000 values"))).toBe(true);
  });

  test("deep nesting is refused", () => {
    const deep = "[".repeat(200) + "]".repeat(200);
    const result = validate(`content: ${deep}\nplayout: [{repeat: true}]\n`);
    expect(result.valid).toBe(false);
    for (const error of result.errors) {
      expect(error.line).toBeGreaterThan(0);
      expect(error.column).toBeGreaterThan(0);
    }
  });
});

describe("instruction forms do not depend on key order", () => {
  const prefix = "content:\n  - collection: A\n    key: a\n    order: shuffle\nsequence:\n  - key: ads\n    items:\n      - count: 1\n        content: a\n";

  test.each([
    ["sequence then repeat", "  - sequence: ads\n    repeat: 2\n"],
    ["repeat then sequence", "  - repeat: 2\n    sequence: ads\n"],
  ])("%s is a sequence instruction repeated twice", (_name, instruction) => {
    const result = validate(`${prefix}playout:\n${instruction}`);
    expect(result.errors).toEqual([]);
    expect(result.definition?.playout[0]).toMatchObject({ kind: "sequence", sequence: "ads", repeat: 2 });
  });

  test.each([
    ["mid_roll first", "  - mid_roll: true\n    sequence: ads\n"],
    ["sequence first", "  - sequence: ads\n    mid_roll: true\n"],
  ])("%s is a mid_roll instruction", (_name, instruction) => {
    const result = validate(`${prefix}playout:\n${instruction}`);
    expect(result.errors).toEqual([]);
    expect(result.definition?.playout[0]).toMatchObject({ kind: "midRoll", sequence: "ads" });
  });

  test.each([
    ["pre_roll", "  - sequence: ads\n    pre_roll: true\n", "preRoll"],
    ["post_roll", "  - sequence: ads\n    post_roll: true\n", "postRoll"],
    ["count", "  - content: a\n    count: 3\n", "count"],
    ["skip_items", "  - content: a\n    skip_items: 2\n", "skipItems"],
    ["wait_until", "  - tomorrow: true\n    wait_until: '6:00'\n", "waitUntil"],
  ])("%s written after its other keys is still %s", (_name, instruction, kind) => {
    const result = validate(`${prefix}playout:\n${instruction}`);
    expect(result.errors).toEqual([]);
    expect(result.definition?.playout[0].kind).toBe(kind);
  });

  test("errors about a reordered instruction are reported against its real form", () => {
    const result = validate(`${prefix}playout:\n  - repeat: two\n    sequence: ads\n`);
    expect(result.errors).toEqual([at(11, 13, "playout[0].repeat", 'expected an integer, got a string ("two")')]);
  });

  test("two leading keys are reported as one error at the second", () => {
    const result = validate(`${prefix}playout:\n  - count: 3\n    all:\n    content: a\n`);
    expect(result.errors).toEqual([
      at(11, 5, "playout[0].count", '"count" cannot be combined with "all"; each instruction has exactly one form (split it in two)'),
    ]);
  });
});
