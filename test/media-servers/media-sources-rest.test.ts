import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMediaBrowserServer } from "../support/media-servers/mediabrowser/fake-mediabrowser-server";
import { addSampleLibrary, samplePng, type SampleLibrary } from "../support/media-servers/mediabrowser/sample-library";
import { makeTempDir, useTestServer } from "../support/test-server";
import { API_KEY, fieldError, logText, MEDIABROWSER_KINDS, syncLibrary } from "./support";

const { server, api } = useTestServer({ env: { Logging__Level: "debug" } });

describe.each(MEDIABROWSER_KINDS)("$kind media sources over REST", ({ kind, make, wrongKind }) => {
  let fake: FakeMediaBrowserServer;
  let other: FakeMediaBrowserServer;
  let sample: SampleLibrary;
  const seen: string[] = [];
  const record = <T extends { text: string }>(response: T): T => {
    seen.push(response.text);
    return response;
  };

  beforeAll(async () => {
    fake = await make(API_KEY).start();
    fake.image = samplePng();
    sample = addSampleLibrary(fake, makeTempDir());
    other = await wrongKind(API_KEY).start();
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await other?.close();
  });

  const body = (extra: Record<string, unknown> = {}) => ({ name: `${kind} home`, kind, url: fake.url, credential: API_KEY, ...extra });

  it("tests a new source first and names what failed, storing nothing", async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ credential: "wrong-key" }, "credential", /401 unauthorized/],
      // One message whatever failed (refused, TLS, timeout): no socket error code to map ports with.
      [{ url: "http://127.0.0.1:1" }, "url", /^cannot reach the server at http:\/\/127\.0\.0\.1:1$/],
      [{ url: other.url }, "kind", /not that kind of server/],
      [{ url: "https://127.0.0.1:1" }, "url", /^cannot reach the server at https:\/\/127\.0\.0\.1:1$/],
      [{ url: `https://${fake.url.slice("http://".length)}` }, "url", /^cannot reach the server at https:\/\/127\.0\.0\.1:\d+$/],
      [{ url: "ftp://x" }, "url", /http/],
      [{ credential: "" }, "credential", /empty/],
      [{ pathReplacements: [{ serverPath: "/data", localPath: "relative" }] }, "pathReplacements[0].localPath", /absolute/],
    ];
    for (const [extra, field, message] of cases) {
      const response = record(await api.post("/api/v1/media-sources", body(extra)));
      expect(response.status, response.text).toBe(422);
      expect(fieldError(response.json, field), response.text).toMatch(message);
    }
    expect((await api.get("/api/v1/media-sources")).json.filter((s: { kind: string }) => s.kind === kind)).toEqual([]);
  });

  it("adds, tests, edits and deletes a source without ever returning the key", async () => {
    const created = record(await api.post("/api/v1/media-sources", body({ pathReplacements: [{ serverPath: "/srv/media", localPath: "/mnt/nas" }] })));
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ name: `${kind} home`, kind, url: fake.url, hasCredential: true, serverName: `Fake ${kind}`, pathReplacements: [{ serverPath: "/srv/media", localPath: "/mnt/nas" }] });
    expect(created.json).not.toHaveProperty("credential");
    const id = created.json.id;
    const tested = record(await api.post(`/api/v1/media-sources/${id}/test`));
    expect(tested.status).toBe(200);
    expect(tested.json).toMatchObject({ name: `Fake ${kind}`, version: expect.any(String), id: expect.any(String) });
    record(await api.get(`/api/v1/media-sources/${id}`));
    record(await api.get("/api/v1/media-sources"));
    const renamed = record(await api.put(`/api/v1/media-sources/${id}`, { name: `${kind} den`, pathReplacements: [] }));
    expect(renamed.json).toMatchObject({ name: `${kind} den`, pathReplacements: [], hasCredential: true });
    const badKey = record(await api.put(`/api/v1/media-sources/${id}`, { credential: "nope" }));
    expect(badKey.status).toBe(422);
    expect(record(await api.post(`/api/v1/media-sources/${id}/test`)).status).toBe(200);
    fake.apiKey = "rotated";
    const refused = record(await api.post(`/api/v1/media-sources/${id}/test`));
    expect(refused.status).toBe(422);
    expect(fieldError(refused.json, "credential"), refused.text).toMatch(/unauthorized/);
    fake.apiKey = API_KEY;
    expect((await api.delete(`/api/v1/media-sources/${id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/media-sources/${id}`)).status).toBe(404);
    expect((await api.post(`/api/v1/media-sources/${id}/test`)).status).toBe(404);
  });

  it("lists the server's libraries, enables one and syncs it fully then incrementally", { timeout: 60_000 }, async () => {
    const createdSource = record(await api.post("/api/v1/media-sources", body({ name: `${kind} sync` })));
    expect(createdSource.status, createdSource.text).toBe(201);
    const source = createdSource.json;
    const libraries = record(await api.get(`/api/v1/media-sources/${source.id}/libraries`));
    expect(libraries.json, libraries.text).toEqual([
      { id: sample.moviesLibraryId, name: "Films", kind: "Movies" },
      { id: sample.showsLibraryId, name: "TV", kind: "Shows" },
    ]);
    const enabled = record(await api.post(`/api/v1/media-sources/${source.id}/libraries`, { remoteLibraryId: sample.showsLibraryId, name: `${kind} TV` }));
    expect(enabled.status, enabled.text).toBe(201);
    expect(enabled.json).toMatchObject({ name: `${kind} TV`, kind: "Shows" });
    const libraryId = enabled.json.id;
    expect((await api.post(`/api/v1/media-sources/${source.id}/libraries`, { remoteLibraryId: sample.showsLibraryId })).status).toBe(422);
    expect((await api.get(`/api/v1/media-sources/${source.id}/libraries`)).json[1].libraryId).toBe(libraryId);

    const first = await syncLibrary(api, libraryId);
    expect(first.lastScanSuccess, first.lastScanMessage).toBe(true);
    expect(first.lastScanMessage).toMatch(/^4 added, 0 updated/);
    const shows = (await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Show`)).json;
    expect(shows.items.map((s: { title: string }) => s.title)).toEqual(["Remote Show"]);
    // Emby's tags come as TagItems, Jellyfin's as Tags: the show has its tag either way.
    expect(record(await api.get(`/api/v1/media/items/${shows.items[0].id}`)).json.tags).toEqual(["Classic TV"]);
    const episodes = (await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Episode`)).json.items;
    expect(episodes.map((e: { title: string; seasonNumber: number; episodeNumber: number }) => [e.title, e.seasonNumber, e.episodeNumber])).toEqual([["Pilot 1", 1, 1], ["Pilot 2", 1, 2]]);
    const detail = record(await api.get(`/api/v1/media/items/${episodes[0].id}`)).json;
    expect(JSON.stringify(detail)).toContain("spa");
    // Artwork is fetched once into Airwave's cache and served from there: players never need the server.
    const thumbnail = detail.artwork?.find((a: { kind: string }) => a.kind === "Thumbnail");
    expect(thumbnail, JSON.stringify(detail.artwork)).toBeDefined();
    expect(thumbnail.url).not.toContain(fake.url);
    const image = await fetch(thumbnail.url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(samplePng())).toBe(true);

    // Incremental: one changed, one added in a new season, one removed.
    const later = Date.now();
    fake.update(sample.episodeIds[0], { Name: "Pilot One" }, later);
    const seasonTwo = "5e".padStart(32, "0");
    const newEpisode = "5f".padStart(32, "0");
    fake.add({ libraryId: sample.showsLibraryId, savedAt: later, dto: { Id: seasonTwo, Type: "Season", Name: "Season 2", IndexNumber: 2, SeriesId: sample.showId } });
    fake.add({ libraryId: sample.showsLibraryId, savedAt: later, dto: { ...fake.items.get(sample.episodeIds[1])!.dto, Id: newEpisode, Name: "Return", IndexNumber: 1, ParentIndexNumber: 2, SeasonId: seasonTwo, ParentId: seasonTwo } });
    fake.remove(sample.episodeIds[1]);
    const listingsBefore = fake.requests.length;
    const second = await syncLibrary(api, libraryId);
    expect(second.lastScanMessage).toMatch(/^2 added, 1 updated, .* 1 trashed/);
    const incremental = fake.requests.slice(listingsBefore).find((r) => r.path === "/items" && r.query.has("mindatelastsaved"));
    expect(incremental, "the re-sync asks for changes only").toBeDefined();
    const after = (await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Episode`)).json.items.map((e: { title: string; seasonNumber: number }) => [e.title, e.seasonNumber]);
    expect(after).toEqual([["Pilot One", 1], ["Return", 2]]);
    const trashed = (await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Episode&includeTrashed=true`)).json.items;
    expect(trashed.find((e: { title: string }) => e.title === "Pilot 2")?.state).toBe("Trashed");
    expect((await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Season`)).json.items).toHaveLength(2);

    // A server that fails mid-sync leaves everything as it was.
    fake.itemsFault = { afterRequests: 1, status: 500 }; // the id listing answers, the item pages fail
    const failed = await syncLibrary(api, libraryId, true);
    fake.itemsFault = null;
    expect(failed.lastScanSuccess).toBe(false);
    expect(failed.lastScanMessage).toMatch(/nothing changed.*server error/);
    expect((await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Episode`)).json.items.map((e: { title: string }) => e.title)).toEqual(["Pilot One", "Return"]);
    await fake.close();
    const down = await syncLibrary(api, libraryId);
    await fake.start();
    expect(down.lastScanMessage).toMatch(/unreachable/);
    expect((await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Episode`)).json.items).toHaveLength(2);
  });

  it("a server whose clock runs 30 minutes behind Airwave's has a renamed item picked up by the next incremental sync", { timeout: 60_000 }, async () => {
    fake.clockOffsetMs = -30 * 60_000;
    try {
      const source = record(await api.post("/api/v1/media-sources", body({ name: `${kind} late clock` }))).json;
      const enabled = record(await api.post(`/api/v1/media-sources/${source.id}/libraries`, { remoteLibraryId: sample.moviesLibraryId, name: `${kind} late films` }));
      expect(enabled.status, enabled.text).toBe(201);
      const libraryId = enabled.json.id;
      const first = await syncLibrary(api, libraryId);
      expect(first.lastScanSuccess, first.lastScanMessage).toBe(true);
      // Renamed on the server just after, by the server's clock: 30 minutes behind Airwave's.
      fake.update(sample.movieId, { Name: "Remote Movie, Recut" }, fake.now());
      const before = fake.requests.length;
      const second = await syncLibrary(api, libraryId);
      expect(second.lastScanSuccess, second.lastScanMessage).toBe(true);
      expect(fake.requests.slice(before).some((r) => r.path === "/items" && r.query.has("mindatelastsaved")), "an incremental sync").toBe(true);
      const movies = (await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Movie`)).json.items;
      expect(movies.map((m: { title: string }) => m.title)).toEqual(["Remote Movie, Recut"]);
    } finally {
      fake.clockOffsetMs = 0;
      fake.update(sample.movieId, { Name: "Remote Movie" }, fake.now());
    }
  });

  it("never lets the key into a response, the log or the session listing", async () => {
    record(await api.get("/api/v1/sessions"));
    for (const text of seen) expect(text).not.toContain(API_KEY);
    const log = logText(server.dataDir);
    expect(log).toContain("sync started");
    expect(log).not.toContain(API_KEY);
  });
});
