import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { isRunning } from "../support/process-alive";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

const MIN = 60_000;
const EXAMPLE_SOURCE = path.resolve(__dirname, "../../examples/scripted/one-day.mjs");
/** The example, copied into the server's scripts folder (the only place scripts run from). */
let EXAMPLE: string;
const KEY = "scripted-key";
const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1", Playout__ScriptTimeoutSeconds: "4", Api__WriteKey: KEY }, headers: { "x-api-key": KEY } });
let media: SeededMedia;
let folder: string;
let channelNumber = 400;

const newChannel = async () => (await api.post("/api/v1/channels", { name: "Scripted", number: String(channelNumber++) })).json;

/** Writes a Node script into the scripts folder; `body` runs with `base` (the build API URL) and `args`. */
function script(name: string, body: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(
    file,
    `const [url, id, mode, ...args] = process.argv.slice(2);
const base = url + "/api/v1/scripted/playout/build/" + id;
const post = (p, b = {}) => fetch(base + "/" + p, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
${body}
`,
  );
  return file;
}

beforeAll(async () => {
  media = await seedMedia(server.dataDir, "Scripted");
  await addVersions(server.dataDir, [...media.episodeIds, ...media.movieIds], 25 * MIN);
  folder = server.config.playout.scriptsFolder;
  EXAMPLE = path.join(folder, "one-day.mjs");
  fs.copyFileSync(EXAMPLE_SOURCE, EXAMPLE);
});

