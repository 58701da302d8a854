import { beforeAll, describe, expect, it } from "vitest";
import { type RawResponse } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions, databaseFile, sqlAll } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });
let media: SeededMedia;
let cartoons: number;
let movies: number;
const EPISODE_MS = 30 * 60_000;
const MOVIE_MS = 90 * 60_000;

beforeAll(async () => {
  media = await seedMedia(server.dataDir, "Classic");
  await addVersions(server.dataDir, media.episodeIds, EPISODE_MS);
  await addVersions(server.dataDir, media.movieIds, MOVIE_MS);
  cartoons = (await api.post("/api/v1/collections", { name: "Classic cartoons" })).json.id;
  await api.post(`/api/v1/collections/${cartoons}/items`, { mediaItemIds: [media.showId] });
  movies = (await api.post("/api/v1/collections", { name: "Classic movies" })).json.id;
  await api.post(`/api/v1/collections/${movies}/items`, { mediaItemIds: media.movieIds });
});

let counter = 0;
const newChannel = async () => (await api.post("/api/v1/channels", { name: "Classic test", number: `${300 + counter++}` })).json as { id: number };

async function newSchedule(items: unknown[]): Promise<number> {
  const schedule = await api.post("/api/v1/schedules", { name: `Classic ${counter++}` });
  expect(schedule.status, schedule.text).toBe(201);
  if (items.length) {
    const put = await api.put(`/api/v1/schedules/${schedule.json.id}/items`, { items });
    expect(put.status, put.text).toBe(200);
  }
  return schedule.json.id;
}

const cartoonsInOrder = { playoutMode: "One", collectionType: "Collection", collectionId: 0, playbackOrder: "SeasonEpisode" };
const item = (extra: Record<string, unknown> = {}) => ({ ...cartoonsInOrder, collectionId: cartoons, ...extra });

type Item = { start: string; finish: string; mediaItemId?: number };
async function items(playoutId: number): Promise<Item[]> {
  const response = await api.get(`/api/v1/playouts/${playoutId}/items?pageSize=1000`);
  expect(response.status, response.text).toBe(200);
  return response.json.items as Item[];
}

function expect422(response: RawResponse, field: string): void {
  expect(response.status, response.text).toBe(422);
  expect(response.headers["content-type"]).toMatch(/application\/problem\+json/);
  expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
}

