import fs from "node:fs";
import path from "node:path";
import { DATABASE_FILE } from "./data-source";
import { all, close, open, READ_ONLY, READ_WRITE, run, withDb, type Db } from "./sqlite-file";

/** Modes of what holds secrets (backups, restored files): the owner's only. */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

/** Extra files a backup carries inside its snapshot (a table the restore removes again). */
const BACKUP_TABLE = "airwave_backup_files";

/**
 * Writes a consistent copy of the live database to `target` with `VACUUM INTO` on a connection of its
 * own: in WAL mode it reads one snapshot holding every committed transaction while writers go on, and
 * never copies a half-written file. `files` (name → text, e.g. settings.json) are stored in the copy.
 */
export async function snapshotDatabase(dataDir: string, target: string, files: Record<string, string>): Promise<void> {
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await withDb(path.join(dataDir, DATABASE_FILE), READ_WRITE, (db) => run(db, "VACUUM INTO ?", [partial]));
    // SQLite makes the file with the process's umask; it holds every secret before the files are even added.
    fs.chmodSync(partial, PRIVATE_FILE);
    await withDb(partial, READ_WRITE, async (db) => {
      await run(db, `CREATE TABLE ${BACKUP_TABLE} (name TEXT PRIMARY KEY, content TEXT NOT NULL)`);
      for (const [name, content] of Object.entries(files)) await run(db, `INSERT INTO ${BACKUP_TABLE} (name, content) VALUES (?, ?)`, [name, content]);
    });
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** Why a file cannot be restored, in one sentence. */
export class SnapshotError extends Error {}

/** Checks a backup file and reads the files stored in it. */
export async function readSnapshot(file: string): Promise<{ files: Record<string, string> }> {
  if (!fs.existsSync(file)) throw new SnapshotError(`${file} does not exist`);
  let db: Db;
  try {
    db = await open(file, READ_ONLY);
  } catch (error) {
    throw new SnapshotError(`${file} cannot be opened as a database: ${(error as Error).message}`);
  }
  try {
    let check: { integrity_check: string }[];
    try {
      check = await all(db, "PRAGMA integrity_check");
    } catch (error) {
      throw new SnapshotError(`${file} is not an Airwave backup: ${(error as Error).message}`);
    }
    if (check[0]?.integrity_check !== "ok") throw new SnapshotError(`${file} is damaged: ${check.map((row) => row.integrity_check).join("; ")}`);
    const tables = await all<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (?, 'migrations')", [BACKUP_TABLE]);
    if (tables.length !== 2) throw new SnapshotError(`${file} is not an Airwave backup (it has no Airwave tables)`);
    const rows = await all<{ name: string; content: string }>(db, `SELECT name, content FROM ${BACKUP_TABLE}`);
    return { files: Object.fromEntries(rows.map((row) => [row.name, row.content])) };
  } finally {
    await close(db);
  }
}

/**
 * Replaces the data folder's database (and the stored files) with a backup's. Only for a stopped
 * server: the caller checks the data folder lock. The database it replaces is kept next to it as
 * `airwave.sqlite3.before-restore`; stale WAL and shared-memory files are removed so they cannot be
 * replayed onto the restored file.
 */
export async function restoreSnapshot(file: string, dataDir: string): Promise<{ files: string[] }> {
  const { files } = await readSnapshot(file);
  const live = path.join(dataDir, DATABASE_FILE);
  const incoming = `${live}.restoring`;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(file, incoming);
  fs.chmodSync(incoming, PRIVATE_FILE);
  await withDb(incoming, READ_WRITE, async (db) => {
    await run(db, `DROP TABLE ${BACKUP_TABLE}`);
    await run(db, "VACUUM");
  });
  if (fs.existsSync(live)) {
    // Folds the old WAL into the file kept aside, so it is a complete database of its own.
    await withDb(live, READ_WRITE, (db) => run(db, "PRAGMA wal_checkpoint(TRUNCATE)"));
    fs.renameSync(live, `${live}.before-restore`);
  }
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${live}${suffix}`, { force: true });
  fs.renameSync(incoming, live);
  for (const [name, content] of Object.entries(files)) {
    const restored = path.join(dataDir, path.basename(name));
    fs.writeFileSync(restored, content, { mode: PRIVATE_FILE });
    // writeFileSync's mode applies only to a new file: one that was there keeps its mode otherwise.
    fs.chmodSync(restored, PRIVATE_FILE);
  }
  return { files: Object.keys(files) };
}
