import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { MAX_WATERMARK_IMAGE_BYTES } from "../../server/services/files/watermark-images";
import { colorDistance, meanColor, pngFrame } from "../support/frame-pixels";
import { rawRequest, type RawResponse } from "../support/http";
import { makeImage } from "../support/music-fixtures";
import { sqlAll } from "../support/sqlite";
import { makeTempDir, useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let dbFile: string;
/** Pictures named by path: inside the data folder, the one place besides library folders a path may name. */
let images: string;
/** A folder outside the data and library folders: no request may make the server read from it. */
let outside: string;
let collectionId: number;

/** The first bytes of each format: they pass the extension check, but ffprobe cannot read them as pictures. */
const HEADS: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d],
  jpg: [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1],
  gif: [...Buffer.from("GIF89a"), 1, 0, 1, 0, 0, 0],
  webp: [...Buffer.from("RIFF"), 0x24, 0, 0, 0, ...Buffer.from("WEBPVP8 ")],
};
const fakeImage = (name: string, format: keyof typeof HEADS, bytes = 32) => {
  const file = path.join(images, name);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(HEADS[format]), Buffer.alloc(bytes)]));
  return file;
};
let colour = 0x3366cc;
/** A real 16×16 picture in `format`, saved as `name` (whatever its extension says); each of another colour. */
const image = (name: string, format: keyof typeof HEADS) => {
  const made = path.join(images, `made.${format}`);
  colour = (colour + 0x10305) % 0xffffff;
  makeImage(made, `0x${colour.toString(16).padStart(6, "0")}`, "16x16");
  const file = path.join(images, name);
  fs.renameSync(made, file);
  return file;
};
/** Where the server keeps its copy of a picked image: `<data>/watermarks/<sha-256>.<ext>`. */
const copyOf = (file: string) => path.join(server.dataDir, "watermarks", `${createHash("sha256").update(fs.readFileSync(file)).digest("hex")}${path.extname(file).toLowerCase()}`);
let logo: string;

beforeAll(async () => {
  dbFile = path.join(server.dataDir, DATABASE_FILE);
  images = path.join(server.dataDir, "pictures");
  fs.mkdirSync(images);
  outside = makeTempDir("airwave-watermarks-outside-");
  logo = image("logo.png", "png");
  collectionId = (await api.post("/api/v1/collections", { name: "Watermark targets" })).json.id;
});
afterAll(async () => {
  fs.rmSync(outside, { recursive: true, force: true });
});

/** The file's bytes as the data: URL a client uploads. */
const dataUrl = (file: string, type = "image/png") => `data:${type};base64,${fs.readFileSync(file).toString("base64")}`;
const watermarkFiles = () => (fs.existsSync(path.join(server.dataDir, "watermarks")) ? fs.readdirSync(path.join(server.dataDir, "watermarks")).sort() : []);

let counter = 0;
const uniqueName = (prefix = "Watermark") => `${prefix} ${++counter}`;
type Body = Record<string, unknown>;
const body = (extra: Body = {}): Body => {
  const result: Body = { name: uniqueName(), imagePath: logo, ...extra };
  for (const key of Object.keys(result)) if (result[key] === undefined) delete result[key];
  return result;
};

async function create(b: Body) {
  const response = await api.post("/api/v1/watermarks", b);
  expect(response.status, response.text).toBe(201);
  return response.json as { id: number } & Body;
}
const rows = () => sqlAll(dbFile, "SELECT * FROM watermark ORDER BY id");
const row = async (id: number) => (await sqlAll(dbFile, "SELECT * FROM watermark WHERE id = ?", [id]))[0];

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
  expect(response.json).toMatchObject({ status: 404, title: "Resource not found" });
}

