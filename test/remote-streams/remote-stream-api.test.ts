import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForScanEnd } from "../support/library-scan";
import { makeTempDir, useTestServer } from "../support/test-server";
import { makeColourClip, serveFolder, type LoopbackServer } from "./support";

const { api, server } = useTestServer();
let media: LoopbackServer;
let libraryId: number;

beforeAll(async () => {
  const served = makeTempDir("rs-api-served-");
  makeColourClip(path.join(served, "blue.mp4"), "blue", 2);
  media = await serveFolder(served);
  libraryId = (await api.post("/api/v1/libraries", { name: "Streams", kind: "RemoteStreams", paths: [] })).json.id;
});
afterAll(async () => media?.close());

const ownFolder = () => path.join(server.dataDir, "remote-streams", String(libraryId));
const items = async () => (await api.get(`/api/v1/media/items?pageSize=100&libraryId=${libraryId}&kind=RemoteStream`)).json.items;

describe("POST /api/v1/libraries/{id}/remote-streams", () => {
  it("writes the item file into the library's own folder, scans it, and never shows a header's value", async () => {
    const r = await api.post(`/api/v1/libraries/${libraryId}/remote-streams`, { url: `${media.url}/blue.mp4`, title: "Blue loop", genres: ["Weather"], duration: "10 seconds", headers: { Authorization: "Bearer sekrit-42" } });
    expect(r.status, r.text).toBe(202);
    expect(r.json).toMatchObject({ libraryId, file: "blue-loop.yml", scan: { state: "Running" } });
    expect(JSON.stringify(r.json)).not.toContain("sekrit-42");
    expect(fs.readFileSync(path.join(ownFolder(), "blue-loop.yml"), "utf8")).toContain("sekrit-42");
    // It holds a token: only the server's account may read it (as after an edit).
    expect(fs.statSync(path.join(ownFolder(), "blue-loop.yml")).mode & 0o777).toBe(0o600);
    const scanned = await waitForScanEnd(api, libraryId);
    expect(scanned.lastScanMessage).toMatch(/1 probed/);
    const [item] = await items();
    const full = (await api.get(`/api/v1/media/items/${item.id}`)).json;
    expect(full).toMatchObject({ title: "Blue loop", genres: ["Weather"], versions: [{ durationMs: 10_000, stream: { live: false, headerNames: ["Authorization"] } }] });
    expect(JSON.stringify(full)).not.toContain("sekrit-42");
    expect(media.requests.some((q) => q.headers.authorization === "Bearer sekrit-42")).toBe(true);
  });

  it("refuses bad input naming each field, writes nothing; 404 for an unknown library, 422 for another kind", async () => {
    const before = fs.readdirSync(ownFolder()).sort();
    const bad = await api.post(`/api/v1/libraries/${libraryId}/remote-streams`, { url: "file:///etc/passwd", headers: { "X-A": "one\r\nHost: evil" } });
    expect(bad.status).toBe(422);
    const fields = bad.json.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["url", "headers.X-A", "duration"]));
    expect((await api.post(`/api/v1/libraries/${libraryId}/remote-streams`, { url: "concat:a|b", live: true })).status).toBe(422);
    expect((await api.post(`/api/v1/libraries/${libraryId}/remote-streams`, { url: `${media.url}/x`, live: true, colour: "red" })).status).toBe(400);
    expect((await api.post(`/api/v1/libraries/99999/remote-streams`, { url: `${media.url}/x`, live: true })).status).toBe(404);
    const films = makeTempDir("rs-api-films-");
    const other = (await api.post("/api/v1/libraries", { name: "Films", kind: "Movies", paths: [films] })).json.id;
    const wrong = await api.post(`/api/v1/libraries/${other}/remote-streams`, { url: `${media.url}/x`, live: true });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toMatch(/RemoteStreams library/);
    expect(fs.readdirSync(ownFolder()).sort()).toEqual(before);
  });

  it("is described in the OpenAPI document with its fields and example", async () => {
    const doc = (await api.get("/openapi/general.json")).json;
    const op = doc.paths["/api/v1/libraries/{id}/remote-streams"].post;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["202", "404", "422"]));
    const schema = doc.components.schemas.RemoteStreamCreateRequest;
    expect(Object.keys(schema.properties).sort()).toEqual(["duration", "genres", "headers", "live", "plot", "title", "url"]);
    expect(schema.properties.headers.description).toMatch(/secrets/);
  });
});

