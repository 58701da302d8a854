import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptEnvironment } from "../../server/scripting/script-environment";
import { seedMedia } from "../support/seed-media";
import { addVersions } from "../support/sqlite";
import { useTempDir, useTestServer } from "../support/test-server";

/**
 * Finding 4: a script inherited the server's whole environment, including `Api__WriteKey` and
 * `JWT__IssuerSigningKey` when those are set as environment variables. Now it gets PATH, HOME,
 * LANG/LC_*, TZ and its build's AIRWAVE_* values, nothing else.
 */

const SECRETS = { Api__WriteKey: "env-write-key-123", JWT__IssuerSigningKey: "env-signing-key-456", AWS_SECRET_ACCESS_KEY: "aws-789", NODE_OPTIONS: "--no-warnings" };
const saved = new Map<string, string | undefined>();

beforeAll(() => {
  // The server process's own environment holds the secrets, as when settings are given by environment.
  for (const [name, value] of Object.entries({ ...SECRETS, LC_ALL: "C.UTF-8", TZ: "Europe/Berlin" })) {
    saved.set(name, process.env[name]);
    process.env[name] = value;
  }
});
afterAll(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const MIN = 60_000;
const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });
const out = useTempDir("airwave-env-");

describe("a script's environment", () => {
  it("holds only PATH, HOME, locale, TZ and the build's AIRWAVE_* values; no key or token", async () => {
    const media = await seedMedia(server.dataDir, "Env");
    await addVersions(server.dataDir, media.episodeIds, 20 * MIN);
    const dump = path.join(out.path, "env.json");
    fs.writeFileSync(
      path.join(server.config.playout.scriptsFolder, "env.mjs"),
      `const fs = await import("node:fs");
fs.writeFileSync(${JSON.stringify(dump)}, JSON.stringify(process.env));
const base = process.env.AIRWAVE_URL + "/api/v1/scripted/playout/build/" + process.env.AIRWAVE_BUILD_ID;
const post = (p, b) => fetch(base + "/" + p, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
await post("add_search", { key: "all", query: "type:episode" });
await post("add_count", { content: "all", count: 1 });
`,
    );
    const channel = (await api.post("/api/v1/channels", { name: "Env", number: "950" })).json;
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: "env.mjs" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.build, JSON.stringify(res.json.build)).toMatchObject({ success: true });

    const env = JSON.parse(fs.readFileSync(dump, "utf8")) as Record<string, string>;
    const names = Object.keys(env).filter((n) => n !== "PWD" && n !== "SHLVL" && n !== "_"); // the C runtime may add these
    for (const name of names) expect(name, `unexpected variable ${name}`).toMatch(/^(PATH|HOME|LANG|LC_[A-Z_]+|TZ|AIRWAVE_[A-Z_]+)$/);
    expect(env).toMatchObject({ LC_ALL: "C.UTF-8", TZ: "Europe/Berlin", AIRWAVE_BUILD_MODE: "reset", AIRWAVE_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.AIRWAVE_BUILD_ID).toMatch(/^[0-9a-f-]{36}$/);
    const text = JSON.stringify(env);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  });
});

describe("scriptEnvironment", () => {
  const server = { PATH: "/usr/bin", HOME: "/home/u", LANG: "de_DE.UTF-8", LC_TIME: "C", TZ: "UTC", Api__WriteKey: "k", AIRWAVE_DATA_DIR: "/data", SystemRoot: "C:\\Windows", Path: "x" };

  it("keeps the allowed names, drops everything else, and AIRWAVE_* come only from the build", () => {
    expect(scriptEnvironment(server, { AIRWAVE_URL: "http://127.0.0.1:1", OTHER: "no" }, "linux", false)).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/u",
      LANG: "de_DE.UTF-8",
      LC_TIME: "C",
      TZ: "UTC",
      Path: "x",
      AIRWAVE_URL: "http://127.0.0.1:1",
    });
  });

  it("on Windows also keeps what programs need to start there; under Electron, node mode", () => {
    const env = scriptEnvironment(server, {}, "win32", true);
    expect(env).toMatchObject({ SystemRoot: "C:\\Windows", ELECTRON_RUN_AS_NODE: "1" });
    expect(env.Api__WriteKey).toBeUndefined();
    expect(env.AIRWAVE_DATA_DIR).toBeUndefined();
  });
});
