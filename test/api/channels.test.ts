import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

// The host names the URL tests send (Server:AllowedHosts refuses others with 421).
const { server, api } = useTestServer({ env: { Server__AllowedHosts: "tv.example.lan, a.example, b.example" } });
let defaultProfileId: number;

beforeAll(async () => {
  defaultProfileId = (await api.get("/api/v1/ffmpeg/profiles")).json[0].id;
});

let counter = 5000;
// Sub-channel numbers never collide with the whole numbers the server assigns itself.
const nextNumber = () => `${counter++}.1`;

async function createChannel(body: Record<string, unknown> = {}) {
  const response = await api.post("/api/v1/channels", { name: "Test", number: nextNumber(), ...body });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

async function expect422(response: { status: number; json: any; headers: Record<string, unknown> }, field: string) {
  expect(response.status, JSON.stringify(response.json)).toBe(422);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.json.title).toBe("Validation failed");
  expect(response.json.status).toBe(422);
  expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  expect(response.json.detail).toContain(field);
}

describe("POST /api/v1/channels", () => {
  it("creates with defaults: 201, Location, the created resource", async () => {
    const response = await api.post("/api/v1/channels", { name: "News", number: "42" });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/channels/${response.json.id}`);
    expect(response.json).toMatchObject({
      number: "42",
      name: "News",
      group: "Airwave",
      categories: [],
      ffmpegProfileId: defaultProfileId,
      streamingMode: "TransportStreamHybrid",
      isEnabled: true,
      showInEpg: true,
      subtitleMode: "None",
    });
    expect(response.json.uniqueId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const fetched = await api.get(response.headers.location as string);
    expect(fetched.json).toEqual(response.json);
  });

  it("omits properties whose value is null", async () => {
    const created = await createChannel();
    for (const key of ["logoUrl", "mirrorSourceChannelId", "playoutOffset", "preferredAudioLanguageCode", "preferredSubtitleLanguageCode", "playoutId"]) {
      expect(Object.keys(created)).not.toContain(key);
    }
    const raw = (await api.get(`/api/v1/channels/${created.id}`)).text;
    expect(raw).not.toContain("null");
  });

  it("writes enums as strings", async () => {
    const created = await createChannel({ streamingMode: "HttpLiveStreamingSegmenter", subtitleMode: "Forced" });
    expect(created.streamingMode).toBe("HttpLiveStreamingSegmenter");
    expect(created.subtitleMode).toBe("Forced");
  });

  it.each([
    ["TransportStream", "/iptv/channel/{n}.ts?mode=ts-legacy"],
    ["TransportStreamHybrid", "/iptv/channel/{n}.ts"],
    ["HttpLiveStreamingSegmenter", "/iptv/channel/{n}.m3u8?mode=segmenter"],
    ["HttpLiveStreamingDirect", "/iptv/channel/{n}.m3u8?mode=hls-direct"],
  ])("builds an absolute streamUrl from the request host for %s", async (mode, path) => {
    const created = await createChannel({ streamingMode: mode });
    const host = new URL(server.url).host;
    expect(created.streamUrl).toBe(`http://${host}${path.replace("{n}", created.number)}`);
    const viaOtherHost = await api.get(`/api/v1/channels/${created.id}`, { host: "tv.example.lan:9000" });
    expect(viaOtherHost.json.streamUrl).toBe(`http://tv.example.lan:9000${path.replace("{n}", created.number)}`);
  });
});

describe("422 for the channel rules (each rule: test/services/channel-service.test.ts)", () => {
  it("reports every broken rule at once", async () => {
    const response = await api.post("/api/v1/channels", { name: "", number: "x", logoUrl: "nope", ffmpegProfileId: 9999 });
    await expect422(response, "name");
    expect(response.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["ffmpegProfileId", "logoUrl", "name", "number"]);
  });

  it("an update or delete the rules refuse is 422 too, and changes nothing", async () => {
    const source = await createChannel();
    const mirror = await createChannel({ mirrorSourceChannelId: source.id });
    await expect422(await api.patch(`/api/v1/channels/${source.id}`, { mirrorSourceChannelId: mirror.id }), "mirrorSourceChannelId");
    await expect422(await api.delete(`/api/v1/channels/${source.id}`), "id");
    expect((await api.get(`/api/v1/channels/${source.id}`)).json.mirrorSourceChannelId).toBeUndefined();
  });
});

