import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAirwave } from "../support/cli";

const root = path.resolve(__dirname, "../..");

/** The command forms `airwave help` lists ("import [--apply] FILE", "import --from dizquetv|tunarr DIR", …), without help itself. */
async function helpCommands(): Promise<string[]> {
  const help = await runAirwave(["help"]);
  expect(help.code).toBe(0);
  const section = help.stdout.slice(help.stdout.indexOf("Commands:"), help.stdout.indexOf("\n\n", help.stdout.indexOf("Commands:")));
  return section
    .split("\n")
    .filter((line) => /^ {2}[a-z]/.test(line))
    .map((line) => line.trim().split(/\s{2,}/)[0])
    .filter((form) => !form.startsWith("help"));
}

describe("README documents every command", () => {
  it("the Command line table has a row for each command airwave help lists, with the same form", async () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Command line"), readme.indexOf("\n## ", readme.indexOf("## Command line") + 3));
    const rows = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1].replace(/\\\|/g, "|"));
    const commands = await helpCommands();
    expect(commands.length).toBeGreaterThanOrEqual(7);
    expect(rows.sort()).toEqual(commands.sort());
  });

  it("the migration section names both sources and the versions modelled", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const prose = readme.replace(/\s+/g, " ");
    for (const text of ["airwave import --from dizquetv", "airwave import --from tunarr", "dizqueTV 1.5", "Tunarr 1.0.0"]) expect(prose).toContain(text);
  });
});
