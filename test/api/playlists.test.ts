import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { sqlAll, sqlInsert } from "../support/sqlite";
import { type RawResponse } from "../support/http";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let dbFile: string;

/** Targets every test can point playlist entries at. */
const t = { collectionId: 0, smartCollectionId: 0, multiCollectionId: 0, showId: 0, seasonId: 0, episodeId: 0, movieId: 0, artistId: 0 };
let groupId: number;

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
  groupId = (await api.post("/api/v1/playlists/groups", { name: "Main" })).json.id;
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
  const response = await api.post("/api/v1/playlists", { name: uniqueName(), playlistGroupId: groupId, items: [entry()], ...body });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

function expect422(response: RawResponse, field: string): void {
  expect(response.status, response.text).toBe(422);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json).toMatchObject({ status: 422, title: "Validation failed" });
  expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  expect(response.json.detail).toContain(field);
}

function expect404(response: RawResponse): void {
  expect(response.status, response.text).toBe(404);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json).toMatchObject({ status: 404, title: "Resource not found" });
}

describe("playlist groups", () => {
  it("GET /api/v1/playlists/groups is the group list, not a playlist with the id `groups`", async () => {
    const response = await api.get("/api/v1/playlists/groups");
    expect(response.status, response.text).toBe(200);
    expect(response.json).toContainEqual({ id: groupId, name: "Main" });
  });

  it("POST creates: 201, Location, the group; GET by id returns it", async () => {
    const response = await api.post("/api/v1/playlists/groups", { name: "  Kids  " });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/playlists/groups/${response.json.id}`);
    expect(response.json).toEqual({ id: expect.any(Number), name: "Kids" });
    expect((await api.get(response.headers.location as string)).json).toEqual(response.json);
  });

  it("PUT renames: 200 with the group", async () => {
    const group = await createGroup();
    const response = await api.put(`/api/v1/playlists/groups/${group.id}`, { name: "Renamed group" });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ id: group.id, name: "Renamed group" });
  });

  it.each([
    ["empty", ""],
    ["blank", "  "],
    ["51 characters", "g".repeat(51)],
    ["taken in another letter case", "MAIN"],
  ])("name %s is 422", async (_label, name) => {
    expect422(await api.post("/api/v1/playlists/groups", { name }), "name");
  });

  it("PUT to another group's name is 422, to its own name in another case is fine", async () => {
    const group = await createGroup();
    expect422(await api.put(`/api/v1/playlists/groups/${group.id}`, { name: "main" }), "name");
    expect((await api.put(`/api/v1/playlists/groups/${group.id}`, { name: group.name.toUpperCase() })).status).toBe(200);
  });

  it.each([
    ["name", { name: 5 }],
    ["name", {}],
    ["colour", { name: "x", colour: "red" }],
  ])("400 for %s: %j", async (field, body) => {
    const response = await api.post("/api/v1/playlists/groups", body);
    expect(response.status, response.text).toBe(400);
    expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it.each(["GET", "PUT", "DELETE"])("%s of an absent group is 404", async (method) => {
    const url = "/api/v1/playlists/groups/987654";
    expect404(method === "GET" ? await api.get(url) : method === "PUT" ? await api.put(url, { name: "x" }) : await api.delete(url));
  });

  it("DELETE gives 204 and deletes the group's playlists with their entries", async () => {
    const group = await createGroup();
    const a = await createPlaylist({ playlistGroupId: group.id, items: [entry(), entry({ collectionType: "MediaItem", collectionId: undefined, mediaItemId: t.movieId })] });
    const b = await createPlaylist({ playlistGroupId: group.id });
    const other = await createPlaylist();
    const response = await api.delete(`/api/v1/playlists/groups/${group.id}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect404(await api.get(`/api/v1/playlists/${a.id}`));
    expect404(await api.get(`/api/v1/playlists/${b.id}`));
    expect(await sql("SELECT * FROM playlist_item WHERE playlistId IN (?, ?)", [a.id, b.id])).toEqual([]);
    expect((await api.get(`/api/v1/playlists/${other.id}`)).status).toBe(200);
    expect404(await api.delete(`/api/v1/playlists/groups/${group.id}`));
  });
});

