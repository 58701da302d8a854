import { describe, expect, it } from "vitest";
import { createDataSource, openDatabase } from "../../server/db/data-source";
import { Database } from "../../server/db/database";
import { sqlAll } from "../support/sqlite";
import { makeTempDir, useTestServer } from "../support/test-server";

const sql = sqlAll;

describe("persistence across a restart", () => {
  const { api, restart } = useTestServer();

  it("data survives a restart on the same data folder, and first-start seeding runs only once", async () => {
    const profile = (await api.post("/api/v1/ffmpeg/profiles", { name: "Kept", videoBitrate: 4321 })).json;
    const channel = (await api.post("/api/v1/channels", { name: "Kept", number: "77", ffmpegProfileId: profile.id, categories: ["a", "b"] })).json;
    expect((await api.delete("/api/v1/channels/1")).status).toBe(204);

    await restart();
    const { streamUrl: _before, ...stored } = channel;
    const { streamUrl: _after, ...reloaded } = (await api.get(`/api/v1/channels/${channel.id}`)).json;
    expect(reloaded).toEqual(stored);
    expect((await api.get(`/api/v1/ffmpeg/profiles/${profile.id}`)).json).toEqual(profile);
    expect((await api.get("/api/v1/channels/1")).status).toBe(404);
    expect((await api.get("/api/v1/ffmpeg/profiles")).json).toHaveLength(2);
  });
});

describe("persistence", () => {
  const fixture = useTestServer();
  const { api } = fixture;

  it("a request that fails validation changes nothing", async () => {
    const channel = (await api.post("/api/v1/channels", { name: "Before", number: "5" })).json;
    const file = fixture.dbFile;
    const snapshot = async () => JSON.stringify([await sql(file, "SELECT * FROM channel ORDER BY id"), await sql(file, "SELECT * FROM ffmpeg_profile ORDER BY id"), await sql(file, "SELECT * FROM resolution ORDER BY id")]);
    const before = await snapshot();
    const failing = [
      api.put(`/api/v1/channels/${channel.id}`, { name: "After", number: "5", logoUrl: "bad" }),
      api.patch(`/api/v1/channels/${channel.id}`, { name: "After", showInEpg: true, isEnabled: false }),
      api.post("/api/v1/channels", { name: "New", number: "1" }),
      api.post("/api/v1/ffmpeg/profiles", { name: "Odd", resolution: { width: 1002, height: 500 }, threadCount: -1 }),
      api.patch("/api/v1/ffmpeg/profiles/1", { resolution: { width: 1004, height: 502 }, audioChannels: 99 }),
      api.delete("/api/v1/ffmpeg/profiles/1"),
    ];
    for (const response of await Promise.all(failing)) expect(response.status).toBe(422);
    expect(await snapshot()).toBe(before);
  });

  it("a write that throws half-way is rolled back entirely", async () => {
    const dataDir = makeTempDir();
    const db = await Database.open(dataDir);
    try {
      await expect(
        db.write(async (repos) => {
          await repos.settings.set("half", "written");
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await db.read((repos) => repos.settings.get("half"))).toBeUndefined();
      await db.write((repos) => repos.settings.set("whole", "written"));
      expect(await db.read((repos) => repos.settings.get("whole"))).toBe("written");
    } finally {
      await db.close();
    }
  });

  it("deleting a channel deletes its playout and the playout's items", async () => {
    const file = fixture.dbFile;
    const channel = (await api.post("/api/v1/channels", { name: "With playout", number: "9" })).json;
    await sql(file, `INSERT INTO playout (channelId, kind, seed, createdAt) VALUES (?, 'Sequential', 1, 0)`, [channel.id]);
    const [{ id: playoutId }] = await sql<{ id: number }>(file, "SELECT id FROM playout WHERE channelId = ?", [channel.id]);
    await sql(file, `INSERT INTO playout_item (playoutId, start, finish, outPointMs) VALUES (?, 0, 1000, 1000)`, [playoutId]);
    expect((await api.get(`/api/v1/channels/${channel.id}`)).json.playoutId).toBe(playoutId);
    expect((await api.delete(`/api/v1/channels/${channel.id}`)).status).toBe(204);
    expect(await sql(file, "SELECT * FROM playout WHERE id = ?", [playoutId])).toEqual([]);
    expect(await sql(file, "SELECT * FROM playout_item WHERE playoutId = ?", [playoutId])).toEqual([]);
  });
});

describe("schema", () => {
  it("the migrations produce exactly the schema the entities describe (no drift)", async () => {
    const dataDir = makeTempDir();
    const dataSource = await openDatabase(dataDir);
    try {
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });

  it("runs in WAL mode with foreign keys enforced", async () => {
    const dataDir = makeTempDir();
    const dataSource = await openDatabase(dataDir);
    try {
      expect(await dataSource.query("PRAGMA journal_mode")).toEqual([{ journal_mode: "wal" }]);
      expect(await dataSource.query("PRAGMA foreign_keys")).toEqual([{ foreign_keys: 1 }]);
      await expect(dataSource.query("INSERT INTO channel_does_not_matter VALUES (1)")).rejects.toThrow();
      await expect(
        dataSource.query(`INSERT INTO library_path (libraryId, path) VALUES (12345, '/nowhere')`),
      ).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await dataSource.destroy();
    }
  });

  it("never synchronises the schema from entities", () => {
    expect(createDataSource(":memory:").options.synchronize).toBe(false);
  });
});
