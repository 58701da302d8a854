import { describe, expect, test } from "vitest";
import { FORM_CASES, wrongTypeFor, type FormCase } from "./form-table";
import { ADS, MOVIES, pathsAndMessages, validate, yamlOf } from "./helpers";

const PLAY_MOVIES = { all: null, content: "movies" };
const INSTRUCTION_KEYS = FORM_CASES.filter((c) => c.list === "instruction").map((c) => c.form);
const CONTENT_KEYS = FORM_CASES.filter((c) => c.list === "content").map((c) => c.form);
const RESET_KEYS = FORM_CASES.filter((c) => c.list === "reset").map((c) => c.form);

/** Puts one element where its list lives, inside an otherwise valid document. */
function placed(c: FormCase, element: Record<string, unknown>): { text: string; path: string } {
  switch (c.list) {
    case "content":
      return { text: yamlOf({ content: [MOVIES, element], playout: [PLAY_MOVIES] }), path: "content[1]" };
    case "instruction":
      return { text: yamlOf({ content: [MOVIES], sequence: [ADS], playout: [element] }), path: "playout[0]" };
    case "reset":
      return { text: yamlOf({ content: [MOVIES], reset: [element], playout: [PLAY_MOVIES] }), path: "reset[0]" };
  }
}

function expectOnlyError(c: FormCase, element: Record<string, unknown>, suffix: string, message: string): void {
  const { text, path } = placed(c, element);
  expect(pathsAndMessages(validate(text))).toEqual([{ path: `${path}${suffix}`, message }]);
}

function without(example: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...example };
  delete copy[key];
  return copy;
}

const NOUNS = { content: "content definition", instruction: "instruction", reset: "reset instruction" } as const;
const KEYS_OF_LIST = { content: CONTENT_KEYS, instruction: INSTRUCTION_KEYS, reset: RESET_KEYS } as const;

