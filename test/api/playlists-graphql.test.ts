import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { sqlInsert } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let dbFile: string;
const t = { collectionId: 0, smartCollectionId: 0, showId: 0, seasonId: 0, movieId: 0 };

/** Inserts one row straight into the server's database and returns its id. */
const insert = (query: string, params: unknown[]) => sqlInsert(dbFile, query, params);

beforeAll(async () => {
  dbFile = path.join(server.dataDir, DATABASE_FILE);
  const now = Date.now();
  const libraryId = await insert("INSERT INTO library (name, kind) VALUES ('GraphQL library', 'Shows')", []);
  const pathId = await insert("INSERT INTO library_path (libraryId, path) VALUES (?, '/media/graphql')", [libraryId]);
  const item = (kind: string, title: string, parentId: number | null) =>
    insert("INSERT INTO media_item (kind, libraryPathId, parentId, title, sortTitle, state, addedAt, updatedAt) VALUES (?, ?, ?, ?, ?, 'Normal', ?, ?)", [kind, pathId, parentId, title, title, now, now]);
  t.showId = await item("Show", "Gql Show", null);
  t.seasonId = await item("Season", "Gql Season", t.showId);
  t.movieId = await item("Movie", "Gql Movie", null);
  t.collectionId = (await api.post("/api/v1/collections", { name: "Gql collection" })).json.id;
  t.smartCollectionId = await insert("INSERT INTO smart_collection (name, query) VALUES ('Gql smart', 'type:movie')", []);
});

let counter = 0;
const uniqueName = (prefix: string) => `${prefix} ${++counter}`;
const entry = (extra: Record<string, unknown> = {}) => ({ collectionType: "Collection", collectionId: t.collectionId, playbackOrder: "Chronological", playAll: false, includeInProgramGuide: true, ...extra });

const MULTI_FIELDS = "id name items { collectionId collection { id name } smartCollectionId smartCollection { id name } scheduleAsGroup playbackOrder }";
const PLAYLIST_FIELDS = "id name playlistGroupId items { collectionType collectionId mediaItemId multiCollectionId smartCollectionId playbackOrder count playAll includeInProgramGuide }";

async function gql(query: string, variables?: Record<string, unknown>) {
  const response = await api.graphql(query, variables);
  return response.json as { data: any; errors?: Array<{ message: string; extensions: { code: string; errors?: unknown[] } }> };
}

async function createGroup(): Promise<number> {
  const result = await gql("mutation($name: String!) { createPlaylistGroup(name: $name) { id name } }", { name: uniqueName("Gql group") });
  expect(result.errors).toBeUndefined();
  return result.data.createPlaylistGroup.id;
}

async function createPlaylist(playlistGroupId: number, items: unknown[] = [entry()]) {
  const result = await gql(`mutation($input: PlaylistInput!) { createPlaylist(input: $input) { ${PLAYLIST_FIELDS} } }`, {
    input: { name: uniqueName("Gql playlist"), playlistGroupId, items },
  });
  expect(result.errors).toBeUndefined();
  return result.data.createPlaylist;
}

