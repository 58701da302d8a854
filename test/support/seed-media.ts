import path from "node:path";
import { DATABASE_FILE } from "../../server/db/data-source";
import { sqlInsert } from "./sqlite";

export interface SeededMedia {
  showId: number;
  seasonIds: number[];
  episodeIds: number[];
  movieIds: number[];
}

/**
 * Writes a tiny library straight into a test server's database (a show with 2 seasons × 2 episodes
 * and 2 movies), for tests of features that only need media rows, not files.
 */
export async function seedMedia(dataDir: string, name = "Seeded"): Promise<SeededMedia> {
  const run = (sql: string, params: unknown[]) => sqlInsert(path.join(dataDir, DATABASE_FILE), sql, params);
  const now = Date.now();
  const libraryId = await run(`INSERT INTO "library" ("name", "kind") VALUES (?, 'Shows')`, [name]);
  const pathId = await run(`INSERT INTO "library_path" ("libraryId", "path") VALUES (?, ?)`, [libraryId, `/seeded/${name}`]);
  const item = (kind: string, title: string, parentId: number | null, season: number | null, episode: number | null) =>
    run(
      `INSERT INTO "media_item" ("kind", "libraryPathId", "parentId", "title", "sortTitle", "seasonNumber", "episodeNumber", "state", "addedAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, 'Normal', ?, ?)`,
      [kind, pathId, parentId, title, title.toLowerCase(), season, episode, now, now],
    );
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
}
