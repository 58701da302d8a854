import path from "node:path";
import * as fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { rawRequest, type RawResponse } from "../support/http";
import { sqlAll, sqlInsert } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let dbFile: string;

/** Content every test can point filler at. */
const t = { collectionId: 0, smartCollectionId: 0, multiCollectionId: 0, playlistId: 0, showId: 0, seasonId: 0, artistId: 0, movieId: 0, episodeId: 0 };

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => sqlAll<T>(dbFile, query, params);
const insert = (query: string, params: unknown[]) => sqlInsert(dbFile, query, params);

beforeAll(async () => {
  dbFile = path.join(server.dataDir, DATABASE_FILE);
  const now = Date.now();
  const libraryId = await insert("INSERT INTO library (name, kind) VALUES ('Filler library', 'Shows')", []);
  const pathId = await insert("INSERT INTO library_path (libraryId, path) VALUES (?, '/media/filler-test')", [libraryId]);
  const item = (kind: string, title: string, parentId: number | null) =>
    insert("INSERT INTO media_item (kind, libraryPathId, parentId, title, sortTitle, state, addedAt, updatedAt) VALUES (?, ?, ?, ?, ?, 'Normal', ?, ?)", [kind, pathId, parentId, title, title, now, now]);
  t.showId = await item("Show", "Filler Show", null);
  t.seasonId = await item("Season", "Filler Season", t.showId);
  t.episodeId = await item("Episode", "Filler Episode", t.seasonId);
  t.artistId = await item("Artist", "Filler Artist", null);
  t.movieId = await item("Movie", "Filler Movie", null);
  t.collectionId = (await api.post("/api/v1/collections", { name: "Filler targets" })).json.id;
  t.smartCollectionId = await insert("INSERT INTO smart_collection (name, query) VALUES ('Filler smart', 'type:movie')", []);
  const multi = await api.post("/api/v1/collections/multi", { name: "Filler multi", items: [{ collectionId: t.collectionId, scheduleAsGroup: false, playbackOrder: "Shuffle" }] });
  expect(multi.status, multi.text).toBe(201);
  t.multiCollectionId = multi.json.id;
  const groupId = (await api.post("/api/v1/playlists/groups", { name: "Filler group" })).json.id;
  const playlist = await api.post("/api/v1/playlists", {
    name: "Filler playlist", playlistGroupId: groupId,
    items: [{ collectionType: "Collection", collectionId: t.collectionId, playbackOrder: "Chronological", playAll: false, includeInProgramGuide: true }],
  });
  expect(playlist.status, playlist.text).toBe(201);
  t.playlistId = playlist.json.id;
});

let counter = 0;
const uniqueName = (prefix = "Filler") => `${prefix} ${++counter}`;
type Body = Record<string, unknown>;
/** A valid body of each kind; `extra` overrides (undefined removes a field). */
const preset = (extra: Body = {}): Body => {
  const body: Body = { name: uniqueName(), fillerKind: "PreRoll", fillerMode: "Count", count: 2, collectionType: "Collection", collectionId: t.collectionId, ...extra };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
};
const tail = (extra: Body = {}) => preset({ fillerKind: "Tail", fillerMode: undefined, count: undefined, ...extra });
const fallback = (extra: Body = {}) => preset({ fillerKind: "Fallback", fillerMode: undefined, count: undefined, ...extra });

async function create(body: Body) {
  const response = await api.post("/api/v1/filler/presets", body);
  expect(response.status, response.text).toBe(201);
  return response.json as { id: number } & Body;
}

const rowCount = async () => (await sql<{ n: number }>("SELECT COUNT(*) AS n FROM filler_preset"))[0].n;
const row = async (id: number) => (await sql("SELECT * FROM filler_preset WHERE id = ?", [id]))[0];

function expect422(response: RawResponse, ...fields: string[]): void {
  expect(response.status, response.text).toBe(422);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json).toMatchObject({ status: 422, title: "Validation failed" });
  const named = response.json.errors.map((e: { field: string }) => e.field);
  for (const field of fields) {
    expect(named, response.text).toContain(field);
    expect(response.json.detail).toContain(field);
  }
}

