import { describe, expect, it } from "vitest";
import { usePlaylistFixture } from "./support/playlist-fixture";
import { expect404, expect422 } from "./support/problems";

const { api, t, sql, entry, createGroup, createPlaylist } = usePlaylistFixture();

describe("playlist groups", () => {
  it("GET /api/v1/playlists/groups is the group list, not a playlist with the id `groups`", async () => {
    const response = await api.get("/api/v1/playlists/groups");
    expect(response.status, response.text).toBe(200);
    expect(response.json).toContainEqual({ id: t.groupId, name: "Main" });
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
