import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { seedMedia } from "../support/seed-media";
import type { TestServices } from "../support/test-services";
import { clock, guide, HOUR, lastingServer, library, MIN, server, setUp } from "./support/moving-setup";

/**
 * A running setup moved to a new server over the same media (issue #32): the export carries each playout's
 * timeline and builder state, the import continues them, so the XMLTV guides of the two servers are the same
 * programme by programme (channel, start, stop, title), at the import a minute later and days after it.
 * Fake clock shared by both servers.
 */
const apply = (made: TestServices, document: string, reset = false) => made.services.setupTransfer.importYaml(document, { apply: true, reset });
const START = Date.UTC(2030, 2, 4, 13, 17, 29);

/**
 * The Chronological setup that most tests below only export from (they never build on it or change it), made
 * once per file and not once per test: each test sets the clock to where the setup left it.
 */
let chronological: Promise<{ old: TestServices; at: number }> | undefined;
async function chronologicalOld(): Promise<TestServices> {
  chronological ??= (async () => {
    clock.now = START;
    const old = await lastingServer();
    await setUp(old, await library(old), "Chronological");
    return { old, at: clock.now };
  })();
  const { old, at } = await chronological;
  clock.now = at;
  return old;
}
afterAll(async () => {
  if (chronological) await (await chronological).old.close();
});

