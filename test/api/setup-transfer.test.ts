import { describe, expect, it } from "vitest";
import YAML from "yaml";
import type { ApiClient } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions, databaseFile, sqlAll, sqlInsert } from "../support/sqlite";
import { withTestServer, type TestServer } from "../support/test-server";

const ENV = { env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "2", Guide__DaysToBuild: "2" } };
const EPISODE_MS = 30 * 60_000;

/** The seeded library with durations and guids (as a scan of NFO files would record them), so another installation can find each item. */
async function library(server: TestServer): Promise<SeededMedia> {
  const media = await seedMedia(server.dataDir, "Shows");
  await addVersions(server.dataDir, [...media.episodeIds, ...media.movieIds], EPISODE_MS);
  const guid = (id: number, value: string) => sqlInsert(databaseFile(server.dataDir), "INSERT INTO media_guid (mediaItemId, source, value) VALUES (?, 'tvdb', ?)", [id, value]);
  await guid(media.showId, "show-1");
  for (const [i, id] of media.seasonIds.entries()) await guid(id, `season-${i}`);
  for (const [i, id] of media.episodeIds.entries()) await guid(id, `episode-${i}`);
  for (const [i, id] of media.movieIds.entries()) await guid(id, `movie-${i}`);
  return media;
}

async function ok(response: Promise<{ status: number; text: string; json: any }>, status = 201) {
  const result = await response;
  expect(result.status, result.text).toBe(status);
  return result.json;
}

/** A channel playing the show (shuffled: the playout's seed decides the order) from midnight UTC every day, and one playing a movie collection. */
async function setUp(api: ApiClient, media: SeededMedia): Promise<void> {
  const shows = await ok(api.post("/api/v1/collections", { name: "Cartoons" }));
  await ok(api.post(`/api/v1/collections/${shows.id}/items`, { mediaItemIds: [media.showId] }), 200);
  const movies = await ok(api.post("/api/v1/collections", { name: "Movies" }));
  await ok(api.post(`/api/v1/collections/${movies.id}/items`, { mediaItemIds: media.movieIds }), 200);
  await ok(api.post("/api/v1/collections/smart", { name: "Everything", query: "type:episode" }));
  const profile = await ok(api.post("/api/v1/ffmpeg/profiles", { name: "Small", resolution: { width: 640, height: 360 } }));
  const watermark = await ok(api.post("/api/v1/watermarks", { name: "Bug", imageSource: "ChannelLogo" }));
  const schedule = await ok(api.post("/api/v1/schedules", { name: "Nightly" }));
  await ok(api.put(`/api/v1/schedules/${schedule.id}/items`, {
    items: [{ startTime: "00:00:00", playoutMode: "Flood", collectionType: "Collection", collectionId: shows.id, playbackOrder: "Shuffle" }],
  }), 200);
  const movieSchedule = await ok(api.post("/api/v1/schedules", { name: "Movies" }));
  await ok(api.put(`/api/v1/schedules/${movieSchedule.id}/items`, {
    items: [{ startTime: "00:00:00", playoutMode: "Flood", collectionType: "Collection", collectionId: movies.id, playbackOrder: "Chronological" }],
  }), 200);
  const one = await ok(api.post("/api/v1/channels", { name: "Cartoons", number: "5", ffmpegProfileId: profile.id, watermarkId: watermark.id }));
  const two = await ok(api.post("/api/v1/channels", { name: "Movies", number: "6.1", categories: ["Movies"] }));
  await ok(api.post("/api/v1/playouts", { channelId: one.id, kind: "Classic", scheduleId: schedule.id }));
  await ok(api.post("/api/v1/playouts", { channelId: two.id, kind: "Classic", scheduleId: movieSchedule.id }));
}

/** Guide programmes from the next midnight UTC on (before it, each server's first build started at its own moment). */
async function guideFromMidnight(api: ApiClient): Promise<string[]> {
  const xml = (await api.get("/iptv/xmltv.xml")).text;
  const midnight = new Date();
  midnight.setUTCHours(24, 0, 0, 0);
  const stamp = midnight.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const programmes = [...xml.matchAll(/<programme start="(\d{14})[^"]*" stop="(\d{14})[^"]*" channel="([^"]+)">\s*<title[^>]*>([^<]*)<\/title>/g)];
  return programmes.filter((m) => m[1] >= stamp).map((m) => `${m[3]} ${m[1]}-${m[2]} ${m[4]}`);
}

