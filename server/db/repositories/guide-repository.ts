import { EntityManager } from "typeorm";
import type { ExternalItemMetadata } from "../entities/playout";
import { rawQuery } from "../raw-query";
import { sqlDialect } from "../sql-dialect";

/**
 * A playout item as the guide sees it, positional: start, finish, guideStart, guideFinish, guideGroup,
 * fillerKind, customTitle, hiddenFromGuide, externalMetadata, mediaItemId. Its media's metadata comes
 * apart (`GuideMediaRow`).
 */
export type GuideItemTuple = [number, number, number | null, number | null, number, string, string | null, boolean, ExternalItemMetadata | null, number | null];

/** A media item with its season and show, genres and cached artwork: everything a programme shows of it. */
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
  parentSeasonNumber: number | null;
  showTitle: string | null;
  showPlot: string | null;
  showContentRating: string | null;
  /** Genre names in the order they were tagged: the show's for an episode, else the item's own. */
  genres: string[];
  /** [kind, cache key] in the order they were stored: the item's own, its season's and its show's (null without one). */
  artwork: Array<[string, string]>;
  seasonArtwork: Array<[string, string]> | null;
  showArtwork: Array<[string, string]> | null;
}

/** What `channelGuide` reads: the items in start order (as the index gives them) and the media they play. */
export interface GuideRead {
  items: GuideItemTuple[];
  media: GuideMediaRow[];
}

/** Batched lookups the guide needs for many media items at once, and its cache-invalidation stamp. */
export class GuideRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Everything a channel's guide shows over [from, to), in one statement: the playout items overlapping
   * it, and the media they play (each once) with season, show, genres and artwork. Each part comes back
   * as one JSON text built by the database and parsed at once (several times faster to read than the
   * sqlite3 driver's per-row objects, which are dictionary-mode); items as positional arrays, since keys
   * would be most of the JSON. A channel plays the same few dozen media items over and over in a week,
   * so their metadata is read once each, apart from the items.
   *
   * Written for SQLite's planner, profiled on a 100-channel guide: every temporary b-tree (an
   * aggregate's ORDER BY, DISTINCT, a materialized CTE, a UNION, an `IN` list) opens a pager of its own
   * and allocates its pages, and that was most of the query's time. So the items are not sorted here (the
   * index gives them by start, and the guide's grouping sorts what is not in order), genres and artwork
   * are correlated lookups of one item each, which come in id order without a sort, and the only
   * temporary b-tree is the set of media ids.
   */
  async channelGuide(playoutId: number, from: number, to: number): Promise<GuideRead> {
    const d = sqlDialect(this.manager);
    const inWindow = `pi."playoutId" = ?1 AND pi."finish" > ?2 AND pi."start" < ?3`;
    const itemValues = [`pi."start"`, `pi."finish"`, `pi."guideStart"`, `pi."guideFinish"`, `pi."guideGroup"`, `pi."fillerKind"`, `pi."customTitle"`, d.jsonBoolean(`pi."hiddenFromGuide"`), d.embedJson(`pi."externalMetadata"`), `pi."mediaItemId"`];
    const artworkOf = (id: string) => d.embedJson(`(SELECT ${d.jsonArrayAggInRowidOrder(d.jsonArray([`a."kind"`, `a."cacheKey"`]), `a."id"`)} FROM "artwork" a WHERE a."mediaItemId" = ${id})`);
    const mediaFields: Array<[string, string]> = [
      ["id", `mi."id"`],
      ["kind", `mi."kind"`],
      ["title", `mi."title"`],
      ["plot", `mi."plot"`],
      ["releaseDate", `mi."releaseDate"`],
      ["year", `mi."year"`],
      ["contentRating", `mi."contentRating"`],
      ["seasonNumber", `mi."seasonNumber"`],
      ["episodeNumber", `mi."episodeNumber"`],
      ["parentSeasonNumber", `season."seasonNumber"`],
      ["showTitle", `show."title"`],
      ["showPlot", `show."plot"`],
      ["showContentRating", `show."contentRating"`],
      [
        "genres",
        d.embedJson(
          `(SELECT ${d.jsonArrayAggInRowidOrder(`t."name"`, `t."id"`)} FROM "media_tag" t
             WHERE t."mediaItemId" = (CASE WHEN mi."kind" = 'Episode' THEN show."id" ELSE mi."id" END) AND ${d.unindexed(`t."kind"`)} = 'genre')`,
        ),
      ],
      ["artwork", artworkOf(`mi."id"`)],
      ["seasonArtwork", `CASE WHEN season."id" IS NULL THEN NULL ELSE ${artworkOf(`season."id"`)} END`],
      ["showArtwork", `CASE WHEN show."id" IS NULL THEN NULL ELSE ${artworkOf(`show."id"`)} END`],
    ];
    const [row] = await rawQuery<{ items: string; media: string }>(
      this.manager,
      `SELECT (SELECT ${d.jsonArrayAgg(d.jsonArray(itemValues))} FROM "playout_item" pi WHERE ${inWindow}) AS "items",
              (SELECT ${d.jsonArrayAgg(d.jsonObject(mediaFields))}
                 FROM "media_item" mi
                 LEFT JOIN "media_item" season ON season."id" = mi."parentId" AND mi."kind" = 'Episode'
                 LEFT JOIN "media_item" show ON show."id" = season."parentId"
                WHERE mi."id" IN (SELECT pi."mediaItemId" FROM "playout_item" pi WHERE ${inWindow})) AS "media"`,
      [playoutId, from, to],
    );
    return { items: JSON.parse(row!.items) as GuideItemTuple[], media: JSON.parse(row!.media) as GuideMediaRow[] };
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
