import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeVideo } from "../support/media-fixtures";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { makeTempDir, useTestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

const { server, api } = useTestServer();
let media: SeededMedia;
let folder: string;

beforeAll(async () => {
  folder = makeTempDir("airwave-gql-lib-");
  makeVideo(path.join(folder, "Clip (2001).mkv"), { seconds: 1 });
  media = await seedMedia(server.dataDir);
});
afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("GraphQL: libraries and media", () => {
  it("creates a library through the same rules as REST and scans it, showing scan state", async () => {
    const invalid = await api.graphql(`mutation { createLibrary(input: { name: "Bad", kind: Movies, paths: ["relative"] }) { id } }`);
    expect(invalid.json.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "paths[0]" }] });
    const created = await api.graphql(`mutation($p: [String!]!) { createLibrary(input: { name: "Clips", kind: OtherVideos, paths: $p }) { id name kind paths { path } scan { state } lastScan } }`, { p: [folder] });
    expect(created.json.errors).toBeUndefined();
    const library = created.json.data.createLibrary;
    expect(library).toMatchObject({ name: "Clips", kind: "OtherVideos", paths: [{ path: fs.realpathSync(folder) }], scan: null, lastScan: null });

    const queued = await api.graphql(`mutation { scanLibrary(id: ${library.id}) { started scan { state percent } } }`);
    expect(queued.json.data.scanLibrary).toMatchObject({ started: true, scan: { state: "Running" } });
    const again = await api.graphql(`mutation { scanLibrary(id: ${library.id}) { started } }`);
    expect(again.json.data.scanLibrary.started).toBe(false);
    const state = await waitFor(async () => {
      const current = (await api.graphql(`{ library(id: ${library.id}) { scan { state } lastScan lastScanSuccess lastScanMessage } }`)).json.data.library;
      return !current.scan && current;
    }, "the scan to end", { timeoutMs: 30_000 });
    expect(state).toMatchObject({ scan: null, lastScanSuccess: true });
    expect(state.lastScanMessage).toMatch(/^1 probed/);
    const items = await api.graphql(`{ mediaItems(libraryId: ${library.id}) { totalCount items { title year kind versions { durationMs streams { kind codec } } } } }`);
    expect(items.json.data.mediaItems).toMatchObject({ totalCount: 1, items: [{ title: "Clip", year: 2001, kind: "OtherVideo" }] });
    expect(items.json.data.mediaItems.items[0].versions[0].streams.map((s: { kind: string }) => s.kind)).toEqual(["Video", "Audio"]);
  });

  it("navigates show → seasons → episodes → parent with batched loads (no query per item)", async () => {
    const children = vi.spyOn(server.services.media, "childrenOf");
    const parents = vi.spyOn(server.services.media, "getMany");
    const response = await api.graphql(`{ mediaItem(id: ${media.showId}) { title children { seasonNumber children { episodeNumber title parent { seasonNumber parent { title } } } } } }`);
    expect(response.json.errors).toBeUndefined();
    const show = response.json.data.mediaItem;
    expect(show.children.map((s: { seasonNumber: number }) => s.seasonNumber)).toEqual([1, 2]);
    expect(show.children[1].children.map((e: { episodeNumber: number }) => e.episodeNumber)).toEqual([1, 2]);
    expect(show.children[1].children[0]).toMatchObject({ title: "Episode 2.1", parent: { seasonNumber: 2, parent: { title: "Seeded Show" } } });
    // One load per level of depth, not per item.
    expect(children).toHaveBeenCalledTimes(2);
    expect(parents).toHaveBeenCalledTimes(2);
    children.mockRestore();
    parents.mockRestore();
  });

  it("pages and filters, with the same validation as REST", async () => {
    const page = await api.graphql(`{ mediaItems(kind: Episode, pageSize: 3, pageNumber: 1) { pageNumber pageSize totalCount items { id } } }`);
    expect(page.json.data.mediaItems).toMatchObject({ pageNumber: 1, pageSize: 3, totalCount: 4 });
    expect(page.json.data.mediaItems.items).toHaveLength(1);
    const bad = await api.graphql(`{ mediaItems(pageSize: 0) { totalCount } }`);
    expect(bad.json.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "pageSize" }] });
    const rest = await api.get("/api/v1/media/items?pageSize=0");
    expect(rest.status).toBe(422);
    expect(rest.json.errors).toEqual(bad.json.errors[0].extensions.errors);
  });
});
