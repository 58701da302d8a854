import { describe, expect, test } from "vitest";
import type { ImportReader } from "../../../server/playout/definition";
import { importsFrom, MAIN, MOVIES, pathsAndMessages, validate, yamlOf } from "./helpers";

const SHOWS = yamlOf({
  content: [{ collection: "Shows", key: "shows", order: "chronological" }],
  sequence: [{ key: "block", items: [{ count: 2, content: "shows" }, { count: 1, content: "movies" }] }],
});

describe("imports", () => {
  test("imported content and sequences are merged after the main file's, in import order", () => {
    const extra = yamlOf({ content: [{ collection: "Extra", key: "extra", order: "shuffle" }] });
    const text = yamlOf({
      import: ["shows.yaml", "extra.yaml"],
      content: [MOVIES],
      playout: [{ sequence: "block" }, { all: null, content: "extra" }],
    });
    const result = validate(text, importsFrom({ "shows.yaml": SHOWS, "extra.yaml": extra }));
    expect(result.errors).toEqual([]);
    const definition = result.definition!;
    expect(definition.content.map((c) => [c.key, c.index, c.location.file])).toEqual([
      ["movies", 0, MAIN],
      ["shows", 1, "shows.yaml"],
      ["extra", 2, "extra.yaml"],
    ]);
    expect(definition.sequences.get("block")?.location).toEqual({ file: "shows.yaml", line: 6, column: 5 });
    expect(definition.imports).toEqual([
      { path: "shows.yaml", fileName: "shows.yaml", location: { file: MAIN, line: 2, column: 5 } },
      { path: "extra.yaml", fileName: "extra.yaml", location: { file: MAIN, line: 3, column: 5 } },
    ]);
  });

  test("a definition may take all its content from imports", () => {
    const text = yamlOf({ import: ["shows.yaml"], playout: [{ all: null, content: "shows" }] });
    const shows = yamlOf({ content: [{ collection: "S", key: "shows", order: "shuffle" }] });
    const result = validate(text, importsFrom({ "shows.yaml": shows }));
    expect(result.errors).toEqual([]);
  });

  test("the reader gets the entry as written and the main file's name", () => {
    const calls: Array<[string, string]> = [];
    const reader: ImportReader = (path, fromFile) => {
      calls.push([path, fromFile]);
      return { fileName: `/defs/${path}`, text: SHOWS };
    };
    const result = validate(yamlOf({ import: ["shows.yaml"], content: [MOVIES], playout: [{ sequence: "block" }] }), reader);
    expect(calls).toEqual([["shows.yaml", MAIN]]);
    expect(result.definition?.content[1].location.file).toBe("/defs/shows.yaml");
  });

  test("a missing import is an error at the import entry, and does not make its keys unknown", () => {
    const text = yamlOf({ import: ["shows.yaml", "gone.yaml"], content: [MOVIES], playout: [{ all: null, content: "whatever" }] });
    expect(validate(text, importsFrom({ "shows.yaml": SHOWS })).errors).toEqual([
      { file: MAIN, line: 3, column: 5, path: "import[1]", message: 'import not found: "gone.yaml"' },
    ]);
  });

  test("imports without a reader are an error", () => {
    const text = yamlOf({ import: ["shows.yaml"], content: [MOVIES], playout: [{ all: null, content: "movies" }] });
    expect(pathsAndMessages(validate(text))).toEqual([
      { path: "import[0]", message: 'cannot read import "shows.yaml": imports are not available here' },
    ]);
  });

  test("a reader that throws is reported, not propagated", () => {
    const text = yamlOf({ import: ["shows.yaml"], content: [MOVIES], playout: [{ all: null, content: "movies" }] });
    const reader: ImportReader = () => {
      throw new Error("permission denied");
    };
    expect(pathsAndMessages(validate(text, reader))).toEqual([
      { path: "import[0]", message: 'cannot read import "shows.yaml": permission denied' },
    ]);
  });

  test("a file importing itself, or the same file twice, is an error", () => {
    const text = yamlOf({ import: ["main.yaml", "shows.yaml", "./shows.yaml"], content: [MOVIES], playout: [{ sequence: "block" }] });
    const reader: ImportReader = (path) => ({ fileName: path.replace("./", ""), text: path.includes("main") ? "x" : SHOWS });
    expect(pathsAndMessages(validate(text, reader))).toEqual([
      { path: "import[0]", message: 'import "main.yaml" is this file itself' },
      { path: "import[2]", message: '"shows.yaml" is already imported at line 3' },
    ]);
  });

  test("errors inside an import carry the import's file name and positions", () => {
    const broken = [
      "content:", //                        1
      "  - collection: Shows", //           2
      "    key: shows", //                  3
      "    order: random", //               4
      "sequence:", //                       5
      "  - key: block", //                  6
      "    items:", //                      7
      "      - count: 2", //                8
      "        content: showz", //          9
    ].join("\n");
    const text = yamlOf({ import: ["shows.yaml"], content: [MOVIES], playout: [{ sequence: "block" }, { all: null, content: "nope" }] });
    expect(validate(text, importsFrom({ "shows.yaml": broken })).errors).toEqual([
      { file: MAIN, line: 10, column: 14, path: "playout[1].content", message: 'unknown content key "nope"; defined keys: movies, shows' },
      { file: "shows.yaml", line: 4, column: 12, path: "content[0].order", message: 'expected one of chronological, shuffle; got "random"' },
      { file: "shows.yaml", line: 9, column: 18, path: "sequence[0].items[0].content", message: 'unknown content key "showz"; did you mean "shows"?' },
    ]);
  });

  test("a YAML syntax error in an import is reported in that file", () => {
    const text = yamlOf({ import: ["shows.yaml"], content: [MOVIES], playout: [{ all: null, content: "shows" }] });
    const result = validate(text, importsFrom({ "shows.yaml": "content: [\n" }));
    expect(result.valid).toBe(false);
    expect(result.errors.every((error) => error.file === "shows.yaml")).toBe(true);
  });

  test("a key defined in both the main file and an import is an error in the import", () => {
    const text = yamlOf({ import: ["more.yaml"], content: [MOVIES], playout: [{ all: null, content: "movies" }] });
    const more = yamlOf({ content: [{ collection: "More", key: "Movies", order: "shuffle" }] });
    expect(validate(text, importsFrom({ "more.yaml": more })).errors).toEqual([
      {
        file: "more.yaml",
        line: 3,
        column: 10,
        path: "content[0].key",
        message: 'duplicate content key "Movies": "movies" is already defined at main.yaml:5:10 (keys must differ by more than case)',
      },
    ]);
  });
});

