import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scanAndWait as scanLibrary } from "../support/library-scan";
import { makeImage } from "../support/artwork-fixtures";
import { makeTestLibrary } from "../support/media-fixtures";
import { makeTempDir, useTestServer } from "../support/test-server";

const { server, api } = useTestServer();
let fixture: ReturnType<typeof makeTestLibrary>;
let moviesId: number;
let showsId: number;

function scanAndWait(libraryId: number, query = ""): Promise<any> {
  return scanLibrary(api, libraryId, query);
}

async function items(query: string) {
  return (await api.get(`/api/v1/media/items?pageSize=500&${query}`)).json;
}

beforeAll(async () => {
  fixture = makeTestLibrary(makeTempDir("airwave-library-"));
  moviesId = (await api.post("/api/v1/libraries", { name: "Movies", kind: "Movies", paths: [fixture.movies] })).json.id;
  showsId = (await api.post("/api/v1/libraries", { name: "Shows", kind: "Shows", paths: [fixture.shows] })).json.id;
});

describe("scanning a real library through the scanner child process", () => {
  it("finds every show, season, episode and movie with streams, chapters and NFO metadata", async () => {
    const [movies, shows] = await Promise.all([scanAndWait(moviesId), scanAndWait(showsId)]);
    expect(movies).toMatchObject({ lastScanSuccess: true });
    expect(movies.lastScanMessage).toMatch(/^3 probed, 0 unchanged/);
    expect(shows.lastScanMessage).toMatch(/^6 probed, 0 unchanged/);

    const showList = await items(`libraryId=${showsId}&kind=Show`);
    expect(showList.items.map((s: { title: string; year: number }) => [s.title, s.year])).toEqual([["Test Show", 2020]]);
    const seasons = await items(`parentId=${showList.items[0].id}`);
    expect(seasons.items.map((s: { seasonNumber: number }) => s.seasonNumber)).toEqual([1, 2]);
    for (const season of seasons.items) {
      const episodes = await items(`parentId=${season.id}`);
      expect(episodes.items.map((e: { episodeNumber: number; title: string }) => [e.episodeNumber, e.title])).toEqual(
        [1, 2, 3].map((n) => [n, `Title ${season.seasonNumber}.${n}`]),
      );
    }

    const episode = (await items(`libraryId=${showsId}&kind=Episode`)).items[0];
    const detail = (await api.get(`/api/v1/media/items/${episode.id}`)).json;
    expect(detail.versions).toHaveLength(1);
    const [version] = detail.versions;
    expect(version.durationMs).toBeGreaterThan(2900);
    expect(version.durationMs).toBeLessThan(3200);
    expect(version).toMatchObject({ width: 160, height: 120 });
    expect(version.streams.map((s: { kind: string; codec: string; language?: string }) => [s.kind, s.codec, s.language])).toEqual([
      ["Video", "h264", undefined],
      ["Audio", "aac", "eng"],
      ["Audio", "aac", "ger"],
    ]);
    expect(version.chapters.map((c: { startMs: number; endMs: number }) => [c.startMs, c.endMs])).toEqual([[0, 1000], [1000, 2000], [2000, 3000]]);

    const movieList = (await items(`libraryId=${moviesId}&kind=Movie`)).items;
    expect(movieList.map((m: { title: string; year: number }) => [m.title, m.year])).toEqual([["Alpha", 1999], ["Beta", 2005], ["Gamma Rays", 2011]]);
    const gamma = (await api.get(`/api/v1/media/items/${movieList[2].id}`)).json;
    expect(gamma).toMatchObject({ plot: "Light from far away.", genres: ["Science"], tags: ["space"], studios: ["Orbit"], directors: ["Bo Ma"], actors: [{ name: "Ann Lee", role: "Pilot" }], guids: [{ source: "imdb", value: "tt0000042" }] });
    expect((await items(`libraryId=${moviesId}`)).totalCount).toBe(3);
  });

  it("a rescan with no changes probes nothing", async () => {
    const movies = await scanAndWait(moviesId);
    expect(movies.lastScanSuccess).toBe(true);
    expect(movies.lastScanMessage).toMatch(/^0 probed, 3 unchanged, 0 trashed/);
    const shows = await scanAndWait(showsId);
    expect(shows.lastScanMessage).toMatch(/^0 probed, 6 unchanged, 0 trashed/);
  });

  it("a second scan request while one runs joins it", async () => {
    const first = await api.post(`/api/v1/libraries/${showsId}/scan?force=true`);
    const second = await api.post(`/api/v1/libraries/${showsId}/scan`);
    expect(first.json.started).toBe(true);
    expect(second.json.started).toBe(false);
    const library = await scanAndWait(showsId);
    expect(library.lastScanMessage).toMatch(/^6 probed/);
  });

  it("a deleted file goes to the trash, comes back when restored, and empty_trash removes it", async () => {
    const [episodeFile] = fixture.episodeFiles;
    const backup = `${episodeFile}.bak`;
    const episode = (await items(`libraryId=${showsId}&kind=Episode`)).items.find((e: { seasonNumber: number; episodeNumber: number }) => e.seasonNumber === 1 && e.episodeNumber === 1);
    fs.renameSync(episodeFile, backup);
    let library = await scanAndWait(showsId);
    expect(library.lastScanMessage).toMatch(/1 trashed/);
    expect((await api.get(`/api/v1/media/items/${episode.id}`)).json.state).toBe("Trashed");
    expect((await items(`libraryId=${showsId}&kind=Episode`)).totalCount).toBe(5);

    fs.renameSync(backup, episodeFile);
    library = await scanAndWait(showsId);
    expect(library.lastScanMessage).toMatch(/1 restored/);
    expect((await api.get(`/api/v1/media/items/${episode.id}`)).json.state).toBe("Normal");

    fs.rmSync(episodeFile);
    await scanAndWait(showsId);
    const emptied = await api.post("/api/v1/maintenance/empty_trash");
    expect(emptied.status).toBe(200);
    expect(emptied.json.deleted).toBe(1);
    expect((await api.get(`/api/v1/media/items/${episode.id}`)).status).toBe(404);
    expect((await items(`libraryId=${showsId}&kind=Episode&includeTrashed=true`)).totalCount).toBe(5);
  });

  it("clean_artwork keeps referenced artwork and removes the rest", async () => {
    makeImage(path.join(path.dirname(fixture.movieFiles[0]), "poster.jpg"), "red");
    await scanAndWait(moviesId, "?force=true");
    const orphan = path.join(server.dataDir, "artwork", "zz", "orphan.jpg");
    fs.mkdirSync(path.dirname(orphan), { recursive: true });
    fs.writeFileSync(orphan, "x");
    const cleaned = await api.post("/api/v1/maintenance/clean_artwork");
    expect(cleaned.status).toBe(200);
    expect(cleaned.json.deleted).toBe(1);
    expect(fs.existsSync(orphan)).toBe(false);
    const cached = fs.readdirSync(path.join(server.dataDir, "artwork"), { recursive: true }).filter((f) => String(f).endsWith(".jpg"));
    expect(cached.map((f) => path.basename(String(f)).replace(/^[0-9a-f]{64}/, "<digest>")).sort()).toEqual(["<digest>-w320.jpg", "<digest>.jpg"]);
  });

  it("scan of an unknown library is 404; scan callbacks with an unknown scan id are 404", async () => {
    expect((await api.post("/api/v1/libraries/9999/scan")).status).toBe(404);
    expect((await api.post("/api/v1/scan/not-a-scan/progress", { percent: 5 })).status).toBe(404);
    expect((await api.get("/api/v1/scan/not-a-scan/plan")).status).toBe(404);
  });
});
