import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePlex, type FakePlexServer } from "../../support/media-servers/plex/fake-plex-server";
import { addSeason, makePlexFixture, type PlexFixture } from "../../support/media-servers/plex/plex-fixtures";
import { makeTempDir, useTestServer } from "../../support/test-server";
import { fieldError, logText, syncLibrary } from "../support";

const TOKEN = "xPlexT0ken-4u2c_9Zq";
const LATER = 1_700_000_500;

const { server, api } = useTestServer({ env: { Logging__Level: "debug" } });
let fixture: PlexFixture;
let plex: FakePlexServer;
/** A web server that is not Plex (answers every path with an HTML page). */
let notPlex: http.Server;
let notPlexUrl: string;
/** Every response body of the Airwave server this file saw: none may hold the token. */
const seen: string[] = [];
const record = <T extends { text: string }>(response: T): T => {
  seen.push(response.text);
  return response;
};

beforeAll(async () => {
  fixture = makePlexFixture(makeTempDir("airwave-plex-sources-"));
  plex = await startFakePlex(fixture.content, TOKEN);
  notPlex = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Welcome</body></html>"));
  await new Promise<void>((resolve) => notPlex.listen(0, "127.0.0.1", resolve));
  notPlexUrl = `http://127.0.0.1:${(notPlex.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await plex?.close();
  await new Promise((resolve) => notPlex?.close(resolve));
});

const body = (extra: Record<string, unknown> = {}) => ({ name: "Living room Plex", kind: "Plex", url: plex.url, credential: TOKEN, ...extra });

async function closedPortUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe("Plex media sources over REST", () => {
  it("tests a new Plex source first and names what failed, storing nothing", async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ credential: "wrong-token" }, "credential", /unauthorized/],
      [{ url: await closedPortUrl() }, "url", /^cannot reach the server at http:\/\/127\.0\.0\.1:\d+$/],
      [{ url: notPlexUrl }, "kind", /not that kind of server/],
    ];
    for (const [extra, field, message] of cases) {
      const response = record(await api.post("/api/v1/media-sources", body(extra)));
      expect(response.status, response.text).toBe(422);
      expect(fieldError(response.json, field), response.text).toMatch(message);
    }
    expect((await api.get("/api/v1/media-sources")).json).toEqual([]);
  });

  it("adds, tests, edits and deletes a Plex source without returning the token", async () => {
    const created = record(await api.post("/api/v1/media-sources", body({ name: "Plex den", pathReplacements: [{ serverPath: "/data", localPath: fixture.localRoot }] })));
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ kind: "Plex", hasCredential: true, serverName: "Fake Plex", serverVersion: "1.41.3.9314-a0bfb8370", serverId: "fake-plex-machine-id" });
    const id = created.json.id;
    const tested = record(await api.post(`/api/v1/media-sources/${id}/test`));
    expect(tested.json).toEqual({ id: "fake-plex-machine-id", name: "Fake Plex", version: "1.41.3.9314-a0bfb8370" });
    const edited = record(await api.put(`/api/v1/media-sources/${id}`, { name: "Plex study", pathReplacements: [] }));
    expect(edited.json).toMatchObject({ name: "Plex study", pathReplacements: [], hasCredential: true });
    expect(record(await api.put(`/api/v1/media-sources/${id}`, { credential: "not-the-token" })).status).toBe(422);
    plex.failWhen((path) => path === "/", 500);
    const failing = record(await api.post(`/api/v1/media-sources/${id}/test`));
    plex.clearFailures();
    expect(failing.status).toBe(422);
    expect(failing.text).toMatch(/500/);
    expect((await api.delete(`/api/v1/media-sources/${id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/media-sources/${id}`)).status).toBe(404);
  });

  let sourceId: number;
  let showsLibraryId: number;

  it("lists Plex sections, syncs TV Shows fully, then incrementally: a changed episode, a new season, a removed episode", { timeout: 90_000 }, async () => {
    sourceId = record(await api.post("/api/v1/media-sources", body())).json.id;
    const libraries = record(await api.get(`/api/v1/media-sources/${sourceId}/libraries`));
    expect(libraries.json).toEqual([
      { id: "1", name: "Movies", kind: "Movies" },
      { id: "2", name: "TV Shows", kind: "Shows" },
    ]);
    const enabled = record(await api.post(`/api/v1/media-sources/${sourceId}/libraries`, { remoteLibraryId: "2", name: "Plex TV" }));
    expect(enabled.status, enabled.text).toBe(201);
    showsLibraryId = enabled.json.id;

    const first = await syncLibrary(api, showsLibraryId);
    expect(first.lastScanSuccess, first.lastScanMessage).toBe(true);
    expect(first.lastScanMessage).toMatch(/^4 added, 0 updated/);
    const episodes = async () =>
      (await api.get(`/api/v1/media/items?libraryId=${showsLibraryId}&kind=Episode`)).json.items.map((e: { title: string; seasonNumber: number; episodeNumber: number }) => [e.title, e.seasonNumber, e.episodeNumber]);
    expect(await episodes()).toEqual([
      ["Episode 1.1", 1, 1],
      ["Episode 1.2", 1, 2],
    ]);

    const [show] = fixture.shows.items;
    const [firstEpisode, secondEpisode] = fixture.shows.items.filter((item) => item.type === "episode");
    firstEpisode.title = "The Pilot";
    fixture.touch(firstEpisode, LATER);
    addSeason(fixture.shows, fixture.add, show, 2, 1, fixture.serverRoot, LATER);
    fixture.remove(fixture.shows, secondEpisode.ratingKey);
    const requestsBefore = plex.requests.length;
    const second = await syncLibrary(api, showsLibraryId);
    expect(second.lastScanMessage).toMatch(/^2 added, 1 updated, .*1 trashed/);
    const listings = plex.requests.slice(requestsBefore).filter((r) => r.path === "/library/sections/2/all" && r.query.has("type"));
    expect(listings.some((r) => r.query.has("updatedAt>>")), "the re-sync asks for changes only").toBe(true);
    expect(await episodes()).toEqual([
      ["The Pilot", 1, 1],
      ["Episode 2.1", 2, 1],
    ]);
    expect((await api.get(`/api/v1/media/items?libraryId=${showsLibraryId}&kind=Season`)).json.items).toHaveLength(2);
    const trashed = (await api.get(`/api/v1/media/items?libraryId=${showsLibraryId}&kind=Episode&includeTrashed=true`)).json.items;
    expect(trashed.find((e: { title: string }) => e.title === "Episode 1.2")?.state).toBe("Trashed");

    plex.failWhen((path) => path.startsWith("/library/metadata/"), 500);
    const failed = await syncLibrary(api, showsLibraryId, true);
    plex.clearFailures();
    expect(failed.lastScanSuccess).toBe(false);
    expect(failed.lastScanMessage).toMatch(/server error/);
    expect(await episodes()).toEqual([
      ["The Pilot", 1, 1],
      ["Episode 2.1", 2, 1],
    ]);
  });

  it("Plex guids reach YAML show keys: a show: entry by tvdb id plays the Plex show's episodes", async () => {
    const definition = 'content:\n  - show:\n    key: plex\n    guids: [{source: tvdb, value: 81189}]\n    order: chronological\nplayout:\n  - count: 4\n    content: plex\n  - repeat: true\n';
    const preview = record(await api.post("/api/v1/playouts/preview", { definition, start: "2026-03-01T00:00:00Z", hours: 1 }));
    expect(preview.status, preview.text).toBe(200);
    const episodes = (await api.get(`/api/v1/media/items?libraryId=${showsLibraryId}&kind=Episode`)).json.items.map((e: { id: number }) => e.id);
    expect(preview.json.items.slice(0, 2).map((i: { mediaItemId: number }) => i.mediaItemId)).toEqual(episodes);
  });

  it("a smart collection matches Plex items like local ones", async () => {
    const smart = record(await api.post("/api/v1/collections/smart", { name: "Plex show episodes", query: 'type:episode show_title:"Plex Show"' }));
    expect(smart.status, smart.text).toBe(201);
    const items = record(await api.get(`/api/v1/collections/smart/${smart.json.id}/items`)).json.items;
    expect(items.map((i: { title: string }) => i.title).sort()).toEqual(["Episode 2.1", "The Pilot"]);
  });

  it("imports a Plex collection and a playlist as Airwave collections", async () => {
    const movies = record(await api.post(`/api/v1/media-sources/${sourceId}/libraries`, { remoteLibraryId: "1" }));
    expect((await syncLibrary(api, movies.json.id)).lastScanSuccess).toBe(true);
    const remote = record(await api.get(`/api/v1/media-sources/${sourceId}/collections`)).json;
    expect(remote.map((c: { remoteKind: string; name: string; itemCount: number }) => [c.remoteKind, c.name, c.itemCount])).toEqual([
      ["Collection", "Plex Favourites", 2],
      ["Playlist", "Plex Evening", 2],
    ]);
    for (const collection of remote) {
      const imported = record(await api.post(`/api/v1/media-sources/${sourceId}/collections`, { remoteKind: collection.remoteKind, remoteId: collection.remoteId }));
      expect(imported.status, imported.text).toBe(201);
      const items = (await api.get(`/api/v1/collections/${imported.json.collectionId}/items`)).json;
      expect(JSON.stringify(items)).toContain("Alpha Movie");
      expect(JSON.stringify(items)).toContain("Beta Movie");
    }
  });

  it("a Plex server that is down fails the sync cleanly and keeps the items", async () => {
    await plex.close();
    const down = await syncLibrary(api, showsLibraryId);
    expect(down.lastScanSuccess).toBe(false);
    expect(down.lastScanMessage).toMatch(/unreachable/);
    expect((await api.get(`/api/v1/media/items?libraryId=${showsLibraryId}&kind=Episode`)).json.items).toHaveLength(2);
  });

  it("never lets the token into a response, the log or the session listing", async () => {
    record(await api.get("/api/v1/sessions"));
    record(await api.get(`/api/v1/media-sources/${sourceId}`));
    for (const text of seen) expect(text).not.toContain(TOKEN);
    const log = logText(server.dataDir);
    expect(log).toContain("sync");
    expect(log).not.toContain(TOKEN);
  });
});