describe("multi collections over GraphQL", () => {
  it("create, query, update and delete go through the same service as REST", async () => {
    const input = {
      name: uniqueName("Gql multi"),
      items: [
        { smartCollectionId: t.smartCollectionId, scheduleAsGroup: true, playbackOrder: "ShuffleInOrder" },
        { collectionId: t.collectionId, scheduleAsGroup: false, playbackOrder: "Shuffle" },
      ],
    };
    const created = await gql(`mutation($input: MultiCollectionInput!) { createMultiCollection(input: $input) { ${MULTI_FIELDS} } }`, { input });
    expect(created.errors).toBeUndefined();
    const multi = created.data.createMultiCollection;
    expect(multi).toEqual({
      id: expect.any(Number),
      name: input.name,
      items: [
        { collectionId: null, collection: null, smartCollectionId: t.smartCollectionId, smartCollection: { id: t.smartCollectionId, name: "Gql smart" }, scheduleAsGroup: true, playbackOrder: "ShuffleInOrder" },
        { collectionId: t.collectionId, collection: { id: t.collectionId, name: "Gql collection" }, smartCollectionId: null, smartCollection: null, scheduleAsGroup: false, playbackOrder: "Shuffle" },
      ],
    });
    const rest = (await api.get(`/api/v1/collections/multi/${multi.id}`)).json;
    expect(rest.items.map((i: { collectionId?: number; smartCollectionId?: number }) => i.collectionId ?? i.smartCollectionId)).toEqual([t.smartCollectionId, t.collectionId]);

    expect((await gql(`{ multiCollection(id: ${multi.id}) { ${MULTI_FIELDS} } }`)).data.multiCollection).toEqual(multi);
    expect((await gql("{ multiCollections { id name } }")).data.multiCollections).toContainEqual({ id: multi.id, name: input.name });

    const updated = await gql(`mutation($input: MultiCollectionInput!) { updateMultiCollection(id: ${multi.id}, input: $input) { name items { collectionId } } }`, {
      input: { name: "Gql multi renamed", items: [{ collectionId: t.collectionId, scheduleAsGroup: false, playbackOrder: "Random" }] },
    });
    expect(updated.data.updateMultiCollection).toEqual({ name: "Gql multi renamed", items: [{ collectionId: t.collectionId }] });

    expect((await gql(`mutation { deleteMultiCollection(id: ${multi.id}) }`)).data.deleteMultiCollection).toBe(String(multi.id));
    expect((await api.get(`/api/v1/collections/multi/${multi.id}`)).status).toBe(404);
  });

  it("absent ids are NOT_FOUND with the REST message", async () => {
    const query = await gql("{ multiCollection(id: 987654) { id } }");
    expect(query.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(query.errors?.[0].message).toBe((await api.get("/api/v1/collections/multi/987654")).json.detail);
    const deleted = await gql("mutation { deleteMultiCollection(id: 987654) }");
    expect(deleted.errors?.[0].extensions.code).toBe("NOT_FOUND");
  });

  it("validation failures carry the same messages and fields as REST", async () => {
    const input = { name: "", items: [{ scheduleAsGroup: false, playbackOrder: "Shuffle" }, { collectionId: 987654, scheduleAsGroup: false, playbackOrder: "Shuffle" }] };
    const rest = await api.post("/api/v1/collections/multi", input);
    expect(rest.status).toBe(422);
    const result = await gql("mutation($input: MultiCollectionInput!) { createMultiCollection(input: $input) { id } }", { input });
    expect(result.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(result.errors?.[0].extensions.errors).toEqual(rest.json.errors);
    expect(result.errors?.[0].message).toBe(rest.json.detail);
    expect(result.data).toBeNull();
  });

  it("members of many multi collections are loaded in one batch", async () => {
    for (let i = 0; i < 3; i++) {
      const r = await gql("mutation($input: MultiCollectionInput!) { createMultiCollection(input: $input) { id } }", {
        input: { name: uniqueName("Batch multi"), items: [{ collectionId: t.collectionId, scheduleAsGroup: false, playbackOrder: "Shuffle" }] },
      });
      expect(r.errors).toBeUndefined();
    }
    const spy = vi.spyOn(server.services.multiCollections, "membersOf");
    try {
      const result = await gql("{ multiCollections { id items { collectionId } } }");
      expect(result.errors).toBeUndefined();
      expect(result.data.multiCollections.length).toBeGreaterThanOrEqual(3);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("playlist groups and playlists over GraphQL", () => {
  it("groups: create, list, rename, delete (with their playlists)", async () => {
    const id = await createGroup();
    expect((await gql("{ playlistGroups { id } }")).data.playlistGroups).toContainEqual({ id });
    const renamed = await gql(`mutation { updatePlaylistGroup(id: ${id}, name: "Gql renamed group") { id name } }`);
    expect(renamed.data.updatePlaylistGroup).toEqual({ id, name: "Gql renamed group" });
    const playlist = await createPlaylist(id);
    expect((await gql(`mutation { deletePlaylistGroup(id: ${id}) }`)).data.deletePlaylistGroup).toBe(String(id));
    expect((await gql(`{ playlist(id: ${playlist.id}) { id } }`)).errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await gql(`mutation { deletePlaylistGroup(id: ${id}) }`)).errors?.[0].extensions.code).toBe("NOT_FOUND");
  });

  it("a duplicate group name fails with the REST message", async () => {
    const id = await createGroup();
    const name = (await gql(`{ playlistGroup(id: ${id}) { name } }`)).data.playlistGroup.name;
    const rest = await api.post("/api/v1/playlists/groups", { name: name.toUpperCase() });
    const result = await gql("mutation($name: String!) { createPlaylistGroup(name: $name) { id } }", { name: name.toUpperCase() });
    expect(rest.status).toBe(422);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: rest.json.errors });
    expect(result.errors?.[0].message).toBe(rest.json.detail);
  });

  it("createPlaylist returns the entries with their targets resolved", async () => {
    const groupId = await createGroup();
    const multiId = (await api.post("/api/v1/collections/multi", { name: uniqueName("Target multi"), items: [] })).json.id;
    const result = await gql(
      `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { ${PLAYLIST_FIELDS.replace("includeInProgramGuide }", "includeInProgramGuide collection { name } mediaItem { id kind title } multiCollection { id } smartCollection { name } }")} } }`,
      {
        input: {
          name: "Resolved",
          playlistGroupId: groupId,
          items: [
            entry({ count: 2, playbackOrder: "Shuffle" }),
            entry({ collectionType: "TelevisionShow", collectionId: null, mediaItemId: t.showId, playAll: true }),
            entry({ collectionType: "MultiCollection", collectionId: null, multiCollectionId: multiId }),
            entry({ collectionType: "SmartCollection", collectionId: null, smartCollectionId: t.smartCollectionId, includeInProgramGuide: false }),
          ],
        },
      },
    );
    expect(result.errors).toBeUndefined();
    const playlist = result.data.createPlaylist;
    expect(playlist).toMatchObject({ name: "Resolved", playlistGroupId: groupId });
    const base = { collectionId: null, mediaItemId: null, multiCollectionId: null, smartCollectionId: null, collection: null, mediaItem: null, multiCollection: null, smartCollection: null };
    expect(playlist.items).toEqual([
      { ...base, collectionType: "Collection", collectionId: t.collectionId, collection: { name: "Gql collection" }, playbackOrder: "Shuffle", count: 2, playAll: false, includeInProgramGuide: true },
      { ...base, collectionType: "TelevisionShow", mediaItemId: t.showId, mediaItem: { id: t.showId, kind: "Show", title: "Gql Show" }, playbackOrder: "Chronological", count: null, playAll: true, includeInProgramGuide: true },
      { ...base, collectionType: "MultiCollection", multiCollectionId: multiId, multiCollection: { id: multiId }, playbackOrder: "Chronological", count: 1, playAll: false, includeInProgramGuide: true },
      { ...base, collectionType: "SmartCollection", smartCollectionId: t.smartCollectionId, smartCollection: { name: "Gql smart" }, playbackOrder: "Chronological", count: 1, playAll: false, includeInProgramGuide: false },
    ]);
    const rest = (await api.get(`/api/v1/playlists/${playlist.id}`)).json;
    expect(rest.items.map((i: { collectionType: string }) => i.collectionType)).toEqual(["Collection", "TelevisionShow", "MultiCollection", "SmartCollection"]);
  });

  it("playlists(groupId) filters, playlist(id) fetches, absent ones are NOT_FOUND", async () => {
    const groupId = await createGroup();
    const a = await createPlaylist(groupId);
    const b = await createPlaylist(groupId);
    const listed = await gql(`{ playlists(groupId: ${groupId}) { ${PLAYLIST_FIELDS} } }`);
    expect(listed.data.playlists).toEqual([a, b]);
    expect((await gql(`{ playlist(id: ${a.id}) { ${PLAYLIST_FIELDS} } }`)).data.playlist).toEqual(a);
    const all = (await gql("{ playlists { id } }")).data.playlists.map((p: { id: number }) => p.id);
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
    const missingGroup = await gql("{ playlists(groupId: 987654) { id } }");
    expect(missingGroup.errors?.[0]).toMatchObject({ message: "Playlist group 987654 does not exist", extensions: { code: "NOT_FOUND" } });
    const missing = await gql("{ playlist(id: 987654) { id } }");
    expect(missing.errors?.[0].message).toBe((await api.get("/api/v1/playlists/987654")).json.detail);
  });

  it("entries and their media items are loaded in one batch for many playlists", async () => {
    const groupId = await createGroup();
    for (let i = 0; i < 4; i++) {
      await createPlaylist(groupId, [entry(), entry({ collectionType: "MediaItem", collectionId: null, mediaItemId: t.movieId }), entry({ collectionType: "TelevisionSeason", collectionId: null, mediaItemId: t.seasonId })]);
    }
    const items = vi.spyOn(server.services.playlists, "itemsOf");
    const media = vi.spyOn(server.services.media, "getMany");
    const collections = vi.spyOn(server.services.multiCollections, "collectionsByIds");
    try {
      const result = await gql(`{ playlists(groupId: ${groupId}) { id items { mediaItem { title } collection { name } } } }`);
      expect(result.errors).toBeUndefined();
      expect(result.data.playlists).toHaveLength(4);
      expect(result.data.playlists[0].items.map((i: { mediaItem: { title: string } | null }) => i.mediaItem?.title ?? null)).toEqual([null, "Gql Movie", "Gql Season"]);
      expect(items).toHaveBeenCalledTimes(1);
      expect(items.mock.calls[0][0]).toHaveLength(4);
      expect(media).toHaveBeenCalledTimes(1);
      expect(collections).toHaveBeenCalledTimes(1);
    } finally {
      items.mockRestore();
      media.mockRestore();
      collections.mockRestore();
    }
  });

  it("validation failures carry the same messages and fields as REST", async () => {
    const groupId = await createGroup();
    const input = {
      name: "",
      playlistGroupId: groupId,
      items: [
        entry({ collectionType: "TelevisionSeason", collectionId: undefined, mediaItemId: t.showId }),
        entry({ playAll: true, count: 3 }),
        entry({ collectionType: "Artist", collectionId: undefined }),
        entry({ mediaItemId: t.movieId }),
      ],
    };
    const rest = await api.post("/api/v1/playlists", input);
    expect(rest.status).toBe(422);
    const result = await gql("mutation($input: PlaylistInput!) { createPlaylist(input: $input) { id } }", { input });
    expect(result.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(result.errors?.[0].extensions.errors).toEqual(rest.json.errors);
    expect(result.errors?.[0].message).toBe(rest.json.detail);
    expect((result.errors?.[0].extensions.errors as Array<{ field: string }>).map((e) => e.field)).toEqual(["name", "items[0].mediaItemId", "items[1].count", "items[2].collectionType", "items[3].mediaItemId"]);
  });

  it("updatePlaylist replaces the entries atomically", async () => {
    const groupId = await createGroup();
    const playlist = await createPlaylist(groupId, [entry(), entry({ collectionType: "MediaItem", collectionId: null, mediaItemId: t.movieId, count: 5 })]);
    const bad = await gql(`mutation($input: PlaylistInput!) { updatePlaylist(id: ${playlist.id}, input: $input) { id } }`, {
      input: { name: "Changed", playlistGroupId: groupId, items: [entry({ playAll: true }), entry({ collectionType: "MultiCollection", collectionId: null, multiCollectionId: 987654 })] },
    });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "items[1].multiCollectionId", message: "multi collection 987654 does not exist" }] });
    expect((await gql(`{ playlist(id: ${playlist.id}) { ${PLAYLIST_FIELDS} } }`)).data.playlist).toEqual(playlist);

    const good = await gql(`mutation($input: PlaylistInput!) { updatePlaylist(id: ${playlist.id}, input: $input) { ${PLAYLIST_FIELDS} } }`, {
      input: { name: "Changed", playlistGroupId: groupId, items: [entry({ playAll: true })] },
    });
    expect(good.errors).toBeUndefined();
    expect(good.data.updatePlaylist).toMatchObject({ id: playlist.id, name: "Changed", items: [{ collectionType: "Collection", playAll: true, count: null }] });
    expect(good.data.updatePlaylist.items).toHaveLength(1);

    expect((await gql(`mutation { deletePlaylist(id: ${playlist.id}) }`)).data.deletePlaylist).toBe(String(playlist.id));
    expect((await gql(`mutation { deletePlaylist(id: ${playlist.id}) }`)).errors?.[0].extensions.code).toBe("NOT_FOUND");
  });

  it("a wrong enum or type in a GraphQL input is rejected before any service runs", async () => {
    const spy = vi.spyOn(server.services.playlists, "create");
    try {
      const wrongEnum = await api.graphql(`mutation { createPlaylist(input: { name: "x", playlistGroupId: 1, items: [{ collectionType: Bogus, playbackOrder: Shuffle, playAll: true, includeInProgramGuide: true }] }) { id } }`);
      expect(wrongEnum.status).toBe(400);
      expect(wrongEnum.json.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
      const wrongType = await api.graphql(`mutation { createPlaylist(input: { name: "x", playlistGroupId: "one", items: [] }) { id } }`);
      expect(wrongType.status).toBe(400);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
