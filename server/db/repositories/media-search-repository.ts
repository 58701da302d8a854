import type { EntityManager } from "typeorm";
import { MediaItemKind, MediaItemState } from "../../domain/enums";
import type { SearchNode } from "../search/ast";
import { compileSearchQuery, type CompileOptions, type SqlFragment, type SqlParam } from "../search/compile";
import { databaseKindOf, rawQuery } from "../raw-query";

export interface MediaSearchOptions extends CompileOptions {
  /** Only items of these kinds (all kinds when left out or empty). */
  kinds?: readonly MediaItemKind[];
  /** Trashed items are left out unless this is true. */
  includeTrashed?: boolean;
}

export interface MediaSearchPageOptions extends MediaSearchOptions {
  /** 0-based. */
  pageNumber: number;
  pageSize: number;
}

export interface MediaSearchPage {
  totalCount: number;
  ids: number[];
}

/**
 * Runs search queries (already parsed and smart-collection-expanded, see `server/services/search`)
 * against the library. Results are ordered by sort title, then id.
 */
export class MediaSearchRepository {
  constructor(private readonly manager: EntityManager) {}

  async search(query: SearchNode, options: MediaSearchPageOptions): Promise<MediaSearchPage> {
    const { pageNumber, pageSize } = options;
    if (!Number.isInteger(pageNumber) || pageNumber < 0) throw new RangeError("pageNumber must be a whole number from 0");
    if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError("pageSize must be a whole number from 1");
    const where = this.where(query, options);
    // One pass finds the matches, counts them (window function) and cuts the page.
    const rows = (await rawQuery(this.manager, 
      `SELECT mi."id" AS "id", COUNT(*) OVER () AS "total" FROM "media_item" mi WHERE ${where.sql} ORDER BY ${this.bySortTitle()} LIMIT ? OFFSET ?`,
      [...where.params, pageSize, pageNumber * pageSize],
    )) as Array<{ id: number; total: number }>;
    if (rows.length) return { totalCount: rows[0].total, ids: rows.map((row) => row.id) };
    // A page past the end has no row to carry the count.
    const [{ total }] = (await rawQuery(this.manager, `SELECT COUNT(*) AS "total" FROM "media_item" mi WHERE ${where.sql}`, where.params)) as Array<{ total: number }>;
    return { totalCount: total, ids: [] };
  }

  /** Every matching id, ordered by sort title, then id. */
  async ids(query: SearchNode, options: MediaSearchOptions): Promise<number[]> {
    const where = this.where(query, options);
    const rows = (await rawQuery(this.manager, `SELECT mi."id" AS "id" FROM "media_item" mi WHERE ${where.sql} ORDER BY ${this.bySortTitle()}`, where.params)) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  /** Byte order on both databases, whatever collation a PostgreSQL database was created with. */
  private bySortTitle(): string {
    return databaseKindOf(this.manager) === "postgres" ? `mi."sortTitle" COLLATE "C", mi."id"` : `mi."sortTitle", mi."id"`;
  }

  private where(query: SearchNode, options: MediaSearchOptions): SqlFragment {
    const compiled = compileSearchQuery(query, { ...options, database: databaseKindOf(this.manager) });
    const conditions = [compiled.sql];
    const params: SqlParam[] = [...compiled.params];
    if (!options.includeTrashed) {
      conditions.push(`mi."state" <> ?`);
      params.push(MediaItemState.Trashed);
    }
    if (options.kinds?.length) {
      conditions.push(`mi."kind" IN (${options.kinds.map(() => "?").join(", ")})`);
      params.push(...options.kinds);
    }
    return { sql: conditions.map((condition) => `(${condition})`).join(" AND "), params };
  }
}
