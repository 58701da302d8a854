import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePlex, type FakePlexServer } from "../../support/media-servers/plex/fake-plex-server";
import { makePlexFixture } from "../../support/media-servers/plex/plex-fixtures";
import { makeTempDir, useTestServer } from "../../support/test-server";
import { waitFor } from "../../support/wait";
import { logText } from "../support";

const TOKEN = "gqlPlexT0ken_77aa-Zx";
const { server, api } = useTestServer({ env: { Logging__Level: "debug" } });
let plex: FakePlexServer;
const texts: string[] = [];
const gql = async (query: string, variables?: Record<string, unknown>) => {
  const response = await api.graphql(query, variables);
  texts.push(response.text);
  return response.json;
};

beforeAll(async () => {
  plex = await startFakePlex(makePlexFixture(makeTempDir("airwave-plex-gql-")).content, TOKEN);
}, 60_000);
afterAll(() => plex?.close());

describe("Plex media sources over GraphQL", () => {
  it("adds, tests, syncs with source badges on the library and its items, edits and deletes; the token in no answer or log line", { timeout: 60_000 }, async () => {
    const create = `mutation($i: MediaSourceCreateInput!) { createMediaSource(input: $i) { id name kind hasCredential serverName } }`;
    const refused = await gql(create, { i: { name: "Plex g", kind: "Plex", url: plex.url, credential: "not-the-token" } });
    expect(refused.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "credential" }] });
    const created = await gql(create, { i: { name: "Plex g", kind: "Plex", url: plex.url, credential: TOKEN } });
    expect(created.errors).toBeUndefined();
    const source = created.data.createMediaSource;
    expect(source).toMatchObject({ kind: "Plex", hasCredential: true, serverName: "Fake Plex" });
    expect((await gql(`mutation($id: Int!) { testMediaSource(id: $id) { id name version } }`, { id: source.id })).data.testMediaSource).toEqual({
      id: "fake-plex-machine-id",
      name: "Fake Plex",
      version: "1.41.3.9314-a0bfb8370",
    });

    const enabled = await gql(`mutation($id: Int!, $r: String!) { enableMediaSourceLibrary(id: $id, remoteLibraryId: $r) { id kind } }`, { id: source.id, r: "2" });
    const libraryId = enabled.data.enableMediaSourceLibrary.id;
    await gql(`mutation($id: Int!) { scanLibrary(id: $id) { started } }`, { id: libraryId });
    const synced = await waitFor(async () => {
      const library = (await gql(`query($id: Int!) { library(id: $id) { scan { state } lastScanSuccess lastScanMessage source { name kind } } }`, { id: libraryId })).data.library;
      return library.scan === null && library.lastScanSuccess !== null ? library : undefined;
    }, "the sync", { timeoutMs: 20_000 });
    expect(synced).toMatchObject({ lastScanSuccess: true, source: { name: "Plex g", kind: "Plex" } });
    const episodes = await gql(`query($id: Int!) { mediaItems(libraryId: $id, kind: Episode) { items { id title } } }`, { id: libraryId });
    const first = episodes.data.mediaItems.items[0];
    const detail = await gql(`query($id: Int!) { mediaItem(id: $id) { title source { name kind } } }`, { id: first.id });
    expect(detail.data.mediaItem).toEqual({ title: "Episode 1.1", source: { name: "Plex g", kind: "Plex" } });

    const updated = await gql(`mutation($id: Int!, $i: MediaSourceUpdateInput!) { updateMediaSource(id: $id, input: $i) { pathReplacements { serverPath localPath } } }`, {
      id: source.id,
      i: { pathReplacements: [{ serverPath: "/data", localPath: "relative/path" }] },
    });
    expect(updated.errors[0].extensions.errors[0].field).toMatch(/^pathReplacements\[0\]\.localPath$/);
    expect((await gql(`mutation($id: Int!) { deleteMediaSource(id: $id) }`, { id: source.id })).errors).toBeUndefined();
    expect((await gql(`{ mediaSources { id } }`)).data.mediaSources).toEqual([]);

    for (const text of texts) expect(text).not.toContain(TOKEN);
    expect(logText(server.dataDir)).not.toContain(TOKEN);
  });
});
