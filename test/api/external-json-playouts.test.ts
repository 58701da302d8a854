import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions, databaseFile, sqlAll } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const MIN = 60_000;
const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });
let media: SeededMedia;
let folder: string;
let channelNumber = 300;

const newChannel = async () => (await api.post("/api/v1/channels", { name: "External", number: String(channelNumber++) })).json;

/** A channel file that started 10 minutes ago: a library episode, a plain local file, a missing file, a long local file. */
function writeChannelFile(name: string, startTime: number): { file: string; localFile: string } {
  const localFile = path.join(folder, "local clip.mkv");
  fs.writeFileSync(localFile, "not really a video; existence is what the build checks");
  const file = path.join(folder, name);
  fs.writeFileSync(
    file,
    JSON.stringify({
      startTime: new Date(startTime).toISOString(),
      guideMinimumDurationSeconds: 120,
      programs: [
        { title: "Library episode", type: "episode", showTitle: "Toon", season: 1, episode: 1, duration: 30 * MIN, file: `/seeded/${media.episodeIds[0]}.mkv` },
        { title: "Local clip", duration: 60_000, file: localFile },
        { title: "Lost film", duration: 45 * MIN, file: path.join(folder, "gone.mkv") },
        { title: "Long local", duration: 24 * 60 * MIN, file: "local clip.mkv" },
      ],
    }),
  );
  return { file, localFile };
}

beforeAll(async () => {
  media = await seedMedia(server.dataDir, "Toon");
  await addVersions(server.dataDir, [...media.episodeIds, ...media.movieIds], 30 * MIN);
  // Channel files are read only from <data>/playouts/ (or the scripts folder).
  folder = path.join(server.dataDir, "playouts");
});

