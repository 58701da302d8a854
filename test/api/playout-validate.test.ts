import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
/** The data folder's playouts/ folder, where scheduleFile definitions may be read from. */
let filesDir: string;

const VALIDATE = "/api/v1/playouts/validate";

const VALID = `content:
  - collection: Movies
    key: movies
    order: shuffle
playout:
  - all:
    content: movies
`;

/** Schema errors (an unknown enum value, a string where an integer belongs) and semantic ones (unknown keys). */
const INVALID = `content:
  - collection: Movies
    key: movies
    order: sideways
playout:
  - count: two
    content: movies
  - count: 2
    content: moviez
  - sequence: nope
`;

const INVALID_ERRORS = [
  { file: "definition", line: 4, column: 12, path: "content[0].order", message: 'expected one of chronological, shuffle; got "sideways"' },
  { file: "definition", line: 6, column: 12, path: "playout[0].count", message: 'expected an integer, got a string ("two")' },
  { file: "definition", line: 9, column: 14, path: "playout[1].content", message: 'unknown content key "moviez"; did you mean "movies"?' },
  { file: "definition", line: 10, column: 15, path: "playout[2].sequence", message: 'unknown sequence key "nope"; no sequence is defined' },
];

/** An imported file: content "shows" and a sequence "block" that uses the main file's "movies". */
const SHOWS = `content:
  - collection: Shows
    key: shows
    order: chronological
sequence:
  - key: block
    items:
      - count: 2
        content: shows
      - count: 1
        content: movies
`;

const importing = (...imports: string[]) => `import:
${imports.map((entry) => `  - ${JSON.stringify(entry)}`).join("\n")}
content:
  - collection: Movies
    key: movies
    order: shuffle
playout:
  - sequence: block
`;

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};

const validate = (body: unknown) => api.post(VALIDATE, body);

beforeAll(async () => {
  filesDir = fs.realpathSync(path.join(server.dataDir, "playouts"));
  write(path.join(server.dataDir, "definitions", "shows.yaml"), SHOWS);
  write(path.join(server.dataDir, "definitions", "nested", "shows.yaml"), SHOWS);
  // A file beside the data folder's definitions folder, which text definitions must not reach.
  write(path.join(server.dataDir, "secret.yaml"), SHOWS);
});