describe("Scripted playouts", () => {
  it("the example script builds a day: episodes in order, and every evening's movie starts at 20:00", async () => {
    const channel = await newChannel();
    const before = Date.now();
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: EXAMPLE });
    expect(created.status, created.text).toBe(201);
    expect(created.json.build, JSON.stringify(created.json.build)).toMatchObject({ mode: "Reset", success: true });

    const items = (await api.get(`/api/v1/playouts/${created.json.id}/items?pageSize=1000&to=${new Date(before + 3 * 24 * 60 * MIN).toISOString()}`)).json.items as any[];
    const movies = items.filter((i) => media.movieIds.includes(i.mediaItemId));
    const episodes = items.filter((i) => media.episodeIds.includes(i.mediaItemId));
    expect(movies.length).toBeGreaterThanOrEqual(1);
    for (const movie of movies) expect(new Date(movie.start).toISOString().slice(11, 19)).toBe("20:00:00");
    // Episodes never run into 20:00 and follow season/episode order.
    for (const e of episodes) {
      const start = new Date(e.start);
      const eight = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate(), 20);
      expect(start.getTime() >= eight || Date.parse(e.finish) <= eight).toBe(true);
    }
    const order = episodes.slice(0, 4).map((e) => e.mediaItemId);
    expect(order).toEqual(media.episodeIds.slice(media.episodeIds.indexOf(order[0])).concat(media.episodeIds).slice(0, 4));
    // The window (a day from the build) is covered.
    expect(Date.parse(items[items.length - 1].finish)).toBeGreaterThanOrEqual(before + 24 * 60 * MIN);
  });

  it("a script that fails keeps the old items; the build status has its exit code and stderr", async () => {
    const channel = await newChannel();
    const created = (await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: EXAMPLE })).json;
    const itemCount = (await api.get(`/api/v1/playouts/${created.id}/items`)).json.totalCount;
    expect(itemCount).toBeGreaterThan(0);
    const failing = script("fails.mjs", `console.error("no content for tonight"); process.exit(3);`);
    const updated = await api.put(`/api/v1/playouts/${created.id}`, { scheduleFile: failing });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.build).toMatchObject({ success: false, message: expect.stringMatching(/exited with code 3: no content for tonight/) });
    expect((await api.get(`/api/v1/playouts/${created.id}/items`)).json.totalCount).toBe(itemCount);
  });

  it("a script that runs past the timeout fails the build and is stopped", async () => {
    const pidFile = path.join(folder, "sleeper.pid");
    const sleeper = script("sleeps.mjs", `(await import("node:fs")).default.writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setTimeout(() => {}, 120000);`);
    const channel = await newChannel();
    const started = Date.now();
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: sleeper });
    expect(created.status, created.text).toBe(201);
    expect(created.json.build).toMatchObject({ success: false, message: expect.stringMatching(/did not finish within 4 s/) });
    expect(Date.now() - started).toBeLessThan(15_000);
    const pid = Number(fs.readFileSync(pidFile, "utf8"));
    expect(isRunning(pid)).toBe(false);
    expect((await api.get(`/api/v1/playouts/${created.json.id}/items`)).json.totalCount).toBe(0);
  });

  it("a build id works only while its build runs: afterwards, and for unknown ids, 404", async () => {
    const saved = path.join(folder, "session.json");
    const recorder = script(
      "records.mjs",
      `const fs = (await import("node:fs")).default;
const context = await (await fetch(base + "/context")).json();
await post("add_search", { key: "all", query: "type:episode" });
const added = await (await post("add_count", { content: "all", count: 1 })).json();
fs.writeFileSync(${JSON.stringify(saved)}, JSON.stringify({ base, context, added }));`,
    );
    const channel = await newChannel();
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: recorder });
    expect(created.json.build, created.text).toMatchObject({ success: true, itemCount: 1 });
    const session = JSON.parse(fs.readFileSync(saved, "utf8"));
    expect(session.context).toMatchObject({ isDone: false, currentTime: session.context.startTime });
    expect(Date.parse(session.added.currentTime) - Date.parse(session.added.startTime)).toBe(25 * MIN);

    const late = await rawRequest(server.url, "GET", new URL(session.base + "/context").pathname);
    expect(late.status).toBe(404);
    const lateWrite = await rawRequest(server.url, "POST", new URL(session.base + "/add_count").pathname, { body: { content: "all", count: 1 } });
    expect(lateWrite.status).toBe(404);
    const unknown = await rawRequest(server.url, "GET", "/api/v1/scripted/playout/build/00000000-0000-0000-0000-000000000000/context");
    expect(unknown.status).toBe(404);
    expect(unknown.json.title).toBeDefined();
  });

  it("a call that would make an invalid playout is refused with the field named, and adds nothing", async () => {
    const saved = path.join(folder, "refusals.json");
    const probe = script(
      "refusals.mjs",
      `const fs = (await import("node:fs")).default;
const out = {};
await post("add_search", { key: "eps", query: "type:episode" });
for (const [name, path, body] of [
  ["zeroCount", "add_count", { content: "eps", count: -1 }],
  ["unknownContent", "add_count", { content: "nope", count: 1 }],
  ["badTime", "wait_until", { when: "25:99" }],
  ["badPad", "pad_to_next", { content: "eps", minutes: -5 }],
  ["duplicateKey", "add_search", { key: "eps", query: "type:movie" }],
  ["missingCollection", "add_collection", { key: "c", collection: "No Such Collection" }],
  ["wrongType", "add_count", { content: "eps", count: "many" }],
  ["farExact", "wait_until_exact", { when: "2000-01-01T00:00:00Z" }],
]) {
  const r = await post(path, body);
  out[name] = { status: r.status, body: await r.json() };
}
out.peek = await (await fetch(base + "/peek_next/eps")).json();
out.context = await (await fetch(base + "/context")).json();
await post("add_count", { content: "eps", count: 2 });
fs.writeFileSync(${JSON.stringify(saved)}, JSON.stringify(out));`,
    );
    const channel = await newChannel();
    const created = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: probe });
    expect(created.json.build, created.text).toMatchObject({ success: true, itemCount: 2 });
    const out = JSON.parse(fs.readFileSync(saved, "utf8"));
    const field = (name: string) => out[name].body.errors?.[0]?.field;
    expect(out.zeroCount.status).toBe(422);
    expect(field("zeroCount")).toBe("count");
    expect(out.unknownContent.status).toBe(422);
    expect(field("unknownContent")).toBe("content");
    expect(out.badTime.status).toBe(422);
    expect(field("badTime")).toBe("when");
    expect(out.badPad.status).toBe(422);
    expect(field("badPad")).toBe("minutes");
    expect(out.duplicateKey.status).toBe(422);
    expect(field("duplicateKey")).toBe("key");
    expect(out.missingCollection.status).toBe(422);
    expect(out.wrongType.status).toBe(400);
    expect(out.farExact.status).toBe(422);
    expect(field("farExact")).toBe("when");
    expect(out.peek).toEqual({ content: "eps", milliseconds: 25 * MIN });
    expect(out.context.currentTime).toBe(out.context.startTime);
  });

  it("422 for a missing script, one outside the scripts folder, and fields of other kinds; GraphQL takes the same rules", async () => {
    const channel = await newChannel();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{}, "scheduleFile", /is required/],
      [{ scheduleFile: path.join(folder, "missing.mjs") + " --flag" }, "scheduleFile", /does not exist/],
      [{ scheduleFile: EXAMPLE_SOURCE }, "scheduleFile", /is outside the scripts folder/],
      [{ scheduleFile: "make --version" }, "scheduleFile", /"make" does not exist/],
      [{ scheduleFile: `"${EXAMPLE}` }, "scheduleFile", /unclosed/],
      [{ scheduleFile: EXAMPLE, definition: "x" }, "definition", /only Sequential/],
    ];
    for (const [body, name, message] of cases) {
      const response = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", ...body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.json.errors.find((e: any) => e.field === name)?.message, response.text).toMatch(message);
    }
    const mutation = `mutation($input: PlayoutCreateInput!) { createPlayout(input: $input) { playout { id kind } build { success } } }`;
    const refused = (await api.graphql(mutation, { input: { channelId: channel.id, kind: "Scripted", scheduleFile: "/nope/script.mjs" } })).json;
    expect(refused.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "scheduleFile" }] });
    // A name relative to the scripts folder works like its absolute path.
    const accepted = (await api.graphql(mutation, { input: { channelId: channel.id, kind: "Scripted", scheduleFile: "one-day.mjs" } })).json;
    expect(accepted.data.createPlayout).toMatchObject({ playout: { kind: "Scripted" }, build: { success: true } });
  });
});
