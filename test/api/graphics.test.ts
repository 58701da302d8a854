/**
 * /api/v1/graphics and GraphQL: the two bodies create working elements, bad input is refused with
 * 422 naming the field and stores nothing, channels list elements in order (REST and GraphQL), deleting an
 * element in use names its users, and the preview PNG shows the filled-in text (read back with OCR).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readsAs, readText } from "../support/ocr";
import { makeImage } from "../support/music-fixtures";
import { sqlAll } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const fixture = useTestServer();
const { server, api } = fixture;

const NOW_ON = { name: "Now on", kind: "Text", text: "Now: {{title}}", position: "BottomLeft", show: "Always" };
const UP_NEXT = { name: "Up next", kind: "Text", text: "Next: {{next.title}}", position: "BottomRight", show: "BeforeProgrammeEnd", seconds: 20 };

const count = async () => (await sqlAll<{ n: number }>(fixture.dbFile, "SELECT COUNT(*) AS n FROM graphic"))[0]!.n;
const gql = async (query: string, variables?: Record<string, unknown>) => (await api.graphql(query, variables)).json as { data: any; errors?: Array<{ message: string; extensions: { code: string; errors?: Array<{ field: string; message: string }> } }> };

describe("/api/v1/graphics", () => {
  it("creates the issue's two elements from their exact bodies, with defaults filled in", async () => {
    const now = await api.post("/api/v1/graphics", NOW_ON);
    expect(now.status, now.text).toBe(201);
    expect(now.headers.location).toBe(`/api/v1/graphics/${now.json.id}`);
    expect(now.json).toMatchObject({ ...NOW_ON, sizePercent: 5, color: "#FFFFFF", backgroundOpacity: 60, opacity: 100, timeFormat: "TwentyFourHour", showDuringFiller: false });
    const next = await api.post("/api/v1/graphics", UP_NEXT);
    expect(next.status, next.text).toBe(201);
    expect(next.json).toMatchObject({ ...UP_NEXT, fadeSeconds: 0.5 });
    expect((await api.get(`/api/v1/graphics/${next.json.id}`)).json).toEqual(next.json);
    expect((await api.get("/api/v1/graphics")).json.map((g: { name: string }) => g.name)).toEqual(["Now on", "Up next"]);
    const updated = await api.put(`/api/v1/graphics/${next.json.id}`, { ...UP_NEXT, seconds: 30, timeFormat: "TwelveHour" });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({ seconds: 30, timeFormat: "TwelveHour" });
  });

  it.each([
    ["an unknown placeholder", { ...NOW_ON, name: "Bad 1", text: "Now: {{titel}}" }, "text", /unknown placeholder \{\{titel\}\}.*\{\{title\}\}/],
    ["a stray brace pair", { ...NOW_ON, name: "Bad 2", text: "Now: {{title}" }, "text", /not part of a placeholder/],
    ["a bad position", { ...NOW_ON, name: "Bad 3", position: "Somewhere" }, "position", /TopLeft/],
    ["seconds out of range", { ...UP_NEXT, name: "Bad 4", seconds: 601 }, "seconds", /1 to 600/],
    ["seconds with Always", { ...NOW_ON, name: "Bad 5", seconds: 10 }, "seconds", /must not be given/],
    ["no seconds for an up-next", { ...UP_NEXT, name: "Bad 6", seconds: undefined }, "seconds", /required/],
    ["a period shorter than the time shown", { ...NOW_ON, name: "Bad 7", show: "EveryMinutes", seconds: 120, everyMinutes: 1 }, "seconds", /shorter than the period/],
    ["a colour that is not #RRGGBB", { ...NOW_ON, name: "Bad 8", color: "white" }, "color", /#RRGGBB/],
    ["text on an Image", { ...NOW_ON, name: "Bad 9", kind: "Image" }, "text", /only Text/],
    ["an image that is a text file", { name: "Bad 10", kind: "Image", imageData: `data:image/png;base64,${Buffer.from("not a picture at all").toString("base64")}` }, "imageData", /image/],
  ])("refuses %s with 422 naming the field, storing nothing", async (_what, body, field, message) => {
    const before = await count();
    const response = await api.post("/api/v1/graphics", body);
    expect(response.status, response.text).toBe(422);
    const error = response.json.errors.find((e: { field: string }) => e.field === field);
    expect(error, response.text).toBeDefined();
    expect(error.message).toMatch(message);
    expect(await count()).toBe(before);
  });

  it("takes an uploaded image, and channels list elements in order (REST and GraphQL); delete is refused while in use", async () => {
    const picture = path.join(server.dataDir, "logo-source.png");
    makeImage(picture, "0xff0000", "64x64");
    const image = await api.post("/api/v1/graphics", { name: "Logo", kind: "Image", imageData: `data:image/png;base64,${fs.readFileSync(picture).toString("base64")}`, position: "TopRight", sizePercent: 20 });
    expect(image.status, image.text).toBe(201);
    expect(path.dirname(image.json.imagePath)).toBe(path.join(server.dataDir, "graphics"));
    const ids = (await api.get("/api/v1/graphics")).json.filter((g: { name: string }) => g.name === "Now on").map((g: { id: number }) => g.id) as number[];
    const profiles = (await api.get("/api/v1/ffmpeg/profiles")).json;
    const channel = await api.post("/api/v1/channels", { name: "Graphics", number: "61", ffmpegProfileId: profiles[0].id, graphicsIds: [image.json.id, ids[0]] });
    expect(channel.status, channel.text).toBe(201);
    expect(channel.json.graphicsIds).toEqual([image.json.id, ids[0]]);
    const missing = await api.put(`/api/v1/channels/${channel.json.id}`, { name: "Graphics", number: "61", ffmpegProfileId: profiles[0].id, graphicsIds: [999999] });
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0]).toMatchObject({ field: "graphicsIds[0]" });
    const viaGraphql = await gql(`{ channels { number graphicsIds } graphics { id name kind } }`);
    expect(viaGraphql.data.channels.find((c: { number: string }) => c.number === "61").graphicsIds).toEqual([image.json.id, ids[0]]);
    expect(viaGraphql.data.graphics.map((g: { name: string }) => g.name)).toContain("Logo");

    const refused = await api.delete(`/api/v1/graphics/${image.json.id}`);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('channel 61 \\"Graphics\\"');
    const cleared = await gql(`mutation($id: Int!, $input: ChannelUpdateInput!) { updateChannel(id: $id, input: $input) { graphicsIds } }`, { id: channel.json.id, input: { graphicsIds: [] } });
    expect(cleared.errors).toBeUndefined();
    expect((await api.delete(`/api/v1/graphics/${image.json.id}`)).status).toBe(204);
    expect(fs.existsSync(image.json.imagePath)).toBe(false);
  });

  it("GraphQL creates and refuses as REST does", async () => {
    const created = await gql(`mutation($input: GraphicInput!) { createGraphic(input: $input) { id name kind show seconds } }`, { input: { name: "Clock", kind: "Clock", position: "TopRight" } });
    expect(created.errors).toBeUndefined();
    expect(created.data.createGraphic).toMatchObject({ name: "Clock", kind: "Clock", show: "Always", seconds: null });
    const refused = await gql(`mutation($input: GraphicInput!) { createGraphic(input: $input) { id } }`, { input: { ...NOW_ON, name: "Bad", kind: "Text", text: "{{nope}}" } });
    expect(refused.errors?.[0]?.extensions.errors?.[0]?.field).toBe("text");
  });

  it("previews an element as a PNG with its text filled in", async () => {
    const [first] = (await api.get("/api/v1/graphics")).json.filter((g: { name: string }) => g.name === "Now on");
    const response = await fetch(`${server.url}/api/v1/graphics/${first.id}/preview`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const file = path.join(server.dataDir, "preview.png");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    expect(await readText(file, [0, 0.8, 0.7, 1])).toSatisfy((read: string) => readsAs(read, "Now: Big Buck Bunny"));
    const noChannel = await api.get(`/api/v1/graphics/${first.id}/preview?channel=404`);
    expect(noChannel.status).toBe(422);
    expect(noChannel.json.errors[0].field).toBe("channel");
    const viaGraphql = await gql(`query($input: GraphicInput) { graphicPreview(input: $input) }`, { input: { name: "Unsaved", kind: "Text", text: "Hello {{channelName}}" } });
    expect(viaGraphql.data.graphicPreview).toMatch(/^data:image\/png;base64,/);
    const unsaved = path.join(server.dataDir, "unsaved.png");
    fs.writeFileSync(unsaved, Buffer.from(viaGraphql.data.graphicPreview.split(",")[1], "base64"));
    expect(await readText(unsaved, [0, 0.8, 0.7, 1])).toSatisfy((read: string) => readsAs(read, "Hello Airwave"));
  });
});
