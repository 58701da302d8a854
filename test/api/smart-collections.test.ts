import { beforeAll, describe, expect, it } from "vitest";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let media: SeededMedia;

beforeAll(async () => {
  media = await seedMedia(server.dataDir, "Cartoon");
});

const create = (name: string, query: string) => api.post("/api/v1/collections/smart", { name, query });

describe("smart collections", () => {
  it("CRUD with the spec's statuses, and its items are the query's matches", async () => {
    const created = await create("Episodes", "type:episode");
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/collections/smart/${created.json.id}`);
    expect(created.json).toEqual({ id: created.json.id, name: "Episodes", query: "type:episode" });
    expect((await api.get("/api/v1/collections/smart")).json.map((c: { name: string }) => c.name)).toContain("Episodes");
    const items = await api.get(`/api/v1/collections/smart/${created.json.id}/items`);
    expect(items.json.totalCount).toBe(4);
    expect(items.json.items.map((i: { id: number }) => i.id).sort()).toEqual([...media.episodeIds].sort());

    const updated = await api.put(`/api/v1/collections/smart/${created.json.id}`, { name: "Season two", query: "type:episode AND season_number:2" });
    expect(updated.status).toBe(200);
    expect((await api.get(`/api/v1/collections/smart/${created.json.id}/items`)).json.totalCount).toBe(2);
    expect((await api.delete(`/api/v1/collections/smart/${created.json.id}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/collections/smart/${created.json.id}`)).status).toBe(404);
    expect((await api.get(`/api/v1/collections/smart/${created.json.id}`)).status).toBe(404);
  });

  it("a syntax error is 422 with the position", async () => {
    const response = await create("Broken", "type:episode AND (season_number:1");
    expect(response.status).toBe(422);
    expect(response.json.errors[0].field).toBe("query");
    expect(response.json.errors[0].message).toMatch(/at position \d+/);
    const unknown = await create("Typo", "gnre:comedy");
    expect(unknown.json.errors[0].message).toBe('unknown field "gnre" at position 1; did you mean "genre"?');
  });

  it("nesting expands the referenced collection's query", async () => {
    expect((await create("Cartoon episodes", 'type:episode AND show_title:"Cartoon Show"')).status).toBe(201);
    const nested = await create("Cartoon S1", 'smart_collection:"Cartoon episodes" AND season_number:1');
    expect(nested.status).toBe(201);
    const items = (await api.get(`/api/v1/collections/smart/${nested.json.id}/items`)).json;
    expect(items.items.map((i: { id: number }) => i.id).sort()).toEqual(media.episodeIds.slice(0, 2).sort());
  });

  it("a collection that refers to itself is 422 (and nothing loops)", async () => {
    const self = await create("Loop", 'smart_collection:"Loop" OR type:movie');
    expect(self.status).toBe(422);
    expect(self.json.errors[0].message).toMatch(/cycle|itself/i);
    const a = await create("Loop A", "type:movie");
    expect(a.status).toBe(201);
    expect((await create("Loop B", 'smart_collection:"Loop A"')).status).toBe(201);
    const cycle = await api.put(`/api/v1/collections/smart/${a.json.id}`, { name: "Loop A", query: 'smart_collection:"Loop B"' });
    expect(cycle.status).toBe(422);
    expect((await api.get(`/api/v1/collections/smart/${a.json.id}`)).json.query).toBe("type:movie");
  });

  it("a referenced collection cannot be deleted or renamed out from under its users", async () => {
    const base = (await create("Base", "type:movie")).json;
    await create("User of base", 'smart_collection:"Base"');
    expect((await api.delete(`/api/v1/collections/smart/${base.id}`)).status).toBe(422);
    expect((await api.put(`/api/v1/collections/smart/${base.id}`, { name: "Renamed", query: "type:movie" })).status).toBe(422);
  });

  it("names: unique without regard to case, 1–50 characters; query required", async () => {
    await create("Unique smart", "type:movie");
    expect((await create("UNIQUE SMART", "type:movie")).status).toBe(422);
    expect((await create("", "type:movie")).json.errors[0].field).toBe("name");
    expect((await create("x".repeat(51), "type:movie")).status).toBe(422);
    expect((await create("Empty query", "  ")).json.errors[0].field).toBe("query");
    expect((await api.post("/api/v1/collections/smart", { name: "No query" })).status).toBe(400);
  });

  it("POST /api/v1/media/search runs an ad-hoc query; GET does the same without a body", async () => {
    const post = await api.post("/api/v1/media/search", { query: "type:movie", pageSize: 1 });
    expect(post.status).toBe(200);
    expect(post.json).toMatchObject({ totalCount: 2, pageSize: 1, pageNumber: 0 });
    expect(post.json.items).toHaveLength(1);
    const get = await api.get(`/api/v1/media/search?query=${encodeURIComponent("type:movie")}`);
    expect(get.json.totalCount).toBe(2);
    const bad = await api.post("/api/v1/media/search", { query: "season_number:[1 TO" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].message).toMatch(/at position/);
  });

  it("GraphQL: same rules and messages", async () => {
    const bad = await api.graphql(`mutation { createSmartCollection(name: "GQL bad", query: "title:(a") { id } }`);
    const rest = await create("GQL bad", "title:(a");
    expect(bad.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(bad.json.errors[0].extensions.errors).toEqual(rest.json.errors);
    const ok = await api.graphql(`mutation { createSmartCollection(name: "GQL movies", query: "type:movie") { id name } }`);
    expect(ok.json.data.createSmartCollection.name).toBe("GQL movies");
    const search = await api.graphql(`{ searchMedia(query: "type:season") { totalCount items { kind } } }`);
    expect(search.json.data.searchMedia.totalCount).toBe(2);
  });
});
