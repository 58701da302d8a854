import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scanAndWait } from "../support/library-scan";
import { makeVideo } from "../support/media-fixtures";
import { makeTempDir, useTestServer } from "../support/test-server";

const { api } = useTestServer();
let root: string;
let libraryId: number;

async function movies(): Promise<Array<{ id: number; title: string; year: number }>> {
  return (await api.get(`/api/v1/media/items?pageSize=100&libraryId=${libraryId}&kind=Movie`)).json.items;
}

async function versionsOf(id: number): Promise<Array<{ label?: string; path: string; width: number; height: number }>> {
  return (await api.get(`/api/v1/media/items/${id}`)).json.versions;
}

beforeAll(async () => {
  root = makeTempDir("airwave-versions-");
  const film = path.join(root, "Film (2001)");
  // Tiny files whose pictures differ as the versions' names say (16:9 at two sizes).
  makeVideo(path.join(film, "Film (2001) - 1080p.mkv"), { seconds: 1, size: "192x108" });
  makeVideo(path.join(film, "Film (2001) - 720p.mkv"), { seconds: 1, size: "128x72" });
  // Two films in one folder stay two films; a film with one file keeps one version.
  makeVideo(path.join(root, "Shelf", "Alien (1979).mkv"), { seconds: 1 });
  makeVideo(path.join(root, "Shelf", "Aliens (1986) - 1080p.mkv"), { seconds: 1 });
  libraryId = (await api.post("/api/v1/libraries", { name: "Films", kind: "Movies", paths: [root] })).json.id;
});

describe("local versions of one film", () => {
  it("a pair of version-named files in one folder is one film with 2 versions after a scan", { timeout: 90_000 }, async () => {
    const scanned = await scanAndWait(api, libraryId);
    expect(scanned.lastScanSuccess, scanned.lastScanMessage).toBe(true);
    const list = await movies();
    expect(list.map((m) => [m.title, m.year]).sort()).toEqual([["Alien", 1979], ["Aliens", 1986], ["Film", 2001]]);
    const film = list.find((m) => m.title === "Film")!;
    const versions = await versionsOf(film.id);
    expect(versions.map((v) => [v.label, path.basename(v.path), v.width, v.height]).sort()).toEqual([
      ["1080p", "Film (2001) - 1080p.mkv", 192, 108],
      ["720p", "Film (2001) - 720p.mkv", 128, 72],
    ]);
    for (const single of list.filter((m) => m.title !== "Film")) expect(await versionsOf(single.id)).toHaveLength(1);
  });

  it("a version whose file is gone is removed at the next scan, the film stays; back again it is a version again", { timeout: 120_000 }, async () => {
    const film = (await movies()).find((m) => m.title === "Film")!;
    const file = path.join(root, "Film (2001)", "Film (2001) - 720p.mkv");
    const kept = path.join(root, "kept-720p.bin");
    fs.renameSync(file, kept);
    await scanAndWait(api, libraryId);
    expect((await movies()).find((m) => m.title === "Film")?.id).toBe(film.id);
    expect((await versionsOf(film.id)).map((v) => v.label)).toEqual(["1080p"]);

    fs.renameSync(kept, file);
    await scanAndWait(api, libraryId);
    expect((await movies()).filter((m) => m.title === "Film").map((m) => m.id)).toEqual([film.id]);
    expect((await versionsOf(film.id)).map((v) => v.label).sort()).toEqual(["1080p", "720p"]);
  });
});
