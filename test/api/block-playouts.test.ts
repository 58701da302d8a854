import { beforeAll, describe, expect, it } from "vitest";
import { type RawResponse } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions, databaseFile, sqlAll } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "2" } });
let media: SeededMedia;
let cartoons: number;
let movies: number;
const MINUTE = 60_000;
const DAY = 86_400_000;
const EPISODE_MS = 30 * MINUTE;
const MOVIE_MS = 50 * MINUTE;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

beforeAll(async () => {
  media = await seedMedia(server.dataDir, "Block playouts");
  await addVersions(server.dataDir, media.episodeIds, EPISODE_MS);
  await addVersions(server.dataDir, media.movieIds, MOVIE_MS);
  cartoons = (await api.post("/api/v1/collections", { name: "Block playout cartoons" })).json.id;
  await api.post(`/api/v1/collections/${cartoons}/items`, { mediaItemIds: [media.showId] });
  movies = (await api.post("/api/v1/collections", { name: "Block playout movies" })).json.id;
  await api.post(`/api/v1/collections/${movies}/items`, { mediaItemIds: media.movieIds });
});

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}`;
const cartoonsInOrder = { collectionType: "Collection", collectionId: 0, playbackOrder: "SeasonEpisode" };

type Item = { start: string; finish: string; mediaItemId?: number; fillerKind: string };
const timeOf = (iso: string) => iso.slice(11, 19);
const minutesAfterMidnight = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));

function expect422(response: RawResponse, field: string): void {
  expect(response.status, response.text).toBe(422);
  expect(response.headers["content-type"]).toMatch(/application\/problem\+json/);
  expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
}

async function newBlock(minutes: number, items: unknown[], extra: Record<string, unknown> = {}): Promise<number> {
  const response = await api.post("/api/v1/blocks", { name: unique("Block"), minutes, items, ...extra });
  expect(response.status, response.text).toBe(201);
  return response.json.id;
}

async function newTemplate(items: Array<{ blockId: number; startTime: string }>): Promise<number> {
  const response = await api.post("/api/v1/block-templates", { name: unique("Template"), items });
  expect(response.status, response.text).toBe(201);
  return response.json.id;
}

async function newChannel(extra: Record<string, unknown> = {}): Promise<number> {
  const response = await api.post("/api/v1/channels", { name: unique("Block channel"), number: `${800 + n}`, ...extra });
  expect(response.status, response.text).toBe(201);
  return response.json.id;
}

async function newPlayout(channelId: number, templates: unknown[]): Promise<number> {
  const created = await api.post("/api/v1/playouts", { channelId, kind: "Block", templates });
  expect(created.status, created.text).toBe(201);
  expect(created.json).toMatchObject({ kind: "Block", buildStatus: { success: true }, build: { mode: "Reset", success: true } });
  return created.json.id;
}

/** The whole built timeline: the items route shows one day from now unless told otherwise. */
const WINDOW = `from=${new Date(Date.now() - DAY).toISOString()}&to=${new Date(Date.now() + 4 * DAY).toISOString()}`;
async function itemsOf(playoutId: number): Promise<Item[]> {
  const response = await api.get(`/api/v1/playouts/${playoutId}/items?pageSize=1000&${WINDOW}`);
  expect(response.status, response.text).toBe(200);
  return response.json.items;
}

const morning = () => newBlock(60, [{ ...cartoonsInOrder, collectionId: cartoons }]);
const evening = () => newBlock(120, [{ collectionType: "Collection", collectionId: movies, playbackOrder: "Chronological" }], { stopScheduling: "BeforeDurationEnd" });

describe("Block playouts over REST", () => {
  it("plays each block at its template's local start time, offline between blocks, items back to back", async () => {
    const template = await newTemplate([{ blockId: await evening(), startTime: "20:00:00" }, { blockId: await morning(), startTime: "06:00:00" }]);
    const channel = await newChannel();
    const playoutId = await newPlayout(channel, [{ templateId: template }]);
    const read = await api.get(`/api/v1/playouts/${playoutId}`);
    expect(read.json.templates).toEqual([{ templateId: template, priority: 0 }]);

    const items = await itemsOf(playoutId);
    for (let i = 1; i < items.length; i++) expect(items[i].start, `item ${i}`).toBe(items[i - 1].finish);
    const programmes = items.filter((i) => i.mediaItemId !== undefined);
    const gaps = items.filter((i) => i.mediaItemId === undefined);
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps.every((g) => g.fillerKind === "None")).toBe(true);

    // A whole day lies inside the two-day horizon, so both blocks start on time at least once.
    expect(programmes.filter((p) => timeOf(p.start) === "06:00:00").length).toBeGreaterThanOrEqual(1);
    expect(programmes.filter((p) => timeOf(p.start) === "20:00:00").length).toBeGreaterThanOrEqual(1);
    const morningShows = programmes.filter((p) => media.episodeIds.includes(p.mediaItemId!));
    const eveningMovies = programmes.filter((p) => media.movieIds.includes(p.mediaItemId!));
    expect(morningShows.length + eveningMovies.length).toBe(programmes.length);
    // Morning: 06:00–07:00 (the item crossing the end would still play whole; 30-minute episodes fit exactly).
    for (const p of morningShows) {
      expect(minutesAfterMidnight(p.start)).toBeGreaterThanOrEqual(6 * 60);
      expect(minutesAfterMidnight(p.start)).toBeLessThan(7 * 60);
    }
    // Season-episode order carries on from block to block, day to day.
    const first = media.episodeIds.indexOf(morningShows[0].mediaItemId!);
    expect(morningShows.map((p) => p.mediaItemId)).toEqual(morningShows.map((_, i) => media.episodeIds[(first + i) % media.episodeIds.length]));
    // Evening: 20:00–22:00, BeforeDurationEnd: two 50-minute movies fit, a third would overrun, so it is left out.
    for (const p of eveningMovies) {
      expect(minutesAfterMidnight(p.start)).toBeGreaterThanOrEqual(20 * 60);
      expect(minutesAfterMidnight(p.finish)).toBeLessThanOrEqual(22 * 60);
    }
    const fullEvening = eveningMovies.filter((p) => timeOf(p.start) === "20:00:00")[0];
    const sameEvening = eveningMovies.filter((p) => p.start.slice(0, 10) === fullEvening.start.slice(0, 10));
    expect(sameEvening.map((p) => timeOf(p.start))).toEqual(["20:00:00", "20:50:00"]);
    expect(items.find((i) => i.start === sameEvening[1].finish)).toMatchObject({ fillerKind: "None" });
    expect(items.find((i) => i.start === sameEvening[1].finish)!.mediaItemId).toBeUndefined();
  });

  it("now playing: the block's programme with its offset, and the offline gap before the next block", async () => {
    const template = await newTemplate([{ blockId: await morning(), startTime: "06:00:00" }]);
    const channel = await newChannel();
    const playoutId = await newPlayout(channel, [{ templateId: template }]);
    const items = await itemsOf(playoutId);
    const onTime = items.find((i) => i.mediaItemId !== undefined && timeOf(i.start) === "06:00:00")!;
    expect(onTime).toBeDefined();

    const at = new Date(Date.parse(onTime.start) + 10 * MINUTE).toISOString();
    const now = await api.get(`/api/v1/channels/${channel}/now?at=${encodeURIComponent(at)}`);
    expect(now.status, now.text).toBe(200);
    expect(now.json).toMatchObject({ channelId: channel, current: { mediaItemId: onTime.mediaItemId, start: onTime.start }, offsetMs: 10 * MINUTE, remainingMs: 20 * MINUTE });
    expect(now.json.next[0]).toMatchObject({ start: onTime.finish });

    const inGap = new Date(Date.parse(onTime.start) + 3 * 60 * MINUTE).toISOString();
    const gap = await api.get(`/api/v1/channels/${channel}/now?at=${encodeURIComponent(inGap)}`);
    expect(gap.status, gap.text).toBe(200);
    // The offline stretch from 07:00 runs until the next day's block (built: the horizon is two days).
    expect(gap.json.current).toMatchObject({ fillerKind: "None", start: onTime.start.replace("T06:00", "T07:00") });
    expect(gap.json.current.mediaItemId).toBeUndefined();
    expect(gap.json.remainingMs).toBe(21 * 60 * MINUTE);
    expect(timeOf(gap.json.next[0].start)).toBe("06:00:00");
    expect(gap.json.next[0].mediaItemId).toBeDefined();

    const page = await api.get(`/api/v1/playouts/${playoutId}/items?pageSize=2&pageNumber=1&${WINDOW}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json).toMatchObject({ pageNumber: 1, pageSize: 2, totalCount: items.length });
    expect(page.json.items).toHaveLength(2);
  });

  it("each date plays its highest-priority matching template", async () => {
    const everyday = await newTemplate([{ blockId: await morning(), startTime: "06:00:00" }]);
    const special = await newTemplate([{ blockId: await morning(), startTime: "12:00:00" }]);
    const tomorrow = new Date(Date.now() + DAY);
    const tomorrowDate = tomorrow.toISOString().slice(0, 10);
    const channel = await newChannel();
    const playoutId = await newPlayout(channel, [
      { templateId: everyday },
      { templateId: special, priority: 5, daysOfWeek: [WEEKDAYS[tomorrow.getUTCDay()]] },
    ]);
    const programmes = (await itemsOf(playoutId)).filter((i) => i.mediaItemId !== undefined);
    const onTomorrow = programmes.filter((p) => p.start.startsWith(tomorrowDate));
    const onOtherDays = programmes.filter((p) => !p.start.startsWith(tomorrowDate));
    expect(onTomorrow.map((p) => timeOf(p.start))).toEqual(["12:00:00", "12:30:00"]);
    expect(onOtherDays.every((p) => p.start.slice(11, 13) === "06")).toBe(true);

    // A date range outranking both: tomorrow only, priority 9.
    const dated = await newTemplate([{ blockId: await morning(), startTime: "15:00:00" }]);
    const put = await api.put(`/api/v1/playouts/${playoutId}`, {
      templates: [{ templateId: everyday }, { templateId: special, priority: 5, daysOfWeek: [WEEKDAYS[tomorrow.getUTCDay()]] }, { templateId: dated, priority: 9, startDate: tomorrowDate, endDate: tomorrowDate }],
    });
    expect(put.status, put.text).toBe(200);
    const after = (await itemsOf(playoutId)).filter((i) => i.mediaItemId !== undefined && i.start.startsWith(tomorrowDate));
    expect(after.map((p) => timeOf(p.start))).toEqual(["15:00:00", "15:30:00"]);
  });

  it("the channel's fallback filler fills the gaps between blocks", async () => {
    const preset = await api.post("/api/v1/filler/presets", { name: unique("Block gaps"), fillerKind: "Fallback", collectionType: "Collection", collectionId: movies });
    expect(preset.status, preset.text).toBe(201);
    const template = await newTemplate([{ blockId: await morning(), startTime: "06:00:00" }]);
    const channel = await newChannel({ fallbackFillerId: preset.json.id });
    const items = await itemsOf(await newPlayout(channel, [{ templateId: template }]));
    expect(items.every((i) => i.mediaItemId !== undefined)).toBe(true);
    const fillers = items.filter((i) => i.fillerKind === "Fallback");
    expect(fillers.length).toBeGreaterThan(0);
    expect(fillers.every((f) => media.movieIds.includes(f.mediaItemId!))).toBe(true);
    expect(items.filter((i) => i.fillerKind !== "Fallback").every((i) => media.episodeIds.includes(i.mediaItemId!))).toBe(true);
  });

  it("editing a block or a template refreshes the playouts that use it; a template in use cannot be deleted until its playout goes", async () => {
    const blockId = await morning();
    const template = await newTemplate([{ blockId, startTime: "06:00:00" }]);
    const channel = await newChannel();
    const playoutId = await newPlayout(channel, [{ templateId: template }]);
    const builds = async () => (await sqlAll<{ mode: string }>(databaseFile(server.dataDir), "SELECT mode FROM playout_build WHERE playoutId = ? ORDER BY id", [playoutId])).map((b) => b.mode);
    expect(await builds()).toEqual(["Reset"]);

    const moved = await api.put(`/api/v1/block-templates/${template}`, { name: unique("Moved"), items: [{ blockId, startTime: "09:00:00" }] });
    expect(moved.status, moved.text).toBe(200);
    expect(await builds()).toEqual(["Reset", "Refresh"]);
    const movedAt = Date.now();
    const upcoming = (await itemsOf(playoutId)).filter((i) => i.mediaItemId !== undefined && Date.parse(i.start) > movedAt);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((p) => p.start.slice(11, 13) === "09")).toBe(true);

    const changed = await api.put(`/api/v1/blocks/${blockId}`, { name: unique("Movies now"), minutes: 60, items: [{ collectionType: "Collection", collectionId: movies, playbackOrder: "Shuffle" }] });
    expect(changed.status, changed.text).toBe(200);
    expect(await builds()).toEqual(["Reset", "Refresh", "Refresh"]);
    const later = (await itemsOf(playoutId)).filter((i) => i.mediaItemId !== undefined && Date.parse(i.start) > Date.now());
    expect(later.every((p) => media.movieIds.includes(p.mediaItemId!))).toBe(true);

    // A block that no template places changes nothing else.
    const unused = await morning();
    expect((await api.put(`/api/v1/blocks/${unused}`, { name: unique("Unused"), minutes: 30, items: [{ ...cartoonsInOrder, collectionId: cartoons }] })).status).toBe(200);
    expect(await builds()).toHaveLength(3);

    const refused = await api.delete(`/api/v1/block-templates/${template}`);
    expect422(refused, "id");
    expect(refused.json.errors[0].message).toContain(String(playoutId));
    expect((await api.delete(`/api/v1/playouts/${playoutId}`)).status).toBe(204);
    expect(await sqlAll(databaseFile(server.dataDir), "SELECT id FROM playout_template WHERE playoutId = ?", [playoutId])).toEqual([]);
    expect((await api.delete(`/api/v1/block-templates/${template}`)).status).toBe(204);
  });

  it.each([
    ["no templates", {}, "templates"],
    ["an empty list", { templates: [] }, "templates"],
    ["an unknown template", { templates: [{ templateId: 987654 }] }, "templates[0].templateId"],
    ["a priority out of range", { templates: [{ templateId: 0, priority: 5000 }] }, "templates[0].priority"],
    ["day of month 0", { templates: [{ templateId: 0, daysOfMonth: [0] }] }, "templates[0].daysOfMonth[0]"],
    ["day of month 32", { templates: [{ templateId: 0, daysOfMonth: [1, 32] }] }, "templates[0].daysOfMonth[1]"],
    ["month 13", { templates: [{ templateId: 0, monthsOfYear: [13] }] }, "templates[0].monthsOfYear[0]"],
    ["a date that is not a date", { templates: [{ templateId: 0, startDate: "2026-02-30" }] }, "templates[0].startDate"],
    ["a date in another format", { templates: [{ templateId: 0, endDate: "01/05/2026" }] }, "templates[0].endDate"],
    ["an end before the start", { templates: [{ templateId: 0, startDate: "2026-05-01", endDate: "2026-04-01" }] }, "templates[0].endDate"],
    ["a fault in the second assignment", { templates: [{ templateId: 0 }, { templateId: 0, monthsOfYear: [12, 0] }] }, "templates[1].monthsOfYear[1]"],
    ["a schedule", { templates: [{ templateId: 0 }], scheduleId: 1 }, "scheduleId"],
    ["a schedule file", { templates: [{ templateId: 0 }], scheduleFile: "/tmp/block.yml" }, "scheduleFile"],
    ["a definition", { templates: [{ templateId: 0 }], definition: "content: []" }, "definition"],
  ])("422 for %s, and no playout is made", async (_label, body, field) => {
    const template = await newTemplate([{ blockId: await morning(), startTime: "06:00:00" }]);
    const withTemplate = JSON.parse(JSON.stringify(body).replace(/"templateId":0/g, `"templateId":${template}`));
    const channel = await newChannel();
    const response = await api.post("/api/v1/playouts", { channelId: channel, kind: "Block", ...withTemplate });
    expect422(response, field);
    expect((await api.get(`/api/v1/channels/${channel}`)).json.playoutId).toBeUndefined();
  });

  it("says which kinds take the other source fields", async () => {
    const template = await newTemplate([{ blockId: await morning(), startTime: "06:00:00" }]);
    const response = await api.post("/api/v1/playouts", { channelId: await newChannel(), kind: "Block", templates: [{ templateId: template }], scheduleId: 1, definition: "x" });
    expect(response.status, response.text).toBe(422);
    const messages = Object.fromEntries(response.json.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(messages.scheduleId).toMatch(/only Classic playouts take/);
    expect(messages.definition).toMatch(/only Sequential playouts take/);
  });

  it("a day of the week outside the enum is refused before the service (400 naming the field)", async () => {
    const template = await newTemplate([{ blockId: await morning(), startTime: "06:00:00" }]);
    const response = await api.post("/api/v1/playouts", { channelId: await newChannel(), kind: "Block", templates: [{ templateId: template, daysOfWeek: ["Funday"] }] });
    expect(response.status, response.text).toBe(400);
    // tsoa drops the outer path of an array inside an array item: it names `daysOfWeek.$0`.
    expect(response.json.errors[0].field).toMatch(/daysOfWeek/);
  });

  it("a bad update changes neither the assignments nor the timeline; templates may be left out to keep them", async () => {
    const template = await newTemplate([{ blockId: await morning(), startTime: "06:00:00" }]);
    const playoutId = await newPlayout(await newChannel(), [{ templateId: template, daysOfMonth: [1, 15] }]);
    const before = await itemsOf(playoutId);
    expect422(await api.put(`/api/v1/playouts/${playoutId}`, { templates: [{ templateId: template }, { templateId: 987654 }] }), "templates[1].templateId");
    expect((await api.get(`/api/v1/playouts/${playoutId}`)).json.templates).toEqual([{ templateId: template, priority: 0, daysOfMonth: [1, 15] }]);
    expect(await itemsOf(playoutId)).toEqual(before);
    const kept = await api.put(`/api/v1/playouts/${playoutId}`, {});
    expect(kept.status, kept.text).toBe(200);
    expect((await api.get(`/api/v1/playouts/${playoutId}`)).json.templates).toEqual([{ templateId: template, priority: 0, daysOfMonth: [1, 15] }]);
  });
});