describe.each(FORM_CASES.map((c) => [`${c.list} ${c.form}`, c] as const))("%s", (_name, c) => {
  test("a document using every property is valid", () => {
    const { text } = placed(c, c.example);
    const result = validate(text);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  if (c.list === "instruction") {
    test("the same element is valid inside a sequence's items", () => {
      const text = yamlOf({
        content: [MOVIES],
        sequence: [ADS, { key: "block", items: [c.example] }],
        playout: [{ sequence: "block" }],
      });
      expect(validate(text).errors).toEqual([]);
    });
  }

  test.each(c.required.filter((key) => key !== c.form))("missing required %s is rejected", (key) => {
    expectOnlyError(c, without(c.example, key), "", `missing required property "${key}"`);
  });

  test.each(Object.entries(c.types))("%s of the wrong type is rejected", (property, tag) => {
    const { value, message } = wrongTypeFor(tag, property);
    expectOnlyError(c, { ...c.example, [property]: value }, `.${property}`, message);
  });

  test("an unknown property is rejected at that property, listing the allowed ones", () => {
    expectOnlyError(
      c,
      { ...c.example, zzz_unknown: 1 },
      ".zzz_unknown",
      `unknown property "zzz_unknown"; allowed here: ${Object.keys(c.types).join(", ")}`,
    );
  });

  test.each(Object.entries(c.enums ?? {}))("%s outside its enum is rejected", (property, values) => {
    expectOnlyError(c, { ...c.example, [property]: "bogus" }, `.${property}`, `expected one of ${values.join(", ")}; got "bogus"`);
  });

  test.each(c.minOne ?? [])("an empty %s list is rejected", (property) => {
    expectOnlyError(c, { ...c.example, [property]: [] }, `.${property}`, "expected at least 1 item, got an empty list");
  });

  const rest = without(c.example, c.form);
  const otherFormKey = Object.keys(rest).some((key) => (KEYS_OF_LIST[c.list] as readonly string[]).includes(key));
  if (!otherFormKey) {
    test("without its identifying key no form is recognised", () => {
      expectOnlyError(
        c,
        rest,
        "",
        `no ${NOUNS[c.list]} form recognised; use one of the keys ${KEYS_OF_LIST[c.list].join(", ")}`,
      );
    });
  }
});

describe("the form tables cover the spec", () => {
  test("7 content forms, 16 instruction forms, 4 reset forms", () => {
    expect(CONTENT_KEYS).toHaveLength(7);
    expect(INSTRUCTION_KEYS).toHaveLength(16);
    expect(RESET_KEYS).toEqual(["rewind", "skip_items", "skip_to_item", "wait_until"]);
  });
});

describe("top level", () => {
  const base = { content: [MOVIES], playout: [PLAY_MOVIES] };

  test("content plus playout is valid", () => {
    expect(validate(yamlOf(base)).valid).toBe(true);
  });

  test("empty sequence and reset lists are allowed", () => {
    expect(validate(yamlOf({ ...base, sequence: [], reset: [] })).errors).toEqual([]);
  });

  test("playout is required", () => {
    expect(pathsAndMessages(validate(yamlOf({ content: [MOVIES] })))).toEqual([
      { path: "", message: 'missing required property "playout"' },
    ]);
  });

  test("import or content is required", () => {
    expect(pathsAndMessages(validate(yamlOf({ playout: [{ repeat: true }] })))).toEqual([
      { path: "", message: 'missing required property "import" or "content"' },
    ]);
  });

  test("an unknown top-level property is rejected", () => {
    expect(pathsAndMessages(validate(yamlOf({ ...base, bogus: 1 })))).toEqual([
      { path: "bogus", message: 'unknown property "bogus"; allowed here: import, content, sequence, reset, playout' },
    ]);
  });

  test("a misspelt top-level property gets a suggestion", () => {
    expect(pathsAndMessages(validate(yamlOf({ ...base, sequnce: [] })))).toEqual([
      { path: "sequnce", message: 'unknown property "sequnce"; did you mean "sequence"?' },
    ]);
  });

  test.each([
    ["import", "x", 'expected a list, got a string ("x")'],
    ["content", "x", 'expected a list, got a string ("x")'],
    ["sequence", {}, "expected a list, got a mapping"],
    ["reset", 1, "expected a list, got an integer (1)"],
    ["playout", true, "expected a list, got true"],
  ])("%s of the wrong type is rejected", (property, value, message) => {
    expect(pathsAndMessages(validate(yamlOf({ ...base, [property]: value })))).toEqual([{ path: property, message }]);
  });

  test("an import entry must be a string", () => {
    expect(pathsAndMessages(validate(yamlOf({ ...base, import: [1] })))).toEqual([
      { path: "import[0]", message: "expected a string, got an integer (1); put the value in quotes to make it a string" },
    ]);
  });

  test.each(["import", "content", "playout"])("an empty %s list is rejected", (property) => {
    expect(pathsAndMessages(validate(yamlOf({ ...base, [property]: [] })))).toEqual([
      { path: property, message: "expected at least 1 item, got an empty list" },
    ]);
  });

  test("a document that is not a mapping is rejected", () => {
    expect(pathsAndMessages(validate("- all:\n"))).toEqual([{ path: "", message: "expected a mapping, got a list" }]);
  });

  test("an empty document is rejected", () => {
    expect(pathsAndMessages(validate(""))).toEqual([
      { path: "", message: 'the file is empty; a playout definition needs "playout" and "content" (or "import")' },
    ]);
  });
});

describe("sequence definition", () => {
  const withSequence = (sequence: unknown) => yamlOf({ content: [MOVIES], sequence: [sequence], playout: [PLAY_MOVIES] });
  const items = [{ count: 1, content: "movies" }];

  test("key plus items is valid", () => {
    expect(validate(withSequence({ key: "s", items })).errors).toEqual([]);
  });

  test.each([
    [{ items }, "sequence[0]", 'missing required property "key"'],
    [{ key: "s" }, "sequence[0]", 'missing required property "items"'],
    [{ key: "s", items: [] }, "sequence[0].items", "expected at least 1 item, got an empty list"],
    [{ key: 1, items }, "sequence[0].key", "expected a string, got an integer (1); put the value in quotes to make it a string"],
    [{ key: "s", items: "x" }, "sequence[0].items", 'expected a list, got a string ("x")'],
    [{ key: "s", items, name: "x" }, "sequence[0].name", 'unknown property "name"; allowed here: key, items'],
    ["s", "sequence[0]", 'expected a mapping, got a string ("s")'],
  ])("%j is rejected", (sequence, path, message) => {
    expect(pathsAndMessages(validate(withSequence(sequence)))).toEqual([{ path, message }]);
  });

  test("an item that is not an instruction is rejected against the instruction forms", () => {
    expect(pathsAndMessages(validate(withSequence({ key: "s", items: [{ rewind: "1" }] })))).toEqual([
      { path: "sequence[0].items[0].rewind", message: '"rewind" can only be used in the reset list' },
    ]);
  });
});

describe("guid object", () => {
  const withGuid = (guid: unknown) =>
    yamlOf({
      content: [MOVIES, { show: null, key: "show", guids: [guid], order: "chronological" }],
      playout: [PLAY_MOVIES],
    });

  test.each([{ source: "tvdb", value: 71663 }, { source: "imdb", value: "tt0096697" }])("%j is valid", (guid) => {
    expect(validate(withGuid(guid)).errors).toEqual([]);
  });

  test.each([
    [{ value: 1 }, "content[1].guids[0]", 'missing required property "source"'],
    [{ source: "tvdb" }, "content[1].guids[0]", 'missing required property "value"'],
    [{ source: "tvdb", value: true }, "content[1].guids[0].value", "expected an integer or a string, got true"],
    [{ source: "tvdb", value: 1.5 }, "content[1].guids[0].value", "expected an integer or a string, got a number (1.5); use a whole number"],
    [
      { source: 1, value: 1 },
      "content[1].guids[0].source",
      "expected a string, got an integer (1); put the value in quotes to make it a string",
    ],
    [{ source: "tvdb", value: 1, id: 2 }, "content[1].guids[0].id", 'unknown property "id"; allowed here: source, value'],
    ["tvdb://1", "content[1].guids[0]", 'expected a mapping, got a string ("tvdb://1")'],
  ])("%j is rejected", (guid, path, message) => {
    expect(pathsAndMessages(validate(withGuid(guid)))).toEqual([{ path, message }]);
  });
});
