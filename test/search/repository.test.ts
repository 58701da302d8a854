import { afterEach, describe, expect, it } from "vitest";
import { MediaItem } from "../../server/db/entities/media-item";
import { MediaTag } from "../../server/db/entities/media-metadata";
import { MediaSearchRepository } from "../../server/db/repositories/media-search-repository";
import { MediaItemKind } from "../../server/domain/enums";
import { parseSearchQuery } from "../../server/services/search";
import { MIGRATIONS_BEFORE_SEARCH, openTempDatabase, removeDir, SEARCH_MIGRATIONS, type TempDatabase } from "./fixture";
import { NOW, seedSearchLibrary, type SeededLibrary } from "./library";

const opened: TempDatabase[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) {
    await db.close();
    removeDir(db.dir);
  }
});

async function seeded(): Promise<{ db: TempDatabase; library: SeededLibrary; repository: MediaSearchRepository }> {
  const db = await openTempDatabase();
  opened.push(db);
  const library = await db.dataSource.transaction((manager) => seedSearchLibrary(manager));
  return { db, library, repository: new MediaSearchRepository(db.dataSource.manager) };
}

const options = { now: NOW, timeZone: "UTC" };

describe("MediaSearchRepository", () => {
  it("pages results in sort-title order with the total count", async () => {
    const { library, repository } = await seeded();
    const id = (key: string) => library.ids.get(key)!;
    const query = parseSearchQuery("type:movie OR type:show");
    expect(await repository.search(query, { ...options, pageNumber: 0, pageSize: 3 })).toEqual({ totalCount: 8, ids: [id("amelie"), id("begins"), id("bb")] });
    expect(await repository.search(query, { ...options, pageNumber: 1, pageSize: 3 })).toEqual({ totalCount: 8, ids: [id("standup"), id("dark"), id("short")] });
    expect(await repository.search(query, { ...options, pageNumber: 2, pageSize: 3 })).toEqual({ totalCount: 8, ids: [id("simpsons"), id("unreleased")] });
    expect(await repository.search(query, { ...options, pageNumber: 3, pageSize: 3 })).toEqual({ totalCount: 8, ids: [] });
    await expect(repository.search(query, { ...options, pageNumber: -1, pageSize: 3 })).rejects.toThrow(RangeError);
    await expect(repository.search(query, { ...options, pageNumber: 0, pageSize: 0 })).rejects.toThrow(RangeError);
  });

  it("restricts to kinds and leaves trashed items out unless asked", async () => {
    const { library, repository } = await seeded();
    const id = (key: string) => library.ids.get(key)!;
    const comedy = parseSearchQuery("genre:comedy");
    expect(await repository.ids(comedy, { ...options, kinds: [MediaItemKind.Movie] })).toEqual([id("amelie"), id("standup")]);
    expect(await repository.ids(comedy, { ...options, kinds: [MediaItemKind.Movie, MediaItemKind.Show] })).toEqual([id("amelie"), id("standup"), id("simpsons")]);
    expect(await repository.ids(comedy, { ...options, kinds: [] })).toEqual([id("amelie"), id("standup"), id("simpsons")]);
    expect(await repository.ids(comedy, { ...options, includeTrashed: true, kinds: [MediaItemKind.Movie] })).toEqual([id("amelie"), id("standup"), id("trashed")]);
    expect(await repository.search(comedy, { ...options, includeTrashed: true, pageNumber: 0, pageSize: 10 })).toMatchObject({ totalCount: 4 });
  });

  it("keeps the full-text indexes in step with inserts, updates and deletes (also cascading ones)", async () => {
    const { db, library, repository } = await seeded();
    const manager = db.dataSource.manager;
    const id = (key: string) => library.ids.get(key)!;
    const find = (query: string) => repository.ids(parseSearchQuery(query), options);

    await manager.update(MediaItem, { id: id("begins") }, { title: "Gotham Rises", plot: "A new plot." });
    expect(await find("title:batman")).toEqual([]);
    expect(await find("gotham")).toEqual([id("begins")]);
    expect(await find("plot:mentor")).toEqual([]);

    const begins = await manager.findOneByOrFail(MediaItem, { id: id("begins") });
    begins.originalTitle = "Der Dunkle Ritter";
    await manager.save(MediaItem, begins);
    expect(await find("ritter")).toEqual([id("begins")]);

    await manager.update(MediaTag, { mediaItemId: id("dark"), name: "Crime" }, { name: "Heist" });
    expect(await find("genre:heist")).toEqual([id("dark")]);
    expect(await find("genre:crime")).toEqual([id("bb")]);

    // Deleting the show cascades to its seasons and episodes, and to their tags.
    await manager.delete(MediaItem, { id: id("simpsons") });
    expect(await find("bart")).toEqual([]);
    expect(await find("genre:animation")).toEqual([]);
    expect(await find("title:*enius")).toEqual([]);
    // FTS5 compares its index with the content tables and throws on any difference.
    await manager.query(`INSERT INTO "media_item_fts"("media_item_fts", "rank") VALUES ('integrity-check', 1)`);
    await manager.query(`INSERT INTO "media_tag_fts"("media_tag_fts", "rank") VALUES ('integrity-check', 1)`);

    await manager.save(MediaItem, Object.assign(new MediaItem(), { ...begins, id: undefined, title: "Brand New Film", sortTitle: "brand new film", originalTitle: null }));
    expect(await find('"brand new"')).toHaveLength(1);
  });

  it("indexes rows that existed before the migration, and the migration can be undone", async () => {
    const before = await openTempDatabase(MIGRATIONS_BEFORE_SEARCH);
    opened.push(before);
    const library = await before.dataSource.transaction((manager) => seedSearchLibrary(manager));
    await before.close();

    const after = await openTempDatabase(SEARCH_MIGRATIONS, before.dir);
    opened.push(after);
    const repository = new MediaSearchRepository(after.dataSource.manager);
    expect(await repository.ids(parseSearchQuery("batman OR genre:crime"), options)).toEqual(["begins", "bb", "dark"].map((key) => library.ids.get(key)!));

    // Undo down to before the search migration: its tables, triggers and indexes go, the data stays.
    const count = async () => (await after.dataSource.query(`SELECT COUNT(*) AS n FROM "sqlite_master" WHERE "name" LIKE '%fts%' OR "name" IN ('IDX_media_item_sort', 'IDX_media_item_kind_parent')`))[0].n;
    expect(await count()).toBeGreaterThan(0);
    while ((await after.dataSource.query(`SELECT "name" FROM "migrations" WHERE "name" LIKE 'MediaSearch%'`)).length) {
      await after.dataSource.undoLastMigration({ transaction: "each" });
    }
    expect(await count()).toBe(0);
    expect((await after.dataSource.query(`SELECT COUNT(*) AS n FROM "media_item"`))[0].n).toBe(19);
    await after.dataSource.query(`UPDATE "media_item" SET "title" = 'still writable'`);
  });
});
