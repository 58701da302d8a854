import type { EntityManager } from "typeorm";
import type { ScannedArtwork } from "../../domain/scan-protocol";
import { Artwork } from "../entities/media-metadata";
import { rawQuery } from "../raw-query";

/** One cached picture of an item, as the API and the guide read it. */
export interface ArtworkRow {
  mediaItemId: number;
  kind: string;
  cacheKey: string;
  listKey: string | null;
}

/** Items' artwork rows (the cache files themselves belong to the artwork cache folder). */
export class ArtworkRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Replaces an item's artwork with what a scan found (an empty list drops it all). */
  async replace(mediaItemId: number, artwork: readonly ScannedArtwork[]): Promise<void> {
    await this.manager.delete(Artwork, { mediaItemId });
    if (artwork.length) {
      await this.manager.insert(Artwork, artwork.map((a) => ({ mediaItemId, kind: a.kind, cacheKey: a.cacheKey, listKey: a.listKey ?? null, sourcePath: a.sourcePath ?? null })));
    }
  }

  /** Artwork of many items (one query per 500), in insertion order per item. */
  async ofItems(itemIds: readonly number[]): Promise<ArtworkRow[]> {
    const rows: ArtworkRow[] = [];
    const unique = [...new Set(itemIds)];
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      rows.push(
        ...((await rawQuery(this.manager, 
          `SELECT "mediaItemId", "kind", "cacheKey", "listKey" FROM "artwork" WHERE "mediaItemId" IN (${chunk.map(() => "?").join(",")}) ORDER BY "id"`,
          chunk,
        )) as ArtworkRow[]),
      );
    }
    return rows;
  }

  /** Ids of the items above each item (season → show, episode → season → show), nearest first. */
  async ancestorsOf(itemIds: readonly number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>();
    const unique = [...new Set(itemIds)];
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      const rows = (await rawQuery(this.manager, 
        `SELECT i."id" AS "id", i."parentId" AS "parent", p."parentId" AS "grandparent" FROM "media_item" i LEFT JOIN "media_item" p ON p."id" = i."parentId"
          WHERE i."id" IN (${chunk.map(() => "?").join(",")})`,
        chunk,
      )) as Array<{ id: number; parent: number | null; grandparent: number | null }>;
      for (const row of rows) result.set(row.id, [row.parent, row.grandparent].filter((id): id is number => id !== null));
    }
    return result;
  }

  /** Cache keys (full and list copies) some item still references. */
  async referencedKeys(): Promise<Set<string>> {
    const rows = await this.manager.find(Artwork, { select: { cacheKey: true, listKey: true } });
    const keys = new Set<string>();
    for (const row of rows) {
      keys.add(row.cacheKey);
      if (row.listKey) keys.add(row.listKey);
    }
    return keys;
  }
}
