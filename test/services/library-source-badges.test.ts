import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LibraryKind } from "../../server/domain/enums";
import { createTestServices, type TestServices } from "../support/test-services";
import { makeTempDir } from "../support/temp-dir";

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t?.close());

describe("source badges: which media source a library path belongs to", () => {
  it("names the source of a synced library's paths and nothing for a local library", async () => {
    const synced = await t.services.libraries.create({ name: "From Plex", kind: LibraryKind.Shows, paths: [makeTempDir()] });
    const local = await t.services.libraries.create({ name: "Local", kind: LibraryKind.Movies, paths: [makeTempDir()] });
    const sourceId = await t.insert(`INSERT INTO "media_source" ("name", "kind", "url", "credential") VALUES ('Living room', 'Plex', 'http://127.0.0.1:32400', 'secret')`);
    await t.insert(`INSERT INTO "media_source_library" ("mediaSourceId", "libraryId", "remoteLibraryId") VALUES (?, ?, '2')`, [sourceId, synced.library.id]);
    const syncedPath = synced.library.paths![0].id;
    const localPath = local.library.paths![0].id;

    const sources = await t.services.libraries.sourcesOfPaths([syncedPath, localPath]);
    expect(sources.get(syncedPath)).toEqual({ id: sourceId, name: "Living room", kind: "Plex" });
    expect(sources.has(localPath)).toBe(false);
    expect(JSON.stringify([...sources.values()])).not.toContain("secret");
    expect((await t.services.libraries.sourcesOfPaths([])).size).toBe(0);
  });
});
