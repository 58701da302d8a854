import sqlite3 from "sqlite3";

/** Plain sqlite3 access to a database file of its own (a backup being made or restored, another program's database). */
export type Db = sqlite3.Database;

export const READ_ONLY = sqlite3.OPEN_READONLY;
export const READ_WRITE = sqlite3.OPEN_READWRITE;

export function open(file: string, mode: number): Promise<Db> {
  return new Promise((resolve, reject) => {
    const db: Db = new sqlite3.Database(file, mode, (error) => (error ? reject(error) : resolve(db)));
  });
}

export function run(db: Db, sql: string, params: unknown[] = []): Promise<void> {
  return new Promise((resolve, reject) => db.run(sql, params, (error) => (error ? reject(error) : resolve())));
}

export function all<T>(db: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  return new Promise((resolve, reject) => db.all(sql, params, (error, rows) => (error ? reject(error) : resolve(rows as T[]))));
}

export function close(db: Db): Promise<void> {
  return new Promise((resolve, reject) => db.close((error) => (error ? reject(error) : resolve())));
}

/** Opens the file, waits up to 5 s for locks, runs `work`, and always closes it. */
export async function withDb<T>(file: string, mode: number, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await open(file, mode);
  try {
    await run(db, "PRAGMA busy_timeout = 5000");
    return await work(db);
  } finally {
    await close(db);
  }
}