describe("POST /api/v1/playouts/validate with a definition's text", () => {
  it("a valid definition: 200, valid, no errors", async () => {
    const response = await validate({ definition: VALID });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ valid: true, errors: [] });
  });

  it("schema and semantic errors are a successful validation (200) with file, line, column, path and message", async () => {
    const response = await validate({ definition: INVALID });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ valid: false, errors: INVALID_ERRORS });
  });

  it("YAML that does not parse and an empty text are located errors", async () => {
    const broken = await validate({ definition: "playout: [\n" });
    expect(broken.status).toBe(200);
    expect(broken.json.valid).toBe(false);
    expect(broken.json.errors.length).toBeGreaterThan(0);
    for (const error of broken.json.errors) {
      expect(error).toEqual({ file: "definition", line: expect.any(Number), column: expect.any(Number), path: expect.any(String), message: expect.any(String) });
    }
    const empty = await validate({ definition: "" });
    expect(empty.status).toBe(200);
    expect(empty.json.valid).toBe(false);
    expect(empty.json.errors[0].message).toMatch(/empty/);
  });

  it("imports resolve under <dataDir>/definitions/, nested folders too", async () => {
    expect((await validate({ definition: importing("shows.yaml") })).json).toEqual({ valid: true, errors: [] });
    expect((await validate({ definition: importing("nested/shows.yaml") })).json).toEqual({ valid: true, errors: [] });
    expect((await validate({ definition: importing("nested/../shows.yaml") })).json).toEqual({ valid: true, errors: [] });
  });

  it("errors inside an import name it by its path under definitions/", async () => {
    write(path.join(server.dataDir, "definitions", "broken.yaml"), "content:\n  - collection: X\n    key: x\n    order: backwards\n");
    const response = await validate({ definition: importing("broken.yaml") });
    expect(response.status).toBe(200);
    expect(response.json.errors).toContainEqual({
      file: "definitions/broken.yaml",
      line: 4,
      column: 12,
      path: "content[0].order",
      message: 'expected one of chronological, shuffle; got "backwards"',
    });
  });

  it("a missing import is an error at the import's line", async () => {
    const response = await validate({ definition: importing("shows.yaml", "gone.yaml") });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      valid: false,
      errors: [{ file: "definition", line: 3, column: 5, path: "import[1]", message: 'import not found: "gone.yaml"' }],
    });
  });

  it.each([
    ["a .. that leaves the folder", "../secret.yaml", "the import path leads outside the definitions folder"],
    ["a deeper .. that leaves the folder", "nested/../../secret.yaml", "the import path leads outside the definitions folder"],
    ["an absolute path", "/etc/passwd", "an import path must be relative to the definitions folder"],
    ["the folder itself", ".", "the import path names a folder, not a file"],
  ])("refuses %s as a located error, not a failure", async (_label, entry, reason) => {
    const response = await validate({ definition: importing("shows.yaml", entry) });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      valid: false,
      errors: [{ file: "definition", line: 3, column: 5, path: "import[1]", message: `cannot read import ${JSON.stringify(entry)}: ${reason}` }],
    });
  });

  it("refuses a symbolic link that leads outside the definitions folder, and follows one that stays inside", async () => {
    fs.symlinkSync(path.join(server.dataDir, "secret.yaml"), path.join(server.dataDir, "definitions", "escape.yaml"));
    fs.symlinkSync(server.dataDir, path.join(server.dataDir, "definitions", "up"));
    fs.symlinkSync(path.join(server.dataDir, "definitions", "shows.yaml"), path.join(server.dataDir, "definitions", "alias.yaml"));
    const message = (entry: string) => `cannot read import "${entry}": the import resolves (through a symbolic link) outside the definitions folder`;
    const escaping = await validate({ definition: importing("shows.yaml", "escape.yaml", "up/secret.yaml") });
    expect(escaping.status).toBe(200);
    expect(escaping.json.errors).toEqual([
      { file: "definition", line: 3, column: 5, path: "import[1]", message: message("escape.yaml") },
      { file: "definition", line: 4, column: 5, path: "import[2]", message: message("up/secret.yaml") },
    ]);
    expect((await validate({ definition: importing("alias.yaml") })).json).toEqual({ valid: true, errors: [] });
  });

  it("an import that is not UTF-8 text or is too large is a located error", async () => {
    fs.writeFileSync(path.join(server.dataDir, "definitions", "binary.yaml"), Buffer.from([0xff, 0xfe, 0x00, 0xc3]));
    fs.writeFileSync(path.join(server.dataDir, "definitions", "huge.yaml"), "#".repeat(256 * 1024 + 1));
    const response = await validate({ definition: importing("shows.yaml", "binary.yaml", "huge.yaml") });
    expect(response.json.errors).toEqual([
      { file: "definition", line: 3, column: 5, path: "import[1]", message: 'cannot read import "binary.yaml": the file is not valid UTF-8 text' },
      { file: "definition", line: 4, column: 5, path: "import[2]", message: 'cannot read import "huge.yaml": the file is larger than the limit of 262144 bytes (256 KiB)' },
    ]);
  });
});

