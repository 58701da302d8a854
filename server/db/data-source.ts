import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import sqlite3 from "sqlite3";
import { DataSource } from "typeorm";
import type { DatabaseConfig } from "../config/app-config";
import { ALL_ENTITIES } from "./entities";
import { ALL_MIGRATIONS } from "./migrations";
import { ALL_POSTGRES_MIGRATIONS } from "./migrations-postgres";

export const DATABASE_FILE = "airwave.sqlite3";

/**
 * The sqlite3 module as TypeORM's driver, except that TypeORM's `verbose()` call does not switch on sqlite3's
 * tracing: traced calls capture a stack trace and `util.inspect` their arguments (a whole multi-row insert's
 * JSON), which took about half of every build's and guide rebuild's time.
 */
const quietSqlite3 = Object.assign(Object.create(sqlite3) as typeof sqlite3, { verbose: () => sqlite3 });

export function createDataSource(databaseFile: string, migrations = ALL_MIGRATIONS): DataSource {
  return new DataSource({
    type: "sqlite",
    driver: quietSqlite3,
    database: databaseFile,
    entities: ALL_ENTITIES,
    migrations,
    migrationsTransactionMode: "each",
    synchronize: false,
    logging: false,
    enableWAL: true,
    busyTimeout: 5000,
  });
}

/**
 * Opens (creating if needed) the data folder's database and brings its schema up to date with the
 * checked-in migrations. The schema is never synchronised from the entities.
 */
export async function openDatabase(dataDir: string, config: DatabaseConfig = { type: "sqlite" }): Promise<DataSource> {
  if (config.type === "postgres") return openPostgresDatabase(config);
  fs.mkdirSync(dataDir, { recursive: true });
  const dataSource = createDataSource(path.join(dataDir, DATABASE_FILE));
  await dataSource.initialize();
  try {
    // NORMAL, SQLite's recommended setting with WAL: a commit is not fsynced, only checkpoints are. The database
    // stays consistent through an application crash and a power cut; a power cut (not a crash) may take back the
    // last commits before it. FULL fsynced the WAL at every commit: with a build per channel that was 100 fsyncs
    // per 100-channel rebuild, which a busy disk made the slowest part of it.
    await dataSource.query("PRAGMA synchronous = NORMAL");
    await dataSource.query("PRAGMA foreign_keys = ON");
    await dataSource.runMigrations({ transaction: "each" });
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/** A PostgreSQL data source over the same entities, with PostgreSQL's own migrations. */
export function createPostgresDataSource(config: DatabaseConfig, migrations = ALL_POSTGRES_MIGRATIONS): DataSource {
  if (!config.url) throw new Error("Database:Url is required when Database:Type is postgres (e.g. postgres://airwave@localhost:5432/airwave)");
  return new DataSource({
    type: "postgres",
    url: config.url,
    ...(config.password ? { password: config.password } : {}),
    entities: ALL_ENTITIES,
    migrations,
    migrationsTransactionMode: "each",
    synchronize: false,
    logging: false,
    // Each node holds a handful of connections; several nodes share one server.
    extra: { max: 10, application_name: "airwave" },
  });
}

/** Connects and brings the schema up to date (one node at a time when several start together). */
export async function openPostgresDatabase(config: DatabaseConfig, migrations = ALL_POSTGRES_MIGRATIONS): Promise<DataSource> {
  readBigintsAsNumbers();
  const dataSource = createPostgresDataSource(config, migrations);
  await dataSource.initialize();
  try {
    // Two nodes starting together must not both run the same migration.
    await dataSource.query("SELECT pg_advisory_lock(7231001)");
    try {
      await dataSource.runMigrations({ transaction: "each" });
    } finally {
      await dataSource.query("SELECT pg_advisory_unlock(7231001)");
    }
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

let bigintParserSet = false;

/**
 * Every integer column is bigint in PostgreSQL (epoch milliseconds and file sizes pass 2^31), and so
 * are COUNT(*) results; the pg driver returns them as strings unless told. Values stay far below 2^53.
 */
function readBigintsAsNumbers(): void {
  if (bigintParserSet) return;
  bigintParserSet = true;
  const pg = require("pg") as typeof import("pg");
  pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
}
