import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
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

  it("assigns the next whole number when none is given", async () => {
    const list = (await api.get("/api/v1/channels")).json as Array<{ number: string }>;
    const max = Math.max(...list.map((c) => Math.floor(Number(c.number))));
    const response = await api.post("/api/v1/channels", { name: "Auto" });
    expect(response.status).toBe(201);
    expect(response.json.number).toBe(String(max + 1));
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

  it("normalises language codes so 639-1 and both 639-2 forms are one language", async () => {
    const pt = await createChannel({ preferredAudioLanguageCode: "pt", preferredSubtitleLanguageCode: "DEU" });
    expect(pt.preferredAudioLanguageCode).toBe("por");
    expect(pt.preferredSubtitleLanguageCode).toBe("ger");
    const ger = await createChannel({ preferredAudioLanguageCode: "por", preferredSubtitleLanguageCode: "de" });
    expect(ger.preferredAudioLanguageCode).toBe("por");
    expect(ger.preferredSubtitleLanguageCode).toBe("ger");
  });

  it("accepts sub-channel numbers and cleans categories", async () => {
    const created = await createChannel({ number: "7.25", categories: [" News ", "News", "Sports", ""] });
    expect(created.number).toBe("7.25");
    expect(created.categories).toEqual(["News", "Sports"]);
  });
});

describe("422 for every channel rule", () => {
  it.each(["abc", "1.234", "123456", "-1", "1.", ".5", " "])("number %j has the wrong form", async (number) => {
    await expect422(await api.post("/api/v1/channels", { name: "X", number }), "number");
  });

  it("number already used by another channel", async () => {
    const first = await createChannel();
    await expect422(await api.post("/api/v1/channels", { name: "X", number: first.number }), "number");
    const second = await createChannel();
    await expect422(await api.patch(`/api/v1/channels/${second.id}`, { number: first.number }), "number");
  });

  it("an update keeping its own number is fine", async () => {
    const created = await createChannel();
    const response = await api.put(`/api/v1/channels/${created.id}`, { name: "Renamed", number: created.number });
    expect(response.status).toBe(200);
    expect(response.json.name).toBe("Renamed");
  });

  it.each([
    ["name", { name: "" }],
    ["name", { name: "   " }],
    ["name", { name: "x".repeat(51) }],
    ["group", { group: "" }],
    ["group", { group: "g".repeat(51) }],
    ["categories", { categories: ["c".repeat(51)] }],
    ["ffmpegProfileId", { ffmpegProfileId: 9999 }],
    ["logoUrl", { logoUrl: "not a url" }],
    ["logoUrl", { logoUrl: "ftp://example.com/logo.png" }],
    ["logoUrl", { logoUrl: "/relative/logo.png" }],
    ["showInEpg", { isEnabled: false, showInEpg: true }],
    ["showInEpg", { isEnabled: false }],
    ["mirrorSourceChannelId", { mirrorSourceChannelId: 9999 }],
    ["playoutOffset", { playoutOffset: "01:00:00" }],
    ["preferredAudioLanguageCode", { preferredAudioLanguageCode: "xx" }],
    ["preferredSubtitleLanguageCode", { preferredSubtitleLanguageCode: "english" }],
  ])("%s: %j", async (field, body) => {
    await expect422(await api.post("/api/v1/channels", { name: "X", number: nextNumber(), ...body }), field);
  });

  it("reports every broken rule at once", async () => {
    const response = await api.post("/api/v1/channels", { name: "", number: "x", logoUrl: "nope", ffmpegProfileId: 9999 });
    expect(response.status).toBe(422);
    expect(response.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["ffmpegProfileId", "logoUrl", "name", "number"]);
  });

  describe("mirrors", () => {
    it("mirror of a generated channel with an offset is accepted", async () => {
      const source = await createChannel();
      const mirror = await createChannel({ mirrorSourceChannelId: source.id, playoutOffset: "-02:30:00" });
      expect(mirror).toMatchObject({ mirrorSourceChannelId: source.id, playoutOffset: "-02:30:00" });
    });

    it("a channel cannot mirror itself", async () => {
      const channel = await createChannel();
      await expect422(await api.patch(`/api/v1/channels/${channel.id}`, { mirrorSourceChannelId: channel.id }), "mirrorSourceChannelId");
    });

    it("a mirror cannot be a mirror source", async () => {
      const source = await createChannel();
      const mirror = await createChannel({ mirrorSourceChannelId: source.id });
      await expect422(await api.post("/api/v1/channels", { name: "X", number: nextNumber(), mirrorSourceChannelId: mirror.id }), "mirrorSourceChannelId");
    });

    it("a mirror source cannot become a mirror", async () => {
      const a = await createChannel();
      const b = await createChannel();
      await createChannel({ mirrorSourceChannelId: a.id });
      await expect422(await api.patch(`/api/v1/channels/${a.id}`, { mirrorSourceChannelId: b.id }), "mirrorSourceChannelId");
    });

    it.each(["12:00:01", "-13:00:00", "1:00", "aa:bb:cc"])("offset %s is rejected", async (playoutOffset) => {
      const source = await createChannel();
      await expect422(await api.post("/api/v1/channels", { name: "X", number: nextNumber(), mirrorSourceChannelId: source.id, playoutOffset }), "playoutOffset");
    });

    it("offsets at exactly ±12 hours are accepted", async () => {
      const source = await createChannel();
      expect((await createChannel({ mirrorSourceChannelId: source.id, playoutOffset: "12:00:00" })).playoutOffset).toBe("12:00:00");
      expect((await createChannel({ mirrorSourceChannelId: source.id, playoutOffset: "-12:00:00" })).playoutOffset).toBe("-12:00:00");
    });

    it("deleting a mirror source is refused while mirrors exist", async () => {
      const source = await createChannel();
      await createChannel({ mirrorSourceChannelId: source.id });
      await expect422(await api.delete(`/api/v1/channels/${source.id}`), "id");
    });
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

  it("lists channels in numeric order", async () => {
    for (const number of ["900", "80", "80.5", "1000"]) await createChannel({ number });
    const numbers = ((await api.get("/api/v1/channels")).json as Array<{ number: string }>).map((c) => Number(c.number));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});

describe("channel numbers have one spelling", () => {
  it.each([
    ["007", "7"],
    ["4.10", "4.1"],
    ["12.00", "12"],
    ["0", "0"],
  ])("%s is stored as %s, so it collides with the same number", async (given, stored) => {
    const created = await api.post("/api/v1/channels", { name: "Spelled", number: given });
    expect(created.status, created.text).toBe(201);
    expect(created.json.number).toBe(stored);
    const again = await api.post("/api/v1/channels", { name: "Spelled", number: stored });
    expect(again.status).toBe(422);
    await api.delete(`/api/v1/channels/${created.json.id}`);
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
