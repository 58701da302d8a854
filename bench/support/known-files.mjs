// Bench setup only: enters files into a library as if a scan had probed them, by copying the rows a real scan
// stored for a file of the same content (its item, version and streams) under the new file's path, size and
// modification time. A real first scan costs one ffprobe per file (minutes for 2,000 files on a loaded 2-core
// machine, and no API stores a file without probing it); a rescan reads these rows exactly as it reads scanned
// ones. Runs against the server's SQLite file while the server is idle (SQLite locks the file for the write).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const sqlite3 = createRequire(import.meta.url)("sqlite3");

function open(file) {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(db)));
  });
}
const call = (db, method, sql, params = []) =>
  new Promise((resolve, reject) => {
    db[method](sql, params, function done(error, rows) {
      if (error) reject(error);
      else resolve(method === "run" ? this : rows);
    });
  });

/**
 * For each of `files`, copies the stored rows of `templates[i % templates.length]` (paths of files a scan stored)
 * under that file's path, size and mtime. Returns how many files were entered.
 */
export async function enterKnownFiles(dataDir, templates, files) {
  const db = await open(path.join(dataDir, "airwave.sqlite3"));
  try {
    db.configure("busyTimeout", 30_000);
    const columns = async (table, except) => (await call(db, "all", `PRAGMA table_info("${table}")`)).map((c) => c.name).filter((c) => !except.includes(c));
    const itemColumns = await columns("media_item", ["id", "title", "sortTitle"]);
    const versionColumns = await columns("media_version", ["id", "mediaItemId", "path", "size", "mtime"]);
    const streamColumns = await columns("media_stream", ["id", "mediaVersionId"]);
    const quoted = (names) => names.map((n) => `"${n}"`).join(", ");
    const stored = [];
    for (const template of templates) {
      const [version] = await call(db, "all", `SELECT "id", "mediaItemId" FROM "media_version" WHERE "path" = ?`, [template]);
      if (!version) throw new Error(`no stored version for ${template}`);
      stored.push(version);
    }
    await call(db, "run", "BEGIN IMMEDIATE");
    for (const [i, file] of files.entries()) {
      const template = stored[i % stored.length];
      const stat = fs.statSync(file);
      const title = path.basename(file, path.extname(file));
      const item = await call(db, "run", `INSERT INTO "media_item" (${quoted(itemColumns)}, "title", "sortTitle") SELECT ${quoted(itemColumns)}, ?, ? FROM "media_item" WHERE "id" = ?`, [title, title.toLowerCase(), template.mediaItemId]);
      const version = await call(db, "run", `INSERT INTO "media_version" (${quoted(versionColumns)}, "mediaItemId", "path", "size", "mtime") SELECT ${quoted(versionColumns)}, ?, ?, ?, ? FROM "media_version" WHERE "id" = ?`, [item.lastID, file, stat.size, Math.floor(stat.mtimeMs), template.id]);
      await call(db, "run", `INSERT INTO "media_stream" (${quoted(streamColumns)}, "mediaVersionId") SELECT ${quoted(streamColumns)}, ? FROM "media_stream" WHERE "mediaVersionId" = ?`, [version.lastID, template.id]);
    }
    await call(db, "run", "COMMIT");
    return files.length;
  } finally {
    await new Promise((resolve) => db.close(resolve));
  }
}