describe("400 for malformed requests", () => {
  it.each([
    ["malformed JSON", '{"name": "x",'],
    ["a JSON string instead of an object", '"hello"'],
    ["an array", "[1,2]"],
  ])("%s", async (_label, body) => {
    const response = await api.post("/api/v1/channels", body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ status: 400, title: "Bad request" });
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  });

  it.each([
    ["name", { name: 3 }],
    ["isEnabled", { name: "x", isEnabled: "yes" }],
    ["categories", { name: "x", categories: "news" }],
    ["ffmpegProfileId", { name: "x", ffmpegProfileId: "1" }],
    ["ffmpegProfileId", { name: "x", ffmpegProfileId: 1.5 }],
    ["streamingMode", { name: "x", streamingMode: "Carrier pigeon" }],
    ["subtitleMode", { name: "x", subtitleMode: 2 }],
    ["number", { name: "x", number: 5 }],
    ["name", {}],
    ["colour", { name: "x", colour: "red" }],
  ])("wrong type, missing or unknown field %s", async (field, body) => {
    const response = await api.post("/api/v1/channels", body);
    expect(response.status, response.text).toBe(400);
    expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("PUT also requires name", async () => {
    const created = await createChannel();
    const response = await api.put(`/api/v1/channels/${created.id}`, { number: created.number });
    expect(response.status).toBe(400);
    expect(response.json.errors[0].field).toBe("name");
  });

  it("a non-numeric id is a bad request", async () => {
    expect((await api.get("/api/v1/channels/abc")).status).toBe(400);
  });
});

describe("update and delete", () => {
  it("PUT returns 200 with the resource and resets omitted fields to defaults", async () => {
    const created = await createChannel({ group: "Movies", logoUrl: "https://example.com/l.png", categories: ["a"] });
    const response = await api.put(`/api/v1/channels/${created.id}`, { name: "Put", number: created.number });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: created.id, uniqueId: created.uniqueId, name: "Put", group: "Airwave", categories: [] });
    expect(response.json.logoUrl).toBeUndefined();
  });

  it("PATCH changes only the given fields and null clears", async () => {
    const created = await createChannel({ group: "Movies", logoUrl: "https://example.com/l.png" });
    const response = await api.patch(`/api/v1/channels/${created.id}`, { name: "Patched", logoUrl: null });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ name: "Patched", group: "Movies", number: created.number });
    expect(response.json.logoUrl).toBeUndefined();
  });

  it("DELETE gives 204, then the channel is gone and a second DELETE is 404", async () => {
    const created = await createChannel();
    const deleted = await api.delete(`/api/v1/channels/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    const again = await api.delete(`/api/v1/channels/${created.id}`);
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ status: 404, title: "Resource not found" });
    expect(again.json.detail).toContain(String(created.id));
    expect((await api.get(`/api/v1/channels/${created.id}`)).status).toBe(404);
  });

  it.each(["GET", "PUT", "PATCH", "DELETE"])("%s of an absent channel is 404 problem details", async (method) => {
    const body = method === "PUT" || method === "PATCH" ? { name: "x" } : undefined;
    const response = await (method === "GET" ? api.get("/api/v1/channels/987654") : method === "DELETE" ? api.delete("/api/v1/channels/987654") : method === "PUT" ? api.put("/api/v1/channels/987654", body) : api.patch("/api/v1/channels/987654", body));
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(response.json).toMatchObject({ status: 404, title: "Resource not found" });
  });

});

describe("the cached channel list", () => {
  it("answers per host, changes after every write, and supports conditional GET", async () => {
    const first = await api.get("/api/v1/channels", { host: "a.example:1" });
    const otherHost = await api.get("/api/v1/channels", { host: "b.example:2" });
    expect(first.json[0].streamUrl.startsWith("http://a.example:1/")).toBe(true);
    expect(otherHost.json[0].streamUrl.startsWith("http://b.example:2/")).toBe(true);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await api.get("/api/v1/channels", { host: "a.example:1", "if-none-match": etag })).status).toBe(304);

    const created = (await api.post("/api/v1/channels", { name: "Cache buster" })).json;
    const after = await api.get("/api/v1/channels", { host: "a.example:1" });
    expect(after.json.map((c: { id: number }) => c.id)).toContain(created.id);
    expect(after.headers.etag).not.toBe(etag);
    expect((await api.get("/api/v1/channels", { host: "a.example:1", "if-none-match": etag })).status).toBe(200);
    await api.patch(`/api/v1/channels/${created.id}`, { name: "Renamed buster" });
    const renamed = (await api.get("/api/v1/channels", { host: "a.example:1" })).json.find((c: { id: number }) => c.id === created.id);
    expect(renamed.name).toBe("Renamed buster");
  });
});

describe("a channel's watermark and fallback filler", () => {
  it("takes a Fallback filler preset and a watermark, shows them, clears them with null; refuses other kinds and unknown ids", async () => {
    const collection = (await api.post("/api/v1/collections", { name: `Fallback content ${counter++}` })).json;
    const preset = async (fillerKind: string, extra: Record<string, unknown> = {}) => {
      const response = await api.post("/api/v1/filler/presets", { name: `Channel ${fillerKind} ${counter++}`, fillerKind, collectionType: "Collection", collectionId: collection.id, ...extra });
      expect(response.status, response.text).toBe(201);
      return response.json.id as number;
    };
    const fallback = await preset("Fallback");
    const preRoll = await preset("PreRoll", { fillerMode: "Count", count: 1 });
    const watermark = await api.post("/api/v1/watermarks", { name: `Channel mark ${counter++}`, imageSource: "ChannelLogo" });
    expect(watermark.status, watermark.text).toBe(201);

    const channel = await createChannel({ fallbackFillerId: fallback, watermarkId: watermark.json.id });
    expect(channel).toMatchObject({ fallbackFillerId: fallback, watermarkId: watermark.json.id });
    expect((await api.get(`/api/v1/channels/${channel.id}`)).json).toMatchObject({ fallbackFillerId: fallback, watermarkId: watermark.json.id });

    await expect422(await api.patch(`/api/v1/channels/${channel.id}`, { fallbackFillerId: preRoll }), "fallbackFillerId");
    await expect422(await api.patch(`/api/v1/channels/${channel.id}`, { fallbackFillerId: 987654 }), "fallbackFillerId");
    await expect422(await api.patch(`/api/v1/channels/${channel.id}`, { watermarkId: 987654 }), "watermarkId");
    expect((await api.get(`/api/v1/channels/${channel.id}`)).json).toMatchObject({ fallbackFillerId: fallback, watermarkId: watermark.json.id });

    const cleared = await api.patch(`/api/v1/channels/${channel.id}`, { fallbackFillerId: null, watermarkId: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.fallbackFillerId).toBeUndefined();
    expect(cleared.json.watermarkId).toBeUndefined();

    const gql = await api.graphql(`mutation($id: Int!, $input: ChannelUpdateInput!) { updateChannel(id: $id, input: $input) { fallbackFillerId watermarkId } }`, { id: channel.id, input: { fallbackFillerId: fallback } });
    expect(gql.json.errors, JSON.stringify(gql.json.errors)).toBeUndefined();
    expect(gql.json.data.updateChannel).toEqual({ fallbackFillerId: fallback, watermarkId: null });
  });
});
