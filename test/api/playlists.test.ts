import { describe, expect, it } from "vitest";
import { usePlaylistFixture } from "./support/playlist-fixture";
import { expect404, expect422 } from "./support/problems";

const { api, t, sql, insert, uniqueName, entry, createGroup, createPlaylist } = usePlaylistFixture();

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
    const response = await api.post("/api/v1/playlists", { name, playlistGroupId: t.groupId, items });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/playlists/${response.json.id}`);
    expect(response.json).toEqual({
      id: expect.any(Number),
      name,
      playlistGroupId: t.groupId,
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
    expect((await api.put(`/api/v1/playlists/${second.id}`, { name: second.name.toUpperCase(), playlistGroupId: t.groupId, items: [entry()] })).status).toBe(200);
    expect422(await api.put(`/api/v1/playlists/${second.id}`, { name: first.name, playlistGroupId: t.groupId, items: [entry()] }), "name");
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
      playlistGroupId: t.groupId,
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
    expect404(method === "GET" ? await api.get(url) : method === "PUT" ? await api.put(url, { name: "x", playlistGroupId: t.groupId, items: [entry()] }) : await api.delete(url));
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