describe("setup export and import", () => {
  it("an export imported into an empty data folder over the same library gives the same guide", async () => {
    await withTestServer(ENV, async (first, firstApi) => {
      const media = await library(first);
      await setUp(firstApi, media);
      const exported = await firstApi.get("/api/v1/export");
      expect(exported.status).toBe(200);
      expect(exported.headers["content-type"]).toMatch(/^application\/yaml/);
      const document = YAML.parse(exported.text);
      expect(document.format).toBe("airwave-setup/1");
      expect(document.tables.collection_item[0].mediaItem).toMatchObject({ guids: ["tvdb://show-1"], library: "Shows" });
      // Booleans are true/false in the document, whichever database stored them (PostgreSQL: boolean; SQLite: 0/1).
      expect(document.tables.channel.map((c: { isEnabled: unknown; showInEpg: unknown }) => [c.isEnabled, c.showInEpg])).toEqual([[true, true], [true, true], [true, true]]);
      expect(exported.text).not.toMatch(/writeKey|iptvTokenKey|IssuerSigningKey/);
      const expected = await guideFromMidnight(firstApi);
      expect(expected.length).toBeGreaterThan(10);

      await withTestServer(ENV, async (second, api) => {
        // Another library first, so the same media get other ids here.
        await seedMedia(second.dataDir, "Elsewhere");
        const local = await library(second);
        expect(local.showId).not.toBe(media.showId);

        const dryRun = await ok(api.post("/api/v1/import", { document: exported.text }), 200);
        expect(dryRun).toMatchObject({ valid: true, applied: false, unmatched: [], errors: [] });
        // A new data folder has its first-run channel (id 1); the export's channel 1 updates it, the others are new.
        expect(dryRun.entries.filter((e: { table: string; action: string }) => e.table === "channel").map((e: { action: string }) => e.action)).toEqual(["update", "create", "create"]);
        expect((await api.get("/api/v1/channels")).json).toHaveLength(1);

        const applied = await ok(api.post("/api/v1/import?apply=true", { document: exported.text }), 200);
        expect(applied).toMatchObject({ valid: true, applied: true });
        const channels = (await api.get("/api/v1/channels")).json;
        const names = (list: { number: string; name: string }[]) => list.map((c) => `${c.number} ${c.name}`);
        expect(names(channels)).toEqual(names((await firstApi.get("/api/v1/channels")).json));
        expect(names(channels)).toEqual(expect.arrayContaining(["5 Cartoons", "6.1 Movies"]));
        const items = await sqlAll<{ mediaItemId: number }>(databaseFile(second.dataDir), "SELECT mediaItemId FROM collection_item ORDER BY mediaItemId");
        expect(items.map((i) => i.mediaItemId)).toEqual([local.showId, ...local.movieIds].sort((a, b) => a - b));
        expect(await guideFromMidnight(api)).toEqual(expected);

        // Importing the same export again updates every row and changes nothing.
        const again = await ok(api.post("/api/v1/import", { document: exported.text }), 200);
        expect(new Set(again.entries.map((e: { action: string }) => e.action))).toEqual(new Set(["update"]));
      });
    });
  });

  it("a dry run reports media the library does not have and every problem with its path; applying such a document changes nothing", async () => {
    await withTestServer(ENV, async (server, api) => {
      const media = await library(server);
      const document = {
        format: "airwave-setup/1",
        settings: { guideDaysToBuild: 3, writeKey: "secret" },
        tables: {
          collection: [{ id: 1, name: "Kept" }],
          collection_item: [
            { collectionId: 1, mediaItem: { guids: ["tvdb://movie-0"] } },
            { collectionId: 1, mediaItem: { guids: ["imdb://tt0000001"], library: "Shows", path: "Gone/Gone.mkv" } },
          ],
          channel: [{ id: 4, number: "7", name: 12, ffmpegProfileId: 99, bogus: true }],
          planets: [],
        },
      };
      const report = await ok(api.post("/api/v1/import", { document: YAML.stringify(document) }), 200);
      expect(report.valid).toBe(false);
      expect(report.unmatched).toEqual([{ path: "tables.collection_item[1].mediaItem", identity: { guids: ["imdb://tt0000001"], library: "Shows", path: "Gone/Gone.mkv" } }]);
      const paths = report.errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(expect.arrayContaining([
        "settings.writeKey", "tables.planets", "tables.channel[0].bogus", "tables.channel[0].name", "tables.channel[0].ffmpegProfileId",
      ]));
      expect(report.errors.find((e: { path: string }) => e.path === "tables.channel[0].ffmpegProfileId").message).toMatch(/ffmpeg_profile 99/);
      expect(report.entries).toEqual(expect.arrayContaining([
        { path: "tables.collection[0]", table: "collection", key: "1", action: "create" },
        { path: "tables.collection_item[0]", table: "collection_item", key: `1|${media.movieIds[0]}`, action: "create" },
        { path: "tables.collection_item[1]", table: "collection_item", action: "skip" },
      ]));

      const refused = await api.post("/api/v1/import?apply=true", { document: YAML.stringify(document) });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.json.errors.map((e: { field: string }) => e.field)).toContain("tables.channel[0].name");
      expect((await api.get("/api/v1/collections")).json).toEqual([]);

      // Without the broken parts it applies; the item the library lacks is left out.
      const fixed = { ...document, settings: { guideDaysToBuild: 3 }, tables: { collection: document.tables.collection, collection_item: document.tables.collection_item } };
      const applied = await ok(api.post("/api/v1/import?apply=true", { document: YAML.stringify(fixed) }), 200);
      expect(applied).toMatchObject({ valid: true, applied: true });
      expect((await sqlAll<{ mediaItemId: number }>(databaseFile(server.dataDir), "SELECT mediaItemId FROM collection_item")).map((r) => r.mediaItemId)).toEqual([media.movieIds[0]]);
      // Guide__DaysToBuild (ENV) decides that setting here: the environment's value stays, and the report says so.
      expect((await api.get("/api/v1/settings")).json.guideDaysToBuild).toBe(2);
      expect(applied.notices).toContainEqual({ path: "settings.guideDaysToBuild", level: "warning", message: "guideDaysToBuild: the document says 3; kept from the environment variable Guide__DaysToBuild (2)" });
    });
  });

  it("a newRowsOnly document (a migration) refuses rows the database has and channel numbers taken, naming each, and changes nothing", async () => {
    await withTestServer(ENV, async (_server, api) => {
      const channel = (id: number, number: string, name: string) => ({
        id, uniqueId: `00000000-0000-4000-8000-00000000000${id}`, number, sortNumber: Number(number), name, group: "Moved", categories: "[]",
        ffmpegProfileId: 1, streamingMode: "TransportStreamHybrid", isEnabled: true, showInEpg: true, subtitleMode: "None",
      });
      const before = (await api.get("/api/v1/channels")).json;
      expect(before.map((c: { id: number; number: string }) => [c.id, c.number])).toEqual([[1, "1"]]);
      const document = { format: "airwave-setup/1", newRowsOnly: true, tables: { channel: [channel(1, "5", "Over The Seeded One"), channel(2, "5", "Same Number")] } };
      const report = await ok(api.post("/api/v1/import", { document: YAML.stringify(document) }), 200);
      expect(report.valid).toBe(false);
      expect(report.errors).toEqual([
        { path: "tables.channel[1].number", message: 'channel number 5 is already used by channel 1 "Over The Seeded One" earlier in the document' },
      ]);
      // Fixed numbers leave the existing id: refused inside the writing transaction, by path.
      document.tables.channel[1].number = "6";
      const refused = await api.post("/api/v1/import?apply=true", { document: YAML.stringify(document) });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.json.errors).toEqual([{ field: "tables.channel[0]", message: "channel 1 exists in this database, and the document adds only new rows (newRowsOnly)" }]);
      expect((await api.get("/api/v1/channels")).json).toEqual(before);
      // Without newRowsOnly the same document updates channel 1 (an export's round trip).
      const updated = await ok(api.post("/api/v1/import", { document: YAML.stringify({ ...document, newRowsOnly: false }) }), 200);
      expect(updated.entries.map((e: { action: string }) => e.action)).toEqual(["update", "create"]);
      expect((await api.post("/api/v1/import", { document: YAML.stringify({ ...document, newRowsOnly: "yes" }) })).json.errors).toContainEqual({ path: "newRowsOnly", message: "must be true or false" });
    });
  });

  it("a document that is not a setup export is one clear problem, never a 500", async () => {
    await withTestServer(ENV, async (_server, api) => {
      for (const text of ["format: [", "just text", "format: something-else\ntables: {}", "format: airwave-setup/1\ntables: [1, 2]"]) {
        const report = await ok(api.post("/api/v1/import", { document: text }), 200);
        expect(report.valid, text).toBe(false);
        expect(report.errors.length, text).toBeGreaterThan(0);
      }
      expect((await api.post("/api/v1/import", { nope: 1 })).status).toBe(400);
    });
  });
});
