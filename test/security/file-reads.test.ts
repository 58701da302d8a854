import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseFile, sqlAll } from "../support/sqlite";
import { useTempDir, useTestServer } from "../support/test-server";

/**
 * Finding 3: `kind: ExternalJson` with `scheduleFile: /etc/passwd` answered 422 quoting the file's first
 * bytes. Channel files are now read only from <data>/playouts/ or the scripts folder, and errors name the
 * path and the kind of problem, never the content.
 */

const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });
const outside = useTempDir("airwave-files-");
let channelNumber = 960;

const newChannel = async () => (await api.post("/api/v1/channels", { name: "Files", number: String(channelNumber++) })).json as { id: number };
const SECRET_LINE = "root:x:0:0:root:/root:/bin/bash";

describe("ExternalJson channel files", () => {
  it("the reported probe (/etc/passwd) is a 422 that names the path and says nothing of its content", async () => {
    const channel = await newChannel();
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: "/etc/passwd" });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors).toEqual([{ field: "scheduleFile", message: expect.stringMatching(/^"\/etc\/passwd" is outside the folders channel files are read from/) }]);
    expect(res.text).not.toMatch(/root:x|daemon/);
  });

  it("outside the folders, a missing file and an existing one get the same answer (nothing learned about the disk)", async () => {
    fs.writeFileSync(path.join(outside.path, "there.json"), "{}");
    const channel = await newChannel();
    const there = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: path.join(outside.path, "there.json") });
    const missing = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: path.join(outside.path, "missing.json") });
    expect(there.status).toBe(422);
    expect(missing.status).toBe(422);
    expect(there.json.errors[0].message.replace("there.json", "X")).toBe(missing.json.errors[0].message.replace("missing.json", "X"));
  });

  it.each([
    ["`..` out of playouts/", (d: string) => path.join(d, "playouts", "..", "..", "..", "etc", "passwd")],
    ["a symbolic link in playouts/ to a file elsewhere", (d: string) => path.join(d, "playouts", "passwd-link.json")],
    ["the database next to playouts/", (d: string) => path.join(d, "airwave.db")],
    ["settings.json (may hold keys)", (d: string) => path.join(d, "settings.json")],
  ])("refused: %s", async (_label, file) => {
    if (!fs.existsSync(path.join(server.dataDir, "playouts", "passwd-link.json"))) fs.symlinkSync("/etc/passwd", path.join(server.dataDir, "playouts", "passwd-link.json"));
    const channel = await newChannel();
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: file(server.dataDir) });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ field: "scheduleFile", message: expect.stringMatching(/outside the folders channel files are read from/) });
    expect(res.text).not.toContain("root:x");
  });

  it("a file in playouts/ that is not JSON: the error names the file and the problem, never its text", async () => {
    const file = path.join(server.dataDir, "playouts", "copied-passwd.json");
    fs.writeFileSync(file, `${SECRET_LINE}\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n`);
    const channel = await newChannel();
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: file });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors).toEqual([{ field: "scheduleFile", message: expect.stringMatching(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: \\$: not valid JSON`)) }]);
    expect(res.text).not.toMatch(/root|daemon|nologin/);
  });

  it("a wrong shape is named by its JSON path, and the values are not echoed", async () => {
    const file = path.join(server.dataDir, "playouts", "shape.json");
    fs.writeFileSync(file, JSON.stringify({ startTime: "secret-value-1", programs: [{ duration: "secret-value-2", title: 5 }] }));
    const channel = await newChannel();
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: file });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([expect.stringContaining("startTime: must be an ISO 8601"), expect.stringContaining("programs[0].duration: must be")]),
    );
    expect(res.text).not.toContain("secret-value");
  });

  it("legitimate: a channel file in playouts/ builds and its programme plays from the file it names", async () => {
    const clip = path.join(outside.path, "clip.mkv");
    fs.writeFileSync(clip, "stand-in");
    const file = path.join(server.dataDir, "playouts", "good.json");
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 60_000).toISOString(), programs: [{ title: "Clip", duration: 3_600_000, file: clip }] }));
    const channel = await newChannel();
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: file });
    expect(res.status, res.text).toBe(201);
    expect(res.json.build).toMatchObject({ success: true, itemCount: 1 });
    // The same file from the scripts folder works too.
    const inScripts = path.join(server.config.playout.scriptsFolder, "good.json");
    fs.copyFileSync(file, inScripts);
    const other = await newChannel();
    expect((await api.post("/api/v1/playouts", { channelId: other.id, kind: "ExternalJson", scheduleFile: inScripts })).status).toBe(201);
  });

  it("a playout saved with a file outside the folders fails its next build naming the file, and reads nothing", async () => {
    const file = path.join(server.dataDir, "playouts", "moved.json");
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date().toISOString(), programs: [{ title: "Off", duration: 60_000, isOffline: true }] }));
    const channel = await newChannel();
    const created = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: file })).json;
    await sqlAll(databaseFile(server.dataDir), "UPDATE playout SET scheduleFile = '/etc/passwd' WHERE id = ?", [created.id]);
    const reset = await api.post(`/api/v1/channels/${channel.id}/playout/reset`);
    expect(reset.json).toMatchObject({ success: false, message: expect.stringMatching(/^the channel file "\/etc\/passwd" is outside the folders channel files are read from/) });
    expect(reset.text).not.toContain("root:x");
  });
});

describe("Sequential definition files and the validate endpoint", () => {
  it.each([
    ["REST validate", async () => api.post("/api/v1/playouts/validate", { scheduleFile: "/etc/passwd" })],
    ["create", async () => api.post("/api/v1/playouts", { channelId: (await newChannel()).id, kind: "Sequential", scheduleFile: "/etc/passwd" })],
  ])("%s: a file outside the folders is a 422 naming scheduleFile, without its content", async (_label, send) => {
    const res = await send();
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ field: "scheduleFile", message: expect.stringMatching(/is outside the folders definition files are read from/) });
    expect(res.text).not.toContain("root:x");
  });

  it("GraphQL validatePlayout over GET with a file outside: refused the same way", async () => {
    const query = encodeURIComponent('{ validatePlayout(scheduleFile: "/etc/passwd") { valid errors { message } } }');
    const res = await api.get(`/graphql?query=${query}`, { "apollo-require-preflight": "true" });
    expect(res.json.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "scheduleFile" }] });
    expect(res.text).not.toContain("root:x");
  });
});
