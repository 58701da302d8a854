import "reflect-metadata";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Database } from "../../server/db/database";
import { restoreSnapshot } from "../../server/db/snapshot";
import { createServices } from "../../server/services";
import { makeTempDir } from "../support/temp-dir";
import { NO_SCANS } from "../support/test-services";
import { clock, guide, HOUR, library, MIN, server, setUp, wiring } from "./support/moving-setup";

/**
 * A restored backup continues the timelines it holds (issue #32 part 4): the backup is the database with its
 * built items and builder states, so a data folder restored from it and started a minute later plays what the
 * old server plays, programme for programme, then and days later. SQLite only: PostgreSQL is backed up with pg_dump.
 */
const closing: Database[] = [];
afterEach(async () => {
  for (const db of closing.splice(0)) await db.close();
});

describe("a backup restored into another data folder", { timeout: 240_000 }, () => {
  it("continues every timeline: the guide after the restore equals the guide before the backup, and both go on the same", async () => {
    clock.now = Date.UTC(2030, 2, 4, 13, 17, 29);
    const old = await server();
    await setUp(old, await library(old), "Shuffle");
    const before = await guide(old);
    expect(before.length).toBeGreaterThan(100);
    const backup = await old.services.backups.create("manual");

    const dataDir = makeTempDir();
    await restoreSnapshot(path.join(old.dataDir, "backups", backup.name), dataDir);
    const db = await Database.open(dataDir);
    closing.push(db);
    const restored = createServices(db, { ...wiring(dataDir), dataDir, scans: NO_SCANS });
    // At the moment of the backup the restored folder shows the same guide…
    expect(await guide({ services: restored })).toEqual(before);
    // …and started a minute later (its start-up Continue build), the same as the old server's.
    clock.now += MIN;
    for (const services of [old.services, restored]) for (const result of await services.playouts.continueAll()) expect(result.success, result.message).toBe(true);
    expect(await guide({ services: restored })).toEqual(await guide(old));
    expect((await restored.playouts.list()).map((p) => p.lastBuildMessage)).not.toContainEqual(expect.stringMatching(/changed|rebuilt/));
    for (let step = 0; step < 3; step++) {
      clock.now += 25 * HOUR;
      for (const services of [old.services, restored]) for (const result of await services.playouts.continueAll()) expect(result.success, result.message).toBe(true);
    }
    expect(await guide({ services: restored })).toEqual(await guide(old));
  });
});
