import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAirwave } from "../support/cli";
import type { ApiClient } from "../support/http";
import { useTempDir, useTestServer } from "../support/test-server";
import { expectPlaysFromLibrary, scannedLibrary } from "./support/migration-library";

const root = path.resolve(__dirname, "../..");
const FIXTURE = path.join(root, "test/fixtures/dizquetv-1.5");

/** The fixture folder with its `@MEDIA@` paths pointing at `media`. */
function copyFixture(into: string, media: string): string {
  fs.mkdirSync(into, { recursive: true });
  for (const file of fs.readdirSync(FIXTURE, { recursive: true }) as string[]) {
    const from = path.join(FIXTURE, file);
    const to = path.join(into, file);
    if (fs.statSync(from).isDirectory()) fs.mkdirSync(to, { recursive: true });
    else fs.writeFileSync(to, fs.readFileSync(from, "utf8").replaceAll("@MEDIA@", media));
  }
  return into;
}

/** What a migration creates, as the server lists it. */
async function setupLists(api: ApiClient) {
  const names = async (url: string) => ((await api.get(url)).json as { name?: string; id: number }[]).map((row) => row.name ?? row.id);
  return {
    channels: await names("/api/v1/channels"), profiles: await names("/api/v1/ffmpeg/profiles"), collections: await names("/api/v1/collections"),
    filler: await names("/api/v1/filler/presets"), playouts: await names("/api/v1/playouts"),
  };
}

describe("airwave import --from dizquetv", () => {
  const { server, api } = useTestServer();
  const work = useTempDir("airwave-dizquetv-");

  it("brings the channels over onto the scanned library, filler lists as Fallback presets, the FFmpeg settings as a profile, and they play", { timeout: 120_000 }, async () => {
    const media = path.join(work.path, "media");
    const library = await scannedLibrary(api, media);
    const dir = copyFixture(path.join(work.path, ".dizquetv"), media);

    // A dry run first: the same report, what the import would create, and nothing changed or written.
    const before = await setupLists(api);
    const dry = await runAirwave(["import", "--from", "dizquetv", dir, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(dry.stderr).toBe("");
    expect(dry.code, dry.stdout).toBe(0);
    expect(dry.stdout).toContain('channel 3 "Cartoon Loop": 2 programmes, 2 in the library (0 by media-server id, 0 by guid, 2 by file path), ExternalJson playout');
    expect(dry.stdout).toContain('filler list "Bumpers" (2 items): collection and Fallback filler preset "dizqueTV filler: Bumpers" with 1 library items');
    // A new resolution, a profile, a collection with its item, a filler preset, two channels with their playouts.
    expect(dry.stdout).toContain("Would import: 9 new, 0 updated, 0 skipped rows");
    expect(dry.stdout).toContain("Nothing changed; run again with --apply to import.");
    expect(await setupLists(api)).toEqual(before);
    expect(fs.existsSync(path.join(server.dataDir, "playouts", "dizquetv"))).toBe(false);

    const result = await runAirwave(["import", "--apply", "--from", "dizquetv", dir, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(result.stderr).toBe("");
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain(
      'FFmpeg profile "dizqueTV": resolution, videoBitrate, videoBufferSize, audioBitrate, audioBufferSize, audioChannels, audioSampleRate, threadCount, normalizeLoudness, videoFormat, audioFormat, deinterlaceVideo; no equivalent for',
    );
    expect(result.stdout).toMatch(/no equivalent for .*maxFPS.*scalingAlgorithm/);
    expect(result.stdout).toContain('channel 3 "Cartoon Loop": 2 programmes, 2 in the library (0 by media-server id, 0 by guid, 2 by file path), ExternalJson playout');
    expect(result.stdout).toContain(`not in the library: Gone Missing (Plex item 900, ${media}/not-there/Gone Missing (1999).mkv)`);
    expect(result.stdout).toContain('filler list "Bumpers" (2 items): collection and Fallback filler preset "dizqueTV filler: Bumpers" with 1 library items');
    expect(result.stdout).toContain(`not in the library: Bumper 2 (${media}/not-there/bumper-2.mkv)`);

    const channels = (await api.get("/api/v1/channels")).json as { id: number; number: string; name: string; group: string; logoUrl?: string; ffmpegProfileId: number; fallbackFillerId?: number }[];
    const cartoons = channels.find((c) => c.number === "3")!;
    expect(cartoons).toMatchObject({ name: "Cartoon Loop", group: "dizqueTV", logoUrl: "https://example.com/logos/cartoons.png" });
    const movies = channels.find((c) => c.number === "12")!;
    expect(movies).toMatchObject({ name: "Movie Night", group: "Movies" });
    expect(movies.fallbackFillerId ?? null).toBeNull();
    const profile = (await api.get(`/api/v1/ffmpeg/profiles/${cartoons.ffmpegProfileId}`)).json;
    expect(profile).toMatchObject({ name: "dizqueTV", videoBitrate: 400, audioBitrate: 96, resolution: { width: 320, height: 180 }, threadCount: 4, videoFormat: "H264", deinterlaceVideo: false });
    const filler = (await api.get(`/api/v1/filler/presets/${cartoons.fallbackFillerId}`)).json;
    expect(filler).toMatchObject({ name: "dizqueTV filler: Bumpers", fillerKind: "Fallback", collectionType: "Collection" });
    expect(JSON.stringify((await api.get(`/api/v1/collections/${filler.collectionId}/items`)).json)).toContain(`"id":${library.ids.Bumper}`);

    // The channel started in 2023 and loops every 25 s: the channel file starts on a cycle boundary.
    const channelFile = JSON.parse(fs.readFileSync(path.join(server.dataDir, "playouts", "dizquetv", "3.json"), "utf8"));
    expect((Date.parse(channelFile.startTime) - Date.parse("2023-03-01T06:00:00Z")) % 25_000).toBe(0);
    await expectPlaysFromLibrary(api, server.url, cartoons, [library.ids["Counting A"], library.ids["Counting B"], library.ids.Bumper], work.path);
  });

  it("says what it needs when the folder is not a dizqueTV folder", async () => {
    const empty = await runAirwave(["import", "--from", "dizquetv", work.path, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/no dizqueTV channels found/);
    expect(empty.stderr).toMatch(/channels does not exist: give the .dizquetv folder/);
  });
});

describe("airwave import --apply --from dizquetv into a server where a channel number is taken", () => {
  const { server, api } = useTestServer();
  const work = useTempDir("airwave-dizquetv-taken-");

  it("applies nothing when one channel does not fit (its number is taken) and names the problem", async () => {
    const taken = await api.post("/api/v1/channels", { number: "12", name: "Already Here" });
    expect(taken.status, taken.text).toBe(201);
    const before = await setupLists(api);
    const dir = copyFixture(path.join(work.path, "collide", ".dizquetv"), path.join(work.path, "no-media"));
    const result = await runAirwave(["import", "--apply", "--from", "dizquetv", dir, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain("Nothing was imported:");
    expect(result.stdout).toMatch(/problem: channel 12 "Movie Night": tables\.channel\[\d\]\.number: channel number 12 is already used by channel \d+ "Already Here" in this database/);
    // Channel 3, the profile and the playouts would have fitted: none of them was created, no channel file stayed.
    expect(await setupLists(api)).toEqual(before);
    expect(fs.existsSync(path.join(server.dataDir, "playouts", "dizquetv"))).toBe(false);
  });
});
