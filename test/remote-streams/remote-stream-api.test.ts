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
