import type { EntityManager } from "typeorm";

/** The configuration tables a setup export holds, parents before children. Media, libraries and built timelines are not setup. */
export const SETUP_TABLES = [
  "resolution", "ffmpeg_profile", "watermark", "collection", "collection_item", "smart_collection", "multi_collection",
  "multi_collection_item", "playlist_group", "playlist", "playlist_item", "filler_preset", "channel", "schedule",
  "schedule_item", "block", "block_item", "block_template", "block_template_item", "playout", "playout_template",
] as const;
export type SetupTable = (typeof SETUP_TABLES)[number];

/** Columns left out: the state of builds, which an import recomputes. */
const DERIVED_COLUMNS: Partial<Record<SetupTable, string[]>> = {
  playout: ["buildState", "lastBuildAt", "lastBuildSuccess", "lastBuildMessage"],
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
}

/** A media item as another installation can find it: a guid, else the library and the path inside its folder. */
export interface MediaIdentity {
  guids: string[];
  library: string | null;
  path: string | null;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Raw access to the configuration tables for setup export and import (one SQL statement per table). */
export class SetupRepository {
  constructor(private readonly manager: EntityManager) {}

  async columns(table: SetupTable): Promise<ColumnInfo[]> {
    const info: { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[] = await this.manager.query(`PRAGMA table_info(${quote(table)})`);
    const keys: { from: string; table: string }[] = await this.manager.query(`PRAGMA foreign_key_list(${quote(table)})`);
    const derived = new Set(DERIVED_COLUMNS[table] ?? []);
    return info
      .filter((column) => !derived.has(column.name))
      .map((column) => ({
        name: column.name,
        type: column.type.toLowerCase(),
        required: column.notnull === 1 && column.dflt_value === null && column.pk === 0,
        primaryKey: column.pk > 0,
        references: keys.find((key) => key.from === column.name)?.table,
      }));
  }

  async rows(table: SetupTable): Promise<SetupRow[]> {
    const columns = await this.columns(table);
    const keys = columns.filter((column) => column.primaryKey).map((column) => quote(column.name));
    return this.manager.query(`SELECT ${columns.map((column) => quote(column.name)).join(", ")} FROM ${quote(table)} ORDER BY ${keys.join(", ")}`);
  }

  async ids(table: string): Promise<Set<number>> {
    const rows: { id: number }[] = await this.manager.query(`SELECT id FROM ${quote(table)}`);
    return new Set(rows.map((row) => row.id));
  }

  /** The primary keys present, each as its column values joined by `|`. */
  async keys(table: SetupTable, keyColumns: readonly string[]): Promise<Set<string>> {
    const rows: Record<string, unknown>[] = await this.manager.query(`SELECT ${keyColumns.map(quote).join(", ")} FROM ${quote(table)}`);
    return new Set(rows.map((row) => keyColumns.map((column) => String(row[column])).join("|")));
  }

  /** Inserts or overwrites rows by primary key; foreign keys are checked when the transaction commits (rows may point forward). */
  async upsert(table: SetupTable, keyColumns: readonly string[], rows: readonly SetupRow[]): Promise<void> {
    await this.manager.query("PRAGMA defer_foreign_keys = ON");
    for (const row of rows) {
      const names = Object.keys(row);
      const updates = names.filter((name) => !keyColumns.includes(name)).map((name) => `${quote(name)} = excluded.${quote(name)}`);
      const conflict = updates.length ? `DO UPDATE SET ${updates.join(", ")}` : "DO NOTHING";
      await this.manager.query(
        `INSERT INTO ${quote(table)} (${names.map(quote).join(", ")}) VALUES (${names.map(() => "?").join(", ")}) ON CONFLICT(${keyColumns.map(quote).join(", ")}) ${conflict}`,
        names.map((name) => row[name]),
      );
    }
  }

  async mediaIdentities(ids: readonly number[]): Promise<Map<number, MediaIdentity>> {
    const result = new Map<number, MediaIdentity>();
    if (!ids.length) return result;
    const list = ids.map(() => "?").join(", ");
    const places: { id: number; library: string; root: string; path: string | null }[] = await this.manager.query(
      `SELECT m.id, l.name AS library, lp.path AS root, COALESCE(m.folderPath, (SELECT v.path FROM media_version v WHERE v.mediaItemId = m.id ORDER BY v.id LIMIT 1)) AS path
         FROM media_item m JOIN library_path lp ON lp.id = m.libraryPathId JOIN library l ON l.id = lp.libraryId WHERE m.id IN (${list})`,
      [...ids],
    );
    const guids: { mediaItemId: number; guid: string }[] = await this.manager.query(`SELECT mediaItemId, source || '://' || value AS guid FROM media_guid WHERE mediaItemId IN (${list}) ORDER BY id`, [...ids]);
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
      const rows: { id: number }[] = await this.manager.query("SELECT mediaItemId AS id FROM media_guid WHERE source = ? AND value = ? ORDER BY mediaItemId LIMIT 1", [source, value]);
      if (rows[0]) return rows[0].id;
    }
    if (!identity.library || !identity.path) return undefined;
    const roots: { id: number; path: string }[] = await this.manager.query("SELECT lp.id, lp.path FROM library_path lp JOIN library l ON l.id = lp.libraryId WHERE l.name = ?", [identity.library]);
    for (const root of roots) {
      const candidates = [`${root.path}/${identity.path}`, `${root.path}\\${identity.path}`];
      const rows: { id: number }[] = await this.manager.query(
        `SELECT m.id FROM media_item m WHERE m.libraryPathId = ? AND (m.folderPath IN (?, ?) OR m.id IN (SELECT v.mediaItemId FROM media_version v WHERE v.path IN (?, ?))) ORDER BY m.id LIMIT 1`,
        [root.id, ...candidates, ...candidates],
      );
      if (rows[0]) return rows[0].id;
    }
    return undefined;
  }
}
