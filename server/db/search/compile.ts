import { DateTime } from "luxon";
import { MediaItemKind, MediaStreamKind } from "../../domain/enums";
import type { DateNode, NumberNode, SearchNode, TextField, TextNode, TextValue } from "./ast";
import type { DatabaseKind } from "../raw-query";
import { fullTextFor, type FullText } from "./full-text";
import { join, raw, sql, type SqlFragment } from "./sql-fragment";
import { likePattern } from "./text";

export type { SqlFragment, SqlParam } from "./sql-fragment";

export interface CompileOptions {
  /** The clock for relative dates (`added_inthelast`, `released_onthisday`): epoch ms or a Date. */
  now: number | Date;
  /** IANA zone whose calendar days date values mean; the system's zone if left out. */
  timeZone?: string;
  /** The database the SQL is for (full-text search and case-insensitive patterns differ); SQLite if left out. */
  database?: DatabaseKind;
}


const TRUE = sql`TRUE`;
const FALSE = sql`FALSE`;

/** Every item row is `mi`; nested show rows use their own aliases. */
const ITEM = "mi";

/**
 * Compiles a (smart-collection-expanded) query into one SQL boolean expression over
 * `media_item mi`. Every user value is a bound parameter. Each leaf yields 0 or 1, never NULL, so
 * `NOT` means "everything else". A clause with nothing to search for (a term that is only
 * punctuation) constrains nothing; a query made only of such clauses matches nothing.
 *
 * Matching rules:
 * - Free text, `title`, `plot`, `show_title`: FTS5 words in order, case- and accent-insensitive;
 *   `word*` is an FTS prefix query; other wildcards (`*man`, `b?tman`) expand through the FTS
 *   vocabulary to the indexed words they match. A value of several words with such wildcards matches
 *   each word on its own (not as a phrase).
 * - `genre`, `tag`, `studio`, `actor`, `director`, `writer`: the same word matching over tag names
 *   (`genre:comedy` matches "Romantic Comedy", `actor:"tom hanks"` the actor Tom Hanks).
 * - `content_rating`, `video_codec`, `library_name`, guids: the whole value, case-insensitively;
 *   wildcards become LIKE patterns over the whole value.
 * - `show_*` fields match seasons and episodes through their show (not the show itself).
 * - `minutes`/`seconds` are rounded up and, like `height`, `width`, `chapters`, `video_codec`
 *   and languages, match when any version of the item does.
 */
export function compileSearchQuery(node: SearchNode, options: CompileOptions): SqlFragment {
  const compiled = new Compiler(clockOf(options), options.database ?? "sqlite").node(node, ITEM);
  return compiled ?? FALSE;
}

interface Clock {
  now: DateTime;
}

function clockOf(options: CompileOptions): Clock {
  const millis = options.now instanceof Date ? options.now.getTime() : options.now;
  if (!Number.isFinite(millis)) throw new RangeError("compileSearchQuery: now must be a valid time");
  const now = DateTime.fromMillis(millis, options.timeZone === undefined ? {} : { zone: options.timeZone });
  if (!now.isValid) throw new RangeError(`compileSearchQuery: unknown time zone "${options.timeZone}"`);
  return { now };
}

class Compiler {
  private readonly fullText: FullText;

  constructor(
    private readonly clock: Clock,
    private readonly database: DatabaseKind,
  ) {
    this.fullText = fullTextFor(database);
  }

  /** SQL for `node` over the item alias `a`, or null when the node constrains nothing. */
  node(node: SearchNode, a: string): SqlFragment | null {
    switch (node.type) {
      case "and":
      case "or": {
        const children = node.children.map((child) => this.node(child, a)).filter((child): child is SqlFragment => child !== null);
        if (children.length === 0) return null;
        if (children.length === 1) return children[0];
        const joined = join(children, node.type === "and" ? " AND " : " OR ");
        return sql`(${joined})`;
      }
      case "not": {
        const child = this.node(node.child, a);
        return child && sql`NOT (${child})`;
      }
      case "all":
        return TRUE;
      case "text":
        return this.text(node, a);
      case "number":
        return this.number(node, a);
      case "date":
        return this.date(node, a);
      case "relative_date":
        return this.relativeDate(node.field, node.amount, node.unit, a);
      case "on_this_day": {
        const monthDay = this.clock.now.toFormat("MM-dd");
        return sql`COALESCE(substr(${raw(a)}."releaseDate", 6, 5) = ${monthDay}, FALSE)`;
      }
      case "kind":
        return sql`${raw(a)}."kind" = ${node.kind}`;
      case "state":
        return sql`${raw(a)}."state" = ${node.state}`;
      case "language": {
        const kind = node.field === "language" ? MediaStreamKind.Audio : MediaStreamKind.Subtitle;
        const language = node.code === null ? sql`s."language" <> ''` : sql`s."language" = ${node.code}`;
        return sql`${raw(a)}."id" IN (SELECT v."mediaItemId" FROM "media_version" v JOIN "media_stream" s ON s."mediaVersionId" = v."id" WHERE s."kind" = ${kind} AND ${language})`;
      }
      case "guid": {
        const value = this.keyword(sql`g."value"`, node.value);
        return value && sql`${raw(a)}."id" IN (SELECT g."mediaItemId" FROM "media_guid" g WHERE g."source" = ${node.provider} AND ${value})`;
      }
      case "smart_collection":
        throw new Error(`smart_collection:"${node.name}" must be expanded (expandSmartCollections) before the query is compiled`);
    }
  }

