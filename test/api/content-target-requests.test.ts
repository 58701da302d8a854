/**
 * Every request body that names content reuses one OpenAPI component (ContentTargetInput, built on
 * ContentRefInput), and the server still checks such bodies field by field: an unknown field or a wrong type,
 * in the shared part or beside it, at the top or inside a list of items, is a 400 naming the field.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RawResponse } from "../support/http";
import { useTestServer } from "../support/test-server";

const { api } = useTestServer();
let collectionId = 0;
let scheduleId = 0;
let groupId = 0;

beforeAll(async () => {
  collectionId = (await api.post("/api/v1/collections", { name: "Targets" })).json.id;
  scheduleId = (await api.post("/api/v1/schedules", { name: "Requests" })).json.id;
  groupId = (await api.post("/api/v1/playlists/groups", { name: "Requests" })).json.id;
});

const target = () => ({ collectionType: "Collection", collectionId });

/** Each body that carries a content target, as a function of what to add to (or change in) that target; tsoa names list items `items.$0`. */
const BODIES: Array<{ what: string; send: (extra: Record<string, unknown>, name: string) => Promise<RawResponse>; at: string }> = [
  { what: "a schedule item", at: "", send: (extra) => api.post(`/api/v1/schedules/${scheduleId}/items`, { ...target(), playoutMode: "One", playbackOrder: "Chronological", ...extra }) },
  { what: "the schedule items list", at: "items.$0.", send: (extra) => api.put(`/api/v1/schedules/${scheduleId}/items`, { items: [{ ...target(), playoutMode: "One", playbackOrder: "Chronological", ...extra }] }) },
  { what: "a block's items", at: "items.$0.", send: (extra, name) => api.post("/api/v1/blocks", { name, minutes: 30, items: [{ ...target(), playbackOrder: "Chronological", ...extra }] }) },
  { what: "a filler preset", at: "", send: (extra, name) => api.post("/api/v1/filler/presets", { name, fillerKind: "Fallback", ...target(), ...extra }) },
  { what: "a playlist's entries", at: "items.$0.", send: (extra, name) => api.post("/api/v1/playlists", { name, playlistGroupId: groupId, items: [{ ...target(), playbackOrder: "Chronological", playAll: true, includeInProgramGuide: true, ...extra }] }) },
];

function expect400Naming(response: RawResponse, field: string, message: RegExp): void {
  expect(response.status, response.text).toBe(400);
  const errors = response.json.errors as Array<{ field: string; message: string }>;
  expect(errors, response.text).toContainEqual({ field, message: expect.stringMatching(message) });
}

describe.each(BODIES)("$what", ({ send, at }) => {
  let n = 0;
  const name = () => `Request ${++n}`;

  it("is accepted as sent (the control the refusals start from)", async () => {
    const response = await send({}, name());
    expect([200, 201], response.text).toContain(response.status);
  });

  it("refuses an unknown field beside the content target, naming it", async () => {
    expect400Naming(await send({ surprise: true }, name()), `${at}surprise`, /"surprise" is an excess property/);
  });

  it("refuses a wrong type in the shared content target, naming the field", async () => {
    expect400Naming(await send({ collectionId: "seven" }, name()), `${at}collectionId`, /integer/);
    expect400Naming(await send({ collectionType: ["Collection"] }, name()), `${at}collectionType`, /one of the following/);
  });
});

describe("the OpenAPI document", () => {
  const document = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../schema/openapi.json"), "utf8"));
  const schemas = document.components.schemas as Record<string, { allOf?: Array<{ $ref?: string }>; properties?: Record<string, unknown> }>;
  const parts = (name: string) => (schemas[name]?.allOf ?? []).map((part) => part.$ref);

  it("describes the content of every request body with the one shared component", () => {
    expect(parts("ContentTargetInput")).toContain("#/components/schemas/ContentRefInput");
    for (const name of ["ScheduleItemInput", "BlockItemInput", "FillerPresetInput"]) expect(parts(name), name).toContain("#/components/schemas/ContentTargetInput");
    expect(parts("PlaylistItemRequest")).toContain("#/components/schemas/ContentRefInput");
    expect(Object.keys(schemas.ContentRefInput?.properties ?? {}).sort()).toEqual(["collectionId", "collectionType", "mediaItemId", "multiCollectionId", "smartCollectionId"]);
    // No request component spells the content fields out again.
    for (const [component, schema] of Object.entries(schemas)) {
      if (component === "ContentRefInput" || !/Input$|Request$/.test(component)) continue;
      const inline = [schema, ...(schema.allOf ?? [])].flatMap((part) => Object.keys((part as { properties?: object }).properties ?? {}));
      expect(inline, component).not.toContain("multiCollectionId");
    }
  });
});
