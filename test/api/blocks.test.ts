import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient, type RawResponse } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions, databaseFile, sqlAll } from "../support/sqlite";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let api: ApiClient;
let media: SeededMedia;
let cartoons: number;
let movies: number;
const EPISODE_MS = 30 * 60_000;

beforeAll(async () => {
  server = await startTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "2" } });
  api = apiClient(server.url);
  media = await seedMedia(server.dataDir, "Blocks");
  await addVersions(server.dataDir, [...media.episodeIds, ...media.movieIds], EPISODE_MS);
  cartoons = (await api.post("/api/v1/collections", { name: "Block cartoons" })).json.id;
  await api.post(`/api/v1/collections/${cartoons}/items`, { mediaItemIds: [media.showId] });
  movies = (await api.post("/api/v1/collections", { name: "Block movies" })).json.id;
  await api.post(`/api/v1/collections/${movies}/items`, { mediaItemIds: media.movieIds });
});
afterAll(async () => {
  await server.stop();
  server.removeDataDir();
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

describe("Block playouts", () => {
  const newChannel = async () => (await api.post("/api/v1/channels", { name: "Block channel", number: `${700 + ++n}` })).json as { id: number };
  type Item = { start: string; finish: string; mediaItemId?: number };
  const itemsOf = async (playoutId: number): Promise<Item[]> => (await api.get(`/api/v1/playouts/${playoutId}/items?pageSize=1000`)).json.items;

  it("creating one builds its templates' blocks at their times; editing a block refreshes it; the template in use cannot be deleted", async () => {
    const block = await newBlock({ minutes: 60 });
    const template = await newTemplate([{ blockId: block.id, startTime: "20:00:00" }]);
    const channel = await newChannel();
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Block", templates: [{ templateId: template.id }] });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ kind: "Block", templates: [{ templateId: template.id, priority: 0 }], buildStatus: { success: true }, build: { mode: "Reset", success: true } });
    const programmes = (await itemsOf(created.json.id)).filter((i) => i.mediaItemId !== undefined);
    expect(programmes.length).toBeGreaterThanOrEqual(2);
    const firstOfBlock = programmes.find((i) => i.start.endsWith("T20:00:00.000Z"))!;
    expect(firstOfBlock).toBeDefined();
    // Season-episode order within the block: the show's four episodes in turn, half an hour each.
    const block1 = programmes.filter((i) => i.start >= firstOfBlock.start && i.start < firstOfBlock.start.replace("T20:", "T21:"));
    expect(block1.map((i) => i.mediaItemId)).toEqual(media.episodeIds.slice(0, 2));

    const put = await api.put(`/api/v1/blocks/${block.id}`, { name: block.name, minutes: 60, items: [{ collectionType: "Collection", collectionId: movies, playbackOrder: "Chronological" }] });
    expect(put.status, put.text).toBe(200);
    const builds = await sqlAll<{ mode: string }>(databaseFile(server.dataDir), "SELECT mode FROM playout_build WHERE playoutId = ? ORDER BY id", [created.json.id]);
    expect(builds.map((b) => b.mode)).toEqual(["Reset", "Refresh"]);
    expect((await itemsOf(created.json.id)).filter((i) => i.mediaItemId !== undefined).every((i) => media.movieIds.includes(i.mediaItemId!))).toBe(true);
    expect422(await api.delete(`/api/v1/block-templates/${template.id}`), "id");

    // PUT replaces the assignments; reading the playout shows them.
    const weekend = await newTemplate([{ blockId: block.id, startTime: "08:00:00" }]);
    const moved = await api.put(`/api/v1/playouts/${created.json.id}`, { templates: [{ templateId: template.id, daysOfWeek: ["Monday"] }, { templateId: weekend.id, daysOfWeek: ["Saturday", "Sunday"], priority: 3 }] });
    expect(moved.status, moved.text).toBe(200);
    expect((await api.get(`/api/v1/playouts/${created.json.id}`)).json.templates).toEqual([
      { templateId: template.id, priority: 0, daysOfWeek: ["Monday"] },
      { templateId: weekend.id, priority: 3, daysOfWeek: ["Saturday", "Sunday"] },
    ]);
    expect422(await api.put(`/api/v1/playouts/${created.json.id}`, { templates: [{ templateId: weekend.id, monthsOfYear: [0] }] }), "templates[0].monthsOfYear[0]");
    expect((await api.get(`/api/v1/playouts/${created.json.id}`)).json.templates).toHaveLength(2);
    const gql = await api.graphql(`query($id: Int!) { playout(id: $id) { templates { templateId priority daysOfWeek } } }`, { id: created.json.id });
    expect(gql.json.data.playout.templates).toEqual([
      { templateId: template.id, priority: 0, daysOfWeek: ["Monday"] },
      { templateId: weekend.id, priority: 3, daysOfWeek: ["Saturday", "Sunday"] },
    ]);
  });

  it.each([
    ["no templates", {}, "templates"],
    ["an empty list", { templates: [] }, "templates"],
    ["an unknown template", { templates: [{ templateId: 987654 }] }, "templates[0].templateId"],
    ["a bad day of the week", { templates: [{ templateId: 0, daysOfWeek: ["Funday"] }] }, "templates[0].daysOfWeek[0]"],
    ["day of month 32", { templates: [{ templateId: 0, daysOfMonth: [32] }] }, "templates[0].daysOfMonth[0]"],
    ["month 13", { templates: [{ templateId: 0, monthsOfYear: [13] }] }, "templates[0].monthsOfYear[0]"],
    ["a bad date", { templates: [{ templateId: 0, startDate: "2026-02-30" }] }, "templates[0].startDate"],
    ["an end before the start", { templates: [{ templateId: 0, startDate: "2026-05-01", endDate: "2026-04-01" }] }, "templates[0].endDate"],
    ["a schedule", { templates: [{ templateId: 0 }], scheduleId: 1 }, "scheduleId"],
  ])("422 for %s, and no playout is made", async (_label, body, field) => {
    const block = await newBlock();
    const template = await newTemplate([{ blockId: block.id, startTime: "06:00:00" }]);
    const withTemplate = JSON.parse(JSON.stringify(body).replace(/"templateId":0/g, `"templateId":${template.id}`));
    const channel = await newChannel();
    const response = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Block", ...withTemplate });
    if (response.status === 400) expect(field).toMatch(/daysOfWeek/);
    else expect422(response, field);
    expect((await api.get(`/api/v1/channels/${channel.id}`)).json.playoutId).toBeUndefined();
  });

  it("GraphQL: blocks, templates and a Block playout through the same rules", async () => {
    const createBlock = await api.graphql(`mutation($input: BlockInput!) { createBlock(input: $input) { id name minutes items { index collectionId playbackOrder } } }`, {
      input: { name: unique("Gql block"), minutes: 30, items: [{ collectionType: "Collection", collectionId: cartoons, playbackOrder: "Shuffle" }] },
    });
    expect(createBlock.json.errors, JSON.stringify(createBlock.json.errors)).toBeUndefined();
    const blockId = createBlock.json.data.createBlock.id;
    expect(createBlock.json.data.createBlock.items).toEqual([{ index: 0, collectionId: cartoons, playbackOrder: "Shuffle" }]);
    const bad = await api.graphql(`mutation($input: BlockInput!) { createBlock(input: $input) { id } }`, { input: { name: unique("Gql bad"), minutes: 0, items: [] } });
    expect(bad.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(bad.json.errors[0].extensions.errors.map((e: { field: string }) => e.field).sort()).toEqual(["items", "minutes"]);

    const createTemplate = await api.graphql(`mutation($input: BlockTemplateInput!) { createBlockTemplate(input: $input) { id items { blockId startTime } } }`, { input: { name: unique("Gql template"), items: [{ blockId, startTime: "12:00:00" }] } });
    expect(createTemplate.json.errors, JSON.stringify(createTemplate.json.errors)).toBeUndefined();
    const templateId = createTemplate.json.data.createBlockTemplate.id;
    expect(createTemplate.json.data.createBlockTemplate.items).toEqual([{ blockId, startTime: "12:00:00" }]);
    const listed = await api.graphql(`{ blocks { id } blockTemplates { id name } blockTemplate(id: ${templateId}) { items { blockId } } }`);
    expect(listed.json.data.blocks.some((b: { id: number }) => b.id === blockId)).toBe(true);
    expect(listed.json.data.blockTemplate.items).toEqual([{ blockId }]);

    const channel = await newChannel();
    const playout = await api.graphql(`mutation($input: PlayoutCreateInput!) { createPlayout(input: $input) { playout { kind } build { success } } }`, { input: { channelId: channel.id, kind: "Block", templates: [{ templateId, daysOfWeek: ["Monday", "Tuesday"], priority: 2 }] } });
    expect(playout.json.errors, JSON.stringify(playout.json.errors)).toBeUndefined();
    expect(playout.json.data.createPlayout).toEqual({ playout: { kind: "Block" }, build: { success: true } });
    const deleteInUse = await api.graphql(`mutation { deleteBlockTemplate(id: ${templateId}) }`);
    expect(deleteInUse.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
  });
});