describe("import schema", () => {
  const main = yamlOf({ import: ["part.yaml"], content: [MOVIES], playout: [{ all: null, content: "movies" }] });
  const check = (part: unknown) => pathsAndMessages(validate(main, importsFrom({ "part.yaml": yamlOf(part) })));

  test.each([
    ["content only", { content: [{ collection: "X", key: "x", order: "shuffle" }] }],
    ["sequences only", { sequence: [{ key: "s", items: [{ count: 1, content: "movies" }] }] }],
    ["both", { content: [{ collection: "X", key: "x", order: "shuffle" }], sequence: [] }],
  ])("%s is valid", (_name, part) => {
    expect(check(part)).toEqual([]);
  });

  test.each([
    [{}, "", 'missing required property "content" or "sequence"'],
    [{ content: [], sequence: [] }, "content", "expected at least 1 item, got an empty list"],
    [{ content: "x" }, "content", 'expected a list, got a string ("x")'],
    [{ sequence: {} }, "sequence", "expected a list, got a mapping"],
    [{ sequence: [], playout: [{ repeat: true }] }, "playout", 'unknown property "playout"; allowed here: content, sequence'],
    [{ sequence: [], import: ["x.yaml"] }, "import", 'unknown property "import"; allowed here: content, sequence'],
    [{ sequence: [], reset: [] }, "reset", 'unknown property "reset"; allowed here: content, sequence'],
    [{ content: [{ collection: "X", key: "x" }] }, "content[0]", 'missing required property "order"'],
    [{ sequence: [{ key: "s", items: [{ all: null }] }] }, "sequence[0].items[0]", 'missing required property "content"'],
    [["x"], "", "expected a mapping, got a list"],
  ])("%j is rejected", (part, path, message) => {
    expect(check(part)).toEqual([{ path, message }]);
  });

  test("an empty imported file is rejected", () => {
    expect(pathsAndMessages(validate(main, importsFrom({ "part.yaml": "" })))).toEqual([
      { path: "", message: 'the file is empty; an imported file needs "content" or "sequence"' },
    ]);
  });
});
