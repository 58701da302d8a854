import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import sqlite3 from "sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

const root = path.resolve(__dirname, "../..");
const CLI = path.join(root, "bin/airwave.js");

beforeAll(() => {
  // The restore command runs compiled code, as a user's `airwave restore` does.
  if (!fs.existsSync(path.join(root, "dist/server/cli/restore-command.js"))) throw new Error("run npm run build first");
});

function airwave(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 30_000, env: { ...process.env, AIRWAVE_DATA_DIR: dataDir } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function query<T>(file: string, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (openError) => {
      if (openError) return reject(openError);
      db.all(sql, (error, rows) => db.close(() => (error ? reject(error) : resolve(rows as T[]))));
    });
  });
}

describe("backups", () => {
  // A new server for each test: both stop it to work on its folder offline.
  const fixture = useTestServer({ perTest: true });
  const { server, api } = fixture;

  it("a backup taken during a burst of writes restores to a sound database with every write acknowledged before it", async () => {
    fs.writeFileSync(path.join(server.dataDir, "settings.json"), JSON.stringify({ Guide: { DaysToBuild: 3 } }));
    const acknowledged: string[] = [];
    let writing = true;
    let sent = 0;
    const writer = async () => {
      while (writing) {
        const name = `Burst ${sent++}`;
        const response = await api.post("/api/v1/channels", { name });
        expect(response.status).toBe(201);
        acknowledged.push(name);
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acknowledged.length < 30) await new Promise((resolve) => setImmediate(resolve));
    const before = [...acknowledged];
    const backup = await api.post("/api/v1/maintenance/backup");
    const after = acknowledged.length;
    // Keep writing a little after the backup, so the live database moves on past it.
    while (acknowledged.length < after + 20) await new Promise((resolve) => setImmediate(resolve));
    writing = false;
    await Promise.all(writers);

    expect(backup.status).toBe(200);
    expect(backup.json).toMatchObject({ trigger: "manual", name: expect.stringMatching(/^airwave-\d{8}-\d{6}(-\d+)?-manual\.sqlite3$/) });
    expect(backup.json.sizeBytes).toBeGreaterThan(0);
    const listed = await api.get("/api/v1/maintenance/backups");
    expect(listed.json.map((b: { name: string }) => b.name)).toEqual([backup.json.name]);
    const file = path.join(server.dataDir, "backups", backup.json.name);

    const refused = airwave(server.dataDir, "restore", file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is using .*stop it first/);

    await fixture.stop();
    fs.writeFileSync(path.join(server.dataDir, "settings.json"), "{}");
    const restored = airwave(server.dataDir, "restore", file);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored the database and settings\.json/);

    const dbFile = path.join(server.dataDir, "airwave.sqlite3");
    expect(await query<{ integrity_check: string }>(dbFile, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
    const names = new Set((await query<{ name: string }>(dbFile, "SELECT name FROM channel")).map((row) => row.name));
    for (const name of before) expect(names.has(name)).toBe(true);
    // The snapshot is of one moment: it does not hold everything written after it.
    expect(acknowledged.filter((name) => !names.has(name)).length).toBeGreaterThan(0);
    expect(JSON.parse(fs.readFileSync(path.join(server.dataDir, "settings.json"), "utf8"))).toEqual({ Guide: { DaysToBuild: 3 } });
    expect(await query(dbFile, "SELECT name FROM sqlite_master WHERE name = 'airwave_backup_files'")).toEqual([]);

    // The restored folder starts and serves the restored channels.
    await fixture.restart();
    const channels = await api.get("/api/v1/channels");
    expect(channels.json.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(before));
  });

  it("restore refuses a file that is not a backup and leaves the data folder alone", async () => {
    await api.post("/api/v1/channels", { name: "Kept" });
    await fixture.stop();
    const bogus = path.join(server.dataDir, "bogus.sqlite3");
    fs.writeFileSync(bogus, "not a database at all, just text");
    const result = airwave(server.dataDir, "restore", bogus);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/airwave restore: .*bogus\.sqlite3/);
    const missing = airwave(server.dataDir, "restore", path.join(server.dataDir, "nope.sqlite3"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/does not exist/);
    const names = (await query<{ name: string }>(path.join(server.dataDir, "airwave.sqlite3"), "SELECT name FROM channel")).map((row) => row.name);
    expect(names).toContain("Kept");
  });
});

describe("Backup:Keep", () => {
  const { api } = useTestServer({ env: { Backup__Keep: "2" } });

  it("keeps only the newest Backup:Keep backups", async () => {
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push((await api.post("/api/v1/maintenance/backup")).json.name);
    const listed = (await api.get("/api/v1/maintenance/backups")).json.map((b: { name: string }) => b.name);
    expect(listed).toEqual([names[2], names[1]]);
  });
});
