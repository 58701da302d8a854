import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** Repositories' hand-written SQL must run on SQLite and PostgreSQL alike. */
describe("hand-written SQL in repositories", () => {
  const files = filesUnder(path.join(ROOT, "server/db/repositories"));

  it("goes through rawQuery (PostgreSQL numbers its placeholders), never EntityManager.query directly", () => {
    const offenders = files.filter((file) => /\bmanager\.query\(/.test(fs.readFileSync(file, "utf8"))).map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it("quotes camelCase result names (PostgreSQL folds unquoted names to lower case)", () => {
    const offenders = files.flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/\bAS ([a-z]+[A-Z][A-Za-z]*)\b/g)].map((match) => `${path.relative(ROOT, file)}: AS ${match[1]}`),
    );
    expect(offenders).toEqual([]);
  });

  it("uses no SQLite-only functions outside the dialect fragments", () => {
    const sqliteOnly = /\b(json_group_array|json_each|jsonb_each|json_extract|group_concat|IFNULL|datetime\(|strftime|char\(0\))/;
    const offenders = files.filter((file) => sqliteOnly.test(fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ""))).map((file) => path.relative(ROOT, file));
    // These two branch on databaseKindOf and give PostgreSQL its own statement.
    expect(offenders.sort()).toEqual(["server/db/repositories/playout-repository.ts", "server/db/repositories/named-rows.ts"].sort());
  });
});
