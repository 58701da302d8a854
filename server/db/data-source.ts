import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import sqlite3 from "sqlite3";
import { DataSource } from "typeorm";
import { ALL_ENTITIES } from "./entities";
import { ALL_MIGRATIONS } from "./migrations";

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
export async function openDatabase(dataDir: string): Promise<DataSource> {
  fs.mkdirSync(dataDir, { recursive: true });
  const dataSource = createDataSource(path.join(dataDir, DATABASE_FILE));
  await dataSource.initialize();
  try {
    // FULL: a commit that was answered is on disk, not only in the WAL's OS buffers.
    await dataSource.query("PRAGMA synchronous = FULL");
    await dataSource.query("PRAGMA foreign_keys = ON");
    await dataSource.runMigrations({ transaction: "each" });
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
