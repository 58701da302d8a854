import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { apiClient } from "../support/http";
import { sqlAll } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const KEY = "filler-key";
const { server, api } = useTestServer({ env: { Api__WriteKey: KEY }, headers: { "X-Api-Key": KEY } });
let dbFile: string;
let collectionId: number;
let playlistId: number;

beforeAll(async () => {
  dbFile = path.join(server.dataDir, DATABASE_FILE);
  collectionId = (await api.post("/api/v1/collections", { name: "Gql filler targets" })).json.id;
  const groupId = (await api.post("/api/v1/playlists/groups", { name: "Gql filler group" })).json.id;
  const playlist = await api.post("/api/v1/playlists", {
    name: "Gql filler playlist", playlistGroupId: groupId,
    items: [{ collectionType: "Collection", collectionId, playbackOrder: "Chronological", playAll: false, includeInProgramGuide: true }],
  });
  expect(playlist.status, playlist.text).toBe(201);
  playlistId = playlist.json.id;
});

type GqlError = { message: string; extensions: { code: string; errors?: Array<{ field: string; message: string }> } };
async function gql(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
  const response = await api.graphql(query, variables, headers);
  return response.json as { data: any; errors?: GqlError[] };
}

const FIELDS = "id name fillerKind fillerMode duration count padToNearestMinute allowWatermarks collectionType collectionId mediaItemId multiCollectionId smartCollectionId playlistId expression useChaptersAsMediaItems";
const CREATE = `mutation($input: FillerPresetInput!) { createFillerPreset(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $input: FillerPresetInput!) { updateFillerPreset(id: $id, input: $input) { ${FIELDS} } }`;
const rows = () => sqlAll(dbFile, "SELECT * FROM filler_preset ORDER BY id");

/** REST's view without the absent (null) fields, to compare with GraphQL's nulls. */
const withoutNulls = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));

