import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { sqlAll, sqlInsert } from "../support/sqlite";
import { type RawResponse } from "../support/http";
import { seedScheduleTargets, unseededTargets } from "../support/schedule-targets";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let dbFile: string;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => sqlAll<T>(dbFile, query, params);
const insert = (query: string, params: unknown[]) => sqlInsert(dbFile, query, params);

const t = unseededTargets();
beforeAll(async () => {
  dbFile = path.join(server.dataDir, DATABASE_FILE);
  Object.assign(t, await seedScheduleTargets(server.services, (query, params = []) => sqlInsert(dbFile, query, params)));
});

let counter = 0;
const uniqueName = (prefix = "Schedule") => `${prefix} ${++counter}`;
const one = (extra: Record<string, unknown> = {}) => ({ playoutMode: "One", collectionType: "Collection", collectionId: t.collectionId, playbackOrder: "Shuffle", ...extra });
const multiple = (extra: Record<string, unknown> = {}) => one({ playoutMode: "Multiple", count: "3", ...extra });
const duration = (extra: Record<string, unknown> = {}) => one({ playoutMode: "Duration", playoutDuration: "01:00:00", ...extra });

async function createSchedule(body: Record<string, unknown> = {}) {
  const response = await api.post("/api/v1/schedules", { name: uniqueName(), ...body });
  expect(response.status, response.text).toBe(201);
  return response.json as { id: number; name: string };
}

async function replace(id: number, items: unknown[]) {
  return api.put(`/api/v1/schedules/${id}/items`, { items });
}

function expect422(response: RawResponse, field: string): void {
  expect(response.status, response.text).toBe(422);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json).toMatchObject({ status: 422, title: "Validation failed" });
  expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  expect(response.json.detail).toContain(field);
}

function expect404(response: RawResponse): void {
  expect(response.status, response.text).toBe(404);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json).toMatchObject({ status: 404, title: "Resource not found" });
}

