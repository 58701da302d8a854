import path from "node:path";
import sqlite3 from "sqlite3";
import { DATABASE_FILE } from "../../server/db/data-source";
import { postgresAll, postgresInsert } from "./postgres-sql";
import { postgresUrlOf } from "./test-database";

/** The SQLite file of a test server's data folder. */
export const databaseFile = (dataDir: string) => path.join(dataDir, DATABASE_FILE);

/**
 * Runs one statement on a SQLite file with its own short-lived connection and returns the rows. In the
 * postgres test project, on the PostgreSQL database of the file's data folder instead (the SQL must
 * then quote camelCase names).
 */
export function sqlAll<T = Record<string, unknown>>(file: string, query: string, params: unknown[] = []): Promise<T[]> {
  const url = postgresUrlOf(file);
  if (url) return postgresAll<T>(url, query, params);
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file);
    db.all(query, params, (error, rows) => {
      db.close();
      if (error) reject(error);
      else resolve(rows as T[]);
    });
  });
}

/** Adds a file version of the given length to each media item (features that need playable media). */
export async function addVersions(dataDir: string, itemIds: readonly number[], durationMs: number): Promise<void> {
  for (const id of itemIds) {
    await sqlAll(databaseFile(dataDir), `INSERT INTO "media_version" ("mediaItemId", "path", "size", "mtime", "durationMs", "probedAt") VALUES (?, ?, 1, 0, ?, 0)`, [id, `/seeded/${id}.mkv`, durationMs]);
  }
}

/** Inserts one row into a SQLite file (or the data folder's PostgreSQL database) and returns its id. */
export function sqlInsert(file: string, query: string, params: unknown[] = []): Promise<number> {
  const url = postgresUrlOf(file);
  if (url) return postgresInsert(url, query, params);
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file);
    db.run(query, params, function (this: sqlite3.RunResult, error: Error | null) {
      db.close();
      if (error) reject(error);
      else resolve(this.lastID);
    });
  });
}
