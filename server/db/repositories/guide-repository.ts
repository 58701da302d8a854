import { EntityManager } from "typeorm";
import type { ExternalItemMetadata } from "../entities/playout";
import { rawQuery } from "../raw-query";
import { sqlDialect } from "../sql-dialect";

/** A playout item as the guide sees it; its media's metadata comes apart (`GuideMediaRow`). */
export interface GuideItemRow {
  start: number;
  finish: number;
  guideStart: number | null;
  guideFinish: number | null;
  guideGroup: number;
  fillerKind: string;
  customTitle: string | null;
  hiddenFromGuide: boolean;
  externalMetadata: ExternalItemMetadata | null;
  mediaItemId: number | null;
}

/** A media item with its season and show: everything a programme shows of it. */
export interface GuideMediaRow {
  id: number;
  kind: string;
  title: string | null;
  plot: string | null;
  releaseDate: string | null;
  year: number | null;
  contentRating: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  seasonId: number | null;
  parentSeasonNumber: number | null;
  showId: number | null;
  showTitle: string | null;
  showPlot: string | null;
  showContentRating: string | null;
}

/** Batched lookups the guide needs for many media items at once, and its cache-invalidation stamp. */
export class GuideRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Items of a playout overlapping [from, to) in start order (one query). Rows come back as one JSON
   * array built by the database and parsed at once, then made into objects of one shape: these are
   * several times faster to read than the per-row objects of the sqlite3 driver (its rows are
   * dictionary-mode objects), and a week of guide for a hundred channels reads tens of thousands of them. The media's metadata is read
   * apart (`mediaBetween`): a channel plays the same few dozen items over and over in a week.
   */
  async itemsBetween(playoutId: number, from: number, to: number): Promise<GuideItemRow[]> {
    const d = sqlDialect(this.manager);
    // Positional arrays, not objects: the keys would be most of the JSON the database builds and the server parses.
    const values = [`r."start"`, `r."finish"`, `r."guideStart"`, `r."guideFinish"`, `r."guideGroup"`, `r."fillerKind"`, `r."customTitle"`, d.jsonBoolean(`r."hiddenFromGuide"`), d.embedJson(`r."externalMetadata"`), `r."mediaItemId"`];
    const [row] = await rawQuery<{ rows: string }>(
      this.manager,
      `SELECT ${d.jsonArrayAgg(d.jsonArray(values), `r."start"`)} AS "rows"
         FROM (SELECT pi."start", pi."finish", pi."guideStart", pi."guideFinish", pi."guideGroup", pi."fillerKind", pi."customTitle",
                      pi."hiddenFromGuide", pi."externalMetadata", pi."mediaItemId"
                 FROM "playout_item" pi
                WHERE ${ITEMS_BETWEEN}) AS r`,
      [playoutId, from, to],
    );
    const tuples = JSON.parse(row.rows) as Array<[number, number, number | null, number | null, number, string, string | null, boolean, ExternalItemMetadata | null, number | null]>;
    return tuples.map(([start, finish, guideStart, guideFinish, guideGroup, fillerKind, customTitle, hiddenFromGuide, externalMetadata, mediaItemId]) => ({
      start,
      finish,
      guideStart,
      guideFinish,
      guideGroup,
      fillerKind,
      customTitle,
      hiddenFromGuide,
      externalMetadata,
      mediaItemId,
    }));
  }

  /** The media items `itemsBetween` plays, each once, with their seasons and shows (one query). */
  async mediaBetween(playoutId: number, from: number, to: number): Promise<GuideMediaRow[]> {
    const d = sqlDialect(this.manager);
    const fields = ["id", "kind", "title", "plot", "releaseDate", "year", "contentRating", "seasonNumber", "episodeNumber", "seasonId", "parentSeasonNumber", "showId", "showTitle", "showPlot", "showContentRating"].map(column);
    const [row] = await rawQuery<{ rows: string }>(
      this.manager,
      `SELECT ${d.jsonArrayAgg(d.jsonObject(fields))} AS "rows"
         FROM (SELECT mi."id", mi."kind", mi."title", mi."plot", mi."releaseDate", mi."year", mi."contentRating", mi."seasonNumber", mi."episodeNumber",
                      season."id" AS "seasonId", season."seasonNumber" AS "parentSeasonNumber",
                      show."id" AS "showId", show."title" AS "showTitle", show."plot" AS "showPlot", show."contentRating" AS "showContentRating"
                 FROM "media_item" mi
                 LEFT JOIN "media_item" season ON season."id" = mi."parentId" AND mi."kind" = 'Episode'
                 LEFT JOIN "media_item" show ON show."id" = season."parentId"
                WHERE mi."id" IN (SELECT DISTINCT pi."mediaItemId" FROM "playout_item" pi WHERE ${ITEMS_BETWEEN} AND pi."mediaItemId" IS NOT NULL)) AS r`,
      [playoutId, from, to],
    );
    return JSON.parse(row.rows) as GuideMediaRow[];
  }

  /** Genre names per item, for the items given. */
  async genresOf(itemIds: readonly number[]): Promise<Map<number, string[]>> {
    const result = new Map<number, string[]>();
    for (const chunk of chunks(itemIds)) {
      const tags = await rawQuery<{ mediaItemId: number; name: string }>(
        this.manager,
        `SELECT "mediaItemId", "name" FROM "media_tag" WHERE "kind" = 'genre' AND "mediaItemId" IN (${chunk.map(() => "?").join(",")}) ORDER BY "id"`,
        chunk,
      );
      for (const tag of tags) result.set(tag.mediaItemId, [...(result.get(tag.mediaItemId) ?? []), tag.name]);
    }
    return result;
  }

  /** Cached artwork per item (kind, lower case → cache key), for the items given. */
  async artworkOf(itemIds: readonly number[]): Promise<Map<number, Map<string, string>>> {
    const result = new Map<number, Map<string, string>>();
    for (const chunk of chunks(itemIds)) {
      const rows = await rawQuery<{ mediaItemId: number; kind: string; cacheKey: string }>(
        this.manager,
        `SELECT "mediaItemId", "kind", "cacheKey" FROM "artwork" WHERE "mediaItemId" IN (${chunk.map(() => "?").join(",")}) ORDER BY "id"`,
        chunk,
      );
      for (const row of rows) {
        const byKind = result.get(row.mediaItemId) ?? new Map<string, string>();
        if (!byKind.has(row.kind.toLowerCase())) byKind.set(row.kind.toLowerCase(), row.cacheKey);
        result.set(row.mediaItemId, byKind);
      }
    }
    return result;
  }

  /**
   * Latest metadata change of the media a playout plays (the items, their seasons and shows): the
   * scanner moves `updatedAt` whenever an item's metadata, tags or artwork change.
   */
  async mediaStamp(playoutId: number): Promise<number> {
    const [row] = await rawQuery<{ stamp: number | null }>(
      this.manager,
      `WITH items AS (SELECT DISTINCT "mediaItemId" AS id FROM "playout_item" WHERE "playoutId" = ? AND "mediaItemId" IS NOT NULL)
       SELECT ${sqlDialect(this.manager).greatest([`COALESCE(show."updatedAt", 0)`, `COALESCE(season."updatedAt", 0)`, `item."updatedAt"`])} AS stamp
         FROM items JOIN "media_item" item ON item."id" = items.id
         LEFT JOIN "media_item" season ON season."id" = item."parentId"
         LEFT JOIN "media_item" show ON show."id" = season."parentId"
        ORDER BY stamp DESC LIMIT 1`,
      [playoutId],
    );
    return row?.stamp ?? 0;
  }
}

/** The playout items overlapping [from, to): parameters playout id, from, to. */
const ITEMS_BETWEEN = `pi."playoutId" = ? AND pi."finish" > ? AND pi."start" < ?`;

/** A column of the subquery `r`, for jsonObject. */
function column(name: string): [string, string] {
  return [name, `r."${name}"`];
}

function chunks(ids: readonly number[], size = 500): number[][] {
  const result: number[][] = [];
  for (let i = 0; i < ids.length; i += size) result.push(ids.slice(i, i + size));
  return result;
}
