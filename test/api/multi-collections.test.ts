import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { sqlAll } from "../support/sqlite";
import { type RawResponse } from "../support/http";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let dbFile: string;
const collections: Array<{ id: number; name: string }> = [];
const smart: Array<{ id: number; name: string }> = [];

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => sqlAll<T>(dbFile, query, params);

beforeAll(async () => {
  dbFile = path.join(server.dataDir, DATABASE_FILE);
  for (const name of ["Cartoons", "Sitcoms", "Westerns"]) {
    const response = await api.post("/api/v1/collections", { name });
    expect(response.status, response.text).toBe(201);
    collections.push({ id: response.json.id, name });
  }
  // No smart collection API yet: they are plain rows.
  for (const name of ["Recent movies", "Eighties"]) {
    await sql("INSERT INTO smart_collection (name, query) VALUES (?, ?)", [name, `title:${name}`]);
    const [row] = await sql<{ id: number }>("SELECT id FROM smart_collection WHERE name = ?", [name]);
    smart.push({ id: row.id, name });
  }
});

let counter = 0;
const uniqueName = (prefix = "Multi") => `${prefix} ${++counter}`;
const member = (extra: Record<string, unknown>) => ({ scheduleAsGroup: false, playbackOrder: "Shuffle", ...extra });

