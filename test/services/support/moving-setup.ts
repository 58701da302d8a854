import { afterEach, expect } from "vitest";
import { loadConfig } from "../../../server/config/load-config";
import type { PlayoutCreateInput } from "../../../server/services/playout-input";
import type { ScheduleItemInput } from "../../../server/services/schedule-input";
import { seedMedia, type SeededMedia } from "../../support/seed-media";
import { addVersions } from "../../support/sqlite";
import { makeTempDir } from "../../support/temp-dir";
import { createTestServices, type TestServices } from "../../support/test-services";

/**
 * A running setup on a fake clock shared by every server a test makes (issue #32: moving it to another
 * server, backing it up and restoring it): servers, a library with guids, three channels with Classic and
 * YAML playouts and hours of builds, and the XMLTV guide's programmes.
 */
export const clock = { now: 0 };
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
export const EPISODE_MS = 23 * MIN;
export const opened: TestServices[] = [];
afterEach(async () => {
  for (const made of opened.splice(0)) await made.close();
});

/** The dependencies `server()` gives its services, for services wired by hand. */
export function wiring(dataDir: string, environment: Record<string, string> = {}) {
  const config = loadConfig({ AIRWAVE_DATA_DIR: dataDir, Playout__TimeZone: "UTC", Playout__DaysToBuild: "2", Guide__DaysToBuild: "2", ...environment });
  let draws = 0;
  return {
    clock: () => clock.now,
    random: () => ((draws++ * 0.618034) % 1),
    playout: config.playout,
    guide: { get daysToBuild() { return config.guide.daysToBuild; }, get timeZone() { return config.playout.timeZone; } },
    config,
    environment,
  };
}

/** A server's services on the shared fake clock; `environment` as the process environment (settings it fixes). */
export async function server(environment: Record<string, string> = {}): Promise<TestServices> {
  const made = await lastingServer(environment);
  opened.push(made);
  return made;
}

/** Like `server()`, but left open after each test (for a setup several tests only read): the caller closes it. */
export function lastingServer(environment: Record<string, string> = {}): Promise<TestServices> {
  // The exporting server's zone is UTC from its settings.json side (not the environment): it travels in the document.
  return createTestServices(wiring(makeTempDir(), environment));
}

/** The seeded library with durations and tvdb guids (as a scan of NFO files records them). */
export async function library(made: TestServices, name = "Shows"): Promise<SeededMedia> {
  const media = await seedMedia(made.dataDir, name);
  await addVersions(made.dataDir, [...media.episodeIds, ...media.movieIds], EPISODE_MS);
  const all: [number, string][] = [[media.showId, "show"], ...media.seasonIds.map((id, i): [number, string] => [id, `season-${i}`]), ...media.episodeIds.map((id, i): [number, string] => [id, `episode-${i}`]), ...media.movieIds.map((id, i): [number, string] => [id, `movie-${i}`])];
  for (const [id, value] of all) await made.insert(`INSERT INTO "media_guid" ("mediaItemId", "source", "value") VALUES (?, 'tvdb', ?)`, [id, `${name}-${value}`]);
  return media;
}

/**
 * Three channels: Classic over a collection (shuffled, or in order), Classic over the show itself (a content key
 * with a media id, `show:N`), and a YAML (Sequential) playout; then hours of Continue builds so the states have history.
 */
export async function setUp(made: TestServices, media: SeededMedia, order: "Shuffle" | "Chronological"): Promise<void> {
  const { services } = made;
  const shows = (await services.collections.create({ name: "Cartoons" })).collection;
  await services.collections.addItems(shows.id, [media.showId]);
  const movies = (await services.collections.create({ name: "Movies" })).collection;
  await services.collections.addItems(movies.id, media.movieIds);
  const schedule = async (name: string, items: object[]) => {
    const created = await services.schedules.create({ name });
    await services.schedules.replaceItems(created.id, items as ScheduleItemInput[]);
    return created.id;
  };
  const cartoons = await schedule("Cartoons", [
    { startTime: "06:00:00", playoutMode: "Flood", collectionType: "Collection", collectionId: shows.id, playbackOrder: order },
    { startTime: "20:00:00", playoutMode: "Flood", collectionType: "Collection", collectionId: movies.id, playbackOrder: "Chronological" },
  ]);
  const show = await schedule("The show", [{ playoutMode: "Flood", collectionType: "TelevisionShow", mediaItemId: media.showId, playbackOrder: "SeasonEpisode" }]);
  const definition = `content:\n  - collection: "Cartoons"\n    key: cartoons\n    order: ${order === "Shuffle" ? "shuffle" : "chronological"}\n  - collection: "Movies"\n    key: movies\n    order: chronological\nplayout:\n  - count: 3\n    content: cartoons\n  - duration: "00:40:00"\n    content: movies\n    fallback: cartoons\n  - repeat: true\n`;
  const playout = async (number: string, input: Omit<PlayoutCreateInput, "channelId">) => {
    const channel = (await services.channels.create({ name: `Channel ${number}`, number })).channel;
    const { build } = await services.playouts.create({ ...input, channelId: channel.id } as PlayoutCreateInput);
    expect(build.success, build.message).toBe(true);
  };
  await playout("5", { kind: "Classic", scheduleId: cartoons } as Omit<PlayoutCreateInput, "channelId">);
  await playout("6", { kind: "Classic", scheduleId: show } as Omit<PlayoutCreateInput, "channelId">);
  await playout("7", { kind: "Sequential", definition } as Omit<PlayoutCreateInput, "channelId">);
  for (let hour = 0; hour < 30; hour += 7) {
    clock.now += 7 * HOUR;
    for (const result of await services.playouts.continueAll()) expect(result.success, result.message).toBe(true);
  }
}

/** The XMLTV guide's programmes at the clock's time: channel, start, stop, title. */
export async function guide(made: Pick<TestServices, "services">): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await made.services.guide.epgChannels()) {
    const xml = (await made.services.guide.renderProgrammes(entry)).toString("utf8");
    for (const m of xml.matchAll(/<programme start="([^"]+)" stop="([^"]+)" channel="([^"]+)">\s*<title[^>]*>([^<]*)<\/title>/g)) out.push(`${m[3]} ${m[1]}-${m[2]} ${m[4]}`);
  }
  return out;
}

