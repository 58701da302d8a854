import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { apiClient, type ApiClient } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { sqlAll } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const KEY = "gql-s3cret";
const { server } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1", Api__WriteKey: KEY } });
/** Sends the write key (REST writes, GraphQL mutations). */
let writer: ApiClient;
/** No key: GraphQL queries must work without it. */
let reader: ApiClient;
let media: SeededMedia;
const EPISODE_MS = 30 * 60_000;

async function exec(file: string, sql: string, params: unknown[] = []): Promise<void> {
  await sqlAll(file, sql, params);
}

const DEFINITION = `
content:
  - collection: "Gql Cartoons"
    key: cartoons
    order: chronological
playout:
  - count: 2
    content: cartoons
  - repeat: true
`;
const INVALID = "content:\n  - collection: x\n    key: a\n    order: sideways\nplayout:\n  - count: 1\n    content: b\n";

type GqlError = { message: string; extensions: { code: string; errors?: Array<{ field: string; message: string }> } };
type GqlResult = { data: any; errors?: GqlError[] };

async function query(text: string, variables?: Record<string, unknown>): Promise<GqlResult> {
  const response = await reader.graphql(text, variables);
  expect(response.status, response.text).toBeLessThan(500);
  return response.json as GqlResult;
}
async function mutate(text: string, variables?: Record<string, unknown>): Promise<GqlResult> {
  const response = await writer.graphql(text, variables);
  expect(response.status, response.text).toBeLessThan(500);
  return response.json as GqlResult;
}
function ok(result: GqlResult): any {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data;
}

const PLAYOUT_FIELDS = "id channelId kind scheduleFile definition buildStatus { lastBuild success message }";
const SUMMARY_FIELDS = "playoutId mode success message itemCount builtAt coversUntil";
const ITEM_FIELDS = "id start finish mediaItemId title mediaKind inPointMs outPointMs fillerKind guideGroup customTitle contentKey";
const CREATE = `mutation($input: PlayoutCreateInput!) { createPlayout(input: $input) { playout { ${PLAYOUT_FIELDS} } build { ${SUMMARY_FIELDS} } } }`;
const UPDATE = `mutation($id: Int!, $input: PlayoutUpdateInput!) { updatePlayout(id: $id, input: $input) { playout { ${PLAYOUT_FIELDS} } build { ${SUMMARY_FIELDS} } } }`;
const ITEMS = `query($id: Int!, $from: String, $to: String, $pageNumber: Int, $pageSize: Int) {
  playoutItems(playoutId: $id, from: $from, to: $to, pageNumber: $pageNumber, pageSize: $pageSize) { pageNumber pageSize totalCount items { ${ITEM_FIELDS} } } }`;
const PREVIEW = `query($definition: String!, $start: String, $hours: Int, $seed: Int) {
  previewPlayout(definition: $definition, start: $start, hours: $hours, seed: $seed) { items { start finish mediaItemId inPointMs outPointMs fillerKind guideGroup customTitle contentKey } warnings } }`;

beforeAll(async () => {
  writer = apiClient(server.url, { "x-api-key": KEY });
  reader = apiClient(server.url);
  media = await seedMedia(server.dataDir, "GqlToon");
  const file = path.join(server.dataDir, DATABASE_FILE);
  for (const id of [...media.episodeIds, ...media.movieIds]) {
    await exec(file, `INSERT INTO media_version (mediaItemId, path, size, mtime, durationMs, probedAt) VALUES (?, ?, 1, 0, ?, 0)`, [id, `/seeded/${id}.mkv`, EPISODE_MS]);
  }
  const collection = (await writer.post("/api/v1/collections", { name: "Gql Cartoons" })).json;
  await writer.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [media.showId] });
});

let channelNumber = 300;
async function newChannel(): Promise<{ id: number; number: string }> {
  const created = await writer.post("/api/v1/channels", { name: "Gql playout", number: `${channelNumber++}.5` });
  expect(created.status, created.text).toBe(201);
  return created.json;
}
async function createPlayout(channelId: number, definition = DEFINITION) {
  return ok(await mutate(CREATE, { input: { channelId, kind: "Sequential", definition } })).createPlayout as { playout: any; build: any };
}

