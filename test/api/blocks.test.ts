import { beforeAll, describe, expect, it } from "vitest";
import { type RawResponse } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "2" } });
let media: SeededMedia;
let cartoons: number;
let movies: number;
const EPISODE_MS = 30 * 60_000;

beforeAll(async () => {
  media = await seedMedia(server.dataDir, "Blocks");
  await addVersions(server.dataDir, [...media.episodeIds, ...media.movieIds], EPISODE_MS);
  cartoons = (await api.post("/api/v1/collections", { name: "Block cartoons" })).json.id;
  await api.post(`/api/v1/collections/${cartoons}/items`, { mediaItemIds: [media.showId] });
  movies = (await api.post("/api/v1/collections", { name: "Block movies" })).json.id;
  await api.post(`/api/v1/collections/${movies}/items`, { mediaItemIds: media.movieIds });
});

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}`;
const cartoonItem = (extra: Record<string, unknown> = {}) => ({ collectionType: "Collection", collectionId: cartoons, playbackOrder: "SeasonEpisode", ...extra });

function expect422(response: RawResponse, field: string): void {
  expect(response.status, response.text).toBe(422);
  expect(response.headers["content-type"]).toMatch(/application\/problem\+json/);
  expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
}

async function newBlock(extra: Record<string, unknown> = {}) {
  const response = await api.post("/api/v1/blocks", { name: unique("Block"), minutes: 60, items: [cartoonItem()], ...extra });
  expect(response.status, response.text).toBe(201);
  return response.json as { id: number; name: string; items: Array<{ id: number }> };
}

async function newTemplate(items: Array<{ blockId: number; startTime: string }>) {
  const response = await api.post("/api/v1/block-templates", { name: unique("Template"), items });
  expect(response.status, response.text).toBe(201);
  return response.json as { id: number; name: string };
}

describe("blocks over REST", () => {
  it("create, read, list, replace atomically, delete", async () => {
    const created = await api.post("/api/v1/blocks", { name: "  Morning cartoons ", minutes: 90, stopScheduling: "BeforeDurationEnd", items: [cartoonItem(), { collectionType: "Collection", collectionId: movies, playbackOrder: "Shuffle", includeInProgramGuide: false }] });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/blocks/${created.json.id}`);
    expect(created.json).toMatchObject({ name: "Morning cartoons", minutes: 90, stopScheduling: "BeforeDurationEnd", items: [{ index: 0, collectionId: cartoons, playbackOrder: "SeasonEpisode", includeInProgramGuide: true }, { index: 1, collectionId: movies, includeInProgramGuide: false }] });
    expect((await api.get(`/api/v1/blocks/${created.json.id}`)).json).toEqual(created.json);
    expect((await api.get("/api/v1/blocks")).json.some((b: { id: number }) => b.id === created.json.id)).toBe(true);

    const bad = await api.put(`/api/v1/blocks/${created.json.id}`, { name: "Morning cartoons", minutes: 90, items: [cartoonItem(), cartoonItem({ collectionId: 987654 })] });
    expect422(bad, "items[1].collectionId");
    expect((await api.get(`/api/v1/blocks/${created.json.id}`)).json).toEqual(created.json);

    const replaced = await api.put(`/api/v1/blocks/${created.json.id}`, { name: "Morning cartoons", minutes: 45, items: [cartoonItem({ playbackOrder: "Chronological" })] });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json).toMatchObject({ minutes: 45, stopScheduling: "AfterDurationEnd", items: [{ index: 0, playbackOrder: "Chronological" }] });
    expect(replaced.json.items).toHaveLength(1);

    expect((await api.delete(`/api/v1/blocks/${created.json.id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/blocks/${created.json.id}`)).status).toBe(404);
    expect((await api.delete(`/api/v1/blocks/${created.json.id}`)).status).toBe(404);
  });

  it.each([
    ["an empty name", { name: " " }, "name"],
    ["minutes 0", { minutes: 0 }, "minutes"],
    ["minutes over a day", { minutes: 1441 }, "minutes"],
    ["an unknown stop mode", { stopScheduling: "Whenever" }, "stopScheduling"],
    ["no items", { items: [] }, "items"],
    ["an order blocks do not offer", { items: [cartoonItem({ playbackOrder: "Marathon" })] }, "items[0].playbackOrder"],
    ["a target of another type", { items: [cartoonItem({ mediaItemId: 1 })] }, "items[0].mediaItemId"],
    ["a missing search query", { items: [{ collectionType: "SearchQuery", playbackOrder: "Shuffle" }] }, "items[0].searchQuery"],
    ["an unknown watermark", { items: [cartoonItem({ watermarkIds: [987654] })] }, "items[0].watermarkIds[0]"],
  ])("422 for %s", async (_label, extra, field) => {
    const before = (await api.get("/api/v1/blocks")).json.length;
    const response = await api.post("/api/v1/blocks", { name: unique("Bad"), minutes: 30, items: [cartoonItem()], ...extra });
    expect(response.status, response.text).toBeLessThan(500);
    if (response.status === 400) expect(["minutes", "stopScheduling", "items[0].playbackOrder"]).toContain(field);
    else expect422(response, field);
    expect((await api.get("/api/v1/blocks")).json.length).toBe(before);
  });

  it("names are unique in any letter case", async () => {
    const block = await newBlock();
    expect422(await api.post("/api/v1/blocks", { name: block.name.toUpperCase(), minutes: 30, items: [cartoonItem()] }), "name");
  });
});

