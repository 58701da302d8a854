import { EntityManager, In } from "typeorm";
import { Collection, CollectionItem } from "../entities/collection";
import { Library } from "../entities/library";
import { LibraryPath } from "../entities/library-path";
import { MediaItem } from "../entities/media-item";
import { MediaSource, MediaSourceCollection, MediaSourceLibrary } from "../entities/media-source";
import { MediaVersion } from "../entities/media-version";
import { rawQuery } from "../raw-query";
import { isStoredId } from "./stored-id";

/** A source-bound library with its one library path. */
export interface BoundLibrary {
  binding: MediaSourceLibrary;
  library: Library;
  pathId: number;
}

/** What the sync knows of a library path's items: local id, kind and the server's updated-at, by remote id. */
export interface KnownRemoteItem {
  id: number;
  kind: string;
  remoteUpdatedAt: number | null;
}

/** Media sources, the libraries and collections bound to them, and remote ids of synced items. */
export class MediaSourceRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<MediaSource[]> {
    return this.manager.find(MediaSource, { order: { name: "ASC" } });
  }

  findById(id: number): Promise<MediaSource | null> {
    return isStoredId(id) ? this.manager.findOneBy(MediaSource, { id }) : Promise.resolve(null);
  }

  findByName(name: string): Promise<MediaSource | null> {
    return this.manager.createQueryBuilder(MediaSource, "s").where("s.name = :name COLLATE NOCASE", { name }).getOne();
  }

  save(source: MediaSource): Promise<MediaSource> {
    return this.manager.save(MediaSource, source);
  }

  /** Deletes the source with the Airwave libraries and collections bound to it (their items go with them). */
  async delete(id: number): Promise<void> {
    const libraryIds = (await this.manager.findBy(MediaSourceLibrary, { mediaSourceId: id })).map((b) => b.libraryId);
    const collectionIds = (await this.manager.findBy(MediaSourceCollection, { mediaSourceId: id })).map((b) => b.collectionId);
    if (libraryIds.length) await this.manager.delete(Library, { id: In(libraryIds) });
    if (collectionIds.length) await this.manager.delete(Collection, { id: In(collectionIds) });
    await this.manager.delete(MediaSource, { id });
  }

  bindings(sourceId: number): Promise<MediaSourceLibrary[]> {
    return this.manager.find(MediaSourceLibrary, { where: { mediaSourceId: sourceId }, order: { id: "ASC" } });
  }

  async boundLibrary(libraryId: number): Promise<BoundLibrary | null> {
    const binding = await this.manager.findOneBy(MediaSourceLibrary, { libraryId });
    if (!binding) return null;
    const library = await this.manager.findOneByOrFail(Library, { id: libraryId });
    const path = await this.manager.findOneByOrFail(LibraryPath, { libraryId });
    return { binding, library, pathId: path.id };
  }

  /** Creates the Airwave library (one library path naming the source) bound to a server library. */
  async bindLibrary(sourceId: number, remoteLibraryId: string, library: Library, locator: string): Promise<Library> {
    const saved = await this.manager.save(Library, library);
    await this.manager.insert(LibraryPath, { libraryId: saved.id, path: locator, lastScan: null });
    await this.manager.insert(MediaSourceLibrary, { mediaSourceId: sourceId, libraryId: saved.id, remoteLibraryId, syncedThrough: null });
    return saved;
  }

  async setSyncedThrough(libraryId: number, syncedThrough: number | null): Promise<void> {
    await this.manager.update(MediaSourceLibrary, { libraryId }, { syncedThrough });
  }

  /** Every item of the library path that came from the server, by remote id. */
  async knownItems(libraryPathId: number): Promise<Map<string, KnownRemoteItem>> {
    const rows = (await rawQuery(this.manager, `SELECT "id", "kind", "remoteId", "remoteUpdatedAt" FROM "media_item" WHERE "libraryPathId" = ? AND "remoteId" IS NOT NULL`, [libraryPathId])) as Array<KnownRemoteItem & { remoteId: string }>;
    return new Map(rows.map((r) => [r.remoteId, { id: r.id, kind: r.kind, remoteUpdatedAt: r.remoteUpdatedAt }]));
  }

  /** Marks an item as the server's (and each of its versions, by path, with the server path and stream key). */
  async markRemote(itemId: number, remoteId: string, remoteUpdatedAt: number | null, files: ReadonlyArray<{ path: string; remotePath: string | null; remoteKey: string | null }> = []): Promise<void> {
    await this.manager.update(MediaItem, { id: itemId }, { remoteId, remoteUpdatedAt });
    for (const { path, remotePath, remoteKey } of files) await this.manager.update(MediaVersion, { mediaItemId: itemId, path }, { remotePath, remoteKey });
  }

  /** The source, server path and stream key of a synced file (null for local files). */
  async remoteFile(versionPath: string): Promise<{ source: MediaSource; remotePath: string | null; remoteKey: string | null } | null> {
    const row = (await rawQuery(this.manager, 
      `SELECT msl."mediaSourceId" AS "sourceId", v."remotePath" AS "remotePath", v."remoteKey" AS "remoteKey"
         FROM "media_version" v JOIN "media_item" i ON i."id" = v."mediaItemId" JOIN "library_path" lp ON lp."id" = i."libraryPathId"
         JOIN "media_source_library" msl ON msl."libraryId" = lp."libraryId" WHERE v."path" = ?`,
      [versionPath],
    )) as Array<{ sourceId: number; remotePath: string | null; remoteKey: string | null }>;
    if (!row.length) return null;
    const source = await this.findById(row[0].sourceId);
    return source ? { source, remotePath: row[0].remotePath, remoteKey: row[0].remoteKey } : null;
  }

  collectionBindings(sourceId: number): Promise<MediaSourceCollection[]> {
    return this.manager.find(MediaSourceCollection, { where: { mediaSourceId: sourceId }, order: { id: "ASC" } });
  }

  async bindCollection(sourceId: number, remoteKind: string, remoteId: string, name: string): Promise<Collection> {
    const collection = await this.manager.save(Collection, Object.assign(new Collection(), { name, useCustomPlaybackOrder: true }));
    await this.manager.insert(MediaSourceCollection, { mediaSourceId: sourceId, collectionId: collection.id, remoteKind, remoteId });
    return collection;
  }

  /** Replaces a mirrored collection's members with the items of the source having these remote ids, in order. */
  async replaceCollectionItems(sourceId: number, collectionId: number, remoteIds: readonly string[]): Promise<number> {
    const byRemote = new Map<string, number>();
    for (let i = 0; i < remoteIds.length; i += 500) {
      const chunk = remoteIds.slice(i, i + 500);
      const rows = (await rawQuery(this.manager, 
        `SELECT i."id" AS "id", i."remoteId" AS "remoteId" FROM "media_item" i JOIN "library_path" lp ON lp."id" = i."libraryPathId"
           JOIN "media_source_library" msl ON msl."libraryId" = lp."libraryId"
          WHERE msl."mediaSourceId" = ? AND i."remoteId" IN (${chunk.map(() => "?").join(",")})`,
        [sourceId, ...chunk],
      )) as Array<{ id: number; remoteId: string }>;
      for (const row of rows) byRemote.set(row.remoteId, row.id);
    }
    await this.manager.delete(CollectionItem, { collectionId });
    const ids = [...new Set(remoteIds.flatMap((r) => byRemote.get(r) ?? []))];
    for (let i = 0; i < ids.length; i += 200) {
      await this.manager.insert(CollectionItem, ids.slice(i, i + 200).map((mediaItemId, j) => ({ collectionId, mediaItemId, customIndex: i + j })));
    }
    return ids.length;
  }

  /** Every stored credential (for log redaction). */
  async credentials(): Promise<string[]> {
    return (await this.manager.find(MediaSource, { select: { credential: true } })).map((s) => s.credential);
  }
}
