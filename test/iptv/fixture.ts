/** A real server with seeded media and a few channels, for the /iptv tests. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiClient, type ApiClient } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions } from "../support/sqlite";
import { lateBound, useSuiteResource } from "../support/late-bound";
import { disposeTestServer, startTestServer, type TestServer } from "../support/test-server";

export const EPISODE_MS = 30 * 60_000;
export const DEFINITION = `
content:
  - collection: "Cartoons"
    key: cartoons
    order: chronological
playout:
  - count: 2
    content: cartoons
  - repeat: true
`;

export interface IptvFixture {
  server: TestServer;
  api: ApiClient;
  media: SeededMedia;
  /** Seeded channel 1 (no playout). */
  seeded: any;
  /** Channel 2, segmenter, external logo, categories, Sequential playout. */
  cartoons: any;
  /** Channel 2.5, no playout, not in the EPG. */
  hidden: any;
  /** Channel 3: mirror of channel 2, one hour later, legacy TS. */
  mirror: any;
  /** Channel 10: disabled. */
  disabled: any;
  playout: any;
}

/** The LAN names the media-player tests use, allowed as a user would list them in Server:AllowedHosts. */
export const LAN_HOST_NAMES = "tv.example,living-room.example,tuner.example";

export async function startIptvFixture(env: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<IptvFixture> {
  const server = await startTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1", Guide__DaysToBuild: "1", Server__AllowedHosts: LAN_HOST_NAMES, ...env } });
  const api = apiClient(server.url, headers);
  const media = await seedMedia(server.dataDir, "Toon");
  await addVersions(server.dataDir, [...media.episodeIds, ...media.movieIds], EPISODE_MS);
  const collection = (await api.post("/api/v1/collections", { name: "Cartoons" })).json;
  await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [media.showId] });
  const seeded = (await api.get("/api/v1/channels")).json.find((c: any) => c.number === "1");
  const created = async (body: object) => {
    const response = await api.post("/api/v1/channels", body);
    if (response.status !== 201) throw new Error(`channel create failed: ${response.text}`);
    return response.json;
  };
  const cartoons = await created({ number: "2", name: "Cartoons & Co", group: "Kids", categories: ["Kids", "Animation"], streamingMode: "HttpLiveStreamingSegmenter", logoUrl: "https://cdn.example.com/logos/cartoons.png" });
  const disabled = await created({ number: "10", name: "Off Air", isEnabled: false, showInEpg: false });
  const hidden = await created({ number: "2.5", name: "Hidden", showInEpg: false });
  const mirror = await created({ number: "3", name: "Mirror Toons", mirrorSourceChannelId: cartoons.id, playoutOffset: "01:00:00", streamingMode: "TransportStream" });
  const playout = await api.post("/api/v1/playouts", { channelId: cartoons.id, kind: "Sequential", definition: DEFINITION });
  if (playout.status !== 201) throw new Error(`playout create failed: ${playout.text}`);
  return { server, api, media, seeded, cartoons, hidden, mirror, disabled, playout: playout.json };
}

export async function stopIptvFixture(fixture: IptvFixture | undefined): Promise<void> {
  await disposeTestServer(fixture?.server);
}

/** The fixture for the enclosing suite (started in beforeAll, stopped and removed in afterAll); usable at once. */
export function useIptvFixture(env: Record<string, string> = {}, headers: Record<string, string> = {}): IptvFixture {
  return lateBound(useSuiteResource("useIptvFixture: the fixture", () => startIptvFixture(env, headers), stopIptvFixture));
}

export const DTD = "/usr/share/xmltv/xmltv.dtd";

/** xmllint against the XMLTV DTD (or just well-formedness without `dtd`). */
export function xmllint(xml: string, dtd: string | null = DTD): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "airwave-xmllint-"));
  const file = join(dir, "doc.xml");
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", dtd ? ["--noout", "--dtdvalid", dtd, file] : ["--noout", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { ok: true, output: "" };
  } catch (error) {
    const e = error as { code?: string; stderr?: string };
    if (e.code === "ENOENT") throw new Error("xmllint is not installed (Debian package libxml2-utils)");
    return { ok: false, output: String(e.stderr ?? "") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `yyyyMMddHHmmss +0000` of an epoch ms (the fixture writes the guide in UTC). */
export function xmltvUtc(ms: number): string {
  return `${new Date(ms).toISOString().replace(/[-:T]/g, "").slice(0, 14)} +0000`;
}
