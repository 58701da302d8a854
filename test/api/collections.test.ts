import { beforeAll, describe, expect, it } from "vitest";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let media: SeededMedia;

beforeAll(async () => {
  media = await seedMedia(server.dataDir);
});

let counter = 0;
const create = async (name = `Collection ${++counter}`) => {
  const response = await api.post("/api/v1/collections", { name });
  expect(response.status, response.text).toBe(201);
  return response.json;
};

describe("collections", () => {
  it("CRUD with the spec's statuses", async () => {
    const created = await api.post("/api/v1/collections", { name: "Saturday Cartoons" });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/collections/${created.json.id}`);
    expect(created.json).toEqual({ id: created.json.id, name: "Saturday Cartoons", itemCount: 0 });
    expect((await api.get(`/api/v1/collections/${created.json.id}`)).json).toEqual(created.json);
    const renamed = await api.put(`/api/v1/collections/${created.json.id}`, { name: "Sunday Cartoons" });
    expect(renamed.status).toBe(200);
    expect(renamed.json.name).toBe("Sunday Cartoons");
    expect((await api.get("/api/v1/collections")).json.map((c: { name: string }) => c.name)).toContain("Sunday Cartoons");
    expect((await api.delete(`/api/v1/collections/${created.json.id}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/collections/${created.json.id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/collections/${created.json.id}`)).status).toBe(404);
    expect((await api.put(`/api/v1/collections/${created.json.id}`, { name: "x" })).status).toBe(404);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["too long", "n".repeat(51)],
  ])("422 when the name is %s", async (_label, name) => {
    const response = await api.post("/api/v1/collections", { name });
    expect(response.status).toBe(422);
    expect(response.json.errors[0].field).toBe("name");
  });

  it("names are unique without regard to letter case, on create and rename", async () => {
    const first = await create("Unique Name");
    expect((await api.post("/api/v1/collections", { name: "UNIQUE name" })).status).toBe(422);
    const second = await create();
    const clash = await api.put(`/api/v1/collections/${second.id}`, { name: "unique NAME" });
    expect(clash.status).toBe(422);
    expect(clash.json.detail).toMatch(/already exists/);
    expect((await api.put(`/api/v1/collections/${first.id}`, { name: "Unique Name" })).status).toBe(200);
  });

  it("400 for wrong types and missing name", async () => {
    expect((await api.post("/api/v1/collections", {})).status).toBe(400);
    expect((await api.post("/api/v1/collections", { name: 5 })).status).toBe(400);
    const collection = await create();
    expect((await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: ["1"] })).status).toBe(400);
    expect((await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [1.5] })).status).toBe(400);
  });

  it("adds movies, a show and a season as units; re-adding is harmless", async () => {
    const collection = await create();
    const added = await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [media.showId, media.seasonIds[1], ...media.movieIds] });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ added: 4, collection: { id: collection.id, itemCount: 4 } });
    const again = await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [media.showId] });
    expect(again.json).toMatchObject({ added: 0, collection: { itemCount: 4 } });
    const members = (await api.get(`/api/v1/collections/${collection.id}/items`)).json;
    expect(members.map((m: { id: number }) => m.id).sort()).toEqual([media.showId, media.seasonIds[1], ...media.movieIds].sort());
    expect(members.find((m: { id: number }) => m.id === media.showId).kind).toBe("Show");
  });

  it("unknown media ids: 422 naming them, and nothing is added", async () => {
    const collection = await create();
    const response = await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [media.movieIds[0], 999991, 999992] });
    expect(response.status).toBe(422);
    expect(response.json.errors[0]).toEqual({ field: "mediaItemIds", message: "unknown media item id(s): 999991, 999992" });
    expect((await api.get(`/api/v1/collections/${collection.id}`)).json.itemCount).toBe(0);
  });

  it("an empty list is 422; a missing collection is 404", async () => {
    const collection = await create();
    expect((await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [] })).status).toBe(422);
    expect((await api.post("/api/v1/collections/99999/items", { mediaItemIds: [media.movieIds[0]] })).status).toBe(404);
  });

  it("DELETE …/items/{mediaItemId}: 204, then 404", async () => {
    const collection = await create();
    await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: media.movieIds });
    expect((await api.delete(`/api/v1/collections/${collection.id}/items/${media.movieIds[0]}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/collections/${collection.id}/items/${media.movieIds[0]}`)).status).toBe(404);
    expect((await api.get(`/api/v1/collections/${collection.id}`)).json.itemCount).toBe(1);
  });

  it("GraphQL runs the same rules and resolves items and counts", async () => {
    const created = await api.graphql(`mutation { createCollection(name: "GQL Collection") { id name itemCount } }`);
    expect(created.json.data.createCollection).toMatchObject({ name: "GQL Collection", itemCount: 0 });
    const id = created.json.data.createCollection.id;
    const added = await api.graphql(`mutation($ids: [Int!]!) { addCollectionItems(id: ${id}, mediaItemIds: $ids) { itemCount items { id kind } } }`, { ids: media.movieIds });
    expect(added.json.data.addCollectionItems.itemCount).toBe(2);
    const bad = await api.graphql(`mutation { addCollectionItems(id: ${id}, mediaItemIds: [777777]) { id } }`);
    expect(bad.json.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "mediaItemIds", message: "unknown media item id(s): 777777" }] });
    const duplicate = await api.graphql(`mutation { createCollection(name: "gql collection") { id } }`);
    expect(duplicate.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
    const list = await api.graphql(`{ collections { id name itemCount } }`);
    expect(list.json.data.collections.find((c: { id: number }) => c.id === id).itemCount).toBe(2);
  });
});