describe("POST /api/v1/playlists", () => {
  it("creates with one entry of every type: 201, Location, entries in the given order", async () => {
    const name = uniqueName();
    const items = [
      entry({ playbackOrder: "Shuffle", count: 3 }),
      entry({ collectionType: "TelevisionShow", collectionId: undefined, mediaItemId: t.showId, playbackOrder: "SeasonEpisode", playAll: true }),
      entry({ collectionType: "TelevisionSeason", collectionId: undefined, mediaItemId: t.seasonId }),
      entry({ collectionType: "SmartCollection", collectionId: undefined, smartCollectionId: t.smartCollectionId, playbackOrder: "Random", count: 2 }),
      entry({ collectionType: "MultiCollection", collectionId: undefined, multiCollectionId: t.multiCollectionId, includeInProgramGuide: false }),
      entry({ collectionType: "MediaItem", collectionId: undefined, mediaItemId: t.episodeId }),
    ];
    const response = await api.post("/api/v1/playlists", { name, playlistGroupId: groupId, items });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/playlists/${response.json.id}`);
    expect(response.json).toEqual({
      id: expect.any(Number),
      name,
      playlistGroupId: groupId,
      items: [
        { collectionType: "Collection", collectionId: t.collectionId, playbackOrder: "Shuffle", count: 3, playAll: false, includeInProgramGuide: true },
        { collectionType: "TelevisionShow", mediaItemId: t.showId, playbackOrder: "SeasonEpisode", playAll: true, includeInProgramGuide: true },
        { collectionType: "TelevisionSeason", mediaItemId: t.seasonId, playbackOrder: "Chronological", count: 1, playAll: false, includeInProgramGuide: true },
        { collectionType: "SmartCollection", smartCollectionId: t.smartCollectionId, playbackOrder: "Random", count: 2, playAll: false, includeInProgramGuide: true },
        { collectionType: "MultiCollection", multiCollectionId: t.multiCollectionId, playbackOrder: "Chronological", count: 1, playAll: false, includeInProgramGuide: false },
        { collectionType: "MediaItem", mediaItemId: t.episodeId, playbackOrder: "Chronological", count: 1, playAll: false, includeInProgramGuide: true },
      ],
    });
    const fetched = await api.get(response.headers.location as string);
    expect(fetched.json).toEqual(response.json);
    expect(fetched.text).not.toContain("null");
  });

  it("the same name is fine in another group", async () => {
    const first = await createPlaylist();
    const other = await createGroup();
    const second = await createPlaylist({ name: first.name.toUpperCase(), playlistGroupId: other.id });
    expect(second.playlistGroupId).toBe(other.id);
  });
});

describe("GET /api/v1/playlists", () => {
  it("lists all playlists, or only a group's with ?groupId=", async () => {
    const group = await createGroup();
    const a = await createPlaylist({ name: "B second", playlistGroupId: group.id });
    const b = await createPlaylist({ name: "a first", playlistGroupId: group.id });
    const filtered = await api.get(`/api/v1/playlists?groupId=${group.id}`);
    expect(filtered.status).toBe(200);
    expect(filtered.json).toEqual([b, a]);
    const all = (await api.get("/api/v1/playlists")).json as Array<{ id: number; playlistGroupId: number }>;
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(new Set(all.map((p) => p.playlistGroupId)).size).toBeGreaterThan(1);
  });

  it("?groupId= of an absent group is 404, a non-numeric one 400", async () => {
    expect404(await api.get("/api/v1/playlists?groupId=987654"));
    expect((await api.get("/api/v1/playlists?groupId=abc")).status).toBe(400);
  });

  it("a non-numeric playlist id is 400", async () => {
    expect((await api.get("/api/v1/playlists/abc")).status).toBe(400);
  });
});

describe("422 for every playlist rule", () => {
  const media = (type: string, id: () => number) => () => entry({ collectionType: type, collectionId: undefined, mediaItemId: id() });
  it.each([
    ["empty name", () => ({ name: "" }), "name"],
    ["blank name", () => ({ name: "   " }), "name"],
    ["51-character name", () => ({ name: "p".repeat(51) }), "name"],
    ["absent group", () => ({ playlistGroupId: 987654 }), "playlistGroupId"],
    ["no entries", () => ({ items: [] }), "items"],
    ["collectionType Artist", () => ({ items: [entry({ collectionType: "Artist", collectionId: undefined, mediaItemId: t.artistId })] }), "items[0].collectionType"],
    ["collectionType Playlist", () => ({ items: [entry(), entry({ collectionType: "Playlist" })] }), "items[1].collectionType"],
    ["collectionType SearchQuery", () => ({ items: [entry({ collectionType: "SearchQuery" })] }), "items[0].collectionType"],
    ["Collection without collectionId", () => ({ items: [entry({ collectionId: undefined })] }), "items[0].collectionId"],
    ["TelevisionShow without mediaItemId", () => ({ items: [entry({ collectionType: "TelevisionShow", collectionId: undefined })] }), "items[0].mediaItemId"],
    ["TelevisionSeason without mediaItemId", () => ({ items: [entry({ collectionType: "TelevisionSeason", collectionId: undefined })] }), "items[0].mediaItemId"],
    ["MediaItem without mediaItemId", () => ({ items: [entry({ collectionType: "MediaItem", collectionId: undefined })] }), "items[0].mediaItemId"],
    ["SmartCollection without smartCollectionId", () => ({ items: [entry({ collectionType: "SmartCollection", collectionId: undefined })] }), "items[0].smartCollectionId"],
    ["MultiCollection without multiCollectionId", () => ({ items: [entry({ collectionType: "MultiCollection", collectionId: undefined })] }), "items[0].multiCollectionId"],
    ["Collection with a mediaItemId too", () => ({ items: [entry({ mediaItemId: t.movieId })] }), "items[0].mediaItemId"],
    ["Collection with a multiCollectionId too", () => ({ items: [entry({ multiCollectionId: t.multiCollectionId })] }), "items[0].multiCollectionId"],
    ["Collection with a smartCollectionId too", () => ({ items: [entry({ smartCollectionId: t.smartCollectionId })] }), "items[0].smartCollectionId"],
    ["TelevisionShow with a collectionId too", () => ({ items: [entry({ collectionType: "TelevisionShow", mediaItemId: t.showId })] }), "items[0].collectionId"],
    ["an absent collection", () => ({ items: [entry({ collectionId: 987654 })] }), "items[0].collectionId"],
    ["an absent smart collection", () => ({ items: [entry({ collectionType: "SmartCollection", collectionId: undefined, smartCollectionId: 987654 })] }), "items[0].smartCollectionId"],
    ["an absent multi collection", () => ({ items: [entry({ collectionType: "MultiCollection", collectionId: undefined, multiCollectionId: 987654 })] }), "items[0].multiCollectionId"],
    ["an absent media item", () => ({ items: [media("MediaItem", () => 987654)()] }), "items[0].mediaItemId"],
    ["TelevisionShow naming a season", () => ({ items: [media("TelevisionShow", () => t.seasonId)()] }), "items[0].mediaItemId"],
    ["TelevisionShow naming a movie", () => ({ items: [media("TelevisionShow", () => t.movieId)()] }), "items[0].mediaItemId"],
    ["TelevisionSeason naming a show", () => ({ items: [media("TelevisionSeason", () => t.showId)()] }), "items[0].mediaItemId"],
    ["TelevisionSeason naming an episode", () => ({ items: [media("TelevisionSeason", () => t.episodeId)()] }), "items[0].mediaItemId"],
    ["MediaItem naming a show", () => ({ items: [media("MediaItem", () => t.showId)()] }), "items[0].mediaItemId"],
    ["MediaItem naming an artist", () => ({ items: [media("MediaItem", () => t.artistId)()] }), "items[0].mediaItemId"],
    ["count 0", () => ({ items: [entry({ count: 0 })] }), "items[0].count"],
    ["count -2", () => ({ items: [entry({ count: -2 })] }), "items[0].count"],
    ["count with playAll", () => ({ items: [entry({ playAll: true, count: 2 })] }), "items[0].count"],
    ["count 1 with playAll", () => ({ items: [entry(), entry({ playAll: true, count: 1 })] }), "items[1].count"],
  ])("%s", async (_label, body, field) => {
    await expect422(await api.post("/api/v1/playlists", { name: uniqueName(), playlistGroupId: groupId, items: [entry()], ...body() }), field);
  });

  it("messages say what is wrong", async () => {
    const response = await api.post("/api/v1/playlists", {
      name: uniqueName(),
      playlistGroupId: groupId,
      items: [media("TelevisionShow", () => t.seasonId)(), entry({ mediaItemId: t.movieId }), entry({ collectionType: "Artist" })],
    });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([
      { field: "items[0].mediaItemId", message: `media item ${t.seasonId} is a Season, not a Show` },
      { field: "items[1].mediaItemId", message: "must not be given for collectionType Collection" },
      { field: "items[2].collectionType", message: "must be one of Collection, TelevisionShow, TelevisionSeason, SmartCollection, MultiCollection, MediaItem" },
    ]);
  });

  it("a name already used in the group, in any letter case", async () => {
    const existing = await createPlaylist();
    const response = await api.post("/api/v1/playlists", { name: existing.name.toLowerCase(), playlistGroupId: groupId, items: [entry()] });
    expect422(response, "name");
    expect(response.json.errors[0].message).toBe(`a playlist named "${existing.name.toLowerCase()}" already exists in the group "Main"`);
  });

  it("reports every broken rule at once", async () => {
    const response = await api.post("/api/v1/playlists", {
      name: "",
      playlistGroupId: 987654,
      items: [entry({ collectionId: undefined }), entry({ collectionType: "MediaItem", collectionId: undefined, mediaItemId: 987654 }), entry({ count: 0 })],
    });
    expect(response.status).toBe(422);
    expect(response.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["items[0].collectionId", "items[1].mediaItemId", "items[2].count", "name", "playlistGroupId"]);
  });
});

describe("400 for wrong types", () => {
  it.each([
    ["name", { name: 5 }],
    ["playlistGroupId", { playlistGroupId: "1" }],
    ["playlistGroupId", { playlistGroupId: 1.5 }],
    ["items", { items: "all" }],
    ["collectionType", { items: [entry({ collectionType: "Bogus" })] }],
    ["collectionId", { items: [entry({ collectionId: "1" })] }],
    ["mediaItemId", { items: [entry({ mediaItemId: 2.5 })] }],
    ["count", { items: [entry({ count: "2" })] }],
    ["count", { items: [entry({ count: 1.5 })] }],
    ["count", { items: [entry({ count: null })] }],
    ["mediaItemId", { items: [entry({ mediaItemId: null })] }],
    ["playbackOrder", { items: [entry({ playbackOrder: 3 })] }],
    ["playAll", { items: [entry({ playAll: "no" })] }],
    ["includeInProgramGuide", { items: [entry({ includeInProgramGuide: undefined })] }],
    ["colour", { items: [entry({ colour: "red" })] }],
    ["colour", { colour: "red" }],
  ])("%s: %j", async (field, body) => {
    const response = await api.post("/api/v1/playlists", { name: "x", playlistGroupId: groupId, items: [entry()], ...body });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ status: 400, title: "Bad request" });
    expect(response.json.errors.map((e: { field: string }) => e.field).join(" ")).toContain(field);
  });

  it("a deeply nested value where an id belongs is a 400, not a server error", async () => {
    const nested = "[".repeat(5000) + "]".repeat(5000);
    const body = `{"name":"x","playlistGroupId":${groupId},"items":[{"collectionType":"Collection","collectionId":${nested},"playbackOrder":"Shuffle","playAll":true,"includeInProgramGuide":true}]}`;
    const response = await api.post("/api/v1/playlists", body);
    expect(response.status, response.text).toBe(400);
  });

  it("required fields are required", async () => {
    for (const field of ["name", "playlistGroupId", "items"]) {
      const body: Record<string, unknown> = { name: "x", playlistGroupId: groupId, items: [entry()] };
      delete body[field];
      const response = await api.post("/api/v1/playlists", body);
      expect(response.status, field).toBe(400);
      expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});

describe("PUT and DELETE /api/v1/playlists/{id}", () => {
  it("PUT renames, moves to another group and replaces the entries: 200 with the playlist", async () => {
    const created = await createPlaylist({ items: [entry(), entry({ collectionType: "MediaItem", collectionId: undefined, mediaItemId: t.movieId })] });
    const other = await createGroup();
    const name = uniqueName("Moved");
    const response = await api.put(`/api/v1/playlists/${created.id}`, {
      name,
      playlistGroupId: other.id,
      items: [entry({ collectionType: "TelevisionSeason", collectionId: undefined, mediaItemId: t.seasonId, playAll: true })],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      id: created.id,
      name,
      playlistGroupId: other.id,
      items: [{ collectionType: "TelevisionSeason", mediaItemId: t.seasonId, playbackOrder: "Chronological", playAll: true, includeInProgramGuide: true }],
    });
    expect((await api.get(`/api/v1/playlists/${created.id}`)).json).toEqual(response.json);
    expect(await sql("SELECT position FROM playlist_item WHERE playlistId = ?", [created.id])).toEqual([{ position: 0 }]);
  });

  it("PUT may keep its own name; taking a sibling's name is 422", async () => {
    const first = await createPlaylist();
    const second = await createPlaylist();
    expect((await api.put(`/api/v1/playlists/${second.id}`, { name: second.name.toUpperCase(), playlistGroupId: groupId, items: [entry()] })).status).toBe(200);
    expect422(await api.put(`/api/v1/playlists/${second.id}`, { name: first.name, playlistGroupId: groupId, items: [entry()] }), "name");
  });

  it("moving into a group that already has the name is 422", async () => {
    const other = await createGroup();
    const there = await createPlaylist({ playlistGroupId: other.id });
    const here = await createPlaylist();
    expect422(await api.put(`/api/v1/playlists/${here.id}`, { name: there.name, playlistGroupId: other.id, items: [entry()] }), "name");
  });

  it("a PUT with one bad entry changes nothing", async () => {
    const created = await createPlaylist({ items: [entry({ count: 4 }), entry({ collectionType: "TelevisionShow", collectionId: undefined, mediaItemId: t.showId, playAll: true })] });
    const snapshot = async () => JSON.stringify([await sql("SELECT * FROM playlist ORDER BY id"), await sql("SELECT * FROM playlist_item ORDER BY id")]);
    const before = await snapshot();
    const response = await api.put(`/api/v1/playlists/${created.id}`, {
      name: "Changed",
      playlistGroupId: groupId,
      items: [entry(), entry({ collectionType: "MediaItem", collectionId: undefined, mediaItemId: t.episodeId }), entry({ collectionType: "TelevisionSeason", collectionId: undefined, mediaItemId: t.showId })],
    });
    expect422(response, "items[2].mediaItemId");
    expect(await snapshot()).toBe(before);
    expect((await api.get(`/api/v1/playlists/${created.id}`)).json).toEqual(created);
  });

  it("DELETE gives 204 and removes the entries; afterwards GET and DELETE are 404", async () => {
    const created = await createPlaylist({ items: [entry(), entry({ count: 2 })] });
    const deleted = await api.delete(`/api/v1/playlists/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(await sql("SELECT * FROM playlist_item WHERE playlistId = ?", [created.id])).toEqual([]);
    expect404(await api.get(`/api/v1/playlists/${created.id}`));
    const again = await api.delete(`/api/v1/playlists/${created.id}`);
    expect404(again);
    expect(again.json.detail).toBe(`Playlist ${created.id} does not exist`);
  });

  it.each(["GET", "PUT", "DELETE"])("%s of an absent playlist is 404", async (method) => {
    const url = "/api/v1/playlists/987654";
    expect404(method === "GET" ? await api.get(url) : method === "PUT" ? await api.put(url, { name: "x", playlistGroupId: groupId, items: [entry()] }) : await api.delete(url));
  });

  it("a playlist used by a schedule item cannot be deleted, nor can its group", async () => {
    const group = await createGroup();
    const playlist = await createPlaylist({ playlistGroupId: group.id });
    const scheduleId = await insert("INSERT INTO schedule (name) VALUES (?)", [uniqueName("Schedule")]);
    const itemId = await insert(
      "INSERT INTO schedule_item (scheduleId, position, playoutMode, collectionType, playlistId, playbackOrder) VALUES (?, 0, 'One', 'Playlist', ?, 'Chronological')",
      [scheduleId, playlist.id],
    );
    const refused = await api.delete(`/api/v1/playlists/${playlist.id}`);
    expect422(refused, "id");
    expect(refused.json.errors[0].message).toBe("the playlist is used by 1 schedule item(s)");
    const groupRefused = await api.delete(`/api/v1/playlists/groups/${group.id}`);
    expect422(groupRefused, "id");
    expect(groupRefused.json.errors[0].message).toBe("a playlist of this group is used by 1 schedule item(s)");
    expect((await api.get(`/api/v1/playlists/${playlist.id}`)).status).toBe(200);

    await sql("DELETE FROM schedule_item WHERE id = ?", [itemId]);
    expect((await api.delete(`/api/v1/playlists/groups/${group.id}`)).status).toBe(204);
    expect404(await api.get(`/api/v1/playlists/${playlist.id}`));
  });
});
