import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../support/temp-dir";

const root = path.resolve(__dirname, "../..");
const CLI = path.join(root, "bin/airwave.js");
const COMPILED = path.join(root, "dist/server/services/playout-validation-service.js");

let dir: string;

/** Runs the CLI in the temp folder, so relative file names are as a user would type them. */
function airwave(...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8", timeout: 20_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};

const VALID = `content:
  - collection: Movies
    key: movies
    order: shuffle
playout:
  - all:
    content: movies
`;

const INVALID = `content:
  - collection: Movies
    key: movies
    order: sideways
playout:
  - count: 2
    content: moviez
`;

beforeAll(() => {
  if (!fs.existsSync(COMPILED)) {
    throw new Error(`The CLI runs the compiled code, and ${path.relative(root, COMPILED)} is missing: run \`npm run build\` (npm test builds first).`);
  }
  dir = makeTempDir("airwave-cli-");
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("airwave validate", () => {
  it("a valid file: prints FILE: ok and exits 0", () => {
    write("good.yaml", VALID);
    const run = airwave("validate", "good.yaml");
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("good.yaml: ok\n");
    expect(run.code).toBe(0);
  });

  it("an invalid file: one file:line:col message line per error, exit 1", () => {
    write("bad.yaml", INVALID);
    const run = airwave("validate", "bad.yaml");
    expect(run.stdout.split("\n")).toEqual([
      'bad.yaml:4:12 expected one of chronological, shuffle; got "sideways" (at content[0].order)',
      'bad.yaml:7:14 unknown content key "moviez"; did you mean "movies"? (at playout[0].content)',
      "",
    ]);
    expect(run.code).toBe(1);

    write("semantic.yaml", VALID.replace("content: movies", "content: moviez"));
    const semantic = airwave("validate", "semantic.yaml");
    expect(semantic.stdout).toBe('semantic.yaml:7:14 unknown content key "moviez"; did you mean "movies"? (at playout[0].content)\n');
    expect(semantic.code).toBe(1);
  });

  it("several files, valid and invalid mixed, with imports and a missing file: every error of every file, exit 1", () => {
    write("defs/main.yaml", `import:
  - shows.yaml
  - ../good.yaml
content:
  - collection: Movies
    key: movies
    order: shuffle
playout:
  - all:
    content: shows
`);
    write("defs/shows.yaml", "content:\n  - show:\n    key: shows\n");
    write("good.yaml", VALID);
    const run = airwave("validate", "good.yaml", "defs/main.yaml", "missing.yaml", path.join(dir, "good.yaml"));
    expect(run.stdout.split("\n")).toEqual([
      "good.yaml: ok",
      'defs/main.yaml:3:5 cannot read import "../good.yaml": the import path leads outside the definition\'s folder (at import[1])',
      'defs/shows.yaml:2:5 missing required property "guids" (at content[0])',
      'defs/shows.yaml:2:5 missing required property "order" (at content[0])',
      "missing.yaml:1:1 cannot read the file: no such file",
      `${path.join(dir, "good.yaml")}: ok`,
      "",
    ]);
    expect(run.code).toBe(1);
  });

  it("several valid files exit 0", () => {
    write("a.yaml", VALID);
    write("b.yaml", VALID);
    const run = airwave("validate", "a.yaml", "b.yaml");
    expect(run.stdout).toBe("a.yaml: ok\nb.yaml: ok\n");
    expect(run.code).toBe(0);
  });

  it("validate without files prints usage and exits 2", () => {
    const run = airwave("validate");
    expect(run.stderr).toMatch(/give at least one FILE/);
    expect(run.stderr).toMatch(/Usage: airwave/);
    expect(run.code).toBe(2);
  });
});

describe("airwave usage", () => {
  it("--help prints usage and exits 0", () => {
    const run = airwave("--help");
    expect(run.stdout).toMatch(/^Usage: airwave <command>/);
    expect(run.stdout).toMatch(/validate FILE\.\.\./);
    expect(run.code).toBe(0);
  });

  it("an unknown command prints usage and exits 2", () => {
    const run = airwave("frobnicate");
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/unknown command "frobnicate"/);
    expect(run.stderr).toMatch(/Usage: airwave/);
    expect(run.code).toBe(2);
  });

  it("without the compiled code it says to run npm run build", () => {
    // The same script in a folder with no dist/ beside it.
    const copy = write("unbuilt/bin/airwave.js", fs.readFileSync(CLI, "utf8"));
    write("c.yaml", VALID);
    const result = spawnSync(process.execPath, [copy, "validate", "c.yaml"], { cwd: dir, encoding: "utf8", timeout: 20_000 });
    expect(result.stderr).toMatch(/run npm run build/);
    expect(result.stdout).toBe("");
    expect(result.status).not.toBe(0);
  });

  it("an unknown option or a stray argument is an error with the command's usage line, and nothing runs", () => {
    const cases: Array<[string[], RegExp, RegExp]> = [
      [["validate", "--strict", "a.yaml"], /Unknown option '--strict'/, /Usage: airwave/],
      [["restore", "--force", "x.sqlite3"], /Unknown option '--force'/, /Usage: airwave/],
      [["export", "--bogus"], /Unknown option '--bogus'/, /usage: airwave export \[-o FILE\]/],
      [["export", "-o"], /argument missing/, /usage: airwave export/],
      [["import", "--aply", "setup.yaml"], /Unknown option '--aply'/, /usage: airwave import \[--apply\] \[--reset\] FILE/],
      [["import", "--from", "tunarr", "dir", "--dry"], /Unknown option '--dry'/, /usage: airwave import --from dizquetv\|tunarr\|ersatztv DIR/],
      [["backup", "now"], /unexpected argument "now"/, /usage: airwave backup \[--server URL\]/],
      [["backups", "--server"], /argument missing/, /usage: airwave backups/],
    ];
    for (const [args, message, usage] of cases) {
      const run = airwave(...args);
      expect(run.stderr, args.join(" ")).toMatch(message);
      expect(run.stderr, args.join(" ")).toMatch(usage);
      expect(run.stdout).toBe("");
      expect(run.code).toBe(2);
    }
  });

  it("no command prints usage and exits 2", () => {
    const run = airwave();
    expect(run.stderr).toMatch(/Usage: airwave/);
    expect(run.code).toBe(2);
  });
});
