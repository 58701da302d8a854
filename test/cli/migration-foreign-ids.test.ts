import fs from "node:fs";
import path from "node:path";
import sqlite3 from "sqlite3";
import { describe, expect, it } from "vitest";
import { readDizqueFolder } from "../../server/cli/migration/dizquetv-folder";
import { readTunarrFolder } from "../../server/cli/migration/tunarr-folder";
import { useTempDir } from "../support/test-server";
import { makeTunarrFolder } from "./support/tunarr-fixture";

/** Ids and numbers from another program's files name files only once they are what they claim to be. */
function sql(file: string, statement: string): Promise<void> {
  const db = new sqlite3.Database(file);
  return new Promise((resolve, reject) => db.exec(statement, (error) => db.close(() => (error ? reject(error) : resolve()))));
}

describe("foreign ids and numbers in migrations", () => {
  const work = useTempDir("airwave-foreign-ids-");

  it("Tunarr: a channel whose id is not a UUID or whose number is not a whole number is skipped before its lineup file is looked for", async () => {
    const dir = await makeTunarrFolder(path.join(work.path, "tunarr"), { countingA: "/media/a.mkv", countingB: "/media/b.mkv", bumper: "/media/bumper.mkv" });
    // A lineup file outside the lineups folder that a path built from the id would reach.
    fs.writeFileSync(path.join(work.path, "outside.json"), JSON.stringify({ items: [{ type: "flex", durationMs: 1000 }] }));
    const outside = path.relative(path.join(dir, "channel-lineups"), path.join(work.path, "outside"));
    await sql(path.join(dir, "db.db"), `UPDATE channel SET uuid = '${outside}' WHERE number = 9; UPDATE channel SET number = '../../4' WHERE number = 4`);
    const plan = await readTunarrFolder(dir);
    expect(plan.channels).toEqual([]);
    expect(plan.problems).toEqual([
      `channel "Lost Films": its id ${JSON.stringify(outside)} is not a UUID; skipped`,
      `channel "Tunarr Movies": its number "../../4" is not a whole number; skipped`,
    ]);
  });

  it("dizqueTV: a channel file whose number is not a whole number is skipped", () => {
    const dir = path.join(work.path, "dizquetv");
    fs.mkdirSync(path.join(dir, "channels"), { recursive: true });
    const channel = (number: unknown) => JSON.stringify({ number, name: `Channel ${String(number)}`, startTime: "2026-01-01T00:00:00.000Z", programs: [] });
    fs.writeFileSync(path.join(dir, "channels", "1.json"), channel("../../../tmp/x"));
    fs.writeFileSync(path.join(dir, "channels", "2.json"), channel(2.5));
    fs.writeFileSync(path.join(dir, "channels", "3.json"), channel(3));
    const plan = readDizqueFolder(dir);
    expect(plan.channels.map((c) => c.number)).toEqual([3]);
    expect(plan.problems).toEqual([
      `${path.join(dir, "channels", "1.json")}: its number "../../../tmp/x" is not a whole number; skipped`,
      `${path.join(dir, "channels", "2.json")}: its number "2.5" is not a whole number; skipped`,
    ]);
  });
});