describe("POST /api/v1/playouts/validate with a scheduleFile", () => {
  it("validates the file; imports resolve relative to its folder", async () => {
    const main = write(path.join(filesDir, "tv", "main.yaml"), importing("shows.yaml", "more/extra.yaml"));
    write(path.join(filesDir, "tv", "shows.yaml"), SHOWS);
    write(path.join(filesDir, "tv", "more", "extra.yaml"), "content:\n  - collection: Extra\n    key: extra\n    order: shuffle\n");
    const response = await validate({ scheduleFile: main });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ valid: true, errors: [] });
  });

  it("errors name the main file and each import by absolute path", async () => {
    const main = write(path.join(filesDir, "bad", "main.yaml"), INVALID.replace("content:\n", "import:\n  - part.yaml\ncontent:\n"));
    write(path.join(filesDir, "bad", "part.yaml"), "content:\n  - show:\n    key: s\n");
    const response = await validate({ scheduleFile: main });
    expect(response.status).toBe(200);
    const part = path.join(filesDir, "bad", "part.yaml");
    expect(response.json.valid).toBe(false);
    expect(response.json.errors).toEqual([
      { file: main, line: 6, column: 12, path: "content[0].order", message: 'expected one of chronological, shuffle; got "sideways"' },
      { file: main, line: 8, column: 12, path: "playout[0].count", message: 'expected an integer, got a string ("two")' },
      { file: main, line: 11, column: 14, path: "playout[1].content", message: 'unknown content key "moviez"; did you mean "movies"?' },
      { file: main, line: 12, column: 15, path: "playout[2].sequence", message: 'unknown sequence key "nope"; no sequence is defined' },
      { file: part, line: 2, column: 5, path: "content[0]", message: 'missing required property "guids"' },
      { file: part, line: 2, column: 5, path: "content[0]", message: 'missing required property "order"' },
    ]);
  });

  it("imports that escape the file's folder are refused at their line", async () => {
    write(path.join(filesDir, "outside.yaml"), SHOWS);
    const main = write(path.join(filesDir, "inner", "main.yaml"), importing("../outside.yaml", path.join(filesDir, "outside.yaml"), "link.yaml"));
    fs.symlinkSync(path.join(filesDir, "outside.yaml"), path.join(filesDir, "inner", "link.yaml"));
    const response = await validate({ scheduleFile: main });
    expect(response.status).toBe(200);
    expect(response.json.errors).toEqual([
      { file: main, line: 2, column: 5, path: "import[0]", message: `cannot read import "../outside.yaml": the import path leads outside the definition's folder` },
      {
        file: main,
        line: 3,
        column: 5,
        path: "import[1]",
        message: `cannot read import ${JSON.stringify(path.join(filesDir, "outside.yaml"))}: an import path must be relative to the definition's folder`,
      },
      {
        file: main,
        line: 4,
        column: 5,
        path: "import[2]",
        message: `cannot read import "link.yaml": the import resolves (through a symbolic link) outside the definition's folder`,
      },
    ]);
  });

  it("a file importing itself is an error", async () => {
    const main = path.join(filesDir, "self", "main.yaml");
    write(main, importing("main.yaml", "./main.yaml"));
    const response = await validate({ scheduleFile: main });
    expect(response.json.errors.slice(0, 2)).toEqual([
      { file: main, line: 2, column: 5, path: "import[0]", message: 'import "main.yaml" is this file itself' },
      { file: main, line: 3, column: 5, path: "import[1]", message: 'import "./main.yaml" is this file itself' },
    ]);
  });

  it("a missing or unreadable file is a validation error naming the file (200, valid false)", async () => {
    const missing = path.join(filesDir, "no-such.yaml");
    const response = await validate({ scheduleFile: missing });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ valid: false, errors: [{ file: missing, line: 1, column: 1, path: "", message: "cannot read the file: no such file" }] });
    const folder = await validate({ scheduleFile: filesDir });
    expect(folder.status).toBe(200);
    expect(folder.json.errors).toEqual([{ file: filesDir, line: 1, column: 1, path: "", message: "cannot read the file: it is a folder, not a file" }]);
  });

  it.each([
    ["empty", "", "must not be empty"],
    ["relative", "defs/main.yaml", "must be an absolute path"],
    ["outside the folders made for definitions", "/etc/passwd", /^"\/etc\/passwd" is outside the folders definition files are read from/],
  ])("422 on field scheduleFile when the path is %s", async (_label, scheduleFile, message) => {
    const response = await validate({ scheduleFile });
    expect(response.status, response.text).toBe(422);
    expect(response.json.errors).toEqual([{ field: "scheduleFile", message: typeof message === "string" ? message : expect.stringMatching(message) }]);
  });
});