describe("GraphQL playouts", () => {
  it("createPlayout runs a Reset build; playout, playouts and Channel.playout read it back without the write key", async () => {
    const channel = await newChannel();
    const { playout, build } = await createPlayout(channel.id);
    expect(playout).toMatchObject({ channelId: channel.id, kind: "Sequential", definition: DEFINITION, scheduleFile: null, buildStatus: { success: true } });
    expect(build).toMatchObject({ playoutId: playout.id, mode: "Reset", success: true });
    expect(build.itemCount).toBeGreaterThanOrEqual(48);
    expect(Date.parse(build.builtAt)).not.toBeNaN();
    expect(Date.parse(build.coversUntil) - Date.parse(build.builtAt)).toBeGreaterThan(23 * 3600_000);

    const one = ok(await query(`query($id: Int!) { playout(id: $id) { ${PLAYOUT_FIELDS} } }`, { id: playout.id })).playout;
    expect(one).toEqual(playout);
    expect(one.buildStatus.lastBuild).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(one.buildStatus.message).toMatch(/^built \d+ items/);
    // Same view as REST.
    const rest = (await reader.get(`/api/v1/playouts/${playout.id}`)).json;
    expect(rest.buildStatus).toEqual(one.buildStatus);

    const all = ok(await query(`{ playouts { ${PLAYOUT_FIELDS} } }`)).playouts as Array<{ id: number }>;
    expect(all.map((p) => p.id)).toContain(playout.id);
    expect(all.map((p) => p.id)).toEqual((await reader.get("/api/v1/playouts")).json.map((p: { id: number }) => p.id));

    const bare = await newChannel();
    const channels = ok(await query(`{ channels { id playoutId playout { id channelId kind } } }`)).channels as Array<{ id: number; playoutId: number | null; playout: { id: number; channelId: number } | null }>;
    const mine = channels.find((c) => c.id === channel.id)!;
    expect(mine.playout).toEqual({ id: playout.id, channelId: channel.id, kind: "Sequential" });
    expect(channels.find((c) => c.id === bare.id)!.playout).toBeNull();
    for (const c of channels) expect(c.playout?.id ?? null).toBe(c.playoutId);
  });

  it("Channel.playout is batched: many channels with playouts resolve in one response, each to its own", async () => {
    const made: Array<{ channelId: number; playoutId: number }> = [];
    for (let i = 0; i < 5; i++) {
      const channel = await newChannel();
      made.push({ channelId: channel.id, playoutId: (await createPlayout(channel.id)).playout.id });
    }
    const channels = ok(await query(`{ channels { id playout { id channelId } } }`)).channels as Array<{ id: number; playout: { id: number; channelId: number } | null }>;
    for (const { channelId, playoutId } of made) expect(channels.find((c) => c.id === channelId)!.playout).toEqual({ id: playoutId, channelId });
    const single = ok(await query(`query($id: Int!) { channel(id: $id) { playout { id } } }`, { id: made[2].channelId })).channel;
    expect(single.playout.id).toBe(made[2].playoutId);
  });

  it("playoutItems: a time window of contiguous items with media titles, paged like REST", async () => {
    const channel = await newChannel();
    const { playout } = await createPlayout(channel.id);
    const page = ok(await query(ITEMS, { id: playout.id, pageSize: 1000 })).playoutItems;
    expect(page.pageNumber).toBe(0);
    expect(page.pageSize).toBe(1000);
    expect(page.totalCount).toBeGreaterThanOrEqual(47);
    const list = page.items as Array<{ id: number; start: string; finish: string; title: string; mediaItemId: number; mediaKind: string; contentKey: string }>;
    for (let i = 1; i < list.length; i++) expect(list[i].start).toBe(list[i - 1].finish);
    for (const item of list) {
      expect(Date.parse(item.finish) - Date.parse(item.start)).toBe(EPISODE_MS);
      expect(item.title).toMatch(/^Episode \d\.\d$/);
      expect(item.mediaKind).toBe("Episode");
      expect(item.contentKey).toBe("cartoons");
      expect(media.episodeIds).toContain(item.mediaItemId);
    }
    // A window two items wide, second page of one.
    const from = list[3].start;
    const to = list[5].start;
    const windowed = ok(await query(ITEMS, { id: playout.id, from, to, pageNumber: 1, pageSize: 1 })).playoutItems;
    expect(windowed.totalCount).toBe(2);
    expect(windowed.items.map((i: { id: number }) => i.id)).toEqual([list[4].id]);
    const rest = (await reader.get(`/api/v1/playouts/${playout.id}/items?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&pageNumber=1&pageSize=1`)).json;
    expect(windowed).toEqual(JSON.parse(JSON.stringify({ ...rest, items: rest.items.map((i: object) => ({ customTitle: null, ...i })) })));
  });

  it("nowPlaying: the current item, offset and remaining time, and what follows", async () => {
    const channel = await newChannel();
    const { playout } = await createPlayout(channel.id);
    const list = ok(await query(ITEMS, { id: playout.id, pageSize: 10 })).playoutItems.items as Array<{ start: string; mediaItemId: number }>;
    const at = new Date(Date.parse(list[2].start) + 60_000).toISOString();
    const now = ok(await query(`query($c: Int!, $at: String) { nowPlaying(channelId: $c, at: $at) { channelId at offsetMs remainingMs current { ${ITEM_FIELDS} } next { ${ITEM_FIELDS} } } }`, { c: channel.id, at })).nowPlaying;
    expect(now).toMatchObject({ channelId: channel.id, at, offsetMs: 60_000, remainingMs: EPISODE_MS - 60_000 });
    expect(now.current.mediaItemId).toBe(list[2].mediaItemId);
    expect(now.current.title).toMatch(/^Episode /);
    expect(now.next.map((i: { mediaItemId: number }) => i.mediaItemId)).toEqual(list.slice(3, 6).map((i) => i.mediaItemId));
    const rest = (await reader.get(`/api/v1/channels/${channel.id}/now?at=${encodeURIComponent(at)}`)).json;
    expect(now.current.id).toBe(rest.current.id);
    expect(now.next.map((i: { id: number }) => i.id)).toEqual(rest.next.map((i: { id: number }) => i.id));
    // Without `at`: now.
    const current = ok(await query(`query($c: Int!) { nowPlaying(channelId: $c) { offsetMs remainingMs current { id } } }`, { c: channel.id })).nowPlaying;
    expect(current.offsetMs + current.remainingMs).toBe(EPISODE_MS);

    const missing = await query(`query($c: Int!) { nowPlaying(channelId: $c) { at } }`, { c: 987654 });
    expect(missing.errors![0].extensions.code).toBe("NOT_FOUND");
    expect(missing.errors![0].message).toBe("Channel 987654 does not exist");
    expect((await reader.get(`/api/v1/channels/987654/now`)).status).toBe(404);
  });

  it("previewPlayout is a query that saves nothing and matches the REST preview", async () => {
    const before = ok(await query(`{ playouts { id } }`)).playouts.length;
    const variables = { definition: DEFINITION, start: "2026-01-01T00:00:00Z", hours: 2, seed: 7 };
    const preview = ok(await query(PREVIEW, variables)).previewPlayout;
    expect(preview.items.slice(0, 4).map((i: { start: string }) => i.start)).toEqual(["2026-01-01T00:00:00.000Z", "2026-01-01T00:30:00.000Z", "2026-01-01T01:00:00.000Z", "2026-01-01T01:30:00.000Z"]);
    expect(preview.warnings).toEqual([]);
    const rest = (await writer.post("/api/v1/playouts/preview", variables)).json;
    expect(preview.items.map((i: { mediaItemId: number; start: string }) => [i.mediaItemId, i.start])).toEqual(rest.items.map((i: { mediaItemId: number; start: string }) => [i.mediaItemId, i.start]));
    expect(ok(await query(`{ playouts { id } }`)).playouts.length).toBe(before);
  });

  it("updatePlayout rebuilds; a failed build keeps the items and records the failure", async () => {
    const channel = await newChannel();
    const { playout } = await createPlayout(channel.id);
    const before = ok(await query(ITEMS, { id: playout.id, pageSize: 1000 })).playoutItems.items.map((i: { id: number }) => i.id);
    const broken = DEFINITION.replace('"Gql Cartoons"', '"No Such Collection"');
    const updated = ok(await mutate(UPDATE, { id: playout.id, input: { definition: broken } })).updatePlayout;
    expect(updated.build).toMatchObject({ mode: "Refresh", success: false, itemCount: 0 });
    expect(updated.playout).toMatchObject({ definition: broken, buildStatus: { success: false, message: expect.stringMatching(/No Such Collection/) } });
    const after = ok(await query(ITEMS, { id: playout.id, pageSize: 1000 })).playoutItems.items.map((i: { id: number }) => i.id);
    expect(after).toEqual(before);
    const fixed = ok(await mutate(UPDATE, { id: playout.id, input: { definition: DEFINITION } })).updatePlayout;
    expect(fixed.build).toMatchObject({ mode: "Refresh", success: true });
  });

  it("resetPlayout returns the build summary; deletePlayout removes it", async () => {
    const channel = await newChannel();
    const { playout } = await createPlayout(channel.id);
    const reset = ok(await mutate(`mutation($c: Int!) { resetPlayout(channelId: $c) { ${SUMMARY_FIELDS} } }`, { c: channel.id })).resetPlayout;
    expect(reset).toMatchObject({ playoutId: playout.id, mode: "Reset", success: true });
    expect(reset.itemCount).toBeGreaterThanOrEqual(48);
    const erased = ok(await mutate(`mutation($c: Int!) { resetPlayout(channelId: $c, eraseHistory: true) { mode success } }`, { c: channel.id })).resetPlayout;
    expect(erased).toEqual({ mode: "Reset", success: true });

    expect(ok(await mutate(`mutation($id: Int!) { deletePlayout(id: $id) }`, { id: playout.id })).deletePlayout).toBe(String(playout.id));
    const gone = await query(`query($id: Int!) { playout(id: $id) { id } }`, { id: playout.id });
    expect(gone.errors![0].extensions.code).toBe("NOT_FOUND");
    expect(gone.errors![0].message).toBe(`Playout ${playout.id} does not exist`);
    expect((await reader.get(`/api/v1/playouts/${playout.id}`)).status).toBe(404);
    expect((await mutate(`mutation($id: Int!) { deletePlayout(id: $id) }`, { id: playout.id })).errors![0].extensions.code).toBe("NOT_FOUND");
    const noPlayout = await mutate(`mutation($c: Int!) { resetPlayout(channelId: $c) { mode } }`, { c: channel.id });
    expect(noPlayout.errors![0].extensions.code).toBe("NOT_FOUND");
    expect((await mutate(`mutation { resetPlayout(channelId: 987654) { mode } }`)).errors![0].message).toBe("Channel 987654 does not exist");
  });

  it("mutations need the write key; queries do not", async () => {
    const channel = await newChannel();
    const refused = await reader.graphql(CREATE, { input: { channelId: channel.id, kind: "Sequential", definition: DEFINITION } });
    expect(refused.status).toBe(401);
    expect(refused.json.errors[0].extensions.code).toBe("UNAUTHORIZED");
    expect((await reader.graphql(`mutation { resetPlayout(channelId: ${channel.id}) { mode } }`)).json.errors[0].extensions.code).toBe("UNAUTHORIZED");
    expect(ok(await query(`{ channels { id playout { id } } }`)).channels.find((c: { id: number }) => c.id === channel.id).playout).toBeNull();
  });
});

