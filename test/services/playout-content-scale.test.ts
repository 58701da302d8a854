import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Database } from "../../server/db/database";
import { PlayoutContentService, type ResolvedPlayoutContent } from "../../server/services/playout-content-service";
import { SmartCollectionService } from "../../server/services/smart-collection-service";
import { Seeder } from "./support/content-seeder";
import { definitionOf, itemsOf } from "./support/playout-content-library";

describe("PlayoutContentService.resolve at library scale", () => {
  let bigDir: string;
  let bigDb: Database;

  afterAll(async () => {
    await bigDb?.close();
    if (bigDir) fs.rmSync(bigDir, { recursive: true, force: true });
  });

  it("resolves a 10,000-episode collection (shows as members) with chapters and guids quickly", async () => {
    bigDir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-playout-content-big-"));
    bigDb = await Database.open(bigDir);
    const s = new Seeder(bigDir);
    try {
      await s.library();
      await s.bulkShows(100, 4, 25);
      await s.run(`INSERT INTO collection (name) VALUES ('All Shows')`);
      await s.run(`INSERT INTO collection_item (collectionId, mediaItemId) SELECT c.id, mi.id FROM collection c, media_item mi WHERE c.name = 'All Shows' AND mi.kind = 'Show'`);
    } finally {
      await s.close();
    }
    const bigService = new PlayoutContentService(bigDb, new SmartCollectionService(bigDb));
    const def = definitionOf(
      [`  - collection: All Shows\n    key: all\n    order: shuffle`, `  - search:\n    key: eps\n    query: "type:episode"\n    order: shuffle`, `  - marathon:\n    key: mara\n    group_by: show\n    guids: [{source: tvdb, value: 10000}, {source: tvdb, value: 10099}]`].join("\n"),
    );
    await bigService.resolve(def); // warm-up (page cache)
    // Best of three: the machine is shared, the minimum is the least noisy estimate.
    let elapsed = Infinity;
    let resolved: ResolvedPlayoutContent | undefined;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      resolved = await bigService.resolve(def);
      elapsed = Math.min(elapsed, performance.now() - started);
    }
    if (!resolved) throw new Error("not resolved");
    const only = definitionOf(`  - collection: All Shows\n    key: all\n    order: shuffle`);
    let onlyMs = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      await bigService.resolve(only);
      onlyMs = Math.min(onlyMs, performance.now() - started);
    }
    expect(resolved.problems).toEqual([]);
    expect(itemsOf(resolved, "all")).toHaveLength(10_000);
    expect(itemsOf(resolved, "all")[0]?.chapters).toHaveLength(2);
    expect(itemsOf(resolved, "all")[0]?.guids).toHaveLength(1);
    expect(itemsOf(resolved, "mara")).toHaveLength(200);
    expect(itemsOf(resolved, "eps")).toHaveLength(10_000);
    // Generous for 2 shared cores; measured locally well under 200 ms.
    expect(elapsed).toBeLessThan(1_000);
    expect(onlyMs).toBeLessThan(1_000);
  }, 120_000);
});