  private text(node: TextNode, a: string): SqlFragment | null {
    const field: TextField = node.field;
    const item = raw(a);
    switch (field) {
      case "default":
      case "title":
      case "plot": {
        if (node.value.kind === "present") return field === "plot" ? sql`COALESCE(${item}."plot" <> '', FALSE)` : TRUE;
        return this.fullText.items(a, field, node.value);
      }
      case "genre":
      case "tag":
      case "studio":
      case "actor":
      case "director":
      case "writer": {
        // The field name is the stored `media_tag.kind`.
        const kind = field;
        if (node.value.kind === "present") return sql`${item}."id" IN (SELECT t."mediaItemId" FROM "media_tag" t WHERE t."kind" = ${kind})`;
        const tags = this.fullText.tags("t", node.value);
        return tags && sql`${item}."id" IN (SELECT t."mediaItemId" FROM "media_tag" t WHERE t."kind" = ${kind} AND ${tags})`;
      }
      case "content_rating": {
        return this.keyword(sql`${item}."contentRating"`, node.value);
      }
      case "video_codec": {
        const codec = this.keyword(sql`s."codec"`, node.value);
        return (
          codec &&
          sql`${item}."id" IN (SELECT v."mediaItemId" FROM "media_version" v JOIN "media_stream" s ON s."mediaVersionId" = v."id" WHERE s."kind" = ${MediaStreamKind.Video} AND ${codec})`
        );
      }
      case "artist": {
        // A song's artist or its album's artist.
        const artist = this.keyword(sql`${item}."artist"`, node.value);
        const albumArtist = this.keyword(sql`${item}."albumArtist"`, node.value);
        return artist && albumArtist && sql`(${artist} OR ${albumArtist})`;
      }
      case "album":
        return this.keyword(sql`${item}."album"`, node.value);
      case "library_name": {
        const name = this.keyword(sql`l."name"`, node.value);
        return name && sql`${item}."libraryPathId" IN (SELECT lp."id" FROM "library_path" lp JOIN "library" l ON l."id" = lp."libraryId" WHERE ${name})`;
      }
      case "show_title":
        return this.showLevel(node, "title", a);
      case "show_genre":
        return this.showLevel(node, "genre", a);
      case "show_tag":
        return this.showLevel(node, "tag", a);
      case "show_studio":
        return this.showLevel(node, "studio", a);
      case "show_content_rating":
        return this.showLevel(node, "content_rating", a);
    }
  }

  /**
   * A show-level clause for seasons (whose parent is the show) and episodes (whose parent's parent
   * is the show). Both sets are computed once per statement, not per row.
   */
  private showLevel(node: TextNode, showField: TextField, a: string): SqlFragment | null {
    const onShow = this.text({ ...node, field: showField }, "sh");
    if (!onShow) return null;
    const shows = sql`SELECT sh."id" FROM "media_item" sh WHERE sh."kind" = ${MediaItemKind.Show} AND ${onShow}`;
    const item = raw(a);
    return sql`((${item}."kind" = ${MediaItemKind.Season} AND ${item}."parentId" IN (${shows})) OR (${item}."kind" = ${MediaItemKind.Episode} AND ${item}."parentId" IN (SELECT se."id" FROM "media_item" se WHERE se."kind" = ${MediaItemKind.Season} AND se."parentId" IN (${shows}))))`;
  }

  /** A whole-value, case-insensitive comparison; 0 or 1 even when the column is NULL. */
  private keyword(column: SqlFragment, value: TextValue): SqlFragment | null {
    switch (value.kind) {
      case "present":
        return sql`COALESCE(${column} <> '', FALSE)`;
      case "exact":
        return sql`COALESCE(${column} = ${value.text} COLLATE NOCASE, FALSE)`;
      case "pattern":
        // SQLite's LIKE ignores (ASCII) case; PostgreSQL's ILIKE does, and needs a deterministic collation.
        return this.database === "postgres"
          ? sql`COALESCE(${column} COLLATE "C" ILIKE ${likePattern(value.parts)} ESCAPE '\\', FALSE)`
          : sql`COALESCE(${column} LIKE ${likePattern(value.parts)} ESCAPE '\\', FALSE)`;
    }
  }