describe("POST /api/v1/watermarks", () => {
  it("creates with defaults: 201, Location; GET by id and the list return it", async () => {
    const name = uniqueName();
    const response = await api.post("/api/v1/watermarks", { name: `  ${name} `, imagePath: ` ${logo} ` });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/watermarks/${response.json.id}`);
    expect(response.json).toEqual({
      id: expect.any(Number), name, imageSource: "Custom", imagePath: copyOf(logo), position: "BottomRight", size: "Scaled", widthPercent: 15,
      horizontalMarginPercent: 5, verticalMarginPercent: 5, opacity: 100, mode: "Permanent", placeWithinSourceContent: false,
    });
    expect((await api.get(response.headers.location as string)).json).toEqual(response.json);
    const list = await api.get("/api/v1/watermarks");
    expect(list.status).toBe(200);
    expect(list.json).toContainEqual(response.json);
  });

  it("stores every setting and reads it back", async () => {
    const full = body({
      position: "TopLeft", size: "Scaled", widthPercent: 12.5, horizontalMarginPercent: 0, verticalMarginPercent: 50, opacity: 0,
      mode: "Intermittent", frequencyMinutes: 15, durationSeconds: 20, placeWithinSourceContent: true,
    });
    const created = await create(full);
    expect(created).toEqual({ id: created.id, imageSource: "Custom", ...full, imagePath: copyOf(logo) });
    const stored = await row(created.id);
    expect(stored).toMatchObject({ imagePath: copyOf(logo), mode: "Intermittent", frequencyMinutes: 15, durationSeconds: 20 });
    // 1 in SQLite, true in PostgreSQL.
    expect(Boolean(stored!.placeWithinSourceContent)).toBe(true);
    for (const position of ["TopLeft", "TopRight", "BottomLeft", "BottomRight", "Center"]) expect((await create(body({ position }))).position).toBe(position);
    const actual = await create(body({ size: "ActualSize" }));
    expect(actual.size).toBe("ActualSize");
    expect(actual).not.toHaveProperty("widthPercent");
    const edges = await create(body({ widthPercent: 100, opacity: 100, mode: "Intermittent", frequencyMinutes: 60, durationSeconds: 600 }));
    expect(edges).toMatchObject({ widthPercent: 100, frequencyMinutes: 60, durationSeconds: 600 });
    expect((await create(body({ widthPercent: 1, mode: "Intermittent", frequencyMinutes: 1, durationSeconds: 1 }))).widthPercent).toBe(1);
  });

  it("the channel's logo needs no image file, and refuses one", async () => {
    const created = await create({ name: uniqueName(), imageSource: "ChannelLogo" });
    expect(created.imageSource).toBe("ChannelLogo");
    expect(created).not.toHaveProperty("imagePath");
    expect(await row(created.id)).toMatchObject({ imageSource: "ChannelLogo", imagePath: null });
    expect422(await api.post("/api/v1/watermarks", body({ imageSource: "ChannelLogo" })), "imagePath");
  });

  it("accepts png, jpg/jpeg, gif and webp files, in any letter case of the extension", async () => {
    const files = [image("a.jpg", "jpg"), image("b.JPEG", "jpg"), image("c.gif", "gif"), image("d.webp", "webp"), image("e.PNG", "png")];
    for (const file of files) expect((await create(body({ imagePath: file }))).imagePath).toBe(copyOf(file));
  });

  it("copies the picked image into the data folder once: the watermark names the copy, which outlives the original and goes with the last watermark using it", async () => {
    const picked = image("picked.png", "png");
    const bytes = fs.readFileSync(picked);
    const first = await create(body({ imagePath: picked }));
    const second = await create(body({ imagePath: picked }));
    expect(first.imagePath).toBe(copyOf(picked));
    expect(second.imagePath).toBe(first.imagePath);
    fs.rmSync(picked);
    expect(fs.readFileSync(first.imagePath as string)).toEqual(bytes);
    // Saving again with the copy's own path keeps it (no second copy).
    const again = await api.put(`/api/v1/watermarks/${first.id}`, body({ name: first.name, imagePath: first.imagePath }));
    expect(again.json.imagePath, again.text).toBe(first.imagePath);
    expect((await api.delete(`/api/v1/watermarks/${first.id}`)).status).toBe(204);
    expect(fs.existsSync(first.imagePath as string)).toBe(true);
    expect((await api.delete(`/api/v1/watermarks/${second.id}`)).status).toBe(204);
    expect(fs.existsSync(first.imagePath as string)).toBe(false);
    // A save refused for another field leaves no copy behind.
    const lonely = image("lonely.png", "png");
    fs.appendFileSync(lonely, "different bytes, so a different copy");
    expect422(await api.post("/api/v1/watermarks", body({ imagePath: lonely, opacity: 101 })), "opacity");
    expect(fs.existsSync(copyOf(lonely))).toBe(false);
    expect(fs.readdirSync(path.join(server.dataDir, "watermarks")).filter((f) => f.startsWith(".incoming"))).toEqual([]);
  });

  it("image path: missing, relative, escaping, absent, a folder, another type or mislabelled are 422", async () => {
    fs.mkdirSync(path.join(images, "folder.png"), { recursive: true });
    fs.writeFileSync(path.join(images, "notes.txt"), "hello");
    fs.writeFileSync(path.join(images, "fake.png"), "this is text, not a PNG");
    const gif = fakeImage("really-a-gif.png", "gif");
    fakeImage("header-only.png", "png");
    fakeImage("huge.png", "png", 5 * 1024 * 1024);
    const cases: Array<[unknown, string]> = [
      [undefined, "is required"],
      [null, "is required"],
      ["", "must not be empty"],
      ["logo.png", "absolute"],
      [`${images}/../${path.basename(images)}/logo.png`, ".."],
      [path.join(images, "missing.png"), "does not exist"],
      [path.join(images, "folder.png"), "not a file"],
      [path.join(images, "notes.txt"), "must be an image file"],
      [path.join(images, "fake.png"), "not a PNG"],
      [gif, "not a PNG"],
      [path.join(images, "header-only.png"), "is not an image ffprobe can read"],
      [path.join(images, "huge.png"), "is larger than 5 MB"],
      [`/${"x".repeat(1100)}.png`, "not a valid path"],
    ];
    const before = await rows();
    for (const [imagePath, message] of cases) {
      const response = await api.post("/api/v1/watermarks", body({ imagePath }));
      expect422(response, "imagePath");
      expect(response.json.detail, String(imagePath)).toContain(message);
    }
    expect(await rows()).toEqual(before);
  });

  it("size, margins, opacity and mode: every rule is 422 naming its field", async () => {
    const cases: Array<[Body, string]> = [
      [body({ size: "ActualSize", widthPercent: 20 }), "widthPercent"],
      [body({ widthPercent: 0 }), "widthPercent"],
      [body({ widthPercent: 100.5 }), "widthPercent"],
      [body({ horizontalMarginPercent: -1 }), "horizontalMarginPercent"],
      [body({ horizontalMarginPercent: 50.1 }), "horizontalMarginPercent"],
      [body({ verticalMarginPercent: 51 }), "verticalMarginPercent"],
      [body({ opacity: -1 }), "opacity"],
      [body({ opacity: 101 }), "opacity"],
      [body({ frequencyMinutes: 5 }), "frequencyMinutes"],
      [body({ durationSeconds: 5 }), "durationSeconds"],
      [body({ mode: "Intermittent" }), "frequencyMinutes"],
      [body({ mode: "Intermittent", frequencyMinutes: 5 }), "durationSeconds"],
      [body({ mode: "Intermittent", frequencyMinutes: 0, durationSeconds: 5 }), "frequencyMinutes"],
      [body({ mode: "Intermittent", frequencyMinutes: 61, durationSeconds: 5 }), "frequencyMinutes"],
      [body({ mode: "Intermittent", frequencyMinutes: 30, durationSeconds: 0 }), "durationSeconds"],
      [body({ mode: "Intermittent", frequencyMinutes: 30, durationSeconds: 601 }), "durationSeconds"],
      [body({ mode: "Intermittent", frequencyMinutes: 1, durationSeconds: 60 }), "durationSeconds"],
      [body({ name: "" }), "name"],
      [body({ name: "n".repeat(51) }), "name"],
    ];
    const before = await rows();
    for (const [b, field] of cases) expect422(await api.post("/api/v1/watermarks", b), field);
    expect(await rows()).toEqual(before);
  });

  it("collects every broken rule in one 422; a taken name (any case) is 422", async () => {
    const taken = await create(body());
    const response = await api.post("/api/v1/watermarks", {
      name: String(taken.name).toLowerCase(), imagePath: "relative.png", size: "ActualSize", widthPercent: 3, opacity: 300, frequencyMinutes: 4,
    });
    expect422(response, "name", "imagePath", "widthPercent", "opacity", "frequencyMinutes");
    expect(response.json.detail).toContain("already exists");
  });

  it("400 for unparseable JSON, unknown properties, wrong types and unknown enum values", async () => {
    expect((await rawRequest(server.url, "POST", "/api/v1/watermarks", { body: "{" })).status).toBe(400);
    const before = await rows();
    for (const b of [body({ extra: 1 }), body({ opacity: 50.5 }), body({ position: "Middle" }), body({ mode: "None" }), body({ size: "Huge" }), body({ imageSource: "Url" }), body({ widthPercent: "10" }), body({ name: undefined }), "text"]) {
      const response = await api.post("/api/v1/watermarks", b);
      expect(response.status, JSON.stringify(b)).toBe(400);
    }
    expect(await rows()).toEqual(before);
  });
});

describe("where a watermark image may come from", () => {
  it("an imagePath outside the data and library folders is 422 saying to upload the image; nothing is read or copied, whether the file exists or not", async () => {
    const secret = path.join(outside, "private.png");
    makeImage(secret, "0x00ff00", "16x16");
    fs.symlinkSync(secret, path.join(images, "link.png"));
    fs.symlinkSync(outside, path.join(images, "linked-folder"));
    const beforeRows = await rows();
    const beforeFiles = watermarkFiles();
    const messages = new Set<string>();
    for (const imagePath of [secret, path.join(outside, "missing.png"), path.join(images, "link.png"), path.join(images, "linked-folder", "private.png"), "/etc/passwd.png"]) {
      const response = await api.post("/api/v1/watermarks", body({ imagePath }));
      expect422(response, "imagePath");
      expect(response.json.detail, imagePath).toContain("send the image itself in imageData instead");
      messages.add(response.json.detail);
      expect(response.text).not.toContain(imagePath);
    }
    // One message for all: an existing file and a missing one cannot be told apart.
    expect(messages.size).toBe(1);
    expect(fs.existsSync(copyOf(secret))).toBe(false);
    expect(watermarkFiles()).toEqual(beforeFiles);
    expect(await rows()).toEqual(beforeRows);
  });

  it("an imagePath inside a library folder is copied in like one in the data folder", async () => {
    const media = makeTempDir("airwave-watermarks-library-");
    try {
      const picture = path.join(media, "Logos", "channel.png");
      makeImage(picture, "0x123456", "16x16");
      const library = await api.post("/api/v1/libraries", { name: "Logo library", kind: "Movies", paths: [media] });
      expect(library.status, library.text).toBe(201);
      expect((await create(body({ imagePath: picture }))).imagePath).toBe(copyOf(picture));
    } finally {
      fs.rmSync(media, { recursive: true, force: true });
    }
  });

  it("imageData: the uploaded image is written to <data>/watermarks, drawn by the preview, and refused naming the field when it is not an image", { timeout: 60_000 }, async () => {
    const picture = path.join(outside, "upload.png");
    makeImage(picture, "0xff00ff", "64x64");
    const { imagePath: _path, ...withoutPath } = body();
    const created = await create({ ...withoutPath, imageData: dataUrl(picture), position: "TopLeft", widthPercent: 30, horizontalMarginPercent: 0, verticalMarginPercent: 0 });
    expect(created.imagePath).toBe(copyOf(picture));
    expect(fs.readFileSync(created.imagePath as string)).toEqual(fs.readFileSync(picture));
    expect(created).not.toHaveProperty("imageData");
    const preview = await fetch(new URL(`/api/v1/watermarks/${created.id}/preview`, server.url));
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toMatch(/^image\/png/);
    const frame = await pngFrame(Buffer.from(await preview.arrayBuffer()), 640, 360);
    expect(colorDistance(meanColor(frame, 0.02, 0.03, 0.28, 0.5), [0xff, 0x00, 0xff])).toBeLessThan(40);
    // A PUT without a new image names the stored copy again and keeps it.
    const again = await api.put(`/api/v1/watermarks/${created.id}`, { name: created.name, imagePath: created.imagePath });
    expect(again.json.imagePath, again.text).toBe(created.imagePath);

    const jpeg = path.join(outside, "upload.jpg");
    makeImage(jpeg, "0x00ffff", "16x16");
    expect((await create({ name: uniqueName(), imageData: dataUrl(jpeg, "image/jpeg") })).imagePath).toBe(copyOf(jpeg));

    const text = Buffer.from("this is text, not a PNG").toString("base64");
    const headOnly = Buffer.concat([Buffer.from(HEADS.png!), Buffer.alloc(32)]).toString("base64");
    const cases: Array<[Body, string, string]> = [
      [{ imageData: `data:image/png;base64,${text}` }, "imageData", "not a PNG"],
      [{ imageData: dataUrl(jpeg, "image/png") }, "imageData", "not a PNG"],
      [{ imageData: `data:image/png;base64,${headOnly}` }, "imageData", "is not an image ffprobe can read"],
      [{ imageData: `data:text/plain;base64,${text}` }, "imageData", "must be an image of type image/png"],
      [{ imageData: "/home/me/logo.png" }, "imageData", "data: URL"],
      [{ imageData: "data:image/png;base64," }, "imageData", "must not be empty"],
      [{ imageData: dataUrl(picture), imagePath: picture }, "imageData", "not both"],
      [{ imageData: dataUrl(picture), imageSource: "ChannelLogo" }, "imageData", "must not be given with imageSource ChannelLogo"],
    ];
    const beforeRows = await rows();
    const beforeFiles = watermarkFiles();
    for (const [extra, field, message] of cases) {
      const response = await api.post("/api/v1/watermarks", { name: uniqueName(), ...extra });
      expect422(response, field);
      expect(response.json.detail, JSON.stringify(extra).slice(0, 80)).toContain(message);
    }
    expect(await rows()).toEqual(beforeRows);
    expect(watermarkFiles()).toEqual(beforeFiles);
  });

  it("an imageData over the limit is 413 naming the field and the limit; the body may hold it as base64", async () => {
    const big = Buffer.concat([Buffer.from(HEADS.png!), Buffer.alloc(MAX_WATERMARK_IMAGE_BYTES)]);
    const response = await api.post("/api/v1/watermarks", { name: uniqueName(), imageData: `data:image/png;base64,${big.toString("base64")}` });
    expect(response.status, response.text.slice(0, 300)).toBe(413);
    expect(response.json.errors).toEqual([{ field: "imageData", message: "is larger than the limit of 5242880 bytes (5 MiB)" }]);
    // The body itself may be up to 8 MiB on the watermark routes (1 MiB elsewhere).
    const huge = await api.post("/api/v1/watermarks", { name: uniqueName(), imageData: "x".repeat(8 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.json.detail).toBe("the request body is larger than the limit of 8388608 bytes (8 MiB)");
  });
});

describe("GET, PUT and DELETE /api/v1/watermarks/{id}", () => {
  it("unknown ids are 404", async () => {
    expect404(await api.get("/api/v1/watermarks/999999"));
    expect404(await api.put("/api/v1/watermarks/999999", body()));
    expect404(await api.delete("/api/v1/watermarks/999999"));
  });

  it("PUT replaces every field: absent ones take their defaults; a failed PUT changes nothing", async () => {
    const created = await create(body({ position: "TopRight", opacity: 40, mode: "Intermittent", frequencyMinutes: 10, durationSeconds: 30, placeWithinSourceContent: true }));
    const name = uniqueName();
    const response = await api.put(`/api/v1/watermarks/${created.id}`, { name, imageSource: "ChannelLogo", size: "ActualSize" });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      id: created.id, name, imageSource: "ChannelLogo", position: "BottomRight", size: "ActualSize", horizontalMarginPercent: 5, verticalMarginPercent: 5,
      opacity: 100, mode: "Permanent", placeWithinSourceContent: false,
    });
    expect(await row(created.id)).toMatchObject({ imagePath: null, frequencyMinutes: null, durationSeconds: null });
    const before = await row(created.id);
    expect422(await api.put(`/api/v1/watermarks/${created.id}`, { name, imagePath: "/nowhere/x.png" }), "imagePath");
    expect(await row(created.id)).toEqual(before);
    const own = await api.put(`/api/v1/watermarks/${created.id}`, body({ name: name.toUpperCase() }));
    expect(own.status, own.text).toBe(200);
  });

  it("DELETE gives 204; again is 404", async () => {
    const created = await create(body());
    expect((await api.delete(`/api/v1/watermarks/${created.id}`)).status).toBe(204);
    expect(await row(created.id)).toBeUndefined();
    expect404(await api.delete(`/api/v1/watermarks/${created.id}`));
  });

  it("DELETE of a watermark a channel or a schedule item uses is 422 naming them, and changes nothing", async () => {
    const used = await create(body());
    const channel = await api.post("/api/v1/channels", { name: uniqueName("Channel") });
    expect(channel.status, channel.text).toBe(201);
    await sqlAll(dbFile, "UPDATE channel SET watermarkId = ? WHERE id = ?", [used.id, channel.json.id]);
    const byChannel = await api.delete(`/api/v1/watermarks/${used.id}`);
    expect422(byChannel, "id");
    expect(byChannel.json.detail).toContain(`channel ${channel.json.number}`);
    expect(await sqlAll(dbFile, "SELECT watermarkId FROM channel WHERE id = ?", [channel.json.id])).toEqual([{ watermarkId: used.id }]);
    await sqlAll(dbFile, "UPDATE channel SET watermarkId = NULL WHERE id = ?", [channel.json.id]);

    const other = await create(body());
    const schedule = (await api.post("/api/v1/schedules", { name: uniqueName("Schedule") })).json.id;
    const item = await api.post(`/api/v1/schedules/${schedule}/items`, { playoutMode: "One", collectionType: "Collection", collectionId, playbackOrder: "Shuffle", watermarkIds: [other.id, used.id] });
    expect(item.status, item.text).toBe(201);
    expect(item.json.watermarkIds).toEqual([other.id, used.id]);
    const byItem = await api.delete(`/api/v1/watermarks/${used.id}`);
    expect422(byItem, "id");
    expect(byItem.json.detail).toContain(`schedule ${schedule} item ${item.json.id}`);
    expect(await row(used.id)).toBeDefined();
    // a watermark no item lists is not in use
    const unrelated = await create(body());
    expect((await api.delete(`/api/v1/watermarks/${unrelated.id}`)).status).toBe(204);

    expect((await api.delete(`/api/v1/schedules/${schedule}/items/${item.json.id}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/watermarks/${used.id}`)).status).toBe(204);
  });
});

describe("watermarks over GraphQL", () => {
  const FIELDS = "id name imageSource imagePath position size widthPercent horizontalMarginPercent verticalMarginPercent opacity mode frequencyMinutes durationSeconds placeWithinSourceContent";
  const gql = async (query: string, variables?: Record<string, unknown>) =>
    (await api.graphql(query, variables)).json as { data: any; errors?: Array<{ extensions: { code: string; errors?: Array<{ field: string }> } }> };
  const withoutNulls = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));

  it("create, list, read, update and delete match REST", async () => {
    const created = await gql(`mutation($input: WatermarkInput!) { createWatermark(input: $input) { ${FIELDS} } }`, {
      input: { name: "Gql mark", imagePath: logo, mode: "Intermittent", frequencyMinutes: 5, durationSeconds: 10, widthPercent: 7.5 },
    });
    expect(created.errors).toBeUndefined();
    const mark = created.data.createWatermark;
    expect(mark).toMatchObject({ name: "Gql mark", imageSource: "Custom", imagePath: copyOf(logo), size: "Scaled", widthPercent: 7.5, mode: "Intermittent", frequencyMinutes: 5, durationSeconds: 10 });
    expect((await api.get(`/api/v1/watermarks/${mark.id}`)).json).toEqual(withoutNulls(mark));
    const read = await gql(`query($id: Int!) { watermark(id: $id) { ${FIELDS} } watermarks { id } }`, { id: mark.id });
    expect(read.data.watermark).toEqual(mark);
    expect(read.data.watermarks).toContainEqual({ id: mark.id });

    const updated = await gql(`mutation($id: Int!, $input: WatermarkInput!) { updateWatermark(id: $id, input: $input) { ${FIELDS} } }`, {
      id: mark.id, input: { name: "Gql logo", imageSource: "ChannelLogo", size: "ActualSize", position: "Center" },
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateWatermark).toMatchObject({ imageSource: "ChannelLogo", imagePath: null, widthPercent: null, position: "Center", mode: "Permanent", frequencyMinutes: null });
    expect((await api.get(`/api/v1/watermarks/${mark.id}`)).json).toEqual(withoutNulls(updated.data.updateWatermark));

    const deleted = await gql("mutation($id: Int!) { deleteWatermark(id: $id) }", { id: mark.id });
    expect(deleted.data.deleteWatermark).toBe(String(mark.id));
    expect((await gql("query($id: Int!) { watermark(id: $id) { id } }", { id: mark.id })).errors?.[0].extensions.code).toBe("NOT_FOUND");
  });

  it("createWatermark takes the image as imageData and refuses an imagePath outside the data and library folders", async () => {
    const picture = path.join(outside, "gql.png");
    makeImage(picture, "0x445566", "16x16");
    const mutation = `mutation($input: WatermarkInput!) { createWatermark(input: $input) { ${FIELDS} } }`;
    const uploaded = await gql(mutation, { input: { name: "Gql upload", imageData: dataUrl(picture) } });
    expect(uploaded.errors).toBeUndefined();
    expect(uploaded.data.createWatermark.imagePath).toBe(copyOf(picture));
    const before = watermarkFiles();
    fs.appendFileSync(picture, "other bytes");
    const refused = await gql(mutation, { input: { name: "Gql outside", imagePath: picture } });
    expect(refused.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(refused.errors?.[0].extensions.errors?.map((e) => e.field)).toEqual(["imagePath"]);
    expect(watermarkFiles()).toEqual(before);
    const notImage = await gql(mutation, { input: { name: "Gql text", imageData: "data:image/gif;base64,aGVsbG8=" } });
    expect(notImage.errors?.[0].extensions.errors?.map((e) => e.field)).toEqual(["imageData"]);
  });

  it("errors name the fields like REST, and a failed mutation changes nothing", async () => {
    const before = await rows();
    const input = { name: "Gql bad", imagePath: "../x.png", opacity: 120, mode: "Permanent", durationSeconds: 10 };
    const bad = await gql("mutation($input: WatermarkInput!) { createWatermark(input: $input) { id } }", { input });
    expect(bad.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
    const rest = await api.post("/api/v1/watermarks", input);
    expect(rest.json.errors).toEqual(bad.errors?.[0].extensions.errors);
    expect(bad.errors?.[0].extensions.errors?.map((e) => e.field).sort()).toEqual(["durationSeconds", "imagePath", "opacity"]);
    expect((await gql("mutation { deleteWatermark(id: 999999) }")).errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(await rows()).toEqual(before);
  });
});

describe("robustness", () => {
  it("malformed bodies never cause a 5xx, and a refused body writes nothing", async () => {
    const field = fc.constantFrom("name", "imageSource", "imagePath", "imageData", "position", "size", "widthPercent", "horizontalMarginPercent", "verticalMarginPercent", "opacity", "mode", "frequencyMinutes", "durationSeconds", "placeWithinSourceContent");
    const value = fc.oneof(
      fc.constant(null), fc.boolean(), fc.integer({ min: -5, max: 700 }), fc.double(), fc.string({ maxLength: 60 }),
      fc.constantFrom("Custom", "ChannelLogo", "Scaled", "ActualSize", "Intermittent", "Permanent", "TopLeft", "/etc/passwd", "/tmp/../etc/x.png", "C:\\x.png", logo, "data:image/png;base64,AAAA", "data:image/gif;base64,R0lGODlh"),
      fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, value, { maxKeys: 8 }), fc.boolean(), async (overrides, fromValid) => {
        const b = fromValid ? { ...body(), ...overrides } : overrides;
        const before = (await rows()).length;
        const response = await api.post("/api/v1/watermarks", b);
        expect(response.status, `${JSON.stringify(b)} → ${response.text}`).toBeLessThan(500);
        if (response.status !== 201) expect((await rows()).length).toBe(before);
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});
