import path from "node:path";
import { beforeAll, expect } from "vitest";
import { DATABASE_FILE } from "../../../server/db/data-source";
import { sqlAll, sqlInsert } from "../../support/sqlite";
import { useTestServer } from "../../support/test-server";

export type Body = Record<string, unknown>;

/**
 * A test server with one piece of content of every kind filler can point at, written before the file's tests;
 * the helpers build valid preset bodies of each kind that tests vary.
 */
export function useFillerPresetFixture() {
  const { server, api } = useTestServer();
  let dbFile = "";

  /** Content every test can point filler at. */
  const t = { collectionId: 0, smartCollectionId: 0, multiCollectionId: 0, playlistId: 0, showId: 0, seasonId: 0, artistId: 0, movieId: 0, episodeId: 0 };

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => sqlAll<T>(dbFile, query, params);
  const insert = (query: string, params: unknown[]) => sqlInsert(dbFile, query, params);

  beforeAll(async () => {
    dbFile = path.join(server.dataDir, DATABASE_FILE);
    const now = Date.now();
    const libraryId = await insert("INSERT INTO library (name, kind) VALUES ('Filler library', 'Shows')", []);
    const pathId = await insert("INSERT INTO library_path (libraryId, path) VALUES (?, '/media/filler-test')", [libraryId]);
    const item = (kind: string, title: string, parentId: number | null) =>
      insert("INSERT INTO media_item (kind, libraryPathId, parentId, title, sortTitle, state, addedAt, updatedAt) VALUES (?, ?, ?, ?, ?, 'Normal', ?, ?)", [kind, pathId, parentId, title, title, now, now]);
    t.showId = await item("Show", "Filler Show", null);
    t.seasonId = await item("Season", "Filler Season", t.showId);
    t.episodeId = await item("Episode", "Filler Episode", t.seasonId);
    t.artistId = await item("Artist", "Filler Artist", null);
    t.movieId = await item("Movie", "Filler Movie", null);
    t.collectionId = (await api.post("/api/v1/collections", { name: "Filler targets" })).json.id;
    t.smartCollectionId = await insert("INSERT INTO smart_collection (name, query) VALUES ('Filler smart', 'type:movie')", []);
    const multi = await api.post("/api/v1/collections/multi", { name: "Filler multi", items: [{ collectionId: t.collectionId, scheduleAsGroup: false, playbackOrder: "Shuffle" }] });
    expect(multi.status, multi.text).toBe(201);
    t.multiCollectionId = multi.json.id;
    const groupId = (await api.post("/api/v1/playlists/groups", { name: "Filler group" })).json.id;
    const playlist = await api.post("/api/v1/playlists", {
      name: "Filler playlist", playlistGroupId: groupId,
      items: [{ collectionType: "Collection", collectionId: t.collectionId, playbackOrder: "Chronological", playAll: false, includeInProgramGuide: true }],
    });
    expect(playlist.status, playlist.text).toBe(201);
    t.playlistId = playlist.json.id;
  });

  let counter = 0;
  const uniqueName = (prefix = "Filler") => `${prefix} ${++counter}`;
  /** A valid body of each kind; `extra` overrides (undefined removes a field). */
  const preset = (extra: Body = {}): Body => {
    const body: Body = { name: uniqueName(), fillerKind: "PreRoll", fillerMode: "Count", count: 2, collectionType: "Collection", collectionId: t.collectionId, ...extra };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    return body;
  };
  const tail = (extra: Body = {}) => preset({ fillerKind: "Tail", fillerMode: undefined, count: undefined, ...extra });
  const fallback = (extra: Body = {}) => preset({ fillerKind: "Fallback", fillerMode: undefined, count: undefined, ...extra });

  async function create(body: Body) {
    const response = await api.post("/api/v1/filler/presets", body);
    expect(response.status, response.text).toBe(201);
    return response.json as { id: number } & Body;
  }

  const rowCount = async () => (await sql<{ n: number }>("SELECT COUNT(*) AS n FROM filler_preset"))[0].n;
  const row = async (id: number) => (await sql("SELECT * FROM filler_preset WHERE id = ?", [id]))[0];

  return { server, api, t, sql, uniqueName, preset, tail, fallback, create, rowCount, row };
}
