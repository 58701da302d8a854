import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { type Body, useFillerPresetFixture } from "./support/filler-preset-fixture";
import { expect404, expect422 } from "./support/problems";

const { server, api, t, sql, uniqueName, preset, tail, fallback, create, rowCount, row } = useFillerPresetFixture();

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
