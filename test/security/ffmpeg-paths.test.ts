import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../server/config/ffmpeg-binaries";
import { useTempDir, useTestServer, withTestServer } from "../support/test-server";

/**
 * Settings that name programs: FFmpeg:Path and FFmpeg:ProbePath must be executables that identify
 * themselves as FFmpeg / ffprobe. Pointing FFmpeg at /bin/sh (so every stream would run a shell) is a
 * 422 naming the field; at start-up a bad configured path is ignored with one log line.
 */

const { server, api } = useTestServer();
const tmp = useTempDir("airwave-ffmpeg-paths-");
const real = locateFFmpeg({});

describe("PUT /api/v1/settings with program paths", () => {
  it("FFmpeg at /bin/sh: 422 naming ffmpegPath, nothing saved, nothing run", async () => {
    const res = await api.put("/api/v1/settings", { ffmpegPath: "/bin/sh", timeZone: "UTC" });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors).toEqual([{ field: "ffmpegPath", message: expect.stringMatching(/"\/bin\/sh" is not named like ffmpeg/) }]);
    expect((await api.get("/api/v1/settings")).json.ffmpegPath ?? null).toBeNull();
    const file = path.join(server.dataDir, "settings.json");
    expect(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "").not.toContain("/bin/sh");
  });

  it("the same through the GraphQL mutation, and for ffprobePath", async () => {
    const gql = await api.graphql(`mutation($input: SettingsInput!) { updateSettings(input: $input) { ffprobePath } }`, { input: { ffprobePath: "/bin/sh" } });
    expect(gql.json.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "ffprobePath" }] });
    const rest = await api.put("/api/v1/settings", { ffprobePath: "/usr/bin/env" });
    expect(rest.status).toBe(422);
    expect(rest.json.errors[0].field).toBe("ffprobePath");
  });

  it.each([
    ["a relative path", () => "ffmpeg", /absolute path/],
    ["a missing file", () => path.join(tmp.path, "nope", "ffmpeg"), /does not exist/],
    ["a folder", () => fs.mkdirSync(path.join(tmp.path, "ffmpeg-dir"), { recursive: true }) ?? path.join(tmp.path, "ffmpeg-dir"), /is not a file/],
    ["a file that is not executable", () => write("plain/ffmpeg", "#!/bin/sh\necho ffmpeg version 6\n", 0o644), /is not executable/],
    ["an executable named ffmpeg that is something else", () => write("fake/ffmpeg", "#!/bin/sh\necho hello\n", 0o755), /did not identify itself as ffmpeg/],
    ["one that hangs (stopped after 5 s)", () => write("slow/ffmpeg", "#!/bin/sh\nsleep 30\n", 0o755), /did not identify itself as ffmpeg/],
  ])("422 for %s", { timeout: 20_000 }, async (_label, file, message) => {
    const res = await api.put("/api/v1/settings", { ffmpegPath: file() });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ field: "ffmpegPath", message: expect.stringMatching(message) });
  });

  it("legitimate: the real FFmpeg and ffprobe are accepted", async () => {
    const ffmpeg = fs.realpathSync(real.ffmpeg);
    const ffprobe = fs.realpathSync(real.ffprobe);
    const res = await api.put("/api/v1/settings", { ffmpegPath: ffmpeg, ffprobePath: ffprobe });
    expect(res.status, res.text).toBe(200);
    // Saved for the next start (program paths apply after a restart).
    expect(res.json).toMatchObject({ restartRequired: true });
    const saved = JSON.parse(fs.readFileSync(path.join(server.dataDir, "settings.json"), "utf8"));
    expect(saved.FFmpeg).toMatchObject({ Path: ffmpeg, ProbePath: ffprobe });
    expect((await api.put("/api/v1/settings", { ffmpegPath: null, ffprobePath: null })).status).toBe(200);
  });
});

describe("at start-up", () => {
  it("a configured FFmpeg that is not one is ignored with one log line; the PATH or bundled one is used", async () => {
    const lines: string[] = [];
    const env = { Logging__Level: "info", FFmpeg__Path: "/bin/sh", FFmpeg__ProbePath: fs.realpathSync(real.ffprobe) };
    await withTestServer({ env, onLog: (line) => lines.push(line) }, async (_running, client) => {
      const ignored = lines.filter((l) => l.includes("FFmpeg:Path is ignored"));
      expect(ignored).toHaveLength(1);
      expect(ignored[0]).toMatch(/WARN FFmpeg:Path is ignored: "\/bin\/sh" is not named like ffmpeg.*; using the bundled or PATH ffmpeg instead/);
      expect(lines.some((l) => l.includes("FFmpeg:ProbePath is ignored"))).toBe(false);
      const info = await client.get("/api/v1/ffmpeg/info");
      expect(info.json).toMatchObject({ available: true, ffmpegSource: expect.stringMatching(/^(path|bundled)$/) });
      expect(info.json.version).toMatch(/^ffmpeg version/);
    });
  });
});

function write(relative: string, text: string, mode: number): string {
  const file = path.join(tmp.path, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode });
  return file;
}

