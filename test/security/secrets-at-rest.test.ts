import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { restoreSnapshot } from "../../server/db/snapshot";
import { useTestServer } from "../support/test-server";

/** Backups hold every secret (settings.json's keys, media-server credentials): only their owner may read them. */
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe("secrets at rest", () => {
  const fixture = useTestServer({ perTest: true });
  const { server, api } = fixture;

  it("the backups folder is 0700 and every backup 0600, a folder left 0755 by an earlier version included", async () => {
    const folder = path.join(server.dataDir, "backups");
    fs.mkdirSync(folder, { mode: 0o755 });
    fs.chmodSync(folder, 0o755);
    const first = await api.post("/api/v1/maintenance/backup");
    expect(first.status, first.text).toBe(200);
    // An older backup made readable to everyone is tightened by the next one.
    fs.chmodSync(path.join(folder, first.json.name), 0o644);
    const second = await api.post("/api/v1/maintenance/backup");
    expect(second.status, second.text).toBe(200);
    expect(mode(folder).toString(8)).toBe("700");
    for (const name of fs.readdirSync(folder)) expect(`${name} ${mode(path.join(folder, name)).toString(8)}`).toBe(`${name} 600`);
    expect(fs.readdirSync(folder).sort()).toEqual([first.json.name, second.json.name].sort());
  });

  it("a restore leaves settings.json and the database 0600, even where the files were readable before", async () => {
    expect((await api.put("/api/v1/settings", { writeKey: "restored-write-key-0123456789" })).status).toBe(200);
    // The key applies at once: the backup is taken with it.
    const backup = await api.post("/api/v1/maintenance/backup", undefined, { "X-Api-Key": "restored-write-key-0123456789" });
    expect(backup.status, backup.text).toBe(200);
    await fixture.stop();
    const settings = path.join(server.dataDir, "settings.json");
    fs.chmodSync(settings, 0o644);
    await restoreSnapshot(path.join(server.dataDir, "backups", backup.json.name), server.dataDir);
    expect(fs.readFileSync(settings, "utf8")).toContain("restored-write-key-0123456789");
    expect(mode(settings).toString(8)).toBe("600");
    expect(mode(path.join(server.dataDir, "airwave.sqlite3")).toString(8)).toBe("600");
  });
});
