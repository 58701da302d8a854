import path from "node:path";
import { beforeAll, expect } from "vitest";
import { DATABASE_FILE } from "../../../server/db/data-source";
import { sqlAll, sqlInsert } from "../../support/sqlite";
import { useTestServer } from "../../support/test-server";

/**
 * A test server with a playlist group "Main" and one target of every entry type, written before the file's
 * tests; the helpers build valid entries and playlists that tests vary.
 */
export function usePlaylistFixture() {
  const { server, api } = useTestServer();
  let dbFile = "";

  /** Targets every test can point playlist entries at, and the group "Main". */
  const t = { collectionId: 0, smartCollectionId: 0, multiCollectionId: 0, showId: 0, seasonId: 0, episodeId: 0, movieId: 0, artistId: 0, groupId: 0 };

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => sqlAll<T>(dbFile, query, params);

  const insert = (query: string, params: unknown[]) => sqlInsert(dbFile, query, params);

  /** Media rows written straight into the server's SQLite file: no files or scan needed. */
  async function seedMedia(): Promise<void> {
    const now = Date.now();
    const libraryId = await insert("INSERT INTO library (name, kind) VALUES (?, 'Shows')", ["Playlist test library"]);
    const pathId = await insert("INSERT INTO library_path (libraryId, path) VALUES (?, ?)", [libraryId, "/media/playlist-test"]);
    const item = (kind: string, title: string, parentId: number | null) =>
      insert("INSERT INTO media_item (kind, libraryPathId, parentId, title, sortTitle, state, addedAt, updatedAt) VALUES (?, ?, ?, ?, ?, 'Normal', ?, ?)", [kind, pathId, parentId, title, title.toLowerCase(), now, now]);
    t.showId = await item("Show", "The Show", null);
    t.seasonId = await item("Season", "Season 1", t.showId);
    t.episodeId = await item("Episode", "Pilot", t.seasonId);
    t.movieId = await item("Movie", "A Movie", null);
    t.artistId = await item("Artist", "A Band", null);
  }

  beforeAll(async () => {
    dbFile = path.join(server.dataDir, DATABASE_FILE);
    await seedMedia();
    t.collectionId = (await api.post("/api/v1/collections", { name: "Playlist targets" })).json.id;
    t.smartCollectionId = await insert("INSERT INTO smart_collection (name, query) VALUES (?, ?)", ["Smart target", "type:movie"]);
    const multi = await api.post("/api/v1/collections/multi", { name: "Multi target", items: [{ collectionId: t.collectionId, scheduleAsGroup: false, playbackOrder: "Shuffle" }] });
    expect(multi.status, multi.text).toBe(201);
    t.multiCollectionId = multi.json.id;
    t.groupId = (await api.post("/api/v1/playlists/groups", { name: "Main" })).json.id;
  });

  let counter = 0;
  const uniqueName = (prefix = "Playlist") => `${prefix} ${++counter}`;
  const entry = (extra: Record<string, unknown> = {}) => ({
    collectionType: "Collection",
    collectionId: t.collectionId,
    playbackOrder: "Chronological",
    playAll: false,
    includeInProgramGuide: true,
    ...extra,
  });

  async function createGroup(name = uniqueName("Group")) {
    const response = await api.post("/api/v1/playlists/groups", { name });
    expect(response.status, response.text).toBe(201);
    return response.json as { id: number; name: string };
  }

  async function createPlaylist(body: Record<string, unknown> = {}) {
    const response = await api.post("/api/v1/playlists", { name: uniqueName(), playlistGroupId: t.groupId, items: [entry()], ...body });
    expect(response.status, response.text).toBe(201);
    return response.json;
  }

  return { api, t, sql, insert, uniqueName, entry, createGroup, createPlaylist };
}