describe("GraphQL createRemoteStream", () => {
  const mutation = `mutation($libraryId: Int!, $input: RemoteStreamCreateInput!) { createRemoteStream(libraryId: $libraryId, input: $input) { libraryId file scan { state } } }`;

  it("goes through the same service: a live item with headers from a list", async () => {
    const r = await api.graphql(mutation, { libraryId, input: { url: `${media.url}/blue.mp4`, title: "Live blue", live: true, headers: [{ name: "X-Token", value: "tok-77" }] } });
    expect(r.json.errors).toBeUndefined();
    expect(r.json.data.createRemoteStream).toMatchObject({ libraryId, file: "live-blue.yml", scan: { state: "Running" } });
    await waitForScanEnd(api, libraryId);
    const titles = (await items()).map((i: { title: string }) => i.title).sort();
    expect(titles).toEqual(["Blue loop", "Live blue"]);
  });

  it("refuses a header given twice and a bad URL with the field named, writing nothing", async () => {
    const before = fs.readdirSync(ownFolder()).sort();
    const twice = await api.graphql(mutation, { libraryId, input: { url: `${media.url}/blue.mp4`, live: true, headers: [{ name: "X-A", value: "1" }, { name: "x-a", value: "2" }] } });
    expect(twice.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(JSON.stringify(twice.json.errors[0])).toMatch(/headers\.x-a/);
    const bad = await api.graphql(mutation, { libraryId, input: { url: "subfile:,,start,0,end,0,,:/etc/passwd", live: true } });
    expect(JSON.stringify(bad.json.errors[0])).toMatch(/url/);
    expect(fs.readdirSync(ownFolder()).sort()).toEqual(before);
  });
});

describe("PUT and DELETE /api/v1/libraries/{id}/remote-streams/{itemId}", () => {
  const byTitle = async (title: string) => (await items()).find((i: { title: string }) => i.title === title);
  const fileText = (name: string) => fs.readFileSync(path.join(ownFolder(), name), "utf8");

  it("replaces the description at once, in the item and its file, keeping the URL and headers left out (no scan)", async () => {
    const item = await byTitle("Blue loop");
    const r = await api.put(`/api/v1/libraries/${libraryId}/remote-streams/${item.id}`, { title: "Blue weather", plot: "A loop", genres: ["Weather", "Local"], duration: "00:00:20" });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ itemId: item.id, libraryId, file: "blue-loop.yml" });
    const full = (await api.get(`/api/v1/media/items/${item.id}`)).json;
    expect(full).toMatchObject({ title: "Blue weather", plot: "A loop", genres: ["Weather", "Local"], versions: [{ durationMs: 20_000, stream: { live: false, headerNames: ["Authorization"], url: `${media.url}/blue.mp4` } }] });
    const text = fileText("blue-loop.yml");
    expect(text).toMatch(/"title": "Blue weather"/);
    expect(text).toMatch(/"duration": "00:00:20"/);
    expect(text).toContain("sekrit-42");
    expect(fs.readdirSync(ownFolder()).filter((f) => f.startsWith("."))).toEqual([]);
    // A rescan reads the rewritten file as unchanged: the item stays as edited.
    await api.post(`/api/v1/libraries/${libraryId}/scan`, {});
    expect((await waitForScanEnd(api, libraryId)).lastScanMessage).toMatch(/0 probed/);
    expect((await byTitle("Blue weather")).id).toBe(item.id);
  });

  it("a URL on another origin does not inherit the stored headers: refused until headers are given", async () => {
    const item = await byTitle("Blue weather");
    const before = fileText("blue-loop.yml");
    const moved = await api.put(`/api/v1/libraries/${libraryId}/remote-streams/${item.id}`, { url: "http://127.0.0.2:9/blue.mp4", title: "Blue weather", duration: "20 seconds" });
    expect(moved.status, moved.text).toBe(422);
    expect(moved.json.errors).toEqual([expect.objectContaining({ field: "headers" })]);
    expect(moved.text).not.toContain("sekrit-42");
    expect(fileText("blue-loop.yml")).toBe(before);
  });

  it("a new URL and headers replace the stored ones and a scan probes the source again", async () => {
    const item = await byTitle("Blue weather");
    const r = await api.put(`/api/v1/libraries/${libraryId}/remote-streams/${item.id}`, { url: `${media.url}/blue.mp4?v=2`, title: "Blue weather", duration: "20 seconds", headers: { "X-Other": "other-9" } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.scan).toMatchObject({ state: "Running" });
    expect(fileText("blue-loop.yml")).not.toContain("sekrit-42");
    expect((await waitForScanEnd(api, libraryId)).lastScanMessage).toMatch(/1 probed/);
    const full = (await api.get(`/api/v1/media/items/${item.id}`)).json;
    expect(full).toMatchObject({ title: "Blue weather", genres: [], versions: [{ durationMs: 20_000, stream: { headerNames: ["X-Other"], url: `${media.url}/blue.mp4?…` } }] });
    expect(full.versions[0].stream.error).toBeUndefined();
    expect(media.requests.some((q) => q.path === "/blue.mp4?v=2" && q.headers["x-other"] === "other-9")).toBe(true);
  });

  it("refuses bad input naming each field and changes neither the file nor the item", async () => {
    const item = await byTitle("Blue weather");
    const before = { text: fileText("blue-loop.yml"), item: (await api.get(`/api/v1/media/items/${item.id}`)).json };
    const bad = await api.put(`/api/v1/libraries/${libraryId}/remote-streams/${item.id}`, { url: "file:///etc/passwd", title: "Evil", headers: { "X-A": "one\r\nHost: evil" } });
    expect(bad.status).toBe(422);
    expect(bad.headers["content-type"]).toMatch(/problem\+json/);
    expect(bad.json.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(["url", "headers.X-A", "duration"]));
    const noLength = await api.put(`/api/v1/libraries/${libraryId}/remote-streams/${item.id}`, { title: "No length" });
    expect(noLength.status).toBe(422);
    expect(noLength.json.errors).toEqual([expect.objectContaining({ field: "duration" })]);
    expect((await api.put(`/api/v1/libraries/${libraryId}/remote-streams/${item.id}`, { live: true, colour: "red" })).status).toBe(400);
    expect(fileText("blue-loop.yml")).toBe(before.text);
    expect((await api.get(`/api/v1/media/items/${item.id}`)).json).toEqual(before.item);
    expect(fs.readdirSync(ownFolder()).filter((f) => f.startsWith("."))).toEqual([]);
  });

  it("404 for an unknown item or one of another library; 422 naming itemId for an item file in a library folder", async () => {
    const item = await byTitle("Blue weather");
    expect((await api.put(`/api/v1/libraries/${libraryId}/remote-streams/99999`, { live: true })).status).toBe(404);
    expect((await api.delete(`/api/v1/libraries/${libraryId + 1000}/remote-streams/${item.id}`)).status).toBe(404);
    const folder = makeTempDir("rs-api-folder-");
    fs.writeFileSync(path.join(folder, "cam.yml"), `url: ${media.url}/blue.mp4\nlive: true\n# mine\n`);
    const own = (await api.post("/api/v1/libraries", { name: "Folder streams", kind: "RemoteStreams", paths: [folder] })).json.id;
    await api.post(`/api/v1/libraries/${own}/scan`, {});
    await waitForScanEnd(api, own);
    const [cam] = (await api.get(`/api/v1/media/items?pageSize=10&libraryId=${own}&kind=RemoteStream`)).json.items;
    for (const r of [await api.put(`/api/v1/libraries/${own}/remote-streams/${cam.id}`, { live: true, title: "x" }), await api.delete(`/api/v1/libraries/${own}/remote-streams/${cam.id}`)]) {
      expect(r.status).toBe(422);
      expect(r.json.errors[0]).toMatchObject({ field: "itemId", message: expect.stringMatching(/edit that file/) });
    }
    expect(fs.readFileSync(path.join(folder, "cam.yml"), "utf8")).toMatch(/# mine/);
  });

  it("DELETE removes the item and its file together; a second DELETE is 404", async () => {
    const item = await byTitle("Blue weather");
    const r = await api.delete(`/api/v1/libraries/${libraryId}/remote-streams/${item.id}`);
    expect(r.status, r.text).toBe(204);
    expect(fs.existsSync(path.join(ownFolder(), "blue-loop.yml"))).toBe(false);
    expect((await api.get(`/api/v1/media/items/${item.id}`)).status).toBe(404);
    expect((await api.delete(`/api/v1/libraries/${libraryId}/remote-streams/${item.id}`)).status).toBe(404);
    expect(fs.readdirSync(ownFolder())).toEqual(["live-blue.yml"]);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await api.get("/openapi/general.json")).json;
    const ops = doc.paths["/api/v1/libraries/{id}/remote-streams/{itemId}"];
    expect(Object.keys(ops.put.responses)).toEqual(expect.arrayContaining(["200", "404", "422"]));
    expect(Object.keys(ops.delete.responses)).toEqual(expect.arrayContaining(["204", "404", "422"]));
    expect(doc.components.schemas.RemoteStreamUpdateRequest.required).toBeUndefined();
  });
});

