import { describe, expect, it } from "vitest";
import { usePlaylistFixture } from "./support/playlist-fixture";
import { expect422 } from "./support/problems";

const { api, t, uniqueName, entry, createPlaylist } = usePlaylistFixture();

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
    await expect422(await api.post("/api/v1/playlists", { name: uniqueName(), playlistGroupId: t.groupId, items: [entry()], ...body() }), field);
  });

  it("messages say what is wrong", async () => {
    const response = await api.post("/api/v1/playlists", {
      name: uniqueName(),
      playlistGroupId: t.groupId,
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
    const response = await api.post("/api/v1/playlists", { name: existing.name.toLowerCase(), playlistGroupId: t.groupId, items: [entry()] });
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

describe("null ids", () => {
  it("a null id beside the one an entry needs is an absent id, as in every body that names content (the shared ContentRefInput)", async () => {
    const response = await api.post("/api/v1/playlists", { name: "Null ids", playlistGroupId: t.groupId, items: [entry({ mediaItemId: null, smartCollectionId: null })] });
    expect(response.status, response.text).toBe(201);
    expect(response.json.items[0]).not.toHaveProperty("mediaItemId");
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
    ["playbackOrder", { items: [entry({ playbackOrder: 3 })] }],
    ["playAll", { items: [entry({ playAll: "no" })] }],
    ["includeInProgramGuide", { items: [entry({ includeInProgramGuide: undefined })] }],
    ["colour", { items: [entry({ colour: "red" })] }],
    ["colour", { colour: "red" }],
  ])("%s: %j", async (field, body) => {
    const response = await api.post("/api/v1/playlists", { name: "x", playlistGroupId: t.groupId, items: [entry()], ...body });
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ status: 400, title: "Bad request" });
    expect(response.json.errors.map((e: { field: string }) => e.field).join(" ")).toContain(field);
  });

  it("a deeply nested value where an id belongs is a 400, not a server error", async () => {
    const nested = "[".repeat(5000) + "]".repeat(5000);
    const body = `{"name":"x","playlistGroupId":${t.groupId},"items":[{"collectionType":"Collection","collectionId":${nested},"playbackOrder":"Shuffle","playAll":true,"includeInProgramGuide":true}]}`;
    const response = await api.post("/api/v1/playlists", body);
    expect(response.status, response.text).toBe(400);
  });

  it("required fields are required", async () => {
    for (const field of ["name", "playlistGroupId", "items"]) {
      const body: Record<string, unknown> = { name: "x", playlistGroupId: t.groupId, items: [entry()] };
      delete body[field];
      const response = await api.post("/api/v1/playlists", body);
      expect(response.status, field).toBe(400);
      expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});
