import { beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions, databaseFile, sqlAll } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const KEY = "blocks-graphql-key";
const { server, api } = useTestServer({ env: { Api__WriteKey: KEY, Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" }, headers: { "X-Api-Key": KEY } });
let media: SeededMedia;
let cartoons: number;
let movies: number;

beforeAll(async () => {
  media = await seedMedia(server.dataDir, "Gql blocks");
  await addVersions(server.dataDir, [...media.episodeIds, ...media.movieIds], 30 * 60_000);
  cartoons = (await api.post("/api/v1/collections", { name: "Gql block cartoons" })).json.id;
  await api.post(`/api/v1/collections/${cartoons}/items`, { mediaItemIds: [media.showId] });
  movies = (await api.post("/api/v1/collections", { name: "Gql block movies" })).json.id;
  await api.post(`/api/v1/collections/${movies}/items`, { mediaItemIds: media.movieIds });
});

type GqlError = { message: string; extensions: { code: string; errors?: Array<{ field: string; message: string }> } };
async function gql(query: string, variables?: Record<string, unknown>) {
  const response = await api.graphql(query, variables);
  expect(response.status).toBeLessThan(500);
  return response.json as { data: any; errors?: GqlError[] };
}
const fieldsOf = (result: { errors?: GqlError[] }) => result.errors?.[0].extensions.errors?.map((e) => e.field);

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}`;
const BLOCK_FIELDS = "id name minutes stopScheduling items { id index collectionType collectionId mediaItemId searchQuery playbackOrder includeInProgramGuide disableWatermarks watermarkIds }";
const TEMPLATE_FIELDS = "id name items { blockId startTime }";
const CREATE_BLOCK = `mutation($input: BlockInput!) { createBlock(input: $input) { ${BLOCK_FIELDS} } }`;
const UPDATE_BLOCK = `mutation($id: Int!, $input: BlockInput!) { updateBlock(id: $id, input: $input) { ${BLOCK_FIELDS} } }`;
const CREATE_TEMPLATE = `mutation($input: BlockTemplateInput!) { createBlockTemplate(input: $input) { ${TEMPLATE_FIELDS} } }`;
const UPDATE_TEMPLATE = `mutation($id: Int!, $input: BlockTemplateInput!) { updateBlockTemplate(id: $id, input: $input) { ${TEMPLATE_FIELDS} } }`;
const cartoonItem = (extra: Record<string, unknown> = {}) => ({ collectionType: "Collection", collectionId: cartoons, playbackOrder: "SeasonEpisode", ...extra });

async function newBlock(minutes = 60): Promise<number> {
  const created = await gql(CREATE_BLOCK, { input: { name: unique("Gql block"), minutes, items: [cartoonItem()] } });
  expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
  return created.data.createBlock.id;
}

describe("blocks over GraphQL", () => {
  it("create, read, list, replace the items at once, delete: the same shapes and rules as REST", async () => {
    const created = await gql(CREATE_BLOCK, {
      input: { name: "Gql mornings", minutes: 90, stopScheduling: "BeforeDurationEnd", items: [cartoonItem(), { collectionType: "Collection", collectionId: movies, playbackOrder: "Shuffle", includeInProgramGuide: false }] },
    });
    expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
    const block = created.data.createBlock;
    expect(block).toMatchObject({ name: "Gql mornings", minutes: 90, stopScheduling: "BeforeDurationEnd" });
    expect(block.items.map((i: Record<string, unknown>) => [i.index, i.collectionId, i.playbackOrder, i.includeInProgramGuide, i.disableWatermarks, i.watermarkIds])).toEqual([
      [0, cartoons, "SeasonEpisode", true, false, []],
      [1, movies, "Shuffle", false, false, []],
    ]);
    const rest = await api.get(`/api/v1/blocks/${block.id}`);
    expect(rest.json.items.map((i: { id: number }) => i.id)).toEqual(block.items.map((i: { id: number }) => i.id));

    const read = await gql(`query($id: Int!) { block(id: $id) { ${BLOCK_FIELDS} } blocks { id name } }`, { id: block.id });
    expect(read.errors).toBeUndefined();
    expect(read.data.block).toEqual(block);
    expect(read.data.blocks).toContainEqual({ id: block.id, name: "Gql mornings" });

    const bad = await gql(UPDATE_BLOCK, { id: block.id, input: { name: "Gql mornings", minutes: 90, items: [cartoonItem(), cartoonItem({ collectionId: 987654 })] } });
    expect(bad.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(fieldsOf(bad)).toEqual(["items[1].collectionId"]);
    expect((await gql(`query($id: Int!) { block(id: $id) { ${BLOCK_FIELDS} } }`, { id: block.id })).data.block).toEqual(block);

    const replaced = await gql(UPDATE_BLOCK, { id: block.id, input: { name: "Gql mornings", minutes: 45, items: [cartoonItem({ playbackOrder: "Chronological" })] } });
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data.updateBlock).toMatchObject({ minutes: 45, stopScheduling: "AfterDurationEnd" });
    expect(replaced.data.updateBlock.items.map((i: { index: number; playbackOrder: string }) => [i.index, i.playbackOrder])).toEqual([[0, "Chronological"]]);

    const deleted = await gql("mutation($id: Int!) { deleteBlock(id: $id) }", { id: block.id });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data.deleteBlock).toBe(String(block.id));
    expect((await gql(`query($id: Int!) { block(id: $id) { id } }`, { id: block.id })).errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await gql("mutation($id: Int!) { deleteBlock(id: $id) }", { id: block.id })).errors?.[0].extensions.code).toBe("NOT_FOUND");
  });

  it("reports every broken rule with its field name, and writes nothing", async () => {
    const count = async () => (await sqlAll(databaseFile(server.dataDir), "SELECT id FROM block")).length;
    const before = await count();
    const taken = await gql(CREATE_BLOCK, { input: { name: "Gql taken", minutes: 30, items: [cartoonItem()] } });
    expect(taken.errors).toBeUndefined();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ name: "GQL TAKEN" }, ["name"]],
      [{ name: "x".repeat(51) }, ["name"]],
      [{ minutes: 0, items: [] }, ["minutes", "items"]],
      [{ minutes: 1441 }, ["minutes"]],
      [{ items: [cartoonItem({ playbackOrder: "Marathon" })] }, ["items[0].playbackOrder"]],
      [{ items: [cartoonItem({ mediaItemId: media.showId })] }, ["items[0].mediaItemId"]],
      [{ items: [{ collectionType: "SearchQuery", playbackOrder: "Shuffle" }] }, ["items[0].searchQuery"]],
      [{ items: [cartoonItem({ watermarkIds: [987654] })] }, ["items[0].watermarkIds[0]"]],
    ];
    for (const [extra, fields] of cases) {
      const result = await gql(CREATE_BLOCK, { input: { name: unique("Gql bad"), minutes: 30, items: [cartoonItem()], ...extra } });
      expect(result.errors?.[0].extensions.code, JSON.stringify(extra)).toBe("VALIDATION_FAILED");
      expect(fieldsOf(result)?.sort(), JSON.stringify(extra)).toEqual([...fields].sort());
    }
    const unknownStop = await api.graphql(CREATE_BLOCK, { input: { name: unique("Gql bad"), minutes: 30, stopScheduling: "Whenever", items: [cartoonItem()] } });
    expect(unknownStop.status).toBeLessThan(500);
    expect(unknownStop.json.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(await count()).toBe(before + 1);
    expect((await gql(UPDATE_BLOCK, { id: 987654, input: { name: unique("Gql"), minutes: 30, items: [cartoonItem()] } })).errors?.[0].extensions.code).toBe("NOT_FOUND");
  });
});

describe("block templates over GraphQL", () => {
  it("create, read, list, replace, delete; overlaps, unknown blocks and bad times name their item", async () => {
    const long = await newBlock(120);
    const short = await newBlock(30);
    const created = await gql(CREATE_TEMPLATE, { input: { name: "Gql weekdays", items: [{ blockId: short, startTime: "09:00:00" }, { blockId: long, startTime: "06:00:00" }] } });
    expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
    const template = created.data.createBlockTemplate;
    expect(template.items).toEqual([{ blockId: long, startTime: "06:00:00" }, { blockId: short, startTime: "09:00:00" }]);
    const read = await gql(`query($id: Int!) { blockTemplate(id: $id) { ${TEMPLATE_FIELDS} } blockTemplates { id name } }`, { id: template.id });
    expect(read.data.blockTemplate).toEqual(template);
    expect(read.data.blockTemplates).toContainEqual({ id: template.id, name: "Gql weekdays" });

    const cases: Array<[unknown[], string]> = [
      [[{ blockId: long, startTime: "06:00:00" }, { blockId: short, startTime: "07:59:59" }], "items[1].startTime"],
      [[{ blockId: short, startTime: "07:00:00" }, { blockId: long, startTime: "06:00:00" }], "items[0].startTime"],
      [[{ blockId: 987654, startTime: "06:00:00" }], "items[0].blockId"],
      [[{ blockId: short, startTime: "24:00:00" }], "items[0].startTime"],
      [[{ blockId: short, startTime: "noon" }], "items[0].startTime"],
      [[], "items"],
    ];
    for (const [items, field] of cases) {
      const result = await gql(UPDATE_TEMPLATE, { id: template.id, input: { name: "Gql weekdays", items } });
      expect(result.errors?.[0].extensions.code, JSON.stringify(items)).toBe("VALIDATION_FAILED");
      expect(fieldsOf(result), JSON.stringify(items)).toEqual([field]);
    }
    expect((await gql(`query($id: Int!) { blockTemplate(id: $id) { ${TEMPLATE_FIELDS} } }`, { id: template.id })).data.blockTemplate).toEqual(template);
    expect(fieldsOf(await gql(CREATE_TEMPLATE, { input: { name: "GQL WEEKDAYS", items: [{ blockId: short, startTime: "01:00:00" }] } }))).toEqual(["name"]);

    // Back to back is not an overlap.
    const replaced = await gql(UPDATE_TEMPLATE, { id: template.id, input: { name: "Gql weekdays", items: [{ blockId: long, startTime: "06:00:00" }, { blockId: short, startTime: "08:00:00" }] } });
    expect(replaced.errors, JSON.stringify(replaced.errors)).toBeUndefined();
    expect(replaced.data.updateBlockTemplate.items).toEqual([{ blockId: long, startTime: "06:00:00" }, { blockId: short, startTime: "08:00:00" }]);

    const inUse = await gql("mutation($id: Int!) { deleteBlock(id: $id) }", { id: short });
    expect(fieldsOf(inUse)).toEqual(["id"]);
    expect(inUse.errors?.[0].extensions.errors?.[0].message).toContain("Gql weekdays");
    expect((await gql("mutation($id: Int!) { deleteBlockTemplate(id: $id) }", { id: template.id })).data.deleteBlockTemplate).toBe(String(template.id));
    expect((await gql(`query($id: Int!) { blockTemplate(id: $id) { id } }`, { id: template.id })).errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await gql("mutation($id: Int!) { deleteBlock(id: $id) }", { id: short })).errors).toBeUndefined();
  });
});

describe("Block playouts over GraphQL", () => {
  it("a playout takes template assignments, shows them, is built; its template cannot be deleted", async () => {
    const blockId = await newBlock(60);
    const template = (await gql(CREATE_TEMPLATE, { input: { name: unique("Gql playout template"), items: [{ blockId, startTime: "12:00:00" }] } })).data.createBlockTemplate.id;
    const channel = (await api.post("/api/v1/channels", { name: "Gql block channel", number: "950" })).json.id;
    const assignments = [{ templateId: template, priority: 2, daysOfWeek: ["Monday", "Tuesday"], daysOfMonth: [1, 2], monthsOfYear: [12], startDate: "2026-01-01", endDate: "2027-12-31" }];

    const bad = await gql(`mutation($input: PlayoutCreateInput!) { createPlayout(input: $input) { playout { id } } }`, {
      input: { channelId: channel, kind: "Block", templates: [{ templateId: template, daysOfMonth: [0], startDate: "2026-13-01" }] },
    });
    expect(bad.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(fieldsOf(bad)?.sort()).toEqual(["templates[0].daysOfMonth[0]", "templates[0].startDate"]);
    const none = await gql(`mutation($input: PlayoutCreateInput!) { createPlayout(input: $input) { playout { id } } }`, { input: { channelId: channel, kind: "Block" } });
    expect(fieldsOf(none)).toEqual(["templates"]);

    const created = await gql(`mutation($input: PlayoutCreateInput!) { createPlayout(input: $input) { playout { id kind templates { templateId priority daysOfWeek daysOfMonth monthsOfYear startDate endDate } } build { mode success } } }`, {
      input: { channelId: channel, kind: "Block", templates: assignments },
    });
    expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
    expect(created.data.createPlayout).toMatchObject({ playout: { kind: "Block", templates: assignments }, build: { mode: "Reset", success: true } });
    const playoutId = created.data.createPlayout.playout.id;
    expect((await api.get(`/api/v1/playouts/${playoutId}`)).json.templates).toEqual(assignments);

    const inUse = await gql("mutation($id: Int!) { deleteBlockTemplate(id: $id) }", { id: template });
    expect(inUse.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(fieldsOf(inUse)).toEqual(["id"]);
  });

  it("mutations need the write key; queries do not", async () => {
    const keyless = apiClient(server.url);
    const before = (await sqlAll(databaseFile(server.dataDir), "SELECT id FROM block")).length;
    const denied = await keyless.graphql(CREATE_BLOCK, { input: { name: unique("Keyless"), minutes: 30, items: [cartoonItem()] } });
    expect(denied.json.errors?.[0].extensions.code).toBe("UNAUTHORIZED");
    expect((await keyless.post("/api/v1/blocks", { name: unique("Keyless"), minutes: 30, items: [cartoonItem()] })).status).toBe(401);
    expect((await sqlAll(databaseFile(server.dataDir), "SELECT id FROM block")).length).toBe(before);
    const query = await keyless.graphql("{ blocks { id } blockTemplates { id } }");
    expect(query.json.errors).toBeUndefined();
  });
});