describe("schedules", () => {
  it("POST creates: 201, Location, defaults; GET by id and list return it", async () => {
    const name = uniqueName();
    const response = await api.post("/api/v1/schedules", { name: `  ${name}  ` });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/schedules/${response.json.id}`);
    expect(response.json).toEqual({
      id: expect.any(Number), name, keepMultiPartEpisodesTogether: false, treatCollectionsAsShows: false,
      shuffleScheduleItems: false, randomStartPoint: false, fixedStartTimeBehavior: "Strict",
    });
    const got = await api.get(response.headers.location as string);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(response.json);
    const list = await api.get("/api/v1/schedules");
    expect(list.status).toBe(200);
    expect(list.json).toContainEqual(response.json);
  });

  it("PUT updates every setting: 200 with the schedule", async () => {
    const schedule = await createSchedule();
    const body = { name: uniqueName(), keepMultiPartEpisodesTogether: true, treatCollectionsAsShows: true, shuffleScheduleItems: true, randomStartPoint: true, fixedStartTimeBehavior: "Flexible" };
    const response = await api.put(`/api/v1/schedules/${schedule.id}`, body);
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ id: schedule.id, ...body });
    expect((await api.get(`/api/v1/schedules/${schedule.id}`)).json).toEqual({ id: schedule.id, ...body });
  });

  it.each([
    ["name", { name: 5 }],
    ["name", {}],
    ["fixedStartTimeBehavior", { name: "x", fixedStartTimeBehavior: "Sometimes" }],
    ["colour", { name: "x", colour: "red" }],
  ])("400 for %s: %j", async (field, body) => {
    const response = await api.post("/api/v1/schedules", body);
    expect(response.status, response.text).toBe(400);
    expect(JSON.stringify(response.json)).toContain(field);
  });

  it("unparseable JSON is 400", async () => {
    const response = await api.post("/api/v1/schedules", "{nope");
    expect(response.status).toBe(400);
  });

  it.each(["GET", "PUT", "DELETE", "GET items", "POST items", "PUT items"])("%s of an absent schedule is 404", async (method) => {
    const url = "/api/v1/schedules/987654";
    const response =
      method === "GET" ? await api.get(url)
      : method === "PUT" ? await api.put(url, { name: "x" })
      : method === "DELETE" ? await api.delete(url)
      : method === "GET items" ? await api.get(`${url}/items`)
      : method === "POST items" ? await api.post(`${url}/items`, one())
      : await replace(987654, [one()]);
    expect404(response);
  });

  it("DELETE gives 204, deletes the items with it, and a second DELETE is 404", async () => {
    const schedule = await createSchedule();
    expect((await replace(schedule.id, [one(), one()])).status).toBe(200);
    const response = await api.delete(`/api/v1/schedules/${schedule.id}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(await sql("SELECT * FROM schedule_item WHERE scheduleId = ?", [schedule.id])).toEqual([]);
    expect404(await api.get(`/api/v1/schedules/${schedule.id}`));
    expect404(await api.delete(`/api/v1/schedules/${schedule.id}`));
  });

  it("DELETE of a schedule used by a Classic playout is 422 and changes nothing", async () => {
    const schedule = await createSchedule();
    expect((await replace(schedule.id, [one()])).status).toBe(200);
    const channel = await api.post("/api/v1/channels", { name: "Schedule user", number: "901" });
    expect(channel.status, channel.text).toBe(201);
    const playoutId = await insert("INSERT INTO playout (channelId, kind, scheduleId, seed, createdAt) VALUES (?, 'Classic', ?, 1, ?)", [channel.json.id, schedule.id, Date.now()]);
    const refused = await api.delete(`/api/v1/schedules/${schedule.id}`);
    expect422(refused, "id");
    expect(refused.json.errors[0].message).toBe(`the schedule is used by 1 playout(s): Classic playout ${playoutId}`);
    expect((await api.get(`/api/v1/schedules/${schedule.id}/items`)).json).toHaveLength(1);

    // the last item cannot go either, nor can the list be emptied
    const [item] = (await api.get(`/api/v1/schedules/${schedule.id}/items`)).json;
    expect422(await api.delete(`/api/v1/schedules/${schedule.id}/items/${item.id}`), "itemId");
    expect422(await replace(schedule.id, []), "items");

    await sql("DELETE FROM playout WHERE id = ?", [playoutId]);
    expect((await api.delete(`/api/v1/schedules/${schedule.id}`)).status).toBe(204);
  });
});

