import type { EntityManager } from "typeorm";
import { databaseKindOf } from "./raw-query";

/** The SQL fragments whose spelling differs between SQLite and PostgreSQL. */
export interface SqlDialect {
  /** A JSON array (as text) of one JSON value per row; `[]` when there are no rows. */
  jsonArrayAgg(value: string, orderBy?: string): string;
  /**
   * jsonArrayAgg in the order of `rowid` (the table's integer key) for rows read by one equality lookup:
   * SQLite visits them in rowid order already (an index ends with the rowid; a scan is in rowid order),
   * and an aggregate's ORDER BY would open a temporary b-tree for every call; PostgreSQL orders them.
   */
  jsonArrayAggInRowidOrder(value: string, rowid: string): string;
  jsonObject(pairs: ReadonlyArray<[string, string]>): string;
  jsonArray(values: readonly string[]): string;
  /** A JSON text column embedded as JSON (not as a string) inside jsonObject. */
  embedJson(column: string): string;
  /** A boolean column as a JSON boolean inside jsonObject. */
  jsonBoolean(column: string): string;
  /** The text of `key` in a JSON text column. */
  jsonText(column: string, key: string): string;
  /** The largest of several values (SQLite's scalar MAX). */
  greatest(values: readonly string[]): string;
  /**
   * A subquery of the elements of one JSON array parameter (`?`): any number of values in one bound
   * parameter (SQLite limits bound variables), one statement.
   */
  listParam(type: "text" | "bigint"): string;
  /** SQL joining key parts, and the same separator in JavaScript: a character no name contains. */
  keySeparator: { sql: string; js: string };
  /** `expr` hidden from the index planner (SQLite's unary `+`); PostgreSQL plans by statistics. */
  unindexed(expr: string): string;
}

const sqlite: SqlDialect = {
  jsonArrayAgg: (value, orderBy) => `json_group_array(${value}${orderBy ? ` ORDER BY ${orderBy}` : ""})`,
  jsonArrayAggInRowidOrder: (value) => `json_group_array(${value})`,
  jsonObject: (pairs) => `json_object(${pairs.map(([k, v]) => `'${k}', ${v}`).join(", ")})`,
  jsonArray: (values) => `json_array(${values.join(", ")})`,
  embedJson: (column) => `json(${column})`,
  jsonBoolean: (column) => `json(CASE WHEN ${column} THEN 'true' ELSE 'false' END)`,
  jsonText: (column, key) => `json_extract(${column}, '$.${key}')`,
  greatest: (values) => `MAX(${values.join(", ")})`,
  listParam: () => `(SELECT value FROM json_each(?))`,
  keySeparator: { sql: "char(0)", js: "\u0000" },
  unindexed: (expr) => `+${expr}`,
};

const postgres: SqlDialect = {
  jsonArrayAgg: (value, orderBy) => `COALESCE(json_agg(${value}${orderBy ? ` ORDER BY ${orderBy}` : ""}), '[]'::json)::text`,
  jsonArrayAggInRowidOrder: (value, rowid) => postgres.jsonArrayAgg(value, rowid),
  jsonObject: (pairs) => `json_build_object(${pairs.map(([k, v]) => `'${k}', ${v}`).join(", ")})`,
  jsonArray: (values) => `json_build_array(${values.join(", ")})`,
  embedJson: (column) => `(${column})::json`,
  jsonBoolean: (column) => `(${column})`,
  jsonText: (column, key) => `((${column})::json ->> '${key}')`,
  greatest: (values) => `GREATEST(${values.join(", ")})`,
  listParam: (type) => (type === "text" ? `(SELECT json_array_elements_text(?::json))` : `(SELECT json_array_elements_text(?::json)::bigint)`),
  // PostgreSQL text cannot hold NUL.
  keySeparator: { sql: "chr(1)", js: "\u0001" },
  unindexed: (expr) => expr,
};

export function sqlDialect(manager: EntityManager): SqlDialect {
  return databaseKindOf(manager) === "postgres" ? postgres : sqlite;
}
