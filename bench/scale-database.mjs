// bench/scale-database: the same library, channels and week-long playouts on SQLite and on PostgreSQL,
// in one run, on the built server (dist/): (a) a full guide rebuild of 100 channels x 7 days (the
// fragment cache removed, then GET /iptv/xmltv.xml; median of 3) and (b) channel list throughput
// (GET /api/v1/channels, 8 clients at once for 5 s). Prints both figures per database and the ratio
// PostgreSQL / SQLite; target: PostgreSQL within 2x of SQLite on one node. PostgreSQL is a throwaway
// cluster on loopback with its default durability (fsync at every commit); SQLite runs in WAL mode with
// synchronous=NORMAL (fsync at checkpoints), the desktop default.
//
//   node bench/scale-database.mjs [--channels N]
//
// Benchmarks report, they do not gate: the exit code is 0 even under the target.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startPostgres } from "./support/postgres-cluster.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
require("reflect-metadata");
const { Database } = require(path.join(root, "dist/server/db/database.js"));
const { rawQuery } = require(path.join(root, "dist/server/db/raw-query.js"));
const { loadConfig } = require(path.join(root, "dist/server/config/load-config.js"));
const { createLogger } = require(path.join(root, "dist/server/logging/logger.js"));
const { startServer } = require(path.join(root, "dist/server/server.js"));

const argIndex = process.argv.indexOf("--channels");
const CHANNELS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 100;
const DAYS = 7;
const TARGET_RATIO = 2;

async function seed(dataDir, database) {
  const db = await Database.open(dataDir, database);
  const shows = [];
  await db.write(async (repos) => {
    const manager = repos.settings.manager;
    // TypeORM's SQLite driver answers an INSERT with no rows, RETURNING or not: ask for the rowid there.
    const insert = async (sql, params) =>
      database.type === "postgres" ? (await rawQuery(manager, `${sql} RETURNING "id"`, params))[0].id : (await rawQuery(manager, sql, params), (await rawQuery(manager, "SELECT last_insert_rowid() AS id"))[0].id);
    const libraryId = await insert(`INSERT INTO "library" ("name", "kind") VALUES ('Bench', 'Shows')`, []);
    const pathId = await insert(`INSERT INTO "library_path" ("libraryId", "path") VALUES (?, '/bench')`, [libraryId]);
    const item = (kind, title, parentId, season, episode, plot) =>
      insert(
        `INSERT INTO "media_item" ("kind", "libraryPathId", "parentId", "title", "sortTitle", "plot", "seasonNumber", "episodeNumber", "state", "addedAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'Normal', 0, 0)`,
        [kind, pathId, parentId, title, title.toLowerCase(), plot, season, episode],
      );
    let n = 0;
    for (let s = 0; s < CHANNELS; s++) {
      const show = await item("Show", `Show ${s}`, null, null, null, `The adventures of show ${s}.`);
      shows.push(show);
      for (let season = 1; season <= 2; season++) {
        const seasonId = await item("Season", `Season ${season}`, show, season, null, null);
        for (let e = 1; e <= 12; e++) {
          const id = await item("Episode", `Episode ${season}x${e}`, seasonId, season, e, `In which things happen (${++n}).`);
          await rawQuery(manager, `INSERT INTO "media_version" ("mediaItemId", "path", "size", "mtime", "durationMs", "probedAt") VALUES (?, ?, 1, 0, ?, 0)`, [id, `/bench/${n}.mkv`, (20 + ((s + e) % 21)) * 60_000]);
        }
      }
    }
  });
  await db.close();
  return shows;
}

async function measure(label, database) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-scale-"));
  try {
    const shows = await seed(dataDir, database);
    const env = { AIRWAVE_DATA_DIR: dataDir, Server__Port: "0", Server__Host: "127.0.0.1", Playout__DaysToBuild: String(DAYS), Guide__DaysToBuild: String(DAYS), Playout__RebuildIntervalMinutes: "0", Logging__Level: "error" };
    if (database.type === "postgres") Object.assign(env, { Database__Type: "postgres", Database__Url: database.url });
    const server = await startServer(loadConfig(env), createLogger("error"));
    try {
      const { services } = server;
      for (let c = 0; c < CHANNELS; c++) {
        const { collection } = await services.collections.create({ name: `Bench Show ${c}` });
        await services.collections.addItems(collection.id, [shows[c]]);
        const view = await services.channels.create({ name: `Bench ${c}`, number: String(100 + c) });
        const definition = `content:\n  - collection: "Bench Show ${c}"\n    key: show\n    order: chronological\nplayout:\n  - count: 1\n    content: show\n  - repeat: true\n`;
        const { build } = await services.playouts.create({ channelId: view.channel.id, kind: "Sequential", definition });
        if (!build.success) throw new Error(`build failed: ${build.message}`);
      }
      const base = `http://127.0.0.1:${server.port}`;
      const get = async (route) => {
        const response = await fetch(base + route);
        if (!response.ok) throw new Error(`${route}: HTTP ${response.status}`);
        return response.text();
      };
      await get("/iptv/xmltv.xml");
      const rebuilds = [];
      for (let run = 0; run < 3; run++) {
        fs.rmSync(path.join(dataDir, "cache", "guide"), { recursive: true, force: true });
        const started = performance.now();
        await get("/iptv/xmltv.xml");
        rebuilds.push(performance.now() - started);
      }
      const rebuildMs = rebuilds.sort((a, b) => a - b)[1];
      await get("/api/v1/channels");
      let requests = 0;
      const until = performance.now() + 5_000;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (performance.now() < until) {
            await get("/api/v1/channels");
            requests += 1;
          }
        }),
      );
      const perSecond = requests / 5;
      console.log(`${label}: guide rebuild ${CHANNELS} ch x ${DAYS} d ${rebuildMs.toFixed(0)} ms; channel list ${perSecond.toFixed(0)} requests/s`);
      return { rebuildMs, perSecond };
    } finally {
      await server.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sqlite = await measure("SQLite    ", { type: "sqlite" });
const cluster = await startPostgres();
let postgres;
try {
  postgres = await measure("PostgreSQL", { type: "postgres", url: cluster.url });
} finally {
  cluster.stop();
}
const rebuildRatio = postgres.rebuildMs / sqlite.rebuildMs;
const listRatio = sqlite.perSecond / postgres.perSecond;
const verdict = (ratio) => (ratio <= TARGET_RATIO ? "PASS" : "FAIL");
console.log(`guide rebuild: PostgreSQL / SQLite = ${rebuildRatio.toFixed(2)}x (target <= ${TARGET_RATIO}x) ${verdict(rebuildRatio)}`);
console.log(`channel list:  SQLite / PostgreSQL throughput = ${listRatio.toFixed(2)}x (target <= ${TARGET_RATIO}x) ${verdict(listRatio)}`);
