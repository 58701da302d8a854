import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaServerKind } from "../../server/domain/enums";
import { createMediaServerClient } from "../../server/media-servers/registry";
import { fakeEmby } from "../support/media-servers/emby/fake-emby";
import { fakeJellyfin } from "../support/media-servers/jellyfin/fake-jellyfin";
import type { FakeMediaBrowserServer } from "../support/media-servers/mediabrowser/fake-mediabrowser-server";
import { addSampleLibrary, type SampleLibrary } from "../support/media-servers/mediabrowser/sample-library";
import { startFakePlex } from "../support/media-servers/plex/fake-plex-server";
import { makePlexFixture } from "../support/media-servers/plex/plex-fixtures";
import { startRecordingListener, type RecordingListener } from "../support/recording-listener";
import { makeTempDir, useTestServer } from "../support/test-server";
import { fieldError, syncLibrary } from "../media-servers/support";

/**
 * A stored credential stays with the server it was entered for: changing a source's address or kind
 * without giving the credential again sends nothing anywhere, and no request carrying it follows a
 * redirect to another origin. The "other machine" is a real listener on loopback recording every request.
 */
const { server, api } = useTestServer();

type Kind = "Jellyfin" | "Emby" | "Plex";

/** What a server of each kind says about itself without a key: enough for today's clients to go on and send it. */
function answerAs(kind: Kind) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const info = kind === "Jellyfin" ? { Id: "ab".repeat(16), ServerName: "Other", Version: "10.10.7", ProductName: "Jellyfin Server" } : { Id: "cd".repeat(16), ServerName: "Other", Version: "4.8.10.0" };
    if (kind !== "Plex" && /\/system\/info\/public$/i.test(new URL(req.url ?? "/", "http://x").pathname)) return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(info));
    res.writeHead(401, { "Content-Type": "text/plain" }).end("Unauthorized");
  };
}

const KEYS: Record<Kind, string> = { Jellyfin: "jfKey0123456789abcdef", Emby: "embyKey0123456789abcd", Plex: "plexTok3n-abcdef_0123" };
/** The kind a source is changed to in the kind+URL case. */
const OTHER: Record<Kind, Kind> = { Jellyfin: "Emby", Emby: "Jellyfin", Plex: "Jellyfin" };

async function startServerOf(kind: Kind): Promise<{ url: string; close(): Promise<void> }> {
  if (kind === "Plex") return startFakePlex(makePlexFixture(makeTempDir("airwave-plex-keys-")).content, KEYS.Plex);
  return (kind === "Jellyfin" ? fakeJellyfin : fakeEmby)(KEYS[kind]).start();
}

const TRANSPORTS = [
  {
    name: "REST",
    update: async (id: number, input: Record<string, unknown>) => {
      const response = await api.put(`/api/v1/media-sources/${id}`, input);
      return { status: response.status, credentialError: fieldError(response.json, "credential"), text: response.text };
    },
  },
  {
    name: "GraphQL",
    update: async (id: number, input: Record<string, unknown>) => {
      const response = await api.graphql(`mutation($id: Int!, $i: MediaSourceUpdateInput!) { updateMediaSource(id: $id, input: $i) { id } }`, { id, i: input });
      const errors: Array<{ field: string; message: string }> = response.json.errors?.[0]?.extensions?.errors ?? [];
      return { status: response.json.errors ? 422 : 200, credentialError: errors.filter((e) => e.field === "credential").map((e) => e.message).join(" "), text: response.text };
    },
  },
];

