import type { EntityManager } from "typeorm";
import type { ColumnMetadata } from "typeorm/metadata/ColumnMetadata";
import { BuildMode } from "../../domain/enums";
import { databaseKindOf, rawQuery } from "../raw-query";
import { sqlDialect } from "../sql-dialect";
import { Playout, PlayoutItem, type ExternalItemMetadata, type PlayoutItemRow } from "../entities/playout";
import type { Channel } from "../entities/channel";
import { isStoredId } from "./stored-id";

/** A playout item with the title of its media (for the API and the guide). */
/** PostgreSQL reads every JSON field as text: each column is cast to its type. */
const POSTGRES_CASTS: Record<string, string> = { integer: "bigint", int: "bigint", bigint: "bigint", boolean: "boolean", real: "double precision", "double precision": "double precision" };

/** A playout as read without its builder state. */
export type PlayoutWithoutState = Omit<Playout, "buildState">;

/** How insertItems reads its items: see there. */
export interface ItemInsertOptions {
  common?: Partial<PlayoutItem>;
  renamed?: Partial<Record<keyof PlayoutItem, string>>;
}

export class PlayoutRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<Playout[]> {
    return this.manager.find(Playout, { order: { id: "ASC" } });
  }

  /**
   * Every playout without its builder state: what the guide asks for on every request. The state is the
   * bulk of a playout row (about 130 KB each for a week of a sequential channel), and reading it for
   * 100 channels made most of a guide rebuild's garbage.
   */
  listWithoutBuildState(): Promise<PlayoutWithoutState[]> {
    const select = this.manager.connection
      .getMetadata(Playout)
      .columns.filter((column) => column.propertyName !== "buildState")
      .map((column) => column.propertyName as keyof Playout);
    return this.manager.find(Playout, { select, order: { id: "ASC" } });
  }

  findById(id: number): Promise<Playout | null> {
    return isStoredId(id) ? this.manager.findOneBy(Playout, { id }) : Promise.resolve(null);
  }

  /** The playout and its channel in one statement (a build reads both; `find`, since TypeORM's findOne with a join makes two). */
  async findWithChannel(id: number): Promise<{ playout: Playout; channel: Channel | null } | null> {
    if (!isStoredId(id)) return null;
    const [found] = await this.manager.find(Playout, { where: { id }, relations: { channel: true } });
    if (!found) return null;
    const channel = found.channel ?? null;
    delete found.channel;
    return { playout: found, channel };
  }

  findByChannel(channelId: number): Promise<Playout | null> {
    return this.manager.findOneBy(Playout, { channelId });
  }

  save(playout: Playout): Promise<Playout> {
    return this.manager.save(Playout, playout);
  }

  /**
   * Stores a build's outcome on the playout with one UPDATE (no entity read and re-read as `save` does: that
   * was three statements per build); false when the playout is gone.
   */
  async updateBuildStatus(id: number, status: Pick<Playout, "buildState" | "lastBuildAt" | "lastBuildSuccess" | "lastBuildMessage">): Promise<boolean> {
    const result = await this.manager.update(Playout, { id }, status);
    return (result.affected ?? 0) > 0;
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(Playout, { id });
  }

  /**
   * A build's two deletes in one statement: items that ended before `before` and, when `after` is given, items
   * that end after it (a replacing build rewrites the timeline from then on).
   */
  async deleteItemsOutside(playoutId: number, before: number, after: number | null): Promise<void> {
    if (after === null) await rawQuery(this.manager, `DELETE FROM "playout_item" WHERE "playoutId" = ? AND "finish" < ?`, [playoutId, before]);
    else await rawQuery(this.manager, `DELETE FROM "playout_item" WHERE "playoutId" = ? AND ("finish" < ? OR "finish" > ?)`, [playoutId, before, after]);
  }

  /**
   * Inserts many items with one statement (rows read from a JSON array with jsonb_each): a week of a channel
   * (hundreds of rows) costs about a fifth of TypeORM's per-row insert. Absent values take the column default.
   * `options.common` holds the values every row shares (the playout), and `options.renamed` the item property a
   * column is read from where the names differ: a build passes its timeline items as they are, without a row
   * object per item. A column no item sets (or sets to its default) is left out of the statement, so the rows
   * carry only the columns in use (a Classic week sets about half of them); the JSON text is written directly.
   */
  async insertItems(items: ReadonlyArray<Partial<PlayoutItem>>, options: ItemInsertOptions = {}): Promise<void> {
    if (!items.length) return;
    const common = options.common ?? {};
    const renamed = options.renamed ?? {};
    const read = (item: Partial<PlayoutItem>, column: ColumnMetadata) => (item as Record<string, unknown>)[renamed[column.propertyName as keyof PlayoutItem] ?? column.propertyName];
    const all = this.manager.connection.getMetadata(PlayoutItem).columns.filter((c) => !c.isGenerated);
    const shared = all.filter((c) => (common as Record<string, unknown>)[c.propertyName] !== undefined);
    const columns = all.filter((c) => !shared.includes(c) && items.some((item) => !takesDefault(c, read(item, c))));
    const encoders = columns.map((c) => cellEncoder(c));
    const properties = columns.map((c) => renamed[c.propertyName as keyof PlayoutItem] ?? c.propertyName);
    let json = "[";
    for (let r = 0; r < items.length; r++) {
      const item = items[r] as Record<string, unknown>;
      let row = r === 0 ? "[" : ",[";
      for (let i = 0; i < properties.length; i++) row += (i === 0 ? "" : ",") + encoders[i](item[properties[i]]);
      json += `${row}]`;
    }
    json += "]";
    const names = [...shared, ...columns].map((c) => `"${c.databaseName}"`).join(", ");
    const sharedValues = shared.map((c) => cellValue(c, (common as Record<string, unknown>)[c.propertyName]));
    const placeholders = shared.map(() => "?");
    if (databaseKindOf(this.manager) === "postgres") {
      const driver = this.manager.connection.driver;
      const values = [...placeholders.map((p, i) => `${p}::${POSTGRES_CASTS[driver.normalizeType(shared[i])] ?? "text"}`), ...columns.map((c, i) => `(value ->> ${i})::${POSTGRES_CASTS[driver.normalizeType(c)] ?? "text"}`)];
      await rawQuery(this.manager, `INSERT INTO "playout_item" (${names}) SELECT ${values.join(", ")} FROM json_array_elements(?::json) AS value`, [...sharedValues, json]);
      return;
    }
    // jsonb_each: each row comes out as JSONB, which `->>` reads in place; json_each hands out each row as JSON
    // text that every `->>` parses again (that parsing was three quarters of the insert's time).
    const values = [...placeholders, ...columns.map((_, i) => `value ->> ${i}`)];
    await rawQuery(this.manager, `INSERT INTO "playout_item" (${names}) SELECT ${values.join(", ")} FROM jsonb_each(?)`, [...sharedValues, json]);
  }

  private titleAndKind(): string {
    return `COALESCE(${sqlDialect(this.manager).jsonText(`pi."externalMetadata"`, "title")}, mi."title") AS "title", mi."kind" AS "mediaKind"`;
  }

  /** Items overlapping [from, to), in time order, a page at a time. */
  async itemsBetween(playoutId: number, from: number, to: number, pageNumber: number, pageSize: number): Promise<{ totalCount: number; items: PlayoutItemRow[] }> {
    const where = `pi."playoutId" = ? AND pi."finish" > ? AND pi."start" < ?`;
    const [{ total }] = await rawQuery<{ total: number }>(this.manager, `SELECT COUNT(*) AS "total" FROM "playout_item" pi WHERE ${where}`, [playoutId, from, to]);
    const rows = await rawQuery<PlayoutItemRow>(
      this.manager,
      `SELECT pi.*, ${this.titleAndKind()} FROM "playout_item" pi LEFT JOIN "media_item" mi ON mi."id" = pi."mediaItemId"
        WHERE ${where} ORDER BY pi."start" LIMIT ? OFFSET ?`,
      [playoutId, from, to, pageSize, pageNumber * pageSize],
    );
    return { totalCount: total, items: rows.map(fromRow) };
  }

  /** The items from the one playing at `at` onwards (at most `limit`), in time order. */
  async itemsFrom(playoutId: number, at: number, limit: number): Promise<PlayoutItemRow[]> {
    const rows = await rawQuery<PlayoutItemRow>(
      this.manager,
      `SELECT pi.*, ${this.titleAndKind()} FROM "playout_item" pi LEFT JOIN "media_item" mi ON mi."id" = pi."mediaItemId"
        WHERE pi."playoutId" = ? AND pi."finish" > ? ORDER BY pi."start" LIMIT ?`,
      [playoutId, at, limit],
    );
    return rows.map(fromRow);
  }

  /** Moves every item of the playout starting at or after `fromStart` by `deltaMs` (lengths and order kept). */
  async shiftItems(playoutId: number, fromStart: number, deltaMs: number): Promise<void> {
    await rawQuery(
      this.manager,
      `UPDATE "playout_item" SET "start" = "start" + ?1, "finish" = "finish" + ?1, "guideStart" = "guideStart" + ?1, "guideFinish" = "guideFinish" + ?1
        WHERE "playoutId" = ?2 AND "start" >= ?3`,
      [deltaMs, playoutId, fromStart],
    );
  }

  /** Ends an item early (a skip): its finish, out-point and guide finish. */
  async truncateItem(id: number, finish: number, outPointMs: number): Promise<void> {
    // CASE rather than MIN/LEAST: the two databases disagree on a NULL argument (a guide finish stays unset).
    await rawQuery(
      this.manager,
      `UPDATE "playout_item" SET "finish" = ?1, "outPointMs" = ?2, "guideFinish" = CASE WHEN "guideFinish" IS NULL THEN NULL WHEN "guideFinish" < ?1 THEN "guideFinish" ELSE ?1 END WHERE "id" = ?3`,
      [finish, outPointMs, id],
    );
  }

  async itemById(id: number): Promise<PlayoutItemRow | null> {
    const rows = await rawQuery<PlayoutItemRow>(
      this.manager,
      `SELECT pi.*, ${this.titleAndKind()} FROM "playout_item" pi LEFT JOIN "media_item" mi ON mi."id" = pi."mediaItemId" WHERE pi."id" = ?`,
      [id],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** The columns of a timeline item a setup export carries (all but `id` and `playoutId`), with the type each holds. */
  itemColumns(): { name: string; type: "integer" | "boolean" | "text" | "json"; nullable: boolean; length?: number }[] {
    return this.manager.connection
      .getMetadata(PlayoutItem)
      .columns.filter((c) => !c.isGenerated && c.propertyName !== "playoutId")
      .map((c) => {
        const type = String(c.type);
        const kind = type === "integer" ? "integer" : type === "boolean" ? "boolean" : type === "simple-json" ? "json" : "text";
        return { name: c.propertyName, type: kind, nullable: c.isNullable, length: c.length ? Number(c.length) : undefined };
      });
  }

  /** The playout's items that end after `from`, in time order, without their ids (what a setup export carries). */
  async timelineItems(playoutId: number, from: number): Promise<Partial<PlayoutItem>[]> {
    const rows = await rawQuery<PlayoutItemRow>(this.manager, `SELECT * FROM "playout_item" WHERE "playoutId" = ? AND "finish" > ? ORDER BY "start", "id"`, [playoutId, from]);
    return rows.map((row) => {
      const { id: _id, playoutId: _playout, title: _title, mediaKind: _kind, ...item } = fromRow(row);
      return item;
    });
  }

  /** Removes every item of the playout (an imported timeline replaces it). */
  async deleteAllItems(playoutId: number): Promise<void> {
    await this.manager.delete(PlayoutItem, { playoutId });
  }

  async lastFinish(playoutId: number): Promise<number | null> {
    const [row] = await rawQuery<{ last: number | null }>(this.manager, `SELECT MAX("finish") AS "last" FROM "playout_item" WHERE "playoutId" = ?`, [playoutId]);
    return row?.last ?? null;
  }

  /** One INSERT (TypeORM's insert reads the new row back for its generated columns: a second statement per build). */
  async recordBuild(build: { playoutId: number; mode: BuildMode; startedAt: number; finishedAt: number; success: boolean; message: string | null; itemCount: number }): Promise<void> {
    await rawQuery(
      this.manager,
      `INSERT INTO "playout_build" ("playoutId", "mode", "startedAt", "finishedAt", "success", "message", "itemCount") VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [build.playoutId, build.mode, build.startedAt, build.finishedAt, databaseKindOf(this.manager) === "postgres" ? build.success : Number(build.success), build.message, build.itemCount],
    );
  }
}

/** Whether a column left out of an INSERT would hold the same: no value, its default, or null where the default is null. */
function takesDefault(column: ColumnMetadata, value: unknown): boolean {
  if (value === undefined) return true;
  if (column.default === undefined) return value === null;
  return value === column.default;
}

/** A value as insertItems stores it: absent as the column default, booleans as 0/1, JSON columns as their text. */
function cellValue(column: ColumnMetadata, value: unknown): unknown {
  if (value === undefined) return column.default === undefined ? null : typeof column.default === "boolean" ? Number(column.default) : column.default;
  if (value === null) return null;
  if (typeof value === "boolean") return Number(value);
  return column.type === "simple-json" ? JSON.stringify(value) : value;
}

/** One cell of insertItems' JSON rows (cellValue as JSON text). */
function cellEncoder(column: ColumnMetadata): (value: unknown) => string {
  const fallback = JSON.stringify(cellValue(column, undefined));
  const json = column.type === "simple-json";
  return (value) => {
    if (value === undefined) return fallback;
    if (value === null) return "null";
    if (typeof value === "boolean") return value ? "1" : "0";
    return JSON.stringify(json ? JSON.stringify(value) : value);
  };
}

function fromRow(row: PlayoutItemRow): PlayoutItemRow {
  return {
    ...row,
    hiddenFromGuide: Boolean(row.hiddenFromGuide),
    disableWatermarks: Boolean(row.disableWatermarks),
    watermarkIds: typeof row.watermarkIds === "string" ? (JSON.parse(row.watermarkIds) as number[]) : row.watermarkIds,
    graphicsIds: typeof row.graphicsIds === "string" ? (JSON.parse(row.graphicsIds) as number[]) : (row.graphicsIds ?? null),
    externalMetadata: typeof row.externalMetadata === "string" ? (JSON.parse(row.externalMetadata) as ExternalItemMetadata) : (row.externalMetadata ?? null),
  };
}
