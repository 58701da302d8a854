// bench/scan, part 2: a smart-collection query over a 10,000-item library (target <= 50 ms), next to
// a bare `SELECT id FROM media_item` over the same database in the same run.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
require("reflect-metadata");
const { Database } = require(path.join(root, "dist/server/db/database.js"));
const { createServices } = require(path.join(root, "dist/server/services/index.js"));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-search-"));
const db = await Database.open(dataDir);
const noScans = { start() { throw new Error("no scans here"); }, status() { return undefined; }, byScanId() { return undefined; }, reportProgress() {}, reportEnd() {} };
const services = createServices(db, { dataDir, scans: noScans, clock: () => Date.parse("2026-11-22T12:00:00Z") });

const GENRES = ["Comedy", "Drama", "Action", "Animation", "Documentary", "Horror", "Romance", "Thriller"];
await db.write(async (repos) => {
  const m = repos.mediaItems.manager ?? repos.settings.manager;
  const q = (sql, params) => m.query(sql, params);
  const insert = async (sql, params) => {
    await q(sql, params);
    return (await q("SELECT last_insert_rowid() AS id"))[0].id;
  };
  const libraryId = await insert(`INSERT INTO library (name, kind) VALUES ('Bench', 'Shows')`);
  const pathId = await insert(`INSERT INTO library_path (libraryId, path) VALUES (?, '/bench')`, [libraryId]);
  let n = 0;
  const item = async (kind, title, parentId, season, episode) => {
    n += 1;
    const id = await insert(`INSERT INTO media_item (kind, libraryPathId, parentId, title, sortTitle, year, plot, seasonNumber, episodeNumber, state, addedAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'Normal', 0, 0)`, [kind, pathId, parentId, title, title.toLowerCase(), 1980 + (n % 40), `A story about item ${n}.`, season, episode]);
    await q(`INSERT INTO media_tag (mediaItemId, kind, name) VALUES (?, 'genre', ?)`, [id, GENRES[n % GENRES.length]]);
    if (kind === "Episode" || kind === "Movie") {
      const versionId = await insert(`INSERT INTO media_version (mediaItemId, path, size, mtime, durationMs, width, height, probedAt) VALUES (?, ?, 1, 0, ?, 1920, 1080, 0)`, [id, `/bench/${n}.mkv`, (20 + (n % 100)) * 60_000]);
      await q(`INSERT INTO media_stream (mediaVersionId, streamIndex, kind, codec, language) VALUES (?, 1, 'Audio', 'aac', ?)`, [versionId, n % 3 === 0 ? "ger" : "eng"]);
    }
    return id;
  };
  for (let s = 0; s < 100; s++) {
    const show = await item("Show", `Show ${s}`, null, null, null);
    for (let season = 1; season <= 4; season++) {
      const seasonId = await item("Season", `Season ${season}`, show, season, null);
      for (let e = 1; e <= 20; e++) await item("Episode", `Episode ${s}-${season}-${e}`, seasonId, season, e);
    }
  }
  while (n < 10_000) await item("Movie", `Movie ${n}`, null, null, null);
});
await services.smartCollections.create({ name: "Short comedies", query: "type:episode AND genre:comedy AND minutes:<60" });
const QUERY = 'smart_collection:"Short comedies" OR (type:movie AND year:[1990 TO 1999] AND language:eng)';

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const time = async (fn, runs = 15) => {
  await fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return median(samples);
};
let matches = 0;
const queryMs = await time(async () => (matches = (await services.smartCollections.matchingIds(QUERY)).length));
const bareMs = await time(() => db.read((repos) => repos.settings.manager.query(`SELECT id FROM media_item`)));
console.log(`scan: smart-collection query over 10,000 items (${matches} matches): ${queryMs.toFixed(1)} ms median (bare SELECT id: ${bareMs.toFixed(1)} ms), ratio ${(queryMs / bareMs).toFixed(1)}x (target <= 50 ms) ${queryMs <= 50 ? "PASS" : "FAIL"}`);
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