function expect404(response: RawResponse): void {
  expect(response.status, response.text).toBe(404);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json).toMatchObject({ status: 404, title: "Resource not found" });
}

describe("POST /api/v1/filler/presets", () => {
  it("creates: 201, Location, defaults; GET by id and the list return it", async () => {
    const name = uniqueName();
    const response = await api.post("/api/v1/filler/presets", preset({ name: `  ${name}  ` }));
    expect(response.status, response.text).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/filler/presets/${response.json.id}`);
    expect(response.json).toEqual({
      id: expect.any(Number), name, fillerKind: "PreRoll", fillerMode: "Count", count: 2, allowWatermarks: true,
      collectionType: "Collection", collectionId: t.collectionId, useChaptersAsMediaItems: false,
    });
    const got = await api.get(response.headers.location as string);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(response.json);
    const list = await api.get("/api/v1/filler/presets");
    expect(list.status).toBe(200);
    expect(list.json).toContainEqual(response.json);
  });

  it("stores each kind with its mode settings and reads them back", async () => {
    const cases: Array<[Body, Body]> = [
      [preset({ fillerMode: "RandomCount", count: 4 }), { fillerKind: "PreRoll", fillerMode: "RandomCount", count: 4 }],
      [preset({ fillerKind: "MidRoll", fillerMode: "Pad", count: undefined, padToNearestMinute: 30, useChaptersAsMediaItems: true, expression: "point >= 600 and last_mid_filler > 900" }),
        { fillerKind: "MidRoll", fillerMode: "Pad", padToNearestMinute: 30, useChaptersAsMediaItems: true, expression: "point >= 600 and last_mid_filler > 900" }],
      [preset({ fillerKind: "PostRoll", fillerMode: "Duration", count: undefined, duration: "00:05:30", allowWatermarks: false }),
        { fillerKind: "PostRoll", fillerMode: "Duration", duration: "00:05:30", allowWatermarks: false }],
      [preset({ fillerKind: "PostRoll", fillerMode: "Duration", count: undefined, duration: "24:00:00" }), { duration: "24:00:00" }],
      [tail({ useChaptersAsMediaItems: true }), { fillerKind: "Tail", useChaptersAsMediaItems: true }],
      [fallback(), { fillerKind: "Fallback", useChaptersAsMediaItems: false }],
    ];
    for (const [body, expected] of cases) {
      const created = await create(body);
      expect(created).toMatchObject(expected);
      expect((await api.get(`/api/v1/filler/presets/${created.id}`)).json).toEqual(created);
    }
    const [stored] = await sql("SELECT kind, mode, durationSeconds FROM filler_preset WHERE name = ?", [cases[2][0].name]);
    expect(stored).toEqual({ kind: "PostRoll", mode: "Duration", durationSeconds: 330 });
    const modeless = await sql("SELECT mode, count FROM filler_preset WHERE kind IN ('Tail', 'Fallback')");
    expect(modeless.length).toBeGreaterThanOrEqual(2);
    for (const r of modeless) expect(r).toEqual({ mode: null, count: null });
  });

  it("accepts every kind of content, keeping only the id its type uses", async () => {
    const targets: Array<[string, string, number]> = [
      ["Collection", "collectionId", t.collectionId],
      ["TelevisionShow", "mediaItemId", t.showId],
      ["TelevisionSeason", "mediaItemId", t.seasonId],
      ["Artist", "mediaItemId", t.artistId],
      ["MultiCollection", "multiCollectionId", t.multiCollectionId],
      ["SmartCollection", "smartCollectionId", t.smartCollectionId],
      ["Playlist", "playlistId", t.playlistId],
      ["MediaItem", "mediaItemId", t.movieId],
      ["MediaItem", "mediaItemId", t.episodeId],
    ];
    for (const [collectionType, field, id] of targets) {
      const created = await create(preset({ collectionType, collectionId: undefined, [field]: id }));
      const ids = Object.keys(created).filter((k) => k.endsWith("Id"));
      expect(ids, collectionType).toEqual([field]);
      expect(created[field]).toBe(id);
      expect(created.collectionType).toBe(collectionType);
    }
  });

  it("content: missing, foreign, absent or wrong-kind targets are 422 on the field", async () => {
    const cases: Array<[Body, string]> = [
      [preset({ collectionId: undefined }), "collectionId"],
      [preset({ collectionId: null }), "collectionId"],
      [preset({ playlistId: t.playlistId }), "playlistId"],
      [preset({ collectionId: 999_999 }), "collectionId"],
      [preset({ collectionType: "Playlist", collectionId: undefined, playlistId: 999_999 }), "playlistId"],
      [preset({ collectionType: "SmartCollection", collectionId: undefined, smartCollectionId: 999_999 }), "smartCollectionId"],
      [preset({ collectionType: "MultiCollection", collectionId: undefined, multiCollectionId: 999_999 }), "multiCollectionId"],
      [preset({ collectionType: "TelevisionShow", collectionId: undefined, mediaItemId: 999_999 }), "mediaItemId"],
      [preset({ collectionType: "TelevisionSeason", collectionId: undefined, mediaItemId: t.showId }), "mediaItemId"],
      [preset({ collectionType: "Artist", collectionId: undefined, mediaItemId: t.movieId }), "mediaItemId"],
      [preset({ collectionType: "MediaItem", collectionId: undefined, mediaItemId: t.showId }), "mediaItemId"],
      [preset({ collectionType: "SearchQuery", collectionId: undefined }), "collectionType"],
    ];
    const before = await rowCount();
    for (const [body, field] of cases) expect422(await api.post("/api/v1/filler/presets", body), field);
    expect(await rowCount()).toBe(before);
  });

  it("kind and mode: every rule is 422 naming its field", async () => {
    const cases: Array<[Body, string]> = [
      [preset({ fillerKind: "None" }), "fillerKind"],
      [preset({ fillerMode: undefined }), "fillerMode"],
      [preset({ fillerMode: null }), "fillerMode"],
      [tail({ fillerMode: "Count" }), "fillerMode"],
      [fallback({ fillerMode: "Pad" }), "fillerMode"],
      [fallback({ count: 3 }), "count"],
      [tail({ duration: "00:01:00" }), "duration"],
      [tail({ padToNearestMinute: 15 }), "padToNearestMinute"],
      [preset({ count: undefined }), "count"],
      [preset({ count: 0 }), "count"],
      [preset({ count: -1 }), "count"],
      [preset({ count: 1001 }), "count"],
      [preset({ fillerMode: "RandomCount", count: 0 }), "count"],
      [preset({ fillerMode: "RandomCount", count: undefined }), "count"],
      [preset({ duration: "00:10:00" }), "duration"],
      [preset({ padToNearestMinute: 30 }), "padToNearestMinute"],
      [preset({ fillerMode: "Duration", count: undefined }), "duration"],
      [preset({ fillerMode: "Duration", count: undefined, duration: "00:00:00" }), "duration"],
      [preset({ fillerMode: "Duration", count: undefined, duration: "24:00:01" }), "duration"],
      [preset({ fillerMode: "Duration", count: undefined, duration: "PT5M" }), "duration"],
      [preset({ fillerMode: "Duration", count: undefined, duration: "-00:05:00" }), "duration"],
      [preset({ fillerMode: "Duration", duration: "00:05:00" }), "count"],
      [preset({ fillerMode: "Pad", count: undefined }), "padToNearestMinute"],
      [preset({ fillerMode: "Pad", count: undefined, padToNearestMinute: 7 }), "padToNearestMinute"],
      [preset({ fillerMode: "Pad", count: undefined, padToNearestMinute: 0 }), "padToNearestMinute"],
      [preset({ fillerMode: "Pad", padToNearestMinute: 30 }), "count"],
      [fallback({ useChaptersAsMediaItems: true }), "useChaptersAsMediaItems"],
    ];
    const before = await rowCount();
    for (const [body, field] of cases) expect422(await api.post("/api/v1/filler/presets", body), field);
    expect(await rowCount()).toBe(before);
  });

  it("every pad minute that divides the hour is accepted", async () => {
    for (const minutes of [5, 10, 15, 30, 60]) {
      const created = await create(preset({ fillerMode: "Pad", count: undefined, padToNearestMinute: minutes }));
      expect(created.padToNearestMinute).toBe(minutes);
    }
  });

  it("the mid-roll expression: MidRoll only, checked against the chapter grammar; blank means none", async () => {
    const mid = (expression: unknown) => preset({ fillerKind: "MidRoll", expression });
    const cases: Array<[Body, string]> = [
      [preset({ expression: "point > 10" }), "expression"],
      [tail({ expression: "point > 10" }), "expression"],
      [mid("point >"), "expression"],
      [mid("unknown_variable > 1"), "expression"],
      [mid("point + 1"), "expression"],
      [mid(`point > ${"1".repeat(500)}`), "expression"],
    ];
    for (const [body, field] of cases) expect422(await api.post("/api/v1/filler/presets", body), field);
    const blank = await create(mid("   "));
    expect(blank.expression).toBeUndefined();
    expect((await row(blank.id)).expression).toBeNull();
    const titled = await create(mid("title = 'Intermission' or num = total_points"));
    expect(titled.expression).toBe("title = 'Intermission' or num = total_points");
  });

  it("name: blank, too long and taken (in any letter case) are 422", async () => {
    const taken = await create(preset());
    expect422(await api.post("/api/v1/filler/presets", preset({ name: "   " })), "name");
    expect422(await api.post("/api/v1/filler/presets", preset({ name: "x".repeat(51) })), "name");
    expect((await api.post("/api/v1/filler/presets", preset({ name: "y".repeat(50) }))).status).toBe(201);
    const dup = await api.post("/api/v1/filler/presets", preset({ name: String(taken.name).toUpperCase() }));
    expect422(dup, "name");
    expect(dup.json.detail).toContain("already exists");
  });

  it("collects every broken rule of a body in one 422", async () => {
    const response = await api.post("/api/v1/filler/presets", {
      name: "", fillerKind: "Fallback", fillerMode: "Count", count: 3, collectionType: "Collection", playlistId: 5, useChaptersAsMediaItems: true, expression: "point > 1",
    });
    expect422(response, "name", "fillerMode", "count", "collectionId", "playlistId", "useChaptersAsMediaItems", "expression");
  });

  it("400 for unparseable JSON, unknown properties, wrong types and unknown enum values", async () => {
    const raw = await rawRequest(server.url, "POST", "/api/v1/filler/presets", { body: "{ not json" });
    expect(raw.status).toBe(400);
    const before = await rowCount();
    for (const body of [
      preset({ surprise: true }),
      preset({ count: "2" }),
      preset({ count: 2.5 }),
      preset({ fillerKind: "Sometimes" }),
      preset({ fillerMode: "Forever" }),
      preset({ allowWatermarks: "yes" }),
      preset({ name: undefined }),
      preset({ fillerKind: undefined }),
      preset({ collectionType: undefined }),
      [],
    ]) {
      const response = await api.post("/api/v1/filler/presets", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.status).toBe(400);
    }
    expect(await rowCount()).toBe(before);
  });
});

describe("GET, PUT and DELETE /api/v1/filler/presets/{id}", () => {
  it("GET, PUT and DELETE of an unknown id are 404; a non-numeric id is 400", async () => {
    expect404(await api.get("/api/v1/filler/presets/999999"));
    expect404(await api.put("/api/v1/filler/presets/999999", preset()));
    expect404(await api.delete("/api/v1/filler/presets/999999"));
    expect((await api.get("/api/v1/filler/presets/abc")).status).toBe(400);
  });

  it("PUT replaces every field: absent ones return to their defaults, other modes' settings go", async () => {
    const created = await create(preset({ fillerKind: "MidRoll", allowWatermarks: false, useChaptersAsMediaItems: true, expression: "num = 1" }));
    const body = preset({ name: uniqueName(), fillerKind: "PostRoll", fillerMode: "Duration", count: undefined, duration: "00:02:00", collectionType: "Playlist", collectionId: undefined, playlistId: t.playlistId });
    const response = await api.put(`/api/v1/filler/presets/${created.id}`, body);
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      id: created.id, name: body.name, fillerKind: "PostRoll", fillerMode: "Duration", duration: "00:02:00", allowWatermarks: true,
      collectionType: "Playlist", playlistId: t.playlistId, useChaptersAsMediaItems: false,
    });
    expect(await row(created.id)).toMatchObject({ count: null, collectionId: null, expression: null, durationSeconds: 120 });
    expect((await api.get(`/api/v1/filler/presets/${created.id}`)).json).toEqual(response.json);
  });

  it("PUT to its own name (another case) is fine; a failed PUT changes nothing", async () => {
    const created = await create(preset());
    const renamed = await api.put(`/api/v1/filler/presets/${created.id}`, preset({ name: String(created.name).toUpperCase() }));
    expect(renamed.status, renamed.text).toBe(200);
    const before = await row(created.id);
    expect422(await api.put(`/api/v1/filler/presets/${created.id}`, preset({ name: renamed.json.name, count: 0, collectionId: 999_999 })), "count", "collectionId");
    expect(await row(created.id)).toEqual(before);
  });

  it("DELETE gives 204 and the preset is gone; a second DELETE is 404", async () => {
    const created = await create(preset());
    const response = await api.delete(`/api/v1/filler/presets/${created.id}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(await row(created.id)).toBeUndefined();
    expect404(await api.get(`/api/v1/filler/presets/${created.id}`));
    expect404(await api.delete(`/api/v1/filler/presets/${created.id}`));
  });
});

