import type { EntityManager } from "typeorm";
import { databaseKindOf, rawQuery } from "../raw-query";

/** The configuration tables a setup export holds, parents before children. Media, libraries and built timelines are not setup. */
export const SETUP_TABLES = [
  "resolution", "ffmpeg_profile", "watermark", "graphic", "collection", "collection_item", "smart_collection", "multi_collection",
  "multi_collection_item", "playlist_group", "playlist", "playlist_item", "filler_preset", "channel", "schedule",
  "schedule_item", "block", "block_item", "block_template", "block_template_item", "playout", "playout_template",
] as const;
export type SetupTable = (typeof SETUP_TABLES)[number];

/** Columns left out: the state of builds, which an import recomputes. */
const DERIVED_COLUMNS: Partial<Record<SetupTable, string[]>> = {
  playout: ["buildState", "lastBuildAt", "lastBuildSuccess", "lastBuildMessage"],
};

/** Columns holding a JSON list of another table's ids (no foreign key can say so): checked like references. */
const ID_LIST_COLUMNS: Partial<Record<SetupTable, Record<string, SetupTable>>> = {
  channel: { graphicsIds: "graphic" },
  schedule_item: { watermarkIds: "watermark", graphicsIds: "graphic" },
  block_item: { watermarkIds: "watermark", graphicsIds: "graphic" },
};

export type SetupRow = Record<string, string | number | null>;

export interface ColumnInfo {
  name: string;
  /** SQLite declared type, lower case (integer, varchar(50), boolean, text, …). */
  type: string;
  required: boolean;
  /** Part of the table's primary key (`id`, or both columns of a link table such as collection_item). */
  primaryKey: boolean;
  /** Table this column references (foreign key), if any. */
  references?: string;
  /** Table whose ids this column holds as a JSON list (`graphicsIds`, `watermarkIds`), if it does. */
  listOf?: SetupTable;
}

/** A media item as another installation can find it: a guid, else the library and the path inside its folder. */
export interface MediaIdentity {
  guids: string[];
  library: string | null;
  path: string | null;
}

interface TableColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: unknown;
  pk: number;
}

interface ForeignKey {
  from: string;
  table: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Raw access to the configuration tables for setup export and import (one SQL statement per table). */
export class SetupRepository {
  constructor(private readonly manager: EntityManager) {}

  async columns(table: SetupTable): Promise<ColumnInfo[]> {
    const { info, keys } = databaseKindOf(this.manager) === "postgres" ? await this.postgresColumns(table) : await this.sqliteColumns(table);
    const derived = new Set(DERIVED_COLUMNS[table] ?? []);
    return info
      .filter((column) => !derived.has(column.name))
      .map((column) => ({
        name: column.name,
        type: column.type.toLowerCase(),
        required: column.notnull === 1 && column.dflt_value === null && column.pk === 0,
        primaryKey: column.pk > 0,
        // Content targets name a show, season, artist or item by `mediaItemId` without a foreign key: media all the same.
        references: keys.find((key) => key.from === column.name)?.table ?? (column.name === "mediaItemId" ? "media_item" : undefined),
        ...(ID_LIST_COLUMNS[table]?.[column.name] ? { listOf: ID_LIST_COLUMNS[table]![column.name] } : {}),
      }));
  }

  private async sqliteColumns(table: SetupTable): Promise<{ info: TableColumn[]; keys: ForeignKey[] }> {
    return {
      info: await rawQuery<TableColumn>(this.manager, `PRAGMA table_info(${quote(table)})`),
      keys: await rawQuery<ForeignKey>(this.manager, `PRAGMA foreign_key_list(${quote(table)})`),
    };
  }

  /** The catalogue read in PRAGMA table_info's shape, types spelled as the SQLite schema spells them. */
  private async postgresColumns(table: SetupTable): Promise<{ info: TableColumn[]; keys: ForeignKey[] }> {
    const columns = await rawQuery<{ name: string; type: string; length: number | null; nullable: string; dflt: string | null }>(
      this.manager,
      `SELECT column_name AS "name", data_type AS "type", character_maximum_length AS "length", is_nullable AS "nullable", column_default AS "dflt"
         FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND data_type <> 'tsvector' ORDER BY ordinal_position`,
      [table],
    );
    const constraints = await rawQuery<{ column: string; kind: string; target: string | null; position: number }>(
      this.manager,
      `SELECT a.attname AS "column", c.contype AS "kind", t.relname AS "target", array_position(c.conkey, a.attnum) AS "position"
         FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid JOIN pg_attribute a ON a.attrelid = r.oid AND a.attnum = ANY (c.conkey)
         LEFT JOIN pg_class t ON t.oid = c.confrelid
        WHERE r.relname = ? AND r.relnamespace = current_schema()::regnamespace AND c.contype IN ('p', 'f')`,
      [table],
    );
    const typeName = (type: string, length: number | null) =>
      type === "bigint" ? "integer" : type === "double precision" ? "real" : type === "character varying" ? `varchar(${length})` : type;
    return {
      info: columns.map((c) => ({
        name: c.name,
        type: typeName(c.type, c.length),
        notnull: c.nullable === "NO" ? 1 : 0,
        // A serial id's default is its sequence: like SQLite's rowid, it is not a default a row must respect.
        dflt_value: c.dflt === null || c.dflt.startsWith("nextval(") ? null : c.dflt,
        pk: constraints.find((k) => k.kind === "p" && k.column === c.name)?.position ?? 0,
      })),
      keys: constraints.filter((k) => k.kind === "f").map((k) => ({ from: k.column, table: String(k.target) })),
    };
  }

