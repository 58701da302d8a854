import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaServerKind } from "../../server/domain/enums";
import { createMediaServerClient } from "../../server/media-servers/registry";
import type { FakeMediaBrowserServer } from "../support/media-servers/mediabrowser/fake-mediabrowser-server";
import { fakeId } from "../support/media-servers/mediabrowser/fake-library";
import { addTwoVersionFilm, type TwoVersionFilm } from "../support/media-servers/mediabrowser/sample-library";
import { startFakePlex, type FakePlexServer } from "../support/media-servers/plex/fake-plex-server";
import { makePlexFixture, plexMovie, type PlexFixture } from "../support/media-servers/plex/plex-fixtures";
import { makeTempDir, useTestServer } from "../support/test-server";
import { API_KEY, MEDIABROWSER_KINDS, syncLibrary } from "./support";

const { api } = useTestServer();

interface Version {
  label?: string;
  path: string;
  width: number;
  height: number;
  streams: Array<{ kind: string; width?: number; height?: number }>;
}

/** Enables a server library as an Airwave library, syncs it (twice: the second changes nothing) and returns its films. */
async function syncFilms(sourceBody: Record<string, unknown>, remoteLibraryId: string): Promise<Array<{ id: number; title: string; versions: Version[] }>> {
  const source = await api.post("/api/v1/media-sources", sourceBody);
  expect(source.status, source.text).toBe(201);
  const library = await api.post(`/api/v1/media-sources/${source.json.id}/libraries`, { remoteLibraryId, name: `${sourceBody.name} films` });
  expect(library.status, library.text).toBe(201);
  for (const force of [false, true]) {
    const synced = await syncLibrary(api, library.json.id, force);
    expect(synced.lastScanSuccess, synced.lastScanMessage).toBe(true);
  }
  const items = (await api.get(`/api/v1/media/items?libraryId=${library.json.id}&kind=Movie`)).json.items as Array<{ id: number; title: string }>;
  return Promise.all(items.map(async (i) => ({ id: i.id, title: i.title, versions: (await api.get(`/api/v1/media/items/${i.id}`)).json.versions })));
}

function expectTwoVersions(films: Array<{ title: string; versions: Version[] }>): void {
  const film = films.find((f) => f.title === "Two Versions");
  expect(film, JSON.stringify(films)).toBeDefined();
  expect(film!.versions.map((v) => [v.label, v.width, v.height, v.streams.find((s) => s.kind === "Video")?.height])).toEqual([
    ["1080p", 192, 108, 108],
    ["720p", 128, 72, 72],
  ]);
  expect(new Set(film!.versions.map((v) => v.path)).size).toBe(2);
}

describe.each(MEDIABROWSER_KINDS)("$kind: a film with two versions", ({ kind, make }) => {
  let fake: FakeMediaBrowserServer;
  let film: TwoVersionFilm;
  let libraryId: string;

  beforeAll(async () => {
    fake = await make(API_KEY).start();
    libraryId = fakeId();
    fake.libraries.push({ id: libraryId, name: "Films", collectionType: "movies" });
    film = addTwoVersionFilm(fake, libraryId, makeTempDir());
  }, 60_000);
  afterAll(() => fake?.close());

  it("keeps both versions after a sync, each with its label, picture and streams", { timeout: 60_000 }, async () => {
    expectTwoVersions(await syncFilms({ name: `${kind} versions`, kind, url: fake.url, credential: API_KEY }, libraryId));
    // The listing asked for MediaSources, as the servers only send them when asked.
    expect(fake.requests.some((r) => r.path === "/items" && r.query.getAll("fields").join(",").toLowerCase().includes("mediasources"))).toBe(true);
  });

  it("streams each version from its own file (mediaSourceId)", async () => {
    const client = createMediaServerClient({ kind: kind as MediaServerKind, url: fake.url, credential: API_KEY });
    for (const [i, sourceId] of film.sourceIds.entries()) {
      const key = i === 0 ? `Videos/${film.movieId}` : `Videos/${film.movieId}/${sourceId}`;
      const stream = client.streamSource(key);
      const response = await fetch(stream.url, { headers: stream.headers });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(film.files.get(sourceId)!))).toBe(true);
    }
  });
});

describe("Plex: a film with two versions", () => {
  let fixture: PlexFixture;
  let plex: FakePlexServer;

  beforeAll(async () => {
    fixture = makePlexFixture(makeTempDir("airwave-plex-versions-"));
    const folder = `${fixture.serverRoot}/movies/Two Versions (2003)`;
    fixture.add(
      fixture.movies,
      plexMovie({
        title: "Two Versions",
        year: 2003,
        file: `${folder}/Two Versions (2003) - 1080p.mkv`,
        versions: [
          { file: `${folder}/Two Versions (2003) - 1080p.mkv`, width: 192, height: 108, resolution: "1080" },
          { file: `${folder}/Two Versions (2003) - 720p.mkv`, width: 128, height: 72, resolution: "720" },
        ],
      }),
    );
    plex = await startFakePlex(fixture.content);
  }, 60_000);
  afterAll(() => plex?.close());

  it("keeps both versions (two Media of one item) after a sync", { timeout: 60_000 }, async () => {
    const films = await syncFilms({ name: "Plex versions", kind: "Plex", url: plex.url, credential: plex.token }, "1");
    expectTwoVersions(films);
    // The other films keep their one version.
    for (const other of films.filter((f) => f.title !== "Two Versions")) expect(other.versions).toHaveLength(1);
  });
});
