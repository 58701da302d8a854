import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataSource } from "typeorm";
import { openPostgresDatabase } from "../../server/db/data-source";
import { ALL_POSTGRES_MIGRATIONS } from "../../server/db/migrations-postgres";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { makeTempDir } from "../support/temp-dir";

/** Columns PostgreSQL keeps that no entity maps: the search words its triggers maintain (migration 0002). */
const TRIGGER_COLUMNS: Record<string, string[]> = { media_item: ["searchTitle", "searchOriginalTitle", "searchPlot"], media_tag: ["searchName"] };

/** The PostgreSQL types an entity's column type may be stored as (integers are bigint on purpose). */
const COMPATIBLE: Record<string, string[]> = {
  integer: ["bigint"],
  int: ["bigint"],
  boolean: ["boolean"],
  real: ["double precision"],
  varchar: ["character varying"],
  "character varying": ["character varying"],
  text: ["text"],
  "simple-json": ["text"],
  "simple-array": ["text"],
};

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase(makeTempDir());
  dataSource = await openPostgresDatabase(database.config);
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

describe("PostgreSQL's schema after its migrations", () => {
  it("has every entity's table and column, with the entity's nullability and a compatible type, and no column an entity lacks", async () => {
    const problems: string[] = [];
    for (const entity of dataSource.entityMetadatas) {
      const rows: Array<{ name: string; type: string; nullable: string }> = await dataSource.query(
        `SELECT column_name AS "name", data_type AS "type", is_nullable AS "nullable" FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
        [entity.tableName],
      );
      if (!rows.length) {
        problems.push(`table ${entity.tableName} is missing`);
        continue;
      }
      const byName = new Map(rows.map((row) => [row.name, row]));
      for (const column of entity.columns) {
        const row = byName.get(column.databaseName);
        if (!row) {
          problems.push(`${entity.tableName}.${column.databaseName} is missing`);
          continue;
        }
        const type = dataSource.driver.normalizeType(column);
        if (!(COMPATIBLE[type] ?? [type]).includes(row.type)) problems.push(`${entity.tableName}.${column.databaseName} is ${row.type}, the entity says ${type}`);
        const nullable = row.nullable === "YES";
        if (nullable !== column.isNullable && !column.isGenerated) problems.push(`${entity.tableName}.${column.databaseName} nullable=${nullable}, the entity says ${column.isNullable}`);
      }
      const mapped = new Set(entity.columns.map((column) => column.databaseName));
      for (const row of rows) if (!mapped.has(row.name) && !(TRIGGER_COLUMNS[entity.tableName] ?? []).includes(row.name)) problems.push(`${entity.tableName}.${row.name} is in no entity`);
    }
    expect(problems).toEqual([]);
  });

  it("has every index the entities declare, and a unique index on the columns of every unique constraint", async () => {
    const indexes: Array<{ name: string; table: string; columns: string[]; unique: boolean }> = await dataSource.query(
      `SELECT i.relname AS "name", t.relname AS "table", ix.indisunique AS "unique",
              ARRAY(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o) AS "columns"
         FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid WHERE t.relnamespace = current_schema()::regnamespace`,
    );
    const names = new Set(indexes.map((index) => index.name));
    const missing = dataSource.entityMetadatas.flatMap((entity) => entity.indices.map((index) => index.name)).filter((name) => !names.has(name));
    const key = (table: string, columns: readonly string[]) => `${table}(${[...columns].sort().join(",")})`;
    const unique = new Set(indexes.filter((index) => index.unique).map((index) => key(index.table, index.columns)));
    const uniques = dataSource.entityMetadatas.flatMap((entity) => entity.uniques.map((u) => key(entity.tableName, u.columns.map((c) => c.databaseName))));
    const oneToOne = dataSource.entityMetadatas.flatMap((entity) => entity.columns.filter((c) => c.relationMetadata?.isOneToOne && c.relationMetadata.isOwning).map((c) => key(entity.tableName, [c.databaseName])));
    expect({ missing, uniques: [...uniques, ...oneToOne].filter((u) => !unique.has(u)) }).toEqual({ missing: [], uniques: [] });
  });

  it("records every PostgreSQL migration as run, and compares names without regard to case like SQLite's NOCASE", async () => {
    const ran: Array<{ name: string }> = await dataSource.query(`SELECT "name" FROM "migrations" ORDER BY "id"`);
    expect(ran.map((row) => row.name)).toEqual(ALL_POSTGRES_MIGRATIONS.map((migration) => new migration().name));
    await dataSource.query(`INSERT INTO "collection" ("name") VALUES ('Saturday Films')`);
    await expect(dataSource.query(`INSERT INTO "collection" ("name") VALUES ('SATURDAY films')`)).rejects.toThrow(/unique/i);
    expect(await dataSource.query(`SELECT "name" FROM "collection" WHERE "name" = 'saturday FILMS'`)).toEqual([{ name: "Saturday Films" }]);
  });
});