describe("Classic playouts over the API", () => {
  it("creating one builds the schedule: episodes in season-episode order, contiguous over the horizon", async () => {
    const channel = await newChannel();
    const scheduleId = await newSchedule([item()]);
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Classic", scheduleId });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ kind: "Classic", scheduleId, buildStatus: { success: true }, build: { mode: "Reset", success: true } });
    const list = await items(created.json.id);
    expect(list.length).toBeGreaterThanOrEqual(48);
    expect(list.slice(0, 5).map((i) => i.mediaItemId)).toEqual([...media.episodeIds, media.episodeIds[0]]);
    for (let i = 1; i < list.length; i++) expect(list[i].start).toBe(list[i - 1].finish);
    const now = await api.get(`/api/v1/channels/${channel.id}/now`);
    expect(now.status, now.text).toBe(200);
    expect(now.json.current.mediaItemId).toBe(list[0].mediaItemId);
  });

  it.each([
    ["no scheduleId", () => ({}), "scheduleId"],
    ["a schedule that does not exist", () => ({ scheduleId: 987654 }), "scheduleId"],
    ["a schedule file", async () => ({ scheduleId: await newSchedule([item()]), scheduleFile: "/tmp/x.yml" }), "scheduleFile"],
    ["templates", async () => ({ scheduleId: await newSchedule([item()]), templates: [] }), "templates"],
    ["a definition", async () => ({ scheduleId: await newSchedule([item()]), definition: "playout: []" }), "definition"],
  ])("422 for %s, and no playout is made", async (_label, body, field) => {
    const channel = await newChannel();
    expect422(await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Classic", ...(await body()) }), field);
    expect((await api.get(`/api/v1/channels/${channel.id}`)).json.playoutId).toBeUndefined();
  });

  it("a schedule without items is 422 (spec §7 rule 2)", async () => {
    const channel = await newChannel();
    const scheduleId = await newSchedule([]);
    const response = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Classic", scheduleId });
    expect422(response, "scheduleId");
    expect(response.json.errors[0].message).toMatch(/has no items/);
  });

  it("replacing the schedule's items runs a Refresh build of its playouts, which then play the new items", async () => {
    const channel = await newChannel();
    const scheduleId = await newSchedule([item()]);
    const playout = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Classic", scheduleId })).json;
    expect((await items(playout.id)).some((i) => media.movieIds.includes(i.mediaItemId!))).toBe(false);
    const put = await api.put(`/api/v1/schedules/${scheduleId}/items`, {
      items: [item(), item({ collectionId: movies, playbackOrder: "Chronological" })],
    });
    expect(put.status, put.text).toBe(200);
    const builds = await sqlAll<{ mode: string; success: number | boolean }>(databaseFile(server.dataDir), "SELECT mode, success FROM playout_build WHERE playoutId = ? ORDER BY id", [playout.id]);
    expect(builds.map((b) => b.mode)).toEqual(["Reset", "Refresh"]);
    // SQLite stores booleans as 1/0, PostgreSQL as true/false.
    expect(builds.every((b) => Boolean(b.success))).toBe(true);
    const after = await items(playout.id);
    expect(after.some((i) => media.movieIds.includes(i.mediaItemId!))).toBe(true);
    for (let i = 1; i < after.length; i++) expect(after[i].start).toBe(after[i - 1].finish);
  });

  it("an invalid bulk replace changes nothing and builds nothing", async () => {
    const channel = await newChannel();
    const scheduleId = await newSchedule([item()]);
    const playout = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Classic", scheduleId })).json;
    const before = await items(playout.id);
    expect422(await api.put(`/api/v1/schedules/${scheduleId}/items`, { items: [item(), item({ playoutMode: "Duration" })] }), "items[1].playoutDuration");
    expect(await items(playout.id)).toEqual(before);
    const builds = await sqlAll(databaseFile(server.dataDir), "SELECT mode FROM playout_build WHERE playoutId = ?", [playout.id]);
    expect(builds).toHaveLength(1);
  });

  it("a fixed start with Strict behaviour leaves the channel offline until the start; the schedule in use cannot be deleted", async () => {
    const channel = await newChannel();
    const scheduleId = await newSchedule([item({ startTime: "23:59:59", fixedStartTimeBehavior: "Strict" })]);
    const playout = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Classic", scheduleId })).json;
    const list = await items(playout.id);
    expect(list[0].mediaItemId).toBeUndefined();
    expect(list[1].start.slice(11, 19)).toBe("23:59:59");
    expect422(await api.delete(`/api/v1/schedules/${scheduleId}`), "id");
    expect((await api.get(`/api/v1/schedules/${scheduleId}`)).status).toBe(200);
  });

  it("reset by channel runs a Reset; the playout can move to another schedule with PUT", async () => {
    const channel = await newChannel();
    const first = await newSchedule([item()]);
    const second = await newSchedule([item({ collectionId: movies, playbackOrder: "Chronological" })]);
    const playout = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Classic", scheduleId: first })).json;
    const reset = await api.post(`/api/v1/channels/${channel.id}/playout/reset`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json).toMatchObject({ mode: "Reset", success: true });
    const moved = await api.put(`/api/v1/playouts/${playout.id}`, { scheduleId: second });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.scheduleId).toBe(second);
    expect((await items(playout.id)).every((i) => i.mediaItemId === undefined || media.movieIds.includes(i.mediaItemId))).toBe(true);
    expect422(await api.put(`/api/v1/playouts/${playout.id}`, { scheduleId: 987654 }), "scheduleId");
  });

  it("GraphQL creates the same Classic playout through the same rules", async () => {
    const channel = await newChannel();
    const scheduleId = await newSchedule([item()]);
    const mutation = `mutation($input: PlayoutCreateInput!) { createPlayout(input: $input) { playout { id kind scheduleId } build { mode success } } }`;
    const bad = await api.graphql(mutation, { input: { channelId: channel.id, kind: "Classic" } });
    expect(bad.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(bad.json.errors[0].extensions.errors.map((e: { field: string }) => e.field)).toContain("scheduleId");
    const good = await api.graphql(mutation, { input: { channelId: channel.id, kind: "Classic", scheduleId } });
    expect(good.json.errors, JSON.stringify(good.json.errors)).toBeUndefined();
    expect(good.json.data.createPlayout).toMatchObject({ playout: { kind: "Classic", scheduleId }, build: { mode: "Reset", success: true } });
  });

  it("collections and smart collections that schedules or filler presets play cannot be deleted (422, nothing changes)", async () => {
    const used = (await api.post("/api/v1/collections", { name: `Used by a schedule ${counter++}` })).json.id;
    await newSchedule([item({ collectionId: used })]);
    const byFiller = (await api.post("/api/v1/collections", { name: `Used by filler ${counter++}` })).json.id;
    const preset = await api.post("/api/v1/filler/presets", { name: `Uses a collection ${counter++}`, fillerKind: "Fallback", collectionType: "Collection", collectionId: byFiller });
    expect(preset.status, preset.text).toBe(201);
    const smart = await api.post("/api/v1/collections/smart", { name: `Smart used ${counter++}`, query: "type:movie" });
    expect(smart.status, smart.text).toBe(201);
    await newSchedule([item({ collectionType: "SmartCollection", collectionId: undefined, smartCollectionId: smart.json.id })]);

    const refusedSchedule = await api.delete(`/api/v1/collections/${used}`);
    expect422(refusedSchedule, "id");
    expect(refusedSchedule.json.errors[0].message).toMatch(/schedule item/);
    const refusedFiller = await api.delete(`/api/v1/collections/${byFiller}`);
    expect422(refusedFiller, "id");
    expect(refusedFiller.json.errors[0].message).toMatch(/filler preset/);
    expect422(await api.delete(`/api/v1/collections/smart/${smart.json.id}`), "id");
    expect((await api.get(`/api/v1/collections/${used}`)).status).toBe(200);
    expect((await api.get(`/api/v1/collections/smart/${smart.json.id}`)).status).toBe(200);
    const unused = (await api.post("/api/v1/collections", { name: `Unused ${counter++}` })).json.id;
    expect((await api.delete(`/api/v1/collections/${unused}`)).status).toBe(204);
  });
});