async function createMulti(body: Record<string, unknown> = {}) {
  const response = await api.post("/api/v1/collections/multi", { name: uniqueName(), items: [member({ collectionId: collections[0].id })], ...body });
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

describe("routes", () => {
  it("GET /api/v1/collections/multi is the list, not a collection with the id `multi`", async () => {
    await createMulti();
    const response = await api.get("/api/v1/collections/multi");
    expect(response.status, response.text).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
    expect(response.json.length).toBeGreaterThan(0);
  });

  it("plain collections keep their own routes", async () => {
    const response = await api.get(`/api/v1/collections/${collections[0].id}`);
    expect(response.status).toBe(200);
    expect(response.json.name).toBe(collections[0].name);
  });

  it("a non-numeric multi collection id is a bad request", async () => {
    expect((await api.get("/api/v1/collections/multi/abc")).status).toBe(400);
  });
});

describe("POST /api/v1/collections/multi", () => {
  it("creates: 201, Location, the members in the given order with their names", async () => {
    const name = uniqueName();
    const items = [
      member({ collectionId: collections[1].id, scheduleAsGroup: true, playbackOrder: "Chronological" }),
      member({ smartCollectionId: smart[0].id }),
      member({ collectionId: collections[0].id, playbackOrder: "ShuffleInOrder" }),
    ];
    const response = await api.post("/api/v1/collections/multi", { name, items });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/collections/multi/${response.json.id}`);
    expect(response.json).toEqual({
      id: expect.any(Number),
      name,
      items: [
        { collectionId: collections[1].id, collectionName: collections[1].name, scheduleAsGroup: true, playbackOrder: "Chronological" },
        { smartCollectionId: smart[0].id, smartCollectionName: smart[0].name, scheduleAsGroup: false, playbackOrder: "Shuffle" },
        { collectionId: collections[0].id, collectionName: collections[0].name, scheduleAsGroup: false, playbackOrder: "ShuffleInOrder" },
      ],
    });
    const fetched = await api.get(response.headers.location as string);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual(response.json);
    expect(fetched.text).not.toContain("null");
  });

  it("accepts a multi collection without members", async () => {
    const empty = await createMulti({ items: [] });
    expect(empty.items).toEqual([]);
  });

  it("trims the name and lists by name", async () => {
    const created = await createMulti({ name: "  Zz last  " });
    expect(created.name).toBe("Zz last");
    const names = ((await api.get("/api/v1/collections/multi")).json as Array<{ name: string }>).map((m) => m.name);
    const folded = names.map((n) => n.toLowerCase());
    expect(folded).toEqual([...folded].sort());
    expect(names).toContain("Zz last");
  });
});

describe("422 for every multi collection rule", () => {
  it.each([
    ["empty name", { name: "" }, "name"],
    ["blank name", { name: "   " }, "name"],
    ["51-character name", { name: "x".repeat(51) }, "name"],
    ["neither collectionId nor smartCollectionId", { items: [member({})] }, "items[0].collectionId"],
    ["both ids", { items: [member({ collectionId: 1 }), member({ collectionId: 1, smartCollectionId: 1 })] }, "items[1].collectionId"],
    ["an absent collection", { items: [member({ collectionId: 987654 })] }, "items[0].collectionId"],
    ["an absent smart collection", { items: [member({ smartCollectionId: 987654 })] }, "items[0].smartCollectionId"],
  ])("%s", async (_label, body, field) => {
    await expect422(await api.post("/api/v1/collections/multi", { name: uniqueName(), items: [], ...body }), field);
  });

  it("the same collection twice names the repeated member", async () => {
    const items = [member({ collectionId: collections[0].id }), member({ collectionId: collections[1].id }), member({ collectionId: collections[0].id, playbackOrder: "Random" })];
    const response = await api.post("/api/v1/collections/multi", { name: uniqueName(), items });
    expect422(response, "items[2].collectionId");
    expect(response.json.errors).toHaveLength(1);
    expect(response.json.errors[0].message).toContain("items[0]");
  });

  it("the same smart collection twice", async () => {
    const items = [member({ smartCollectionId: smart[0].id }), member({ smartCollectionId: smart[0].id })];
    expect422(await api.post("/api/v1/collections/multi", { name: uniqueName(), items }), "items[1].smartCollectionId");
  });

  it("a collection and a smart collection with the same id are different members", async () => {
    const created = await createMulti({ items: [member({ collectionId: smart[0].id }), member({ smartCollectionId: smart[0].id })] });
    expect(created.items).toHaveLength(2);
  });

  it("a name already taken, in any letter case", async () => {
    const existing = await createMulti();
    const response = await api.post("/api/v1/collections/multi", { name: existing.name.toUpperCase(), items: [] });
    expect422(response, "name");
    expect(response.json.errors[0].message).toBe(`a multi collection named "${existing.name.toUpperCase()}" already exists`);
  });

  it("reports every broken rule at once", async () => {
    const response = await api.post("/api/v1/collections/multi", {
      name: "",
      items: [member({}), member({ collectionId: 987654 }), member({ smartCollectionId: 987654 })],
    });
    expect(response.status).toBe(422);
    expect(response.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["items[0].collectionId", "items[1].collectionId", "items[2].smartCollectionId", "name"]);
  });
});

describe("400 for wrong types", () => {
  it.each([
    ["name", { name: 5, items: [] }],
    ["name", { items: [] }],
    ["items", { name: "x" }],
    ["items", { name: "x", items: "all" }],
    ["collectionId", { name: "x", items: [member({ collectionId: "1" })] }],
    ["collectionId", { name: "x", items: [member({ collectionId: 1.5 })] }],
    ["smartCollectionId", { name: "x", items: [member({ smartCollectionId: true })] }],
    ["collectionId", { name: "x", items: [member({ collectionId: null, smartCollectionId: 1 })] }],
    ["playbackOrder", { name: "x", items: [member({ collectionId: 1, playbackOrder: "Sideways" })] }],
    ["scheduleAsGroup", { name: "x", items: [{ collectionId: 1, playbackOrder: "Shuffle" }] }],
    ["scheduleAsGroup", { name: "x", items: [member({ collectionId: 1, scheduleAsGroup: "yes" })] }],
    ["colour", { name: "x", items: [member({ collectionId: 1, colour: "red" })] }],
    ["colour", { name: "x", items: [], colour: "red" }],
  ])("%s: %j", async (field, body) => {
    const response = await api.post("/api/v1/collections/multi", body);
    expect(response.status, response.text).toBe(400);
    expect(response.json).toMatchObject({ status: 400, title: "Bad request" });
    expect(response.json.errors.map((e: { field: string }) => e.field).join(" ")).toContain(field);
  });
});

describe("hostile bodies", () => {
  it("a deeply nested value where an id belongs is a 400, not a server error", async () => {
    const nested = "[".repeat(5000) + "]".repeat(5000);
    const response = await api.post("/api/v1/collections/multi", `{"name":"x","items":[{"collectionId":${nested},"scheduleAsGroup":false,"playbackOrder":"Shuffle"}]}`);
    expect(response.status, response.text).toBe(400);
  });
});

describe("PUT, GET and DELETE /api/v1/collections/multi/{id}", () => {
  it("PUT renames and replaces the members: 200 with the resource", async () => {
    const created = await createMulti({ items: [member({ collectionId: collections[0].id }), member({ collectionId: collections[1].id })] });
    const name = uniqueName("Renamed");
    const items = [member({ smartCollectionId: smart[1].id, scheduleAsGroup: true }), member({ collectionId: collections[2].id, playbackOrder: "Chronological" })];
    const response = await api.put(`/api/v1/collections/multi/${created.id}`, { name, items });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      id: created.id,
      name,
      items: [
        { smartCollectionId: smart[1].id, smartCollectionName: smart[1].name, scheduleAsGroup: true, playbackOrder: "Shuffle" },
        { collectionId: collections[2].id, collectionName: collections[2].name, scheduleAsGroup: false, playbackOrder: "Chronological" },
      ],
    });
    expect((await api.get(`/api/v1/collections/multi/${created.id}`)).json).toEqual(response.json);
    const rows = await sql<{ position: number }>("SELECT position FROM multi_collection_item WHERE multiCollectionId = ? ORDER BY position", [created.id]);
    expect(rows.map((r) => r.position)).toEqual([0, 1]);
  });

  it("PUT may keep its own name in another letter case", async () => {
    const created = await createMulti();
    const response = await api.put(`/api/v1/collections/multi/${created.id}`, { name: created.name.toUpperCase(), items: [] });
    expect(response.status, response.text).toBe(200);
    expect(response.json.name).toBe(created.name.toUpperCase());
  });

  it("PUT taking another multi collection's name is 422", async () => {
    const first = await createMulti();
    const second = await createMulti();
    expect422(await api.put(`/api/v1/collections/multi/${second.id}`, { name: first.name, items: [] }), "name");
  });

  it("a PUT with one bad member changes nothing", async () => {
    const created = await createMulti({ items: [member({ collectionId: collections[0].id }), member({ smartCollectionId: smart[0].id })] });
    const snapshot = async () => JSON.stringify([await sql("SELECT * FROM multi_collection ORDER BY id"), await sql("SELECT * FROM multi_collection_item ORDER BY id")]);
    const before = await snapshot();
    const response = await api.put(`/api/v1/collections/multi/${created.id}`, {
      name: "Changed",
      items: [member({ collectionId: collections[2].id }), member({ collectionId: collections[1].id }), member({ collectionId: 987654 })],
    });
    expect422(response, "items[2].collectionId");
    expect(await snapshot()).toBe(before);
    expect((await api.get(`/api/v1/collections/multi/${created.id}`)).json).toEqual(created);
  });

  it("DELETE gives 204 and removes the members; afterwards GET and DELETE are 404", async () => {
    const created = await createMulti({ items: [member({ collectionId: collections[0].id }), member({ collectionId: collections[1].id })] });
    const deleted = await api.delete(`/api/v1/collections/multi/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(await sql("SELECT * FROM multi_collection_item WHERE multiCollectionId = ?", [created.id])).toEqual([]);
    expect((await api.get(`/api/v1/collections/multi/${created.id}`)).status).toBe(404);
    const again = await api.delete(`/api/v1/collections/multi/${created.id}`);
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ status: 404, title: "Resource not found", detail: `Multi collection ${created.id} does not exist` });
    // The member collections themselves stay.
    expect((await api.get(`/api/v1/collections/${collections[0].id}`)).status).toBe(200);
  });

  it.each(["GET", "PUT", "DELETE"])("%s of an absent multi collection is 404 problem details", async (method) => {
    const url = "/api/v1/collections/multi/987654";
    const response = method === "GET" ? await api.get(url) : method === "PUT" ? await api.put(url, { name: "x", items: [] }) : await api.delete(url);
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(response.json).toMatchObject({ status: 404, title: "Resource not found" });
  });

  it("PUT of an absent id with an invalid body is still 404", async () => {
    expect((await api.put("/api/v1/collections/multi/987654", { name: "", items: [member({})] })).status).toBe(404);
  });

  it("DELETE is refused while a playlist uses the multi collection", async () => {
    const multi = await createMulti();
    const group = (await api.post("/api/v1/playlists/groups", { name: uniqueName("Group") })).json;
    const playlist = await api.post("/api/v1/playlists", {
      name: "Uses multi",
      playlistGroupId: group.id,
      items: [{ collectionType: "MultiCollection", multiCollectionId: multi.id, playbackOrder: "Shuffle", playAll: true, includeInProgramGuide: true }],
    });
    expect(playlist.status, playlist.text).toBe(201);
    const refused = await api.delete(`/api/v1/collections/multi/${multi.id}`);
    expect422(refused, "id");
    expect(refused.json.errors[0].message).toBe("the multi collection is used by 1 playlist item(s)");
    expect((await api.delete(`/api/v1/playlists/${playlist.json.id}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/collections/multi/${multi.id}`)).status).toBe(204);
  });
});