  /** The table's rows, booleans as SQLite stores them (0/1) on either database. */
  async rows(table: SetupTable): Promise<SetupRow[]> {
    const columns = await this.columns(table);
    const keys = columns.filter((column) => column.primaryKey).map((column) => quote(column.name));
    const rows = await rawQuery<Record<string, string | number | boolean | null>>(
      this.manager, `SELECT ${columns.map((column) => quote(column.name)).join(", ")} FROM ${quote(table)} ORDER BY ${keys.join(", ")}`,
    );
    // PostgreSQL hands boolean columns back as true/false.
    return rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, typeof value === "boolean" ? Number(value) : value])));
  }

  async ids(table: string): Promise<Set<number>> {
    const rows: { id: number }[] = await rawQuery(this.manager, `SELECT "id" FROM ${quote(table)}`);
    return new Set(rows.map((row) => row.id));
  }

  /** The primary keys present, each as its column values joined by `|`. */
  async keys(table: SetupTable, keyColumns: readonly string[]): Promise<Set<string>> {
    const rows: Record<string, unknown>[] = await rawQuery(this.manager, `SELECT ${keyColumns.map(quote).join(", ")} FROM ${quote(table)}`);
    return new Set(rows.map((row) => keyColumns.map((column) => String(row[column])).join("|")));
  }

  /** Inserts or overwrites rows by primary key; foreign keys are checked when the transaction commits (rows may point forward). */
  async upsert(table: SetupTable, keyColumns: readonly string[], rows: readonly SetupRow[]): Promise<void> {
    const postgres = databaseKindOf(this.manager) === "postgres";
    await rawQuery(this.manager, postgres ? "SET CONSTRAINTS ALL DEFERRED" : "PRAGMA defer_foreign_keys = ON");
    for (const row of rows) {
      const names = Object.keys(row);
      const updates = names.filter((name) => !keyColumns.includes(name)).map((name) => `${quote(name)} = excluded.${quote(name)}`);
      const conflict = updates.length ? `DO UPDATE SET ${updates.join(", ")}` : "DO NOTHING";
      await rawQuery(this.manager, 
        `INSERT INTO ${quote(table)} (${names.map(quote).join(", ")}) VALUES (${names.map(() => "?").join(", ")}) ON CONFLICT(${keyColumns.map(quote).join(", ")}) ${conflict}`,
        names.map((name) => row[name]),
      );
    }
    // PostgreSQL's serial ids do not move past ids written explicitly (SQLite's rowids do).
    if (postgres && keyColumns.length === 1 && keyColumns[0] === "id" && rows.length) {
      await rawQuery(this.manager, `SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT MAX("id") FROM ${quote(table)}))`, [quote(table)]);
    }
  }

  async mediaIdentities(ids: readonly number[]): Promise<Map<number, MediaIdentity>> {
    const result = new Map<number, MediaIdentity>();
    if (!ids.length) return result;
    const list = ids.map(() => "?").join(", ");
    const places: { id: number; library: string; root: string; path: string | null }[] = await rawQuery(this.manager, 
      `SELECT m."id", l."name" AS "library", lp."path" AS "root", COALESCE(m."folderPath", (SELECT v."path" FROM "media_version" v WHERE v."mediaItemId" = m."id" ORDER BY v."id" LIMIT 1)) AS "path"
         FROM "media_item" m JOIN "library_path" lp ON lp."id" = m."libraryPathId" JOIN "library" l ON l."id" = lp."libraryId" WHERE m."id" IN (${list})`,
      [...ids],
    );
    const guids: { mediaItemId: number; guid: string }[] = await rawQuery(this.manager, `SELECT "mediaItemId", "source" || '://' || "value" AS "guid" FROM "media_guid" WHERE "mediaItemId" IN (${list}) ORDER BY "id"`, [...ids]);
    for (const place of places) {
      const inside = place.path && place.path.startsWith(place.root) ? place.path.slice(place.root.length).replace(/^[\\/]+/, "") : null;
      result.set(place.id, { guids: [], library: place.library, path: inside });
    }
    for (const { mediaItemId, guid } of guids) result.get(mediaItemId)?.guids.push(guid);
    return result;
  }

  /** The local media item with one of the guids, else at the path inside one of the library's folders. */
  async findMedia(identity: MediaIdentity): Promise<number | undefined> {
    for (const guid of identity.guids) {
      const [source, value] = [guid.slice(0, guid.indexOf("://")), guid.slice(guid.indexOf("://") + 3)];
      const rows: { id: number }[] = await rawQuery(this.manager, `SELECT "mediaItemId" AS "id" FROM "media_guid" WHERE "source" = ? AND "value" = ? ORDER BY "mediaItemId" LIMIT 1`, [source, value]);
      if (rows[0]) return rows[0].id;
    }
    if (!identity.library || !identity.path) return undefined;
    const roots: { id: number; path: string }[] = await rawQuery(this.manager, `SELECT lp."id", lp."path" FROM "library_path" lp JOIN "library" l ON l."id" = lp."libraryId" WHERE l."name" = ?`, [identity.library]);
    for (const root of roots) {
      const candidates = [`${root.path}/${identity.path}`, `${root.path}\\${identity.path}`];
      const rows: { id: number }[] = await rawQuery(this.manager, 
        `SELECT m."id" FROM "media_item" m WHERE m."libraryPathId" = ? AND (m."folderPath" IN (?, ?) OR m."id" IN (SELECT v."mediaItemId" FROM "media_version" v WHERE v."path" IN (?, ?))) ORDER BY m."id" LIMIT 1`,
        [root.id, ...candidates, ...candidates],
      );
      if (rows[0]) return rows[0].id;
    }
    return undefined;
  }
}
