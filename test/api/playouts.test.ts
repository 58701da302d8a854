import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });
let media: SeededMedia;
const EPISODE_MS = 30 * 60_000;

const DEFINITION = `
content:
  - collection: "Cartoons"
    key: cartoons
    order: chronological
playout:
  - count: 2
    content: cartoons
  - repeat: true
`;

beforeAll(async () => {
  media = await seedMedia(server.dataDir, "Toon");
  await addVersions(server.dataDir, [...media.episodeIds, ...media.movieIds], EPISODE_MS);
  const collection = (await api.post("/api/v1/collections", { name: "Cartoons" })).json;
  await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [media.showId] });
});

let channelNumber = 100;
const newChannel = async () => (await api.post("/api/v1/channels", { name: "Playout test", number: `${channelNumber++}.5` })).json;

describe("Sequential playouts", () => {
  it("creating one runs a Reset build that covers the horizon with contiguous items", async () => {
    const channel = await newChannel();
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", definition: DEFINITION });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.location).toBe(`/api/v1/playouts/${created.json.id}`);
    expect(created.json).toMatchObject({ channelId: channel.id, kind: "Sequential", buildStatus: { success: true }, build: { mode: "Reset", success: true } });
    expect(created.json.build.itemCount).toBeGreaterThanOrEqual(48);
    expect((await api.get(`/api/v1/channels/${channel.id}`)).json.playoutId).toBe(created.json.id);

    const items = (await api.get(`/api/v1/playouts/${created.json.id}/items?pageSize=1000`)).json;
    expect(items.totalCount).toBeGreaterThanOrEqual(47);
    const list = items.items as Array<{ start: string; finish: string; title: string; mediaItemId: number }>;
    for (let i = 1; i < list.length; i++) expect(list[i].start).toBe(list[i - 1].finish);
    for (const item of list) expect(Date.parse(item.finish) - Date.parse(item.start)).toBe(EPISODE_MS);
    // Chronological through the show: S1E1, S1E2, S2E1, S2E2, then around again.
    const order = list.slice(0, 5).map((i) => i.mediaItemId);
    expect(order.slice(0, 4).sort()).toEqual([...media.episodeIds].sort());
    expect(order[4]).toBe(order[0]);
    expect(list[0].title).toMatch(/^Episode /);

    const now = (await api.get(`/api/v1/channels/${channel.id}/now`)).json;
    expect(now.current.mediaItemId).toBe(list[0].mediaItemId);
    expect(now.offsetMs).toBeGreaterThanOrEqual(0);
    expect(now.offsetMs).toBeLessThan(EPISODE_MS);
    expect(now.offsetMs + now.remainingMs).toBe(EPISODE_MS);
    expect(now.next[0].mediaItemId).toBe(list[1].mediaItemId);
  });

  it("exactly one of scheduleFile and definition; each kind refuses the others' source fields", async () => {
    const channel = await newChannel();
    expect((await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential" })).status).toBe(422);
    expect((await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", definition: DEFINITION, scheduleFile: "/tmp/x.yml" })).status).toBe(422);
    const classic = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Classic", definition: DEFINITION });
    expect(classic.status).toBe(422);
    expect(classic.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["definition", "scheduleId"]);
    expect((await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Bogus", definition: DEFINITION })).status).toBe(400);
  });

  it("reset by channel id: 200 with the build summary; 404 for an unknown channel or one without a playout", async () => {
    const channel = await newChannel();
    await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", definition: DEFINITION });
    const reset = await api.post(`/api/v1/channels/${channel.id}/playout/reset`);
    expect(reset.status).toBe(200);
    expect(reset.json).toMatchObject({ mode: "Reset", success: true });
    expect((await api.post("/api/v1/channels/987654/playout/reset")).status).toBe(404);
    const bare = await newChannel();
    expect((await api.post(`/api/v1/channels/${bare.id}/playout/reset`)).status).toBe(404);
    expect((await api.get(`/api/v1/channels/${bare.id}/now`)).status).toBe(404);
  });

  it("a failed build keeps the previous items and records the failure", async () => {
    const channel = await newChannel();
    const created = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", definition: DEFINITION })).json;
    const before = (await api.get(`/api/v1/playouts/${created.id}/items?pageSize=1000`)).json;
    const broken = DEFINITION.replace('"Cartoons"', '"No Such Collection"');
    const updated = await api.put(`/api/v1/playouts/${created.id}`, { definition: broken });
    expect(updated.status).toBe(200);
    expect(updated.json.build.success).toBe(false);
    expect(updated.json.buildStatus).toMatchObject({ success: false, message: expect.stringMatching(/No Such Collection/) });
    const after = (await api.get(`/api/v1/playouts/${created.id}/items?pageSize=1000`)).json;
    expect(after.items.map((i: { id: number }) => i.id)).toEqual(before.items.map((i: { id: number }) => i.id));
  });

  it("preview returns the timeline without saving anything", async () => {
    const playoutsBefore = (await api.get("/api/v1/playouts")).json.length;
    const preview = await api.post("/api/v1/playouts/preview", { definition: DEFINITION, start: "2026-01-01T00:00:00Z", hours: 2, seed: 7 });
    expect(preview.status).toBe(200);
    expect(preview.json.items.slice(0, 4).map((i: { start: string }) => i.start)).toEqual(["2026-01-01T00:00:00.000Z", "2026-01-01T00:30:00.000Z", "2026-01-01T01:00:00.000Z", "2026-01-01T01:30:00.000Z"]);
    expect((await api.get("/api/v1/playouts")).json.length).toBe(playoutsBefore);
    expect((await api.post("/api/v1/playouts/preview", { definition: "playout: []" })).status).toBe(422);
  });

  it("GET/DELETE statuses; deleting the channel deletes its playout", async () => {
    const channel = await newChannel();
    const created = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", definition: DEFINITION })).json;
    expect((await api.get(`/api/v1/playouts/${created.id}`)).json.id).toBe(created.id);
    expect((await api.delete(`/api/v1/channels/${channel.id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/playouts/${created.id}`)).status).toBe(404);
    expect((await api.delete(`/api/v1/playouts/${created.id}`)).status).toBe(404);
    const other = await newChannel();
    const second = (await api.post("/api/v1/playouts", { channelId: other.id, kind: "Sequential", definition: DEFINITION })).json;
    expect((await api.delete(`/api/v1/playouts/${second.id}`)).status).toBe(204);
    expect((await api.get(`/api/v1/channels/${other.id}`)).json.playoutId).toBeUndefined();
    expect((await api.get("/api/v1/playouts/1/items?from=yesterday")).status).toBe(422);
  });

  it("a playout can use a definition file (in <data>/playouts) whose imports resolve next to it", async () => {
    const folder = path.join(server.dataDir, "playouts", "definition");
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, "content.yml"), 'content:\n  - collection: "Cartoons"\n    key: cartoons\n    order: chronological\n');
    const file = path.join(folder, "channel.yml");
    fs.writeFileSync(file, "import:\n  - content.yml\nplayout:\n  - all:\n    content: cartoons\n  - repeat: true\n");
    const channel = await newChannel();
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", scheduleFile: file });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ scheduleFile: file, build: { success: true } });
    expect(created.json.definition).toBeUndefined();
    const missing = await api.post("/api/v1/playouts", { channelId: (await newChannel()).id, kind: "Sequential", scheduleFile: path.join(folder, "nope.yml") });
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0]).toMatchObject({ field: "scheduleFile", message: expect.stringMatching(/cannot read/) });
    const outside = await api.post("/api/v1/playouts", { channelId: (await newChannel()).id, kind: "Sequential", scheduleFile: "/etc/hostname" });
    expect(outside.status).toBe(422);
    expect(outside.json.errors[0]).toMatchObject({ field: "scheduleFile", message: expect.stringMatching(/"\/etc\/hostname" is outside the folders definition files are read from/) });
  });

  it("a playlist's entries play in turn: one movie, then two episodes, again and again", async () => {
    const group = (await api.post("/api/v1/playlists/groups", { name: "Evenings" })).json;
    const playlist = await api.post("/api/v1/playlists", {
      name: "Mix",
      playlistGroupId: group.id,
      items: [
        { collectionType: "MediaItem", mediaItemId: media.movieIds[0], playbackOrder: "Chronological", count: 1, playAll: false, includeInProgramGuide: true },
        { collectionType: "TelevisionShow", mediaItemId: media.showId, playbackOrder: "SeasonEpisode", count: 2, playAll: false, includeInProgramGuide: true },
      ],
    });
    expect(playlist.status, playlist.text).toBe(201);
    const definition = 'content:\n  - playlist: "Mix"\n    playlist_group: "Evenings"\n    key: mix\nplayout:\n  - count: 6\n    content: mix\n  - repeat: true\n';
    const preview = await api.post("/api/v1/playouts/preview", { definition, start: "2026-02-01T00:00:00Z", hours: 3 });
    expect(preview.status, preview.text).toBe(200);
    const ids = preview.json.items.slice(0, 6).map((i: { mediaItemId: number }) => i.mediaItemId);
    const [e11, e12, e21, e22] = media.episodeIds;
    expect(ids).toEqual([media.movieIds[0], e11, e12, media.movieIds[0], e21, e22]);
  });
});
