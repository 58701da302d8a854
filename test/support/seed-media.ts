import path from "node:path";
import sqlite3 from "sqlite3";
import { DATABASE_FILE } from "../../server/db/data-source";

export interface SeededMedia {
  showId: number;
  seasonIds: number[];
  episodeIds: number[];
  movieIds: number[];
}

function run(db: sqlite3.Database, sql: string, params: unknown[] = []): Promise<number> {
  return new Promise((resolve, reject) =>
    db.run(sql, params, function (this: sqlite3.RunResult, error: Error | null) {
      if (error) reject(error);
      else resolve(this.lastID);
    }),
  );
}

/**
 * Writes a tiny library straight into a test server's SQLite file (a show with 2 seasons × 2
 * episodes and 2 movies), for tests of features that only need media rows, not files.
 */
export async function seedMedia(dataDir: string, name = "Seeded"): Promise<SeededMedia> {
  const db = new sqlite3.Database(path.join(dataDir, DATABASE_FILE));
  try {
    const now = Date.now();
    const libraryId = await run(db, `INSERT INTO library (name, kind) VALUES (?, 'Shows')`, [name]);
    const pathId = await run(db, `INSERT INTO library_path (libraryId, path) VALUES (?, ?)`, [libraryId, `/seeded/${name}`]);
    const item = (kind: string, title: string, parentId: number | null, season: number | null, episode: number | null) =>
      run(db, `INSERT INTO media_item (kind, libraryPathId, parentId, title, sortTitle, seasonNumber, episodeNumber, state, addedAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, 'Normal', ?, ?)`, [kind, pathId, parentId, title, title.toLowerCase(), season, episode, now, now]);
    const showId = await item("Show", `${name} Show`, null, null, null);
    const seasonIds: number[] = [];
    const episodeIds: number[] = [];
    for (const s of [1, 2]) {
      const seasonId = await item("Season", `Season ${s}`, showId, s, null);
      seasonIds.push(seasonId);
      for (const e of [1, 2]) episodeIds.push(await item("Episode", `Episode ${s}.${e}`, seasonId, s, e));
    }
    const movieIds = [await item("Movie", `${name} Movie A`, null, null, null), await item("Movie", `${name} Movie B`, null, null, null)];
    return { showId, seasonIds, episodeIds, movieIds };
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}