describe("POST /api/v1/playouts/validate request shape", () => {
  it.each([
    ["neither is given", {}],
    ["both are given", { definition: VALID, scheduleFile: "/tmp/x.yaml" }],
  ])("422 when %s", async (_label, body) => {
    const response = await validate(body);
    expect(response.status, response.text).toBe(422);
    expect(response.json.errors.map((e: { field: string }) => e.field)).toEqual(["definition", "scheduleFile"]);
  });

  it("400 for a wrong type or an unknown property", async () => {
    expect((await validate({ definition: 5 })).status).toBe(400);
    expect((await validate({ definition: VALID, extra: true })).status).toBe(400);
  });

  it("is not shadowed by other /api/v1/playouts routes", async () => {
    const response = await validate({ definition: VALID });
    expect(response.status).toBe(200);
    expect(response.json.valid).toBe(true);
  });
});

const QUERY = `query($definition: String, $scheduleFile: String) {
  validatePlayout(definition: $definition, scheduleFile: $scheduleFile) { valid errors { file line column path message } }
}`;

describe("GraphQL validatePlayout", () => {
  it("returns the same result as REST for text", async () => {
    const valid = await api.graphql(QUERY, { definition: VALID });
    expect(valid.json).toEqual({ data: { validatePlayout: { valid: true, errors: [] } } });
    const invalid = await api.graphql(QUERY, { definition: INVALID });
    expect(invalid.json.errors).toBeUndefined();
    expect(invalid.json.data.validatePlayout).toEqual({ valid: false, errors: INVALID_ERRORS });
    const rest = await validate({ definition: importing("shows.yaml", "../secret.yaml") });
    const gql = await api.graphql(QUERY, { definition: importing("shows.yaml", "../secret.yaml") });
    expect(gql.json.data.validatePlayout).toEqual(rest.json);
  });

  it("validates a scheduleFile like REST", async () => {
    const main = write(path.join(filesDir, "gql", "main.yaml"), importing("shows.yaml"));
    const gql = await api.graphql(QUERY, { scheduleFile: main });
    expect(gql.json.data.validatePlayout).toEqual({
      valid: false,
      errors: [{ file: main, line: 2, column: 5, path: "import[0]", message: 'import not found: "shows.yaml"' }],
    });
    expect(gql.json.data.validatePlayout).toEqual((await validate({ scheduleFile: main })).json);
  });

  it("neither or both given is VALIDATION_FAILED", async () => {
    for (const variables of [{}, { definition: VALID, scheduleFile: "/tmp/x.yaml" }]) {
      const response = await api.graphql(QUERY, variables);
      expect(response.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
      expect(response.json.errors[0].extensions.errors.map((e: { field: string }) => e.field)).toEqual(["definition", "scheduleFile"]);
    }
    const relative = await api.graphql(QUERY, { scheduleFile: "x.yaml" });
    expect(relative.json.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "scheduleFile", message: "must be an absolute path" }] });
  });
});

describe("with a write key configured", () => {
  const { server: guarded, api: guardedApi } = useTestServer({ env: { Api__WriteKey: "s3cret" } });

  it("the REST endpoint needs the key; GraphQL needs it to read a file on the server but not for text", async () => {
    expect((await guardedApi.post(VALIDATE, { definition: VALID })).status).toBe(401);
    expect((await guardedApi.post(VALIDATE, { definition: VALID }, { "x-api-key": "s3cret" })).json).toEqual({ valid: true, errors: [] });
    expect((await guardedApi.graphql(QUERY, { definition: VALID })).json.data.validatePlayout.valid).toBe(true);
    const file = write(path.join(guarded.dataDir, "playouts", "guarded.yaml"), VALID);
    const refused = await guardedApi.graphql(QUERY, { scheduleFile: file });
    expect(refused.json.errors[0].extensions.code).toBe("UNAUTHORIZED");
    expect(refused.json.data?.validatePlayout ?? null).toBeNull();
    const allowed = await guardedApi.graphql(QUERY, { scheduleFile: file }, { "x-api-key": "s3cret" });
    expect(allowed.json.data.validatePlayout).toEqual({ valid: true, errors: [] });
  });
});