describe("filler presets over GraphQL", () => {
  it("creates, lists, reads, replaces and deletes through the same rules as REST", async () => {
    const created = await gql(CREATE, {
      input: { name: "Gql mid", fillerKind: "MidRoll", fillerMode: "Duration", duration: "00:03:00", collectionType: "Collection", collectionId, expression: "num <= 2", useChaptersAsMediaItems: true },
    });
    expect(created.errors).toBeUndefined();
    const preset = created.data.createFillerPreset;
    expect(preset).toEqual({
      id: expect.any(Number), name: "Gql mid", fillerKind: "MidRoll", fillerMode: "Duration", duration: "00:03:00", count: null, padToNearestMinute: null,
      allowWatermarks: true, collectionType: "Collection", collectionId, mediaItemId: null, multiCollectionId: null, smartCollectionId: null, playlistId: null,
      expression: "num <= 2", useChaptersAsMediaItems: true,
    });
    // parity: REST shows the same preset
    const rest = await api.get(`/api/v1/filler/presets/${preset.id}`);
    expect(rest.json).toEqual(withoutNulls(preset));

    const read = await gql(`query($id: Int!) { fillerPreset(id: $id) { ${FIELDS} } fillerPresets { id name } }`, { id: preset.id });
    expect(read.errors).toBeUndefined();
    expect(read.data.fillerPreset).toEqual(preset);
    expect(read.data.fillerPresets).toContainEqual({ id: preset.id, name: "Gql mid" });

    const updated = await gql(UPDATE, { id: preset.id, input: { name: "Gql fallback", fillerKind: "Fallback", collectionType: "Playlist", playlistId, allowWatermarks: false } });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateFillerPreset).toMatchObject({
      id: preset.id, name: "Gql fallback", fillerKind: "Fallback", fillerMode: null, duration: null, collectionId: null, playlistId, expression: null, useChaptersAsMediaItems: false, allowWatermarks: false,
    });
    expect((await api.get(`/api/v1/filler/presets/${preset.id}`)).json).toEqual(withoutNulls(updated.data.updateFillerPreset));

    const deleted = await gql("mutation($id: Int!) { deleteFillerPreset(id: $id) }", { id: preset.id });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data.deleteFillerPreset).toBe(String(preset.id));
    const gone = await gql("query($id: Int!) { fillerPreset(id: $id) { id } }", { id: preset.id });
    expect(gone.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await api.get(`/api/v1/filler/presets/${preset.id}`)).status).toBe(404);
  });

  it("reports every broken rule with its field, and a failed mutation changes nothing", async () => {
    const before = await rows();
    const bad = await gql(CREATE, { input: { name: " ", fillerKind: "Tail", fillerMode: "Count", count: 0, collectionType: "Collection", collectionId: 999_999, useChaptersAsMediaItems: false } });
    expect(bad.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(bad.errors?.[0].extensions.errors?.map((e) => e.field).sort()).toEqual(["collectionId", "count", "fillerMode", "name"]);
    // REST gives the same field errors for the same body
    const rest = await api.post("/api/v1/filler/presets", { name: " ", fillerKind: "Tail", fillerMode: "Count", count: 0, collectionType: "Collection", collectionId: 999_999, useChaptersAsMediaItems: false });
    expect(rest.status).toBe(422);
    expect(rest.json.errors).toEqual(bad.errors?.[0].extensions.errors);
    expect(await rows()).toEqual(before);

    const ok = await gql(CREATE, { input: { name: "Gql pre", fillerKind: "PreRoll", fillerMode: "Count", count: 1, collectionType: "Collection", collectionId } });
    const id = ok.data.createFillerPreset.id;
    const snapshot = await rows();
    const badUpdate = await gql(UPDATE, { id, input: { name: "Gql pre", fillerKind: "PreRoll", fillerMode: "Pad", padToNearestMinute: 7, collectionType: "Collection", collectionId } });
    expect(badUpdate.errors?.[0].extensions.errors?.map((e) => e.field)).toEqual(["padToNearestMinute"]);
    const missing = await gql(UPDATE, { id: 999_999, input: { name: "x", fillerKind: "PreRoll", fillerMode: "Count", count: 1, collectionType: "Collection", collectionId } });
    expect(missing.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await gql("mutation { deleteFillerPreset(id: 999999) }")).errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(await rows()).toEqual(snapshot);
  });

  it("an unknown enum value or a wrong type is a GraphQL validation error, not a 500", async () => {
    const response = await api.graphql(CREATE, { input: { name: "x", fillerKind: "Sometimes", collectionType: "Collection", collectionId } });
    expect(response.status).toBeLessThan(500);
    expect(response.json.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    const fractional = await api.graphql(CREATE, { input: { name: "x", fillerKind: "PreRoll", fillerMode: "Count", count: 1.5, collectionType: "Collection", collectionId } });
    expect(fractional.status).toBeLessThan(500);
    expect(fractional.json.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  it("mutations need the write key (GraphQL and REST); queries do not", async () => {
    const before = await rows();
    const input = { name: "Gql keyless", fillerKind: "PreRoll", fillerMode: "Count", count: 1, collectionType: "Collection", collectionId };
    const denied = await api.graphql(CREATE, { input }, { "X-Api-Key": "wrong" });
    expect(denied.json.errors?.[0].extensions.code).toBe("UNAUTHORIZED");
    const keyless = apiClient(server.url);
    expect((await keyless.post("/api/v1/filler/presets", input)).status).toBe(401);
    expect((await keyless.delete(`/api/v1/filler/presets/${before[0]?.id ?? 1}`)).status).toBe(401);
    expect(await rows()).toEqual(before);
    const query = await keyless.graphql("{ fillerPresets { id } }");
    expect(query.json.errors).toBeUndefined();
    expect((await keyless.get("/api/v1/filler/presets")).status).toBe(200);
  });
});