describe("POST /api/v1/schedules/{id}/items", () => {
  it("adds a One item with UI defaults: 201, Location, the item; GET items lists it", async () => {
    const schedule = await createSchedule();
    const response = await api.post(`/api/v1/schedules/${schedule.id}/items`, one());
    expect(response.status, response.text).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/schedules/${schedule.id}/items/${response.json.id}`);
    expect(response.json).toEqual({
      id: expect.any(Number), index: 0, startType: "Dynamic", playoutMode: "One", collectionType: "Collection",
      collectionId: t.collectionId, playbackOrder: "Shuffle", guideMode: "Normal", watermarkIds: [], graphicsIds: [], graphicsMode: "Add",
    });
    const items = await api.get(`/api/v1/schedules/${schedule.id}/items`);
    expect(items.status).toBe(200);
    expect(items.json).toEqual([response.json]);
  });

  it("adds items of every mode with every option and reads them back", async () => {
    const schedule = await createSchedule();
    const full = {
      startTime: "25:30:00", fixedStartTimeBehavior: "Flexible", customTitle: "Movie night", guideMode: "Filler",
      preRollFillerId: t.preRoll, midRollFillerId: t.midRollPad, postRollFillerId: t.postRoll, fallbackFillerId: t.fallback,
      watermarkIds: [t.watermarkB, t.watermarkA], preferredAudioLanguageCode: "ENG", preferredAudioTitle: "Commentary",
      preferredSubtitleLanguageCode: "fra", subtitleMode: "Forced",
    };
    const a = await api.post(`/api/v1/schedules/${schedule.id}/items`, multiple({ count: "random % 3 + 1", ...full }));
    expect(a.status, a.text).toBe(201);
    expect(a.json).toMatchObject({
      index: 0, startType: "Fixed", startTime: "01:30:00", fixedStartTimeBehavior: "Flexible", playoutMode: "Multiple", multipleMode: "Count",
      count: "random % 3 + 1", customTitle: "Movie night", guideMode: "Filler", preRollFillerId: t.preRoll, midRollFillerId: t.midRollPad,
      postRollFillerId: t.postRoll, fallbackFillerId: t.fallback, watermarkIds: [t.watermarkB, t.watermarkA], preferredAudioLanguageCode: "eng",
      preferredAudioTitle: "Commentary", preferredSubtitleLanguageCode: "fra", subtitleMode: "Forced",
    });
    const b = await api.post(`/api/v1/schedules/${schedule.id}/items`, duration({
      collectionType: "TelevisionShow", collectionId: undefined, mediaItemId: t.showId, playbackOrder: "Random",
      playoutDuration: "24:00:00", tailMode: "Filler", tailFillerId: t.tail, discardToFillAttempts: 4,
    }));
    expect(b.status, b.text).toBe(201);
    expect(b.json).toMatchObject({ index: 1, playoutMode: "Duration", playoutDuration: "24:00:00", tailMode: "Filler", tailFillerId: t.tail, discardToFillAttempts: 4, mediaItemId: t.showId });
    expect(b.json.multipleMode).toBeUndefined();
    const c = await api.post(`/api/v1/schedules/${schedule.id}/items`, one({
      playoutMode: "Flood", collectionType: "SearchQuery", collectionId: undefined, searchQuery: "type:movie", playbackOrder: "Marathon",
      marathonGroupBy: "Director", marathonShuffleGroups: true, marathonBatchSize: 2,
    }));
    expect(c.status, c.text).toBe(201);
    expect(c.json).toMatchObject({ index: 2, playoutMode: "Flood", searchQuery: "type:movie", marathonGroupBy: "Director", marathonShuffleGroups: true, marathonShuffleItems: false, marathonBatchSize: 2 });
    const d = await api.post(`/api/v1/schedules/${schedule.id}/items`, multiple({ collectionType: "Playlist", collectionId: undefined, playlistId: t.playlistId, multipleMode: "PlaylistItemSize", count: undefined }));
    expect(d.status, d.text).toBe(201);
    expect(d.json).toMatchObject({ multipleMode: "PlaylistItemSize", playlistId: t.playlistId });
    expect(d.json.count).toBeUndefined();
    const dur = await api.post(`/api/v1/schedules/${schedule.id}/items`, duration({ collectionType: "Artist", collectionId: undefined, mediaItemId: t.artistId }));
    expect(dur.json).toMatchObject({ tailMode: "None", discardToFillAttempts: 0, collectionType: "Artist" });
    const list = (await api.get(`/api/v1/schedules/${schedule.id}/items`)).json;
    expect(list.map((i: { id: number }) => i.id)).toEqual([a.json.id, b.json.id, c.json.id, d.json.id, dur.json.id]);
  });

  it("inserts at index and renumbers the items", async () => {
    const schedule = await createSchedule();
    const first = (await api.post(`/api/v1/schedules/${schedule.id}/items`, one({ customTitle: "first" }))).json;
    const last = (await api.post(`/api/v1/schedules/${schedule.id}/items`, one({ customTitle: "last" }))).json;
    const middle = await api.post(`/api/v1/schedules/${schedule.id}/items`, one({ customTitle: "middle", index: 1 }));
    expect(middle.status, middle.text).toBe(201);
    expect(middle.json.index).toBe(1);
    const list = (await api.get(`/api/v1/schedules/${schedule.id}/items`)).json;
    expect(list.map((i: { customTitle: string; index: number }) => [i.customTitle, i.index])).toEqual([["first", 0], ["middle", 1], ["last", 2]]);
    expect(list[2].id).toBe(last.id);
    expect(list[0].id).toBe(first.id);
    expect422(await api.post(`/api/v1/schedules/${schedule.id}/items`, one({ index: 4 })), "index");
  });

  it.each([
    ["playoutMode", one({ playoutMode: "Twice" })],
    ["playoutMode", { collectionType: "Collection", collectionId: 1, playbackOrder: "Shuffle" }],
    ["collectionId", one({ collectionId: "five" })],
    ["index", one({ index: 1.5 })],
    ["colour", one({ colour: "red" })],
  ])("400 for %s: %j", async (field, body) => {
    const schedule = await createSchedule();
    const response = await api.post(`/api/v1/schedules/${schedule.id}/items`, body);
    expect(response.status, response.text).toBe(400);
    expect(JSON.stringify(response.json)).toContain(field);
  });
});

describe("PUT /api/v1/schedules/{id}/items", () => {
  it("replaces the whole list, renumbering by ascending index: 200 with the items", async () => {
    const schedule = await createSchedule();
    const old = (await api.post(`/api/v1/schedules/${schedule.id}/items`, one())).json;
    const response = await replace(schedule.id, [
      one({ index: 20, customTitle: "c" }),
      multiple({ index: 5, customTitle: "a" }),
      duration({ index: 10, customTitle: "b" }),
      one({ index: 10, customTitle: "b2" }),
    ]);
    expect(response.status, response.text).toBe(200);
    expect(response.json.map((i: { customTitle: string; index: number }) => [i.customTitle, i.index])).toEqual([["a", 0], ["b", 1], ["b2", 2], ["c", 3]]);
    expect(response.json[0]).toMatchObject({ playoutMode: "Multiple", count: "3", multipleMode: "Count" });
    expect(response.json[1]).toMatchObject({ playoutMode: "Duration", playoutDuration: "01:00:00", tailMode: "None", discardToFillAttempts: 0 });
    expect((await api.get(`/api/v1/schedules/${schedule.id}/items`)).json).toEqual(response.json);
    expect(await sql("SELECT id FROM schedule_item WHERE id = ?", [old.id])).toEqual([]);
  });

  it("is atomic: one broken item changes nothing, and every error names its item", async () => {
    const schedule = await createSchedule();
    expect((await replace(schedule.id, [one({ customTitle: "keep" })])).status).toBe(200);
    const before = (await api.get(`/api/v1/schedules/${schedule.id}/items`)).json;
    const response = await replace(schedule.id, [one(), multiple(), duration({ playoutDuration: "25:00:00" }), one({ count: "2" })]);
    expect422(response, "items[2].playoutDuration");
    expect422(response, "items[3].count");
    expect(response.json.errors.map((e: { field: string }) => e.field)).not.toContain("items[0].collectionId");
    expect((await api.get(`/api/v1/schedules/${schedule.id}/items`)).json).toEqual(before);
  });

  it("400 when items is missing or not a list", async () => {
    const schedule = await createSchedule();
    expect((await api.put(`/api/v1/schedules/${schedule.id}/items`, {})).status).toBe(400);
    expect((await api.put(`/api/v1/schedules/${schedule.id}/items`, { items: "all" })).status).toBe(400);
  });
});

describe("DELETE /api/v1/schedules/{id}/items/{itemId}", () => {
  it("removes the item (204) and renumbers the rest; again is 404", async () => {
    const schedule = await createSchedule();
    const items = (await replace(schedule.id, [one({ customTitle: "a" }), one({ customTitle: "b" }), one({ customTitle: "c" })])).json;
    const response = await api.delete(`/api/v1/schedules/${schedule.id}/items/${items[0].id}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    const rest = (await api.get(`/api/v1/schedules/${schedule.id}/items`)).json;
    expect(rest.map((i: { id: number; index: number }) => [i.id, i.index])).toEqual([[items[1].id, 0], [items[2].id, 1]]);
    expect404(await api.delete(`/api/v1/schedules/${schedule.id}/items/${items[0].id}`));
  });

  it("an item of another schedule, or of an absent schedule, is 404", async () => {
    const a = await createSchedule();
    const b = await createSchedule();
    const [item] = (await replace(a.id, [one()])).json;
    expect404(await api.delete(`/api/v1/schedules/${b.id}/items/${item.id}`));
    expect404(await api.delete(`/api/v1/schedules/987654/items/${item.id}`));
    expect((await api.get(`/api/v1/schedules/${a.id}/items`)).json).toHaveLength(1);
  });
});