// Two servers and dozens of builds each: minutes on PostgreSQL when the machine is busy.
describe("an export imported into a fresh data folder over the same media continues every timeline", { timeout: 240_000 }, () => {
  it.each([
    ["same folders scanned in the same order (same media ids)", "Shuffle", false, {}],
    ["media numbered differently on the new server", "Chronological", true, {}],
    ["the new server's environment sets Playout__TimeZone (reported, not refused)", "Shuffle", false, { Playout__TimeZone: "UTC" }],
  ] as const)("%s: the guides are equal a minute later and three days later", async (_name, order, renumber, environment) => {
    clock.now = START;
    const old = await server();
    await setUp(old, await library(old), order);
    const exported = await old.services.setupTransfer.exportYaml();
    const document = YAML.parse(exported);
    expect(document.timelines.playouts).toHaveLength(3);
    expect(document.timelines.playouts[0].items[0].finish).toBeGreaterThan(clock.now);
    expect(Object.values(document.timelines.media)[0]).toMatchObject({ library: "Shows" });

    clock.now += MIN;
    const fresh = await server(environment);
    if (renumber) await seedMedia(fresh.dataDir, "Elsewhere");
    const local = await library(fresh);
    if (renumber) expect(local.showId).not.toBe((await old.sql<{ id: number }>(`SELECT "id" FROM "media_item" WHERE "kind" = 'Show'`))[0].id);

    const dryRun = await fresh.services.setupTransfer.importYaml(exported);
    expect(dryRun.errors).toEqual([]);
    expect(dryRun.notices.filter((n) => n.path.startsWith("timelines.playouts"))).toEqual([0, 1, 2].map((i) => expect.objectContaining({ path: `timelines.playouts[${i}]`, level: "info", message: expect.stringMatching(/continues its timeline: \d+ items until/) })));
    const report = await apply(fresh, exported);
    expect(report).toMatchObject({ valid: true, applied: true });
    if ("Playout__TimeZone" in environment) {
      expect(report.notices).toContainEqual({ path: "settings.timeZone", level: "info", message: "timeZone: kept from the environment (UTC)" });
      expect(report.settings).not.toHaveProperty("timeZone");
    } else expect(report.settings).toMatchObject({ timeZone: "UTC", playoutDaysToBuild: 2 });
    const builds = await fresh.sql<{ mode: string; success: number | boolean }>(`SELECT "mode", "success" FROM "playout_build" ORDER BY "id"`);
    // The first-run channel's playout is replaced by the document's rows; the imported ones only continue.
    expect(builds.filter((b) => b.mode === "Reset")).toEqual([]);
    expect(builds.every((b) => Boolean(b.success))).toBe(true);
    expect((await fresh.services.playouts.list()).map((p) => p.lastBuildMessage)).not.toContainEqual(expect.stringMatching(/changed|rebuilt/));

    // The old server's hourly Continue build has run by now too.
    await old.services.playouts.continueAll();
    const before = await guide(old);
    expect(before.length).toBeGreaterThan(100);
    expect(new Set(before.map((line) => line.split(" ")[0])).size).toBe(3);
    expect(await guide(fresh)).toEqual(before);

    // Days later, past what the export carried: both servers built on from the same state.
    for (let step = 0; step < 3; step++) {
      clock.now += 25 * HOUR;
      for (const made of [old, fresh]) for (const result of await made.services.playouts.continueAll()) expect(result.success, result.message).toBe(true);
    }
    expect(await guide(fresh)).toEqual(await guide(old));
  });

  it("a time zone the environment sets otherwise is a warning in the report, and the rest is imported", async () => {
    const old = await chronologicalOld();
    const exported = await old.services.setupTransfer.exportYaml();
    const fresh = await server({ Playout__TimeZone: "Europe/Berlin", Guide__DaysToBuild: "3" });
    await library(fresh);
    const report = await apply(fresh, exported);
    expect(report).toMatchObject({ valid: true, applied: true, errors: [] });
    expect(report.notices).toEqual(expect.arrayContaining([
      { path: "settings.timeZone", level: "warning", message: "timeZone: the document says UTC; kept from the environment variable Playout__TimeZone (Europe/Berlin)" },
      { path: "settings.guideDaysToBuild", level: "warning", message: "guideDaysToBuild: the document says 2; kept from the environment variable Guide__DaysToBuild (3)" },
    ]));
    expect(fresh.services.settings!.get()).toMatchObject({ timeZone: "Europe/Berlin", guideDaysToBuild: 3, playoutDaysToBuild: 2 });
    expect((await fresh.sql<{ number: string }>(`SELECT "number" FROM "channel" ORDER BY "id"`)).map((c) => c.number)).toEqual(["1", "5", "6", "7"]);
  });

  it("reset: true starts every imported playout again from the import (today's behaviour kept for a fresh start)", async () => {
    const old = await chronologicalOld();
    const exported = await old.services.setupTransfer.exportYaml();
    clock.now += 37 * MIN;
    const fresh = await server();
    await library(fresh);
    const report = await apply(fresh, exported, true);
    expect(report.notices).toContainEqual({ path: "timelines", level: "info", message: "not used (reset): every imported playout starts again with a Reset build" });
    const firsts = await fresh.sql<{ start: number }>(`SELECT MIN("start") AS "start" FROM "playout_item" GROUP BY "playoutId"`);
    expect(firsts.map((f) => Number(f.start))).toEqual([clock.now, clock.now, clock.now]);
    expect(await guide(fresh)).not.toEqual(await guide(old));
  });

  it("a timeline that names media this library lacks starts again with a Reset build, said in the report; the others continue", async () => {
    const old = await chronologicalOld();
    const document = YAML.parse(await old.services.setupTransfer.exportYaml());
    // Channel 6's timeline plays an episode that the new library lacks.
    const gone = "999999";
    document.timelines.playouts[1].items[0].media = gone;
    document.timelines.media[gone] = { guids: ["tvdb://nowhere"], library: "Shows", path: "Gone/Gone.mkv" };
    clock.now += MIN;
    const fresh = await server();
    await library(fresh);
    const report = await fresh.services.setupTransfer.importYaml(YAML.stringify(document));
    expect(report.valid).toBe(true);
    expect(report.unmatched).toContainEqual({ path: `timelines.media.${gone}`, identity: { guids: ["tvdb://nowhere"], library: "Shows", path: "Gone/Gone.mkv" } });
    expect(report.notices).toContainEqual(expect.objectContaining({ path: "timelines.playouts[1]", level: "warning", message: expect.stringContaining(`timelines.media.${gone}`) }));
    expect(report.notices.filter((n) => n.level === "info" && n.path.startsWith("timelines.playouts")).map((n) => n.path)).toEqual(["timelines.playouts[0]", "timelines.playouts[2]"]);
  });

  it("malformed timelines are problems with their paths and change nothing", async () => {
    const old = await chronologicalOld();
    const document = YAML.parse(await old.services.setupTransfer.exportYaml());
    document.timelines.playouts[0].items[0].start = "soon";
    document.timelines.playouts[0].items[1].bogus = 1;
    document.timelines.playouts[1].buildState = "{not json";
    document.timelines.playouts[2].playoutId = 99;
    const fresh = await server();
    await library(fresh);
    const report = await fresh.services.setupTransfer.importYaml(YAML.stringify(document));
    expect(report.valid).toBe(false);
    expect(report.errors.map((e) => e.path)).toEqual(expect.arrayContaining([
      "timelines.playouts[0].items[0].start", "timelines.playouts[0].items[1].bogus", "timelines.playouts[1].buildState", "timelines.playouts[2].playoutId",
    ]));
    await expect(apply(fresh, YAML.stringify(document))).rejects.toThrow(/timelines\.playouts/);
    expect(await fresh.sql(`SELECT "id" FROM "playout"`)).toEqual([]);
  });
});