describe("GraphQL remoteStream, updateRemoteStream and deleteRemoteStream", () => {
  const fields = "itemId libraryId file notEditable url urlHasQuery title plot genres durationMs live headerNames";

  it("shows the item without the URL's query or a header's value, changes it and deletes it through the same service", async () => {
    const [live] = await items();
    const shown = await api.graphql(`query($id: Int!) { remoteStream(itemId: $id) { ${fields} } }`, { id: live.id });
    expect(shown.json.data.remoteStream).toEqual({ itemId: live.id, libraryId, file: "live-blue.yml", notEditable: null, url: `${media.url}/blue.mp4`, urlHasQuery: false, title: "Live blue", plot: null, genres: [], durationMs: 0, live: true, headerNames: ["X-Token"] });
    const update = `mutation($id: Int!, $input: RemoteStreamUpdateInput!) { updateRemoteStream(itemId: $id, input: $input) { itemId file scan { state } } }`;
    const bad = await api.graphql(update, { id: live.id, input: { title: "Bad", live: false, duration: "forever" } });
    expect(bad.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
    expect(bad.json.errors[0].extensions.errors).toEqual([expect.objectContaining({ field: "duration" })]);
    const ok = await api.graphql(update, { id: live.id, input: { title: "Live news", live: true, plot: "News", headers: [] } });
    expect(ok.json.errors).toBeUndefined();
    expect(ok.json.data.updateRemoteStream).toMatchObject({ itemId: live.id, file: "live-blue.yml", scan: { state: "Running" } });
    await waitForScanEnd(api, libraryId);
    const after = await api.graphql(`query($id: Int!) { remoteStream(itemId: $id) { title plot headerNames } }`, { id: live.id });
    expect(after.json.data.remoteStream).toEqual({ title: "Live news", plot: "News", headerNames: [] });
    expect(fs.readFileSync(path.join(ownFolder(), "live-blue.yml"), "utf8")).not.toContain("tok-77");
    const gone = await api.graphql(`mutation($id: Int!) { deleteRemoteStream(itemId: $id) }`, { id: live.id });
    expect(gone.json.data).toEqual({ deleteRemoteStream: true });
    expect(fs.readdirSync(ownFolder())).toEqual([]);
    const again = await api.graphql(`mutation($id: Int!) { deleteRemoteStream(itemId: $id) }`, { id: live.id });
    expect(again.json.errors[0].extensions.code).toBe("NOT_FOUND");
  });
});
