import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMediaBrowserServer } from "../support/media-servers/mediabrowser/fake-mediabrowser-server";
import { addSampleLibrary, type SampleLibrary } from "../support/media-servers/mediabrowser/sample-library";
import { makeTempDir, useTestServer } from "../support/test-server";
import { waitFor } from "../support/wait";
import { API_KEY, logText, MEDIABROWSER_KINDS } from "./support";

const { server, api } = useTestServer({ env: { Logging__Level: "debug" } });

describe.each(MEDIABROWSER_KINDS)("$kind media sources over GraphQL", ({ kind, make }) => {
  let fake: FakeMediaBrowserServer;
  let sample: SampleLibrary;
  const texts: string[] = [];
  const gql = async (query: string, variables?: Record<string, unknown>) => {
    const response = await api.graphql(query, variables);
    texts.push(response.text);
    return response.json;
  };

  beforeAll(async () => {
    fake = await make(API_KEY).start();
    sample = addSampleLibrary(fake, makeTempDir());
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
  });

  it("has no credential field: the schema only says whether one is stored", async () => {
    const introspection = await gql(`{ __type(name: "MediaSource") { fields { name } } }`);
    const fields = introspection.data.__type.fields.map((f: { name: string }) => f.name);
    expect(fields).toContain("hasCredential");
    expect(fields.filter((f: string) => /credential|token|key/i.test(f))).toEqual(["hasCredential"]);
  });

  it("adds, tests, lists libraries, enables, syncs, edits and deletes through the same service", async () => {
    const bad = await gql(`mutation($i: MediaSourceCreateInput!) { createMediaSource(input: $i) { id } }`, { i: { name: `${kind} g`, kind, url: fake.url, credential: "nope" } });
    expect(bad.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "credential" }] });
    const created = await gql(`mutation($i: MediaSourceCreateInput!) { createMediaSource(input: $i) { id name kind hasCredential serverName pathReplacements { serverPath localPath } } }`, {
      i: { name: `${kind} g`, kind, url: fake.url, credential: API_KEY, pathReplacements: [{ serverPath: "/srv/media", localPath: "/mnt/media" }] },
    });
    expect(created.errors).toBeUndefined();
    const source = created.data.createMediaSource;
    expect(source).toMatchObject({ kind, hasCredential: true, serverName: `Fake ${kind}`, pathReplacements: [{ serverPath: "/srv/media", localPath: "/mnt/media" }] });
    const tested = await gql(`mutation($id: Int!) { testMediaSource(id: $id) { name version } }`, { id: source.id });
    expect(tested.data.testMediaSource.name).toBe(`Fake ${kind}`);
    const libraries = await gql(`query($id: Int!) { mediaSourceLibraries(id: $id) { id name kind libraryId } }`, { id: source.id });
    expect(libraries.data.mediaSourceLibraries.map((l: { kind: string }) => l.kind)).toEqual(["Movies", "Shows"]);
    const enabled = await gql(`mutation($id: Int!, $r: String!) { enableMediaSourceLibrary(id: $id, remoteLibraryId: $r) { id name kind } }`, { id: source.id, r: sample.moviesLibraryId });
    expect(enabled.data.enableMediaSourceLibrary).toMatchObject({ name: `Films (${kind} g)`, kind: "Movies" });
    const libraryId = enabled.data.enableMediaSourceLibrary.id;
    await gql(`mutation($id: Int!) { scanLibrary(id: $id) { started } }`, { id: libraryId });
    const synced = await waitFor(async () => {
      const library = (await gql(`query($id: Int!) { library(id: $id) { scan { state } lastScanSuccess lastScanMessage source { name kind } } }`, { id: libraryId })).data.library;
      return library.scan === null && library.lastScanSuccess !== null ? library : undefined;
    }, "the sync", { timeoutMs: 20_000 });
    expect(synced).toMatchObject({ lastScanSuccess: true, source: { name: `${kind} g`, kind } });
    const movies = await gql(`query($id: Int!) { mediaItems(libraryId: $id, kind: Movie) { items { title year contentRating } } }`, { id: libraryId });
    expect(movies.errors, JSON.stringify(movies.errors)).toBeUndefined();
    expect(movies.data.mediaItems.items).toEqual([{ title: "Remote Movie", year: 2001, contentRating: "PG-13" }]);
    const smart = await gql(`mutation { createSmartCollection(name: "${kind} studio", query: "studio:\\"Fake Studio\\" AND type:movie") { id } }`);
    expect(smart.errors, JSON.stringify(smart.errors)).toBeUndefined();
    const smartItems = await api.get(`/api/v1/collections/smart/${smart.data.createSmartCollection.id}/items`);
    expect(smartItems.json.items.map((i: { title: string }) => i.title), "a smart collection over the server's items").toEqual(["Remote Movie"]);
    const boxSets = await gql(`query($id: Int!) { mediaSourceCollections(id: $id) { remoteId remoteKind name itemCount collectionId } }`, { id: source.id });
    expect(boxSets.data.mediaSourceCollections).toEqual([
      { remoteId: sample.boxSetId, remoteKind: "Collection", name: "Remote Box Set", itemCount: 1, collectionId: null },
      { remoteId: sample.playlistId, remoteKind: "Playlist", name: "Remote Playlist", itemCount: 2, collectionId: null },
    ]);
    const imported = await gql(`mutation($id: Int!, $r: String!) { importMediaSourceCollection(id: $id, remoteKind: "Collection", remoteId: $r, name: "${kind} box") }`, { id: source.id, r: sample.boxSetId });
    const collection = await gql(`query($id: Int!) { collection(id: $id) { name items { title } } }`, { id: imported.data.importMediaSourceCollection });
    expect(collection.data.collection).toEqual({ name: `${kind} box`, items: [{ title: "Remote Movie" }] });
    const edited = await gql(`mutation($id: Int!) { updateMediaSource(id: $id, input: { name: "${kind} renamed" }) { name hasCredential } }`, { id: source.id });
    expect(edited.data.updateMediaSource).toEqual({ name: `${kind} renamed`, hasCredential: true });
    const listed = await gql(`{ mediaSources { id name url } }`);
    expect(listed.data.mediaSources.map((s: { name: string }) => s.name)).toContain(`${kind} renamed`);
    await gql(`{ sessions { channelNumber } }`);
    expect((await gql(`mutation($id: Int!) { deleteMediaSource(id: $id) }`, { id: source.id })).data.deleteMediaSource).toBe(String(source.id));
    expect((await gql(`query($id: Int!) { library(id: $id) { id } }`, { id: libraryId })).errors[0].extensions.code).toBe("NOT_FOUND");
    for (const text of texts) expect(text).not.toContain(API_KEY);
    expect(logText(server.dataDir)).not.toContain(API_KEY);
  });
});