describe("filler presets used by schedules and channels", () => {
  async function schedule() {
    const response = await api.post("/api/v1/schedules", { name: uniqueName("Schedule") });
    expect(response.status, response.text).toBe(201);
    return response.json.id as number;
  }
  const item = (extra: Body = {}) => ({ playoutMode: "One", collectionType: "Collection", collectionId: t.collectionId, playbackOrder: "Shuffle", ...extra });

  it("schedule items accept presets of the slot's kind and refuse others (422 naming the slot)", async () => {
    const pre = await create(preset());
    const post = await create(preset({ fillerKind: "PostRoll" }));
    const tailPreset = await create(tail());
    const fb = await create(fallback());
    const id = await schedule();
    const ok = await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pre.id, postRollFillerId: post.id, fallbackFillerId: fb.id }));
    expect(ok.status, ok.text).toBe(201);
    const duration = await api.post(`/api/v1/schedules/${id}/items`, item({ playoutMode: "Duration", playoutDuration: "01:00:00", tailMode: "Filler", tailFillerId: tailPreset.id }));
    expect(duration.status, duration.text).toBe(201);
    expect422(await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: post.id })), "preRollFillerId");
    expect422(await api.post(`/api/v1/schedules/${id}/items`, item({ midRollFillerId: pre.id })), "midRollFillerId");
    expect422(await api.post(`/api/v1/schedules/${id}/items`, item({ fallbackFillerId: tailPreset.id })), "fallbackFillerId");
    const pad = await create(preset({ fillerMode: "Pad", count: undefined, padToNearestMinute: 15 }));
    expect422(await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pad.id })), "fallbackFillerId");
    expect((await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pad.id, fallbackFillerId: fb.id }))).status).toBe(201);
  });

  it("DELETE of a preset a schedule item uses is 422 naming the item, and changes nothing", async () => {
    const pre = await create(preset());
    const id = await schedule();
    const added = await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pre.id }));
    expect(added.status, added.text).toBe(201);
    const response = await api.delete(`/api/v1/filler/presets/${pre.id}`);
    expect422(response, "id");
    expect(response.json.detail).toContain(`schedule ${id} item ${added.json.id}`);
    expect(await row(pre.id)).toBeDefined();
    // once the item is gone the preset can go
    expect((await api.delete(`/api/v1/schedules/${id}/items/${added.json.id}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/filler/presets/${pre.id}`)).status).toBe(204);
  });

  it("DELETE of a channel's fallback filler is 422 naming the channel, and the channel keeps it", async () => {
    const fb = await create(fallback());
    const channel = await api.post("/api/v1/channels", { name: uniqueName("Channel") });
    expect(channel.status, channel.text).toBe(201);
    await sql("UPDATE channel SET fallbackFillerId = ? WHERE id = ?", [fb.id, channel.json.id]);
    const response = await api.delete(`/api/v1/filler/presets/${fb.id}`);
    expect422(response, "id");
    expect(response.json.detail).toContain(`channel ${channel.json.number}`);
    expect(await sql("SELECT fallbackFillerId FROM channel WHERE id = ?", [channel.json.id])).toEqual([{ fallbackFillerId: fb.id }]);
    // nor may its kind change away from Fallback
    expect422(await api.put(`/api/v1/filler/presets/${fb.id}`, preset({ name: fb.name })), "fillerKind");
    expect(await row(fb.id)).toMatchObject({ kind: "Fallback" });
    await sql("UPDATE channel SET fallbackFillerId = NULL WHERE id = ?", [channel.json.id]);
    expect((await api.delete(`/api/v1/filler/presets/${fb.id}`)).status).toBe(204);
  });

  it("PUT keeps a used preset fitting its items: same kind, and Pad only where the item can pad", async () => {
    const pre = await create(preset());
    const other = await create(preset({ fillerKind: "PostRoll", fillerMode: "Pad", count: undefined, padToNearestMinute: 30 }));
    const fb = await create(fallback());
    const id = await schedule();
    const added = await api.post(`/api/v1/schedules/${id}/items`, item({ preRollFillerId: pre.id }));
    expect(added.status, added.text).toBe(201);
    const before = await row(pre.id);
    const asPost = await api.put(`/api/v1/filler/presets/${pre.id}`, preset({ name: pre.name, fillerKind: "PostRoll" }));
    expect422(asPost, "fillerKind");
    expect(asPost.json.detail).toContain(`item ${added.json.id}`);
    const asPad = await api.put(`/api/v1/filler/presets/${pre.id}`, preset({ name: pre.name, fillerMode: "Pad", count: undefined, padToNearestMinute: 30 }));
    expect422(asPad, "fillerMode");
    expect(asPad.json.detail).toContain("no fallback filler");
    expect(await row(pre.id)).toEqual(before);

    // with a fallback filler but another padding filler on the item, still refused
    const replaced = await api.put(`/api/v1/schedules/${id}/items`, { items: [item({ preRollFillerId: pre.id, fallbackFillerId: fb.id })] });
    expect(replaced.status, replaced.text).toBe(200);
    const padding = await api.put(`/api/v1/schedules/${id}/items`, { items: [item({ preRollFillerId: pre.id, postRollFillerId: other.id, fallbackFillerId: fb.id })] });
    expect(padding.status, padding.text).toBe(200);
    expect422(await api.put(`/api/v1/filler/presets/${pre.id}`, preset({ name: pre.name, fillerMode: "Pad", count: undefined, padToNearestMinute: 30 })), "fillerMode");
    // alone with a fallback, it may pad
    expect((await api.put(`/api/v1/schedules/${id}/items`, { items: [item({ preRollFillerId: pre.id, fallbackFillerId: fb.id })] })).status).toBe(200);
    const ok = await api.put(`/api/v1/filler/presets/${pre.id}`, preset({ name: pre.name, fillerMode: "Pad", count: undefined, padToNearestMinute: 30 }));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.fillerMode).toBe("Pad");
  });
});

