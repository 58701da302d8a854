import type { EntityManager } from "typeorm";
import { MediaItemKind, MediaItemState } from "../../domain/enums";
import { rawQuery } from "../raw-query";
import { PLAYABLE_KINDS } from "./playout-content-repository";

const kindList = PLAYABLE_KINDS.map((k) => `'${k}'`).join(", ");

/** What a library holds, by the names people group it by: networks, genres, decades, shows (for channels made for you). */
export class CatalogRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Distinct names of a tag kind (`studio`, `genre`) on items that are not trashed, each spelled as first stored. */
  async tagNames(kind: "studio" | "genre"): Promise<string[]> {
    const rows = await rawQuery<{ name: string }>(
      this.manager,
      `SELECT MIN(t."name") AS "name" FROM "media_tag" t JOIN "media_item" mi ON mi."id" = t."mediaItemId"
        WHERE t."kind" = ? AND mi."state" <> ? GROUP BY LOWER(t."name") ORDER BY LOWER(MIN(t."name"))`,
      [kind, MediaItemState.Trashed],
    );
    return rows.map((r) => r.name);
  }

  /** The decades (1980, 1990, …) in which playable items that are not trashed were released. */
  async decades(): Promise<number[]> {
    const rows = await rawQuery<{ decade: number | string }>(
      this.manager,
      `SELECT DISTINCT ("year" / 10) * 10 AS "decade" FROM "media_item"
        WHERE "year" IS NOT NULL AND "year" > 0 AND "kind" IN (${kindList}) AND "state" <> ? ORDER BY 1`,
      [MediaItemState.Trashed],
    );
    return rows.map((r) => Number(r.decade));
  }

  /** Every show that is not trashed, by sort title. */
  async shows(): Promise<Array<{ id: number; title: string }>> {
    const rows = await rawQuery<{ id: number | string; title: string }>(
      this.manager,
      `SELECT "id", "title" FROM "media_item" WHERE "kind" = ? AND "state" <> ? ORDER BY LOWER("sortTitle"), "id"`,
      [MediaItemKind.Show, MediaItemState.Trashed],
    );
    return rows.map((r) => ({ id: Number(r.id), title: r.title }));
  }
}