  private number(node: NumberNode, a: string): SqlFragment {
    const item = raw(a);
    const { min, max } = node;
    switch (node.field) {
      case "year":
        return sql`COALESCE(${range(sql`COALESCE(${item}."year", CAST(NULLIF(substr(${item}."releaseDate", 1, 4), '') AS INTEGER))`, min, max)}, FALSE)`;
      case "season_number":
        return sql`COALESCE(${range(sql`${item}."seasonNumber"`, min, max)}, FALSE)`;
      case "episode_number": {
        // A multi-episode file (E02-E03) has every number from its first to its last.
        const first = sql`${item}."episodeNumber"`;
        const last = sql`COALESCE(${item}."episodeEndNumber", ${item}."episodeNumber")`;
        const conditions = [sql`${first} IS NOT NULL`];
        if (max !== null) conditions.push(sql`${first} <= ${max}`);
        if (min !== null) conditions.push(sql`${last} >= ${min}`);
        return sql`COALESCE(${join(conditions, " AND ")}, FALSE)`;
      }
      case "minutes":
      case "seconds": {
        // ceil(d / unit) >= min  ⇔  d > (min - 1) * unit;  ceil(d / unit) <= max  ⇔  d <= max * unit.
        const unit = node.field === "minutes" ? 60_000 : 1_000;
        const conditions: SqlFragment[] = [];
        if (min !== null) conditions.push(sql`v."durationMs" > ${(min - 1) * unit}`);
        if (max !== null) conditions.push(sql`v."durationMs" <= ${max * unit}`);
        const where = conditions.length ? join(conditions, " AND ") : TRUE;
        return sql`${item}."id" IN (SELECT v."mediaItemId" FROM "media_version" v WHERE ${where})`;
      }
      case "height":
      case "width": {
        const column = raw(node.field === "height" ? `v."height"` : `v."width"`);
        return sql`${item}."id" IN (SELECT v."mediaItemId" FROM "media_version" v WHERE ${range(sql`${column}`, min, max)})`;
      }
      case "chapters": {
        // The count (an index-only lookup per version) appears once: BETWEEN rather than two comparisons.
        const count = sql`(SELECT COUNT(*) FROM "media_chapter" c WHERE c."mediaVersionId" = v."id")`;
        const where =
          min !== null && max !== null ? sql`${count} BETWEEN ${min} AND ${max}` : min !== null ? sql`${count} >= ${min}` : max !== null ? sql`${count} <= ${max}` : TRUE;
        return sql`${item}."id" IN (SELECT v."mediaItemId" FROM "media_version" v WHERE ${where})`;
      }
      case "library_id":
        return sql`${item}."libraryPathId" IN (SELECT lp."id" FROM "library_path" lp WHERE ${range(sql`lp."libraryId"`, min, max)})`;
    }
  }

  private date(node: DateNode, a: string): SqlFragment {
    const item = raw(a);
    if (node.field === "release_date") {
      const column = sql`${item}."releaseDate"`;
      const conditions = [sql`${column} <> ''`];
      if (node.from !== null) conditions.push(sql`${column} >= ${node.from}`);
      if (node.to !== null) conditions.push(sql`${column} <= ${node.to}`);
      return sql`COALESCE(${join(conditions, " AND ")}, FALSE)`;
    }
    const conditions: SqlFragment[] = [];
    if (node.from !== null) conditions.push(sql`${item}."addedAt" >= ${this.startOfDay(node.from, 0)}`);
    if (node.to !== null) conditions.push(sql`${item}."addedAt" < ${this.startOfDay(node.to, 1)}`);
    return conditions.length ? sql`(${join(conditions, " AND ")})` : TRUE;
  }

  private startOfDay(day: string, plusDays: number): number {
    return DateTime.fromISO(day, { zone: this.clock.now.zone }).plus({ days: plusDays }).startOf("day").toMillis();
  }

  private relativeDate(field: string, amount: number, unit: "day" | "week" | "month" | "year", a: string): SqlFragment {
    const item = raw(a);
    const span = { [`${unit}s`]: amount };
    if (field === "added_inthelast" || field === "added_notinthelast") {
      const cutoff = this.clock.now.minus(span).toMillis();
      return field === "added_inthelast" ? sql`${item}."addedAt" >= ${cutoff}` : sql`${item}."addedAt" < ${cutoff}`;
    }
    const today = this.clock.now.toISODate() as string;
    const cutoff = this.clock.now.startOf("day").minus(span).toISODate() as string;
    const column = sql`${item}."releaseDate"`;
    return field === "released_inthelast"
      ? sql`COALESCE(${column} <> '' AND ${column} >= ${cutoff} AND ${column} <= ${today}, FALSE)`
      : sql`COALESCE(${column} <> '' AND ${column} < ${cutoff}, FALSE)`;
  }
}

/** `expr` within inclusive bounds (null = open); with no bounds, `expr` has a value. */
function range(expr: SqlFragment, min: number | null, max: number | null): SqlFragment {
  const conditions = [sql`${expr} IS NOT NULL`];
  if (min !== null) conditions.push(sql`${expr} >= ${min}`);
  if (max !== null) conditions.push(sql`${expr} <= ${max}`);
  return join(conditions, " AND ");
}
