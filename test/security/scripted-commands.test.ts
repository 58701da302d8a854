import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { seedMedia } from "../support/seed-media";
import { addVersions, sqlAll } from "../support/sqlite";
import { useTempDir, useTestServer } from "../support/test-server";

/**
 * Finding 1 (remote command execution): a Scripted playout's command line could name any program on
 * the machine, e.g. `/usr/bin/make --eval=$(shell id >owned.txt)`. Now only scripts inside
 * Playout:ScriptsFolder run; everything else is a 422 naming scheduleFile and runs nothing.
 */

const MIN = 60_000;
const fixture = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });
const { server, api } = fixture;
const outside = useTempDir("airwave-outside-");
let scripts: string;
let channelNumber = 900;

const newChannel = async () => {
  const res = await api.post("/api/v1/channels", { name: "Sec", number: String(channelNumber++) });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number };
};

/** A Node script that records its argv and cwd to `record`, then schedules one search item. */
const recordingScript = (record: string) => `const fs = await import("node:fs");
const [url, id, mode, ...extra] = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(1), extra, cwd: process.cwd() }));
const base = url + "/api/v1/scripted/playout/build/" + id;
const post = (p, b) => fetch(base + "/" + p, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
await post("add_search", { key: "all", query: "type:episode" });
await post("add_count", { content: "all", count: 1 });
`;

beforeAll(async () => {
  const media = await seedMedia(server.dataDir, "Sec");
  await addVersions(server.dataDir, media.episodeIds, 20 * MIN);
  scripts = server.config.playout.scriptsFolder;
});

describe("Scripted playouts run only scripts from the scripts folder", () => {
  it("the scripts folder exists from the start and GET /api/v1/settings names it", async () => {
    expect(scripts).toBe(path.join(server.dataDir, "scripts"));
    expect(fs.statSync(scripts).isDirectory()).toBe(true);
    const settings = await api.get("/api/v1/settings");
    expect(settings.json).toMatchObject({ scriptsFolder: scripts, playoutsFolder: path.join(server.dataDir, "playouts") });
  });

  it("the reported exploit (/usr/bin/make --eval=...) is a 422 naming scheduleFile, and nothing runs", async () => {
    const channel = await newChannel();
    const owned = path.join(outside.path, "owned.txt");
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: `/usr/bin/make --eval=$(shell id >${owned})` });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors).toEqual([{ field: "scheduleFile", message: expect.stringContaining(`"/usr/bin/make" is outside the scripts folder ${scripts}`) }]);
    expect(fs.existsSync(owned)).toBe(false);
    expect(fs.existsSync(path.join(scripts, "owned.txt"))).toBe(false);
    expect((await api.get(`/api/v1/channels/${channel.id}`)).json.playoutId).toBeUndefined();
  });

  it.each([
    ["a bare program name (never looked up on PATH)", "sh -c id", /"sh" does not exist/],
    ["an absolute path elsewhere", "/bin/sh -c id", /"\/bin\/sh" is outside the scripts folder/],
    ["`..` out of the folder", "../../../../bin/sh -c id", /is outside the scripts folder/],
    ["the folder itself", "<scripts>", /is not a regular file/],
  ])("422 for %s", async (_label, line, message) => {
    const channel = await newChannel();
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: line === "<scripts>" ? scripts : line });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors[0].field).toBe("scheduleFile");
    expect(res.json.errors[0].message).toMatch(message);
  });

  it("a symbolic link in the folder that leads out of it is refused", async () => {
    const target = path.join(outside.path, "evil.mjs");
    fs.writeFileSync(target, "process.exit(0)");
    fs.symlinkSync(target, path.join(scripts, "link.mjs"));
    fs.symlinkSync("/bin/sh", path.join(scripts, "shell"));
    const channel = await newChannel();
    for (const line of ["link.mjs", path.join(scripts, "shell") + " -c id"]) {
      const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: line });
      expect(res.status, res.text).toBe(422);
      expect(res.json.errors[0]).toMatchObject({ field: "scheduleFile", message: expect.stringMatching(/leads \(through a symbolic link\) outside the scripts folder/) });
    }
  });

  it("a file without a known extension must be executable", async () => {
    fs.writeFileSync(path.join(scripts, "plain"), "#!/bin/sh\nexit 0\n", { mode: 0o644 });
    const channel = await newChannel();
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: "plain" });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ field: "scheduleFile", message: expect.stringMatching(/"plain" is not executable/) });
  });

  it("a script in the folder builds; extra arguments stay after the script, never before it", async () => {
    const record = path.join(outside.path, "argv.json");
    fs.writeFileSync(path.join(scripts, "records.mjs"), recordingScript(record));
    const channel = await newChannel();
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: `records.mjs --inspect=0.0.0.0:9229 "two words"` });
    expect(res.status, res.text).toBe(201);
    expect(res.json.build, JSON.stringify(res.json.build)).toMatchObject({ success: true, itemCount: 1 });
    const seen = JSON.parse(fs.readFileSync(record, "utf8"));
    // argv[1] is the script itself: the interpreter got no option before it.
    expect(seen.argv[0]).toBe(fs.realpathSync(path.join(scripts, "records.mjs")));
    expect(seen.extra).toEqual(["--inspect=0.0.0.0:9229", "two words"]);
    expect(seen.cwd).toBe(fs.realpathSync(scripts));
  });

  it("an executable script in the folder runs directly", async () => {
    const marker = path.join(outside.path, "ran-directly");
    fs.writeFileSync(path.join(scripts, "direct.sh"), `#!/bin/sh\necho "$3" > ${JSON.stringify(marker)}\nexit 0\n`, { mode: 0o755 });
    const channel = await newChannel();
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: path.join(scripts, "direct.sh") });
    expect(res.status, res.text).toBe(201);
    // It schedules nothing, so the build fails for that reason, after the script ran with the mode.
    expect(res.json.build.message).toMatch(/finished without scheduling anything/);
    expect(fs.readFileSync(marker, "utf8").trim()).toBe("reset");
  });

  it("a playout saved before confinement fails its next build with a clear message; nothing else changes", async () => {
    const record = path.join(outside.path, "legacy.json");
    fs.writeFileSync(path.join(scripts, "legacy.mjs"), recordingScript(record));
    const channel = await newChannel();
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: "legacy.mjs" });
    expect(created.json.build.success, created.text).toBe(true);
    const owned = path.join(outside.path, "legacy-owned.txt");
    // As an old database would hold it.
    await sqlAll(fixture.dbFile, "UPDATE playout SET scheduleFile = ? WHERE id = ?", [`/usr/bin/make --eval=$(shell id >${owned})`, created.json.id]);
    const before = (await api.get(`/api/v1/playouts/${created.json.id}/items`)).json.totalCount;
    const reset = await api.post(`/api/v1/channels/${channel.id}/playout/reset`);
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json).toMatchObject({ success: false, message: expect.stringContaining(`"/usr/bin/make" is outside the scripts folder ${scripts}`) });
    expect(fs.existsSync(owned)).toBe(false);
    const playout = (await api.get(`/api/v1/playouts/${created.json.id}`)).json;
    expect(playout).toMatchObject({ kind: "Scripted", scheduleFile: expect.stringMatching(/^\/usr\/bin\/make/), buildStatus: { success: false } });
    expect((await api.get(`/api/v1/playouts/${created.json.id}/items`)).json.totalCount).toBe(before);
  });
});
