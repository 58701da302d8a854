import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeVideo } from "../support/media-fixtures";
import { makeTempDir, useTestServer } from "../support/test-server";
import { waitForScanEnd } from "../support/library-scan";

const { server, api } = useTestServer();
let root: string;

beforeAll(async () => {
  root = makeTempDir("airwave-paths-");
  for (const folder of ["a", "b", "a/inner", "c", "loops"]) fs.mkdirSync(path.join(root, folder), { recursive: true });
  fs.writeFileSync(path.join(root, "file.txt"), "x");
  fs.symlinkSync(path.join(root, "loop-b"), path.join(root, "loop-a"));
  fs.symlinkSync(path.join(root, "loop-a"), path.join(root, "loop-b"));
});

async function expectPathError(paths: string[], message: RegExp, field = "paths[0]") {
  const response = await api.post("/api/v1/libraries", { name: `L${Math.random()}`.slice(0, 20), kind: "Movies", paths });
  expect(response.status, response.text).toBe(422);
  const error = response.json.errors.find((e: { field: string }) => e.field === field);
  expect(error, JSON.stringify(response.json.errors)).toBeDefined();
  expect(error.message).toMatch(message);
}

describe("library paths", () => {
  it("a good folder is stored as its real absolute path", async () => {
    const response = await api.post("/api/v1/libraries", { name: "Good", kind: "Movies", paths: [path.join(root, "a") + "/"] });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/libraries/${response.json.id}`);
    expect(response.json.paths.map((p: { path: string }) => p.path)).toEqual([fs.realpathSync(path.join(root, "a"))]);
  });

  it('a path with ".." is refused, even when it would resolve somewhere valid', async () => {
    await expectPathError([`${root}/b/../c`], /must not contain "\.\." segments/);
  });

  it("relative paths, missing folders, files and symlink loops are refused with a clear reason", async () => {
    await expectPathError(["relative/folder"], /absolute/);
    await expectPathError([path.join(root, "missing")], /does not exist/);
    await expectPathError([path.join(root, "file.txt")], /not a folder/);
    await expectPathError([path.join(root, "loop-a")], /symbolic link loop/);
    await expectPathError(["/tmp/\u0000evil"], /not a valid path/);
  });

  it("paths must not overlap another library's path (inside, outside or equal)", async () => {
    await expectPathError([path.join(root, "a", "inner")], /overlaps/);
    await expectPathError([root], /overlaps/);
    await expectPathError([path.join(root, "a")], /overlaps/);
  });

  it("two overlapping paths in one request are refused", async () => {
    await expectPathError([path.join(root, "c"), path.join(root, "c")], /overlaps another path of this library/, "paths[1]");
  });

  it("a failed create changes nothing", async () => {
    const before = (await api.get("/api/v1/libraries")).json;
    await expectPathError([path.join(root, "b"), path.join(root, "missing")], /does not exist/, "paths[1]");
    expect((await api.get("/api/v1/libraries")).json).toEqual(before);
  });

  it("name rules, kind rules and 404s", async () => {
    expect((await api.post("/api/v1/libraries", { name: "", kind: "Movies", paths: [] })).status).toBe(422);
    expect((await api.post("/api/v1/libraries", { name: "good", kind: "Movies", paths: [] })).status).toBe(422);
    expect((await api.post("/api/v1/libraries", { name: "X", kind: "Podcasts", paths: [] })).status).toBe(400);
    const created = (await api.post("/api/v1/libraries", { name: "Kinds", kind: "Shows", paths: [] })).json;
    expect((await api.patch(`/api/v1/libraries/${created.id}`, { kind: "Movies" })).status).toBe(422);
    expect((await api.get("/api/v1/libraries/4242")).status).toBe(404);
    expect((await api.delete("/api/v1/libraries/4242")).status).toBe(404);
    expect((await api.delete(`/api/v1/libraries/${created.id}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/libraries/${created.id}`)).status).toBe(404);
  });

  it("scanning skips symlink loops and links out of the library with a logged reason, never crashing", async () => {
    const lib = path.join(root, "loops");
    makeVideo(path.join(lib, "Film (2001)", "Film (2001).mkv"), { seconds: 1 });
    fs.symlinkSync(lib, path.join(lib, "Film (2001)", "back-to-root"));
    fs.symlinkSync(path.join(lib, "nowhere"), path.join(lib, "dangling"));
    fs.symlinkSync("/etc", path.join(lib, "outside"));
    const id = (await api.post("/api/v1/libraries", { name: "Loops", kind: "Movies", paths: [lib] })).json.id;
    expect((await api.post(`/api/v1/libraries/${id}/scan`)).status).toBe(200);
    const library = await waitForScanEnd(api, id);
    expect(library.lastScanSuccess).toBe(true);
    expect(library.lastScanMessage).toMatch(/^1 probed/);
    expect(library.lastScanMessage).toMatch(/links outside the library path/);
    expect((await api.get(`/api/v1/media/items?libraryId=${id}`)).json.totalCount).toBe(1);
  });

  it("paths can be added and removed one at a time", async () => {
    const id = (await api.post("/api/v1/libraries", { name: "Paths", kind: "OtherVideos", paths: [] })).json.id;
    const added = await api.post(`/api/v1/libraries/${id}/paths`, { path: path.join(root, "b") });
    expect(added.status).toBe(201);
    const pathId = added.json.paths[0].id;
    expect((await api.post(`/api/v1/libraries/${id}/paths`, { path: path.join(root, "b") })).status).toBe(422);
    expect((await api.delete(`/api/v1/libraries/${id}/paths/${pathId}`)).status).toBe(204);
    expect((await api.delete(`/api/v1/libraries/${id}/paths/${pathId}`)).status).toBe(404);
  });

  it("the scan command keeps the older status mapping: 400 when it cannot start, 404 for an unknown library", async () => {
    const id = (await api.post("/api/v1/libraries", { name: "Empty", kind: "Movies", paths: [] })).json.id;
    const response = await api.post(`/api/v1/libraries/${id}/scan`);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ status: 400, title: "Bad request" });
    expect(response.json.detail).toMatch(/no paths/);
    expect((await api.post("/api/v1/libraries/123456/scan")).status).toBe(404);
  });
});