describe("robustness", () => {
  it("malformed bodies never cause a 5xx, and a refused body writes nothing", async () => {
    const field = fc.constantFrom("name", "fillerKind", "fillerMode", "duration", "count", "padToNearestMinute", "allowWatermarks", "collectionType", "collectionId", "mediaItemId", "playlistId", "expression", "useChaptersAsMediaItems");
    const value = fc.oneof(
      fc.constant(null), fc.boolean(), fc.integer({ min: -5, max: 2_000_000 }), fc.double(), fc.string({ maxLength: 80 }),
      fc.constantFrom("PreRoll", "MidRoll", "Tail", "Fallback", "None", "Pad", "Count", "Duration", "Collection", "MediaItem", "SearchQuery", "00:00:10", "99:99:99", "point >", "num = 1"),
      fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, value, { maxKeys: 8 }), fc.boolean(), async (overrides, fromValid) => {
        const body = fromValid ? { ...preset(), ...overrides } : overrides;
        const before = await rowCount();
        const response = await api.post("/api/v1/filler/presets", body);
        expect(response.status, `${JSON.stringify(body)} → ${response.text}`).toBeLessThan(500);
        if (response.status !== 201) expect(await rowCount()).toBe(before);
      }),
      { numRuns: 60, seed: 5 },
    );
  });
});