describe("ExternalJson playouts", () => {
  it("lay the file's programmes back to back; missing files become offline gaps with a warning", async () => {
    const startTime = Date.now() - 10 * MIN;
    const { file, localFile } = writeChannelFile("channel.json", startTime);
    const channel = await newChannel();
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: file });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ kind: "ExternalJson", scheduleFile: file, build: { mode: "Reset", success: true, itemCount: 4 } });
    expect(created.json.build.message).toMatch(/1 file\(s\) not found, played as offline: .*gone\.mkv/);
    expect(created.json.buildStatus.message).toMatch(/gone\.mkv/);

    const items = (await api.get(`/api/v1/playouts/${created.json.id}/items?from=${new Date(startTime - MIN).toISOString()}&pageSize=100`)).json.items;
    expect(items.map((i: any) => [Date.parse(i.start) - startTime, Date.parse(i.finish) - startTime])).toEqual([
      [0, 30 * MIN],
      [30 * MIN, 31 * MIN],
      [31 * MIN, 76 * MIN],
      [76 * MIN, 76 * MIN + 24 * 60 * MIN],
    ]);
    expect(items[0]).toMatchObject({ mediaItemId: media.episodeIds[0], title: "Library episode" });
    expect(items[1]).toMatchObject({ title: "Local clip" });
    expect(items[1].mediaItemId).toBeUndefined();
    expect(items[2].mediaItemId).toBeUndefined();
    expect(items[2].title).toBeUndefined();
    expect(items[3]).toMatchObject({ title: "Long local" });

    const rows = await sqlAll(databaseFile(server.dataDir), `SELECT externalPath, externalMetadata, hiddenFromGuide FROM playout_item WHERE playoutId = ? ORDER BY start`, [created.json.id]);
    expect(rows.map((r: any) => r.externalPath)).toEqual([null, localFile, null, localFile]);
    expect(JSON.parse((rows[0] as any).externalMetadata)).toEqual({ title: "Library episode", showTitle: "Toon", season: 1, episode: 1, type: "episode" });
    expect(rows.map((r: any) => Boolean(r.hiddenFromGuide))).toEqual([false, true, false, false]);

    const now = (await api.get(`/api/v1/channels/${channel.id}/now`)).json;
    expect(now.current.mediaItemId).toBe(media.episodeIds[0]);
    expect(Math.abs(now.offsetMs - 10 * MIN)).toBeLessThan(5_000);
  });

  it("a rebuild re-reads the file and replaces the timeline", async () => {
    const { file } = writeChannelFile("rebuild.json", Date.now() - 5 * MIN);
    const channel = await newChannel();
    const created = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: file })).json;
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - MIN).toISOString(), programs: [{ title: "Only one", duration: 48 * 60 * MIN, file: `/seeded/${media.movieIds[0]}.mkv` }] }));
    const reset = await api.post(`/api/v1/channels/${channel.id}/playout/reset`, {});
    expect(reset.status, reset.text).toBeLessThan(300);
    const items = (await api.get(`/api/v1/playouts/${created.id}/items?pageSize=100`)).json.items;
    expect(items.map((i: any) => i.title)).toEqual(["Only one"]);
  });

  it("a file that turns invalid fails the build and keeps the items", async () => {
    const { file } = writeChannelFile("broken.json", Date.now() - 5 * MIN);
    const channel = await newChannel();
    const created = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: file })).json;
    fs.writeFileSync(file, "{ not json");
    await api.post(`/api/v1/channels/${channel.id}/playout/reset`, {});
    const playout = (await api.get(`/api/v1/playouts/${created.id}`)).json;
    expect(playout.buildStatus).toMatchObject({ success: false, message: expect.stringMatching(/not valid JSON/) });
    expect((await api.get(`/api/v1/playouts/${created.id}/items?pageSize=100`)).json.totalCount).toBe(4);
  });

  it("422 for a missing, relative or invalid file and for fields of other kinds; nothing is stored", async () => {
    const channel = await newChannel();
    const bad = path.join(folder, "bad.json");
    fs.writeFileSync(bad, JSON.stringify({ startTime: "soon", programs: [{ duration: -1 }] }));
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{}, "scheduleFile", /is required/],
      [{ scheduleFile: path.join(folder, "nope.json") }, "scheduleFile", /does not exist/],
      [{ scheduleFile: "relative.json" }, "scheduleFile", /absolute/],
      [{ scheduleFile: folder }, "scheduleFile", /is not a regular file/],
      [{ scheduleFile: "/etc/passwd" }, "scheduleFile", /"\/etc\/passwd" is outside the folders channel files are read from/],
      [{ scheduleFile: bad }, "scheduleFile", /startTime: must be an ISO 8601 date-time/],
      [{ scheduleFile: bad, scheduleId: 1 }, "scheduleId", /only Classic/],
      [{ scheduleFile: bad, definition: "playout: []" }, "definition", /only Sequential/],
    ];
    for (const [body, field, message] of cases) {
      const response = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", ...body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      const error = response.json.errors.find((e: any) => e.field === field);
      expect(error?.message, response.text).toMatch(message);
    }
    expect((await api.get(`/api/v1/channels/${channel.id}`)).json.playoutId).toBeUndefined();
  });

  it("GraphQL creates the same playout through the same rules", async () => {
    const { file } = writeChannelFile("graphql.json", Date.now() - MIN);
    const channel = await newChannel();
    const mutation = `mutation($input: PlayoutCreateInput!) { createPlayout(input: $input) { playout { id kind scheduleFile } build { success itemCount message } } }`;
    const created = (await api.graphql(mutation, { input: { channelId: channel.id, kind: "ExternalJson", scheduleFile: file } })).json;
    expect(created.errors).toBeUndefined();
    expect(created.data.createPlayout).toMatchObject({ playout: { kind: "ExternalJson", scheduleFile: file }, build: { success: true, itemCount: 4 } });
    const other = await newChannel();
    const refused = (await api.graphql(mutation, { input: { channelId: other.id, kind: "ExternalJson", scheduleFile: path.join(folder, "missing.json") } })).json;
    expect(refused.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "scheduleFile", message: expect.stringMatching(/does not exist/) }] });
  });
});