describe("block templates over REST", () => {
  it("places blocks at start times, refuses overlaps and unknown blocks, and protects blocks in use", async () => {
    const morning = await newBlock({ minutes: 120 });
    const news = await newBlock({ minutes: 30 });
    const template = await api.post("/api/v1/block-templates", { name: "Weekdays", items: [{ blockId: news.id, startTime: "09:00:00" }, { blockId: morning.id, startTime: "06:00:00" }] });
    expect(template.status, template.text).toBe(201);
    expect(template.headers.location).toBe(`/api/v1/block-templates/${template.json.id}`);
    expect(template.json.items).toEqual([{ blockId: morning.id, startTime: "06:00:00" }, { blockId: news.id, startTime: "09:00:00" }]);

    expect422(await api.post("/api/v1/block-templates", { name: unique("Overlap"), items: [{ blockId: morning.id, startTime: "06:00:00" }, { blockId: news.id, startTime: "07:30:00" }] }), "items[1].startTime");
    expect422(await api.post("/api/v1/block-templates", { name: unique("Unknown"), items: [{ blockId: 987654, startTime: "06:00:00" }] }), "items[0].blockId");
    expect422(await api.post("/api/v1/block-templates", { name: unique("Late"), items: [{ blockId: news.id, startTime: "24:00:00" }] }), "items[0].startTime");
    expect422(await api.post("/api/v1/block-templates", { name: unique("Empty"), items: [] }), "items");
    expect422(await api.put(`/api/v1/block-templates/${template.json.id}`, { name: "Weekdays", items: [{ blockId: news.id, startTime: "6am" }] }), "items[0].startTime");
    expect((await api.get(`/api/v1/block-templates/${template.json.id}`)).json).toEqual(template.json);

    const refused = await api.delete(`/api/v1/blocks/${news.id}`);
    expect422(refused, "id");
    expect(refused.json.errors[0].message).toContain("Weekdays");
    expect((await api.delete(`/api/v1/block-templates/${template.json.id}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/blocks/${news.id}`)).status).toBe(204);
  });
});

describe("block templates: every route", () => {
  it("lists, reads, replaces all or nothing, keeps names unique, and 404s unknown ids", async () => {
    const first = await newBlock({ minutes: 60 });
    const second = await newBlock({ minutes: 30 });
    const created = await newTemplate([{ blockId: first.id, startTime: "23:30:00" }]);
    // A block may run past midnight: only blocks of the same day are compared.
    expect((await api.get(`/api/v1/block-templates/${created.id}`)).json).toEqual({ id: created.id, name: created.name, items: [{ blockId: first.id, startTime: "23:30:00" }] });
    expect((await api.get("/api/v1/block-templates")).json).toContainEqual({ id: created.id, name: created.name, items: [{ blockId: first.id, startTime: "23:30:00" }] });

    const backToBack = [{ blockId: second.id, startTime: "07:00:00" }, { blockId: first.id, startTime: "06:00:00" }];
    const replaced = await api.put(`/api/v1/block-templates/${created.id}`, { name: "Renamed template", items: backToBack });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json).toEqual({ id: created.id, name: "Renamed template", items: [{ blockId: first.id, startTime: "06:00:00" }, { blockId: second.id, startTime: "07:00:00" }] });

    const overlapFirst = await api.put(`/api/v1/block-templates/${created.id}`, { name: "Renamed template", items: [{ blockId: second.id, startTime: "06:59:59" }, { blockId: first.id, startTime: "06:00:00" }] });
    expect422(overlapFirst, "items[0].startTime");
    expect(overlapFirst.json.errors[0].message).toContain(first.name);
    expect422(await api.put(`/api/v1/block-templates/${created.id}`, { name: "x".repeat(51), items: backToBack }), "name");
    expect((await api.get(`/api/v1/block-templates/${created.id}`)).json).toEqual(replaced.json);

    const other = await newTemplate([{ blockId: second.id, startTime: "01:00:00" }]);
    expect422(await api.put(`/api/v1/block-templates/${other.id}`, { name: "RENAMED TEMPLATE", items: backToBack }), "name");
    expect422(await api.post("/api/v1/block-templates", { name: "renamed template", items: backToBack }), "name");
    expect((await api.put(`/api/v1/block-templates/${other.id}`, { name: other.name, items: backToBack })).status).toBe(200);

    expect((await api.get("/api/v1/block-templates/987654")).status).toBe(404);
    expect((await api.put("/api/v1/block-templates/987654", { name: unique("Nowhere"), items: backToBack })).status).toBe(404);
    expect((await api.delete("/api/v1/block-templates/987654")).status).toBe(404);
    expect((await api.put("/api/v1/blocks/987654", { name: unique("Nowhere"), minutes: 30, items: [cartoonItem()] })).status).toBe(404);
    expect((await api.get("/api/v1/blocks/987654")).status).toBe(404);
  });

  it("blocks: names of 51 characters are refused, and a rename keeps its own name free", async () => {
    expect422(await api.post("/api/v1/blocks", { name: "x".repeat(51), minutes: 30, items: [cartoonItem()] }), "name");
    const block = await newBlock();
    const same = await api.put(`/api/v1/blocks/${block.id}`, { name: block.name.toLowerCase(), minutes: 30, items: [cartoonItem()] });
    expect(same.status, same.text).toBe(200);
    expect(same.json.name).toBe(block.name.toLowerCase());
    expect(same.json.items[0].id).not.toBe(block.items[0].id);
  });
});