describe.each((["Jellyfin", "Emby", "Plex"] as const).flatMap((kind) => TRANSPORTS.map((transport) => ({ kind, transport }))))("a stored $kind key over $transport.name", ({ kind, transport }) => {
  let real: { url: string; close(): Promise<void> };
  let listener: RecordingListener;
  let otherKindListener: RecordingListener;
  let id: number;
  beforeAll(async () => {
    real = await startServerOf(kind);
    listener = await startRecordingListener(answerAs(kind));
    otherKindListener = await startRecordingListener(answerAs(OTHER[kind]));
    const created = await api.post("/api/v1/media-sources", { name: `${kind} ${transport.name} keys`, kind, url: real.url, credential: KEYS[kind] });
    expect(created.status, created.text).toBe(201);
    id = created.json.id;
  });
  afterAll(async () => {
    await api.delete(`/api/v1/media-sources/${id}`);
    await real?.close();
    await listener?.close();
    await otherKindListener?.close();
  });

  it("a URL-only change to another host is refused naming credential, and nothing reaches that host", async () => {
    const answer = await transport.update(id, { url: listener.url });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.credentialError, answer.text).toMatch(/must be given again/);
    expect(listener.requests).toEqual([]);
    expect((await api.get(`/api/v1/media-sources/${id}`)).json.url).toBe(real.url);
  });

  it("a kind and URL change is refused the same way", async () => {
    const answer = await transport.update(id, { kind: OTHER[kind], url: otherKindListener.url });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.credentialError, answer.text).toMatch(/must be given again/);
    expect(otherKindListener.requests).toEqual([]);
    expect((await api.get(`/api/v1/media-sources/${id}`)).json).toMatchObject({ kind, url: real.url });
  });

  it("a port change is a new server too; with a credential given, only that credential travels", async () => {
    const port = new URL(real.url).port;
    const samehostOtherPort = listener.url.replace(/:\d+$/, `:${port === "1" ? "2" : "1"}`);
    expect((await transport.update(id, { url: samehostOtherPort })).credentialError).toMatch(/must be given again/);
    const answer = await transport.update(id, { url: listener.url, credential: "typed-for-the-new-host" });
    expect(answer.status, answer.text).toBe(422);
    expect(listener.requests.length).toBeGreaterThan(0);
    expect(listener.received("typed-for-the-new-host")).toBe(true);
    expect(listener.received(KEYS[kind])).toBe(false);
    // The source still points at its server with its key: nothing was stored.
    expect((await api.post(`/api/v1/media-sources/${id}/test`)).status).toBe(200);
  });
});

describe.each([
  { kind: "Jellyfin" as const, make: fakeJellyfin },
  { kind: "Emby" as const, make: fakeEmby },
])("a $kind server that redirects elsewhere", ({ kind, make }) => {
  let fake: FakeMediaBrowserServer;
  let sample: SampleLibrary;
  let listener: RecordingListener;
  let sourceId: number;
  let libraryId: number;
  beforeAll(async () => {
    fake = await make(KEYS[kind]).start();
    fake.image = Buffer.from("not read");
    sample = addSampleLibrary(fake, makeTempDir("airwave-redirect-media-"));
    listener = await startRecordingListener(answerAs(kind));
    const created = await api.post("/api/v1/media-sources", { name: `${kind} redirecting`, kind, url: fake.url, credential: KEYS[kind] });
    expect(created.status, created.text).toBe(201);
    sourceId = created.json.id;
    const library = await api.post(`/api/v1/media-sources/${sourceId}/libraries`, { remoteLibraryId: sample.showsLibraryId, name: `${kind} redirect TV` });
    expect(library.status, library.text).toBe(201);
    libraryId = library.json.id;
    expect((await syncLibrary(api, libraryId)).lastScanSuccess).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await listener?.close();
  });

  it("gets the key only at its own origin: test, library listing, sync, artwork and the stream proxy stop at the redirect", async () => {
    const episodes = (await api.get(`/api/v1/media/items?libraryId=${libraryId}&kind=Episode`)).json.items;
    const profileId = (await api.get("/api/v1/ffmpeg/profiles")).json[0].id;
    const plan = await server.services.streamSources.planMediaItem(episodes[0].id, profileId);
    const inputUrl = plan.content.kind === "media" ? plan.content.inputUrl : undefined;
    expect(inputUrl).toMatch(/\/internal\/media-source-stream\?/);

    // Without a redirect the proxy serves the server's stream (with the key it adds).
    const direct = await fetch(inputUrl!, { headers: { Range: "bytes=0-999" } });
    expect(direct.status).toBe(206);
    expect((await direct.arrayBuffer()).byteLength).toBe(1000);

    fake.redirectTo = listener.url;
    const tested = await api.post(`/api/v1/media-sources/${sourceId}/test`);
    expect(tested.status, tested.text).toBe(422);
    expect(tested.text).toMatch(/redirected to another address/);
    expect((await api.get(`/api/v1/media-sources/${sourceId}/libraries`)).status).toBe(422);
    expect((await syncLibrary(api, libraryId, true)).lastScanSuccess).toBe(false);
    const client = createMediaServerClient({ kind: kind as MediaServerKind, url: fake.url, credential: KEYS[kind] });
    await expect(client.fetchArtwork(`Items/${sample.movieId}/Images/Primary`)).rejects.toThrow(/redirected to another address/);
    const proxied = await fetch(inputUrl!);
    expect(proxied.status).toBe(502);
    await proxied.body?.cancel();

    expect(fake.requests.length).toBeGreaterThan(0);
    expect(listener.received(KEYS[kind]), JSON.stringify(listener.requests)).toBe(false);
  });
});