describe("nothing silently missing", { timeout: 240_000 }, () => {
  it("a document naming a watermark image, a script, definition files and a library this machine lacks reports each with its path, and apply imports the rest", async () => {
    const old = await chronologicalOld();
    const document = YAML.parse(await old.services.setupTransfer.exportYaml());
    const channel = (id: number, number: string) => ({ ...document.tables.channel[1], id, number, name: `Moved ${number}`, uniqueId: `00000000-0000-4000-8000-0000000000${id}` });
    const playout = (id: number, channelId: number, kind: string, scheduleFile: string) => ({ ...document.tables.playout[0], id, channelId, kind, scheduleId: null, scheduleFile, definition: null });
    document.tables.watermark = [{ ...(document.tables.watermark?.[0] ?? {}), id: 7, name: "Bug", imageSource: "Custom", imagePath: "/srv/old-airwave/watermarks/bug.png", position: "BottomRight", size: "Scaled", widthPercent: 15, horizontalMarginPercent: 5, verticalMarginPercent: 5, opacity: 100, mode: "Permanent", placeWithinSourceContent: false }];
    document.tables.channel.push(channel(20, "20"), channel(21, "21"), channel(22, "22"));
    document.tables.channel[1].watermarkId = 7;
    document.tables.playout.push(playout(20, 20, "Scripted", "'nightly guide.py' --fast"), playout(21, 21, "Sequential", "/srv/old-airwave/playouts/movies.yaml"), playout(22, 22, "ExternalJson", "/srv/old-airwave/playouts/channel-22.json"));
    document.tables.collection_item.push({ collectionId: document.tables.collection[0].id, mediaItem: { guids: [], library: "Home videos", path: "2019/beach.mkv" } });

    clock.now += MIN;
    const fresh = await server();
    await library(fresh);
    const text = YAML.stringify(document);
    const report = await fresh.services.setupTransfer.importYaml(text);
    expect(report.errors).toEqual([]);
    const warnings = report.notices.filter((n) => n.level === "warning");
    expect(warnings).toEqual(expect.arrayContaining([
      { path: "tables.watermark[0].imagePath", level: "warning", message: "watermark image /srv/old-airwave/watermarks/bug.png is not on this machine: the watermark draws nothing until its image is uploaded again" },
      { path: "tables.playout[3].scheduleFile", level: "warning", message: expect.stringMatching(/^script "nightly guide\.py" does not exist \(scripts run from .*scripts\): playout 20 cannot build until it is there$/) },
      { path: "tables.playout[4].scheduleFile", level: "warning", message: "definition file /srv/old-airwave/playouts/movies.yaml is not on this machine: playout 21 cannot build until it is there" },
      { path: "tables.playout[5].scheduleFile", level: "warning", message: "channel file /srv/old-airwave/playouts/channel-22.json is not on this machine: playout 22 cannot build until it is there" },
      { path: `tables.collection_item[${document.tables.collection_item.length - 1}].mediaItem.library`, level: "warning", message: expect.stringMatching(/^library "Home videos" is not on this machine/) },
    ]));
    // What this machine has is not reported.
    expect(warnings.map((n) => n.message).join("\n")).not.toMatch(/"Shows"/);

    const applied = await apply(fresh, text);
    expect(applied).toMatchObject({ valid: true, applied: true });
    expect(applied.notices.filter((n) => n.level === "warning")).toEqual(warnings);
    expect(await fresh.sql(`SELECT "id", "imagePath" FROM "watermark"`)).toEqual([{ id: 7, imagePath: "/srv/old-airwave/watermarks/bug.png" }]);
    expect((await fresh.sql<{ id: number }>(`SELECT "id" FROM "playout" ORDER BY "id"`)).map((p) => Number(p.id))).toEqual([1, 2, 3, 20, 21, 22]);
    // The playouts whose files are there continue; the others wait for their files with the reason as their status.
    const status = new Map((await fresh.services.playouts.list()).map((p) => [p.id, p]));
    for (const id of [1, 2, 3]) expect(status.get(id)?.lastBuildSuccess, status.get(id)?.lastBuildMessage ?? "").toBe(true);
    for (const id of [20, 21, 22]) expect(status.get(id)?.lastBuildSuccess).toBe(false);
  });
});
