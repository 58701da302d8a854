import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDataSource } from "../../server/db/data-source";
import { FillerWatermark1795337200000 } from "../../server/db/migrations/0005-filler-watermark";
import { makeImage } from "../support/music-fixtures";
import { sqlAll } from "../support/sqlite";
import { useTempDir, useTestServer } from "../support/test-server";

// SQLite only (test/db is not in the postgres project): migration 0005 rebuilds the watermark table the SQLite way.
const images = useTempDir("airwave-watermark-migration-");
/** A small PNG as a client uploads it. */
const logo = () => {
  const file = path.join(images.path, "logo.png");
  makeImage(file, "0x3366cc", "16x16");
  return `data:image/png;base64,${fs.readFileSync(file).toString("base64")}`;
};

describe("migration 0005 (watermark rebuild)", () => {
  // A server of its own: the test stops it and runs the migration down and up on its database file.
  const migrated = useTestServer();

  it("keeps watermarks and the channels that use them, down and up again, with foreign keys back on", async () => {
    const client = migrated.api;
    const mark = await client.post("/api/v1/watermarks", { name: "Kept", imageData: logo(), opacity: 42 });
    expect(mark.status, mark.text).toBe(201);
    const channel = await client.post("/api/v1/channels", { name: "Marked" });
    const file = migrated.dbFile;
    await sqlAll(file, "UPDATE channel SET watermarkId = ? WHERE id = ?", [mark.json.id, channel.json.id]);
    await migrated.stop();

    const dataSource = createDataSource(file);
    await dataSource.initialize();
    try {
      await dataSource.query("PRAGMA foreign_keys = ON");
      const runner = dataSource.createQueryRunner();
      const migration = new FillerWatermark1795337200000();
      await migration.down(runner);
      const columns = (await dataSource.query(`PRAGMA table_info("watermark")`)) as Array<{ name: string; notnull: number }>;
      expect(columns.find((c) => c.name === "imagePath")?.notnull).toBe(1);
      expect(columns.some((c) => c.name === "imageSource")).toBe(false);
      expect(await dataSource.query("SELECT watermarkId FROM channel WHERE id = ?", [channel.json.id])).toEqual([{ watermarkId: mark.json.id }]);
      await migration.up(runner);
      expect(await dataSource.query("SELECT name, imagePath, opacity, imageSource, size, placeWithinSourceContent FROM watermark WHERE id = ?", [mark.json.id])).toEqual([
        { name: "Kept", imagePath: mark.json.imagePath, opacity: 42, imageSource: "Custom", size: "Scaled", placeWithinSourceContent: 0 },
      ]);
      expect(await dataSource.query("SELECT watermarkId FROM channel WHERE id = ?", [channel.json.id])).toEqual([{ watermarkId: mark.json.id }]);
      expect(await dataSource.query("PRAGMA foreign_keys")).toEqual([{ foreign_keys: 1 }]);
      expect(await dataSource.query("PRAGMA foreign_key_check")).toEqual([]);
      await runner.release();
    } finally {
      await dataSource.destroy();
    }
  });
});