describe("GraphQL playouts obey the REST rules with the same messages", () => {
  /** Sends the same input to REST and GraphQL and returns REST's 422 errors, checked equal to GraphQL's. */
  async function sameErrors(rest: () => Promise<{ status: number; json: any; text: string }>, gql: () => Promise<GqlResult>) {
    const r = await rest();
    expect(r.status, r.text).toBe(422);
    const g = await gql();
    expect(g.errors, JSON.stringify(g)).toHaveLength(1);
    expect(g.errors![0].extensions.code).toBe("VALIDATION_FAILED");
    expect(g.errors![0].extensions.errors).toEqual(r.json.errors);
    expect(r.json.errors.length).toBeGreaterThan(0);
    return r.json.errors as Array<{ field: string; message: string }>;
  }
  const restCreate = (body: object) => () => writer.post("/api/v1/playouts", body);
  const gqlCreate = (input: object) => () => mutate(CREATE, { input });

  it("an invalid definition lists every error with file:line:column", async () => {
    const channel = await newChannel();
    const body = { channelId: channel.id, kind: "Sequential", definition: INVALID };
    const errors = await sameErrors(restCreate(body), gqlCreate(body));
    expect(errors.every((e) => e.field === "definition")).toBe(true);
    expect(errors.some((e) => /^definition:4:\d+ /.test(e.message))).toBe(true);
    expect(errors.some((e) => /^definition:7:\d+ /.test(e.message))).toBe(true);
    expect(ok(await query(`query($id: Int!) { channel(id: $id) { playout { id } } }`, { id: channel.id })).channel.playout).toBeNull();
  });

  it("one playout per channel; the channel must exist and not be a mirror", async () => {
    const channel = await newChannel();
    await createPlayout(channel.id);
    const dup = { channelId: channel.id, kind: "Sequential", definition: DEFINITION };
    expect((await sameErrors(restCreate(dup), gqlCreate(dup)))[0]).toMatchObject({ field: "channelId", message: expect.stringMatching(/already has a playout/) });
    const missing = { channelId: 99999, kind: "Sequential", definition: DEFINITION };
    expect((await sameErrors(restCreate(missing), gqlCreate(missing)))[0]).toEqual({ field: "channelId", message: "channel 99999 does not exist" });
    const mirror = (await writer.post("/api/v1/channels", { name: "Gql mirror", mirrorSourceChannelId: channel.id })).json;
    const mirrored = { channelId: mirror.id, kind: "Sequential", definition: DEFINITION };
    expect((await sameErrors(restCreate(mirrored), gqlCreate(mirrored)))[0].message).toMatch(/mirrors another channel/);
  });

  it("exactly one of scheduleFile and definition; each kind refuses the others' source fields, with the same messages", async () => {
    const channel = await newChannel();
    const none = { channelId: channel.id, kind: "Sequential" };
    expect((await sameErrors(restCreate(none), gqlCreate(none)))[0].message).toBe("give exactly one of scheduleFile and definition");
    const both = { channelId: channel.id, kind: "Sequential", definition: DEFINITION, scheduleFile: "/tmp/x.yml" };
    await sameErrors(restCreate(both), gqlCreate(both));
    const classic = { channelId: channel.id, kind: "Classic", definition: DEFINITION };
    expect((await sameErrors(restCreate(classic), gqlCreate(classic))).map((e) => e.field).sort()).toEqual(["definition", "scheduleId"]);
    const block = { channelId: channel.id, kind: "Block", scheduleFile: "/tmp/x.yml" };
    expect((await sameErrors(restCreate(block), gqlCreate(block))).map((e) => e.field).sort()).toEqual(["scheduleFile", "templates"]);
    // An unknown kind is a client error in both (400 / GraphQL input validation), never a 5xx.
    expect((await writer.post("/api/v1/playouts", { channelId: channel.id, kind: "Bogus", definition: DEFINITION })).status).toBe(400);
    const bogus = await mutate(CREATE, { input: { channelId: channel.id, kind: "Bogus", definition: DEFINITION } });
    expect(bogus.errors![0].extensions.code).toBe("BAD_USER_INPUT");
  });

  it("updatePlayout validates the new definition like PUT", async () => {
    const channel = await newChannel();
    const { playout } = await createPlayout(channel.id);
    await sameErrors(
      () => writer.put(`/api/v1/playouts/${playout.id}`, { definition: INVALID }),
      () => mutate(UPDATE, { id: playout.id, input: { definition: INVALID } }),
    );
    await sameErrors(
      () => writer.put(`/api/v1/playouts/${playout.id}`, {}),
      () => mutate(UPDATE, { id: playout.id, input: {} }),
    );
    const missing = await mutate(UPDATE, { id: 987654, input: { definition: DEFINITION } });
    expect(missing.errors![0]).toMatchObject({ message: "Playout 987654 does not exist", extensions: { code: "NOT_FOUND" } });
  });

  it("playoutItems checks the window and paging like REST", async () => {
    const channel = await newChannel();
    const { playout } = await createPlayout(channel.id);
    const cases: Array<{ from?: string; to?: string; pageNumber?: number; pageSize?: number }> = [
      { from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" },
      { from: "yesterday", to: "not a date" },
      { pageSize: 0 },
      { pageSize: 1001, pageNumber: -1 },
    ];
    for (const c of cases) {
      const qs = new URLSearchParams(Object.entries(c).map(([k, v]): [string, string] => [k, String(v)])).toString();
      await sameErrors(() => reader.get(`/api/v1/playouts/${playout.id}/items?${qs}`), () => query(ITEMS, { id: playout.id, ...c }));
    }
    expect((await query(ITEMS, { id: 987654 })).errors![0].extensions.code).toBe("NOT_FOUND");
  });

  it("previewPlayout checks its arguments and the definition like POST /preview", async () => {
    const cases = [
      { definition: "playout: []" },
      { definition: INVALID },
      { definition: DEFINITION, hours: 0 },
      { definition: DEFINITION, hours: 169, seed: -1 },
      { definition: DEFINITION, start: "whenever" },
    ];
    for (const c of cases) await sameErrors(() => writer.post("/api/v1/playouts/preview", c), () => query(PREVIEW, c));
  });
});
