import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { GraphicKind, GraphicTimeFormat } from "../../server/domain/enums";
import type { ScheduleItemInput } from "../../server/services/schedule-input";
import { makeImage } from "../support/music-fixtures";
import { makeTempDir } from "../support/temp-dir";
import type { TestServices } from "../support/test-services";
import { clock, server } from "./support/moving-setup";

/** What a graphics element is, without its id and the data folder its image copy sits in. */
const portable = (made: TestServices) => made.services.graphics.list().then((all) => all.map(({ id: _id, imagePath, ...rest }) => ({ ...rest, image: imagePath ? path.basename(imagePath) : null })));

/**
 * Graphics elements travel with the setup (#26 with #32): the export carries the `graphic` rows, and the
 * channels', schedule items' and block items' `graphicsIds` lists name them by the ids the rows keep on import.
 */
describe("setup export and import of graphics elements", () => {
  async function exported() {
    clock.now = Date.UTC(2030, 2, 4, 13, 17, 29);
    const old = await server();
    const { services } = old;
    const picture = path.join(makeTempDir("airwave-graphics-transfer-"), "bug.png");
    makeImage(picture, "0xff00ff", "64x64");
    const nowOn = await services.graphics.create({ name: "Now on", kind: GraphicKind.Text, text: "Now: {{title}}", position: "BottomLeft", show: "Always" });
    const upNext = await services.graphics.create({ name: "Up next", kind: GraphicKind.Text, text: "Next: {{next.title}}", position: "BottomRight", show: "BeforeProgrammeEnd", seconds: 20 });
    const clockElement = await services.graphics.create({ name: "Clock", kind: GraphicKind.Clock, timeFormat: GraphicTimeFormat.TwelveHour, color: "#FFCC00" });
    const bug = await services.graphics.create({ name: "Bug", kind: GraphicKind.Image, imageData: `data:image/png;base64,${fs.readFileSync(picture).toString("base64")}`, sizePercent: 10 });
    const channel = (await services.channels.create({ name: "Framed", number: "8", graphicsIds: [clockElement.id, nowOn.id] })).channel;
    const schedule = await services.schedules.create({ name: "Nightly" });
    await services.schedules.replaceItems(schedule.id, [
      { startTime: "00:00:00", playoutMode: "Flood", collectionType: "Collection", collectionId: (await services.collections.create({ name: "Empty" })).collection.id, playbackOrder: "Chronological", graphicsIds: [upNext.id, bug.id], graphicsMode: "Replace" } as ScheduleItemInput,
    ]);
    const text = await services.setupTransfer.exportYaml();
    return { old, text, ids: { nowOn: nowOn.id, upNext: upNext.id, clock: clockElement.id, bug: bug.id }, channelId: channel.id, scheduleId: schedule.id };
  }

  it("an export imported into a fresh data folder gives the same elements, the channel's ordered list and the schedule item's list", { timeout: 120_000 }, async () => {
    const { old, text, ids, channelId, scheduleId } = await exported();
    const document = YAML.parse(text);
    expect(document.tables.graphic.map((g: { name: string }) => g.name).sort()).toEqual(["Bug", "Clock", "Now on", "Up next"]);
    expect(JSON.parse(document.tables.channel.find((c: { id: number }) => c.id === channelId).graphicsIds)).toEqual([ids.clock, ids.nowOn]);

    const fresh = await server();
    const dryRun = await fresh.services.setupTransfer.importYaml(text);
    expect(dryRun.errors).toEqual([]);
    expect(dryRun.entries.filter((e) => e.table === "graphic")).toHaveLength(4);
    // The image is still in the old data folder on this machine: nothing to warn about.
    expect(dryRun.notices.filter((n) => n.path.startsWith("tables.graphic"))).toEqual([]);
    expect(await fresh.services.setupTransfer.importYaml(text, { apply: true })).toMatchObject({ valid: true, applied: true });

    expect(await portable(fresh)).toEqual(await portable(old));
    const { channel } = await fresh.services.channels.get(channelId);
    const names = new Map((await fresh.services.graphics.list()).map((g) => [g.id, g.name]));
    expect(channel.graphicsIds.map((id) => names.get(id))).toEqual(["Clock", "Now on"]);
    const [item] = await fresh.services.schedules.items(scheduleId);
    expect(item.graphicsIds?.map((id) => names.get(id))).toEqual(["Up next", "Bug"]);
    expect(item.graphicsMode).toBe("Replace");
    // In use on the new server as on the old one.
    await expect(fresh.services.graphics.delete(ids.nowOn)).rejects.toThrow(/in use by channel 8 "Framed"/);
  });

  it("a graphicsIds list naming an element neither in the document nor in the database, or not a list of ids, is a problem with its path; nothing is stored", { timeout: 120_000 }, async () => {
    const { text, ids, channelId, scheduleId } = await exported();
    const document = YAML.parse(text);
    const channelAt = document.tables.channel.findIndex((c: { id: number }) => c.id === channelId);
    const itemAt = document.tables.schedule_item.findIndex((i: { scheduleId: number }) => i.scheduleId === scheduleId);
    document.tables.graphic = document.tables.graphic.filter((g: { id: number }) => g.id !== ids.upNext);
    document.tables.channel[channelAt].graphicsIds = JSON.stringify([ids.clock, 99, 98]);
    document.tables.schedule_item[itemAt].graphicsIds = "Up next, Bug";

    const fresh = await server();
    const report = await fresh.services.setupTransfer.importYaml(YAML.stringify(document));
    expect(report.valid).toBe(false);
    expect(report.errors).toEqual(expect.arrayContaining([
      { path: `tables.channel[${channelAt}].graphicsIds`, message: "refers to graphic 99, 98, which are neither in the document nor in this database" },
      { path: `tables.schedule_item[${itemAt}].graphicsIds`, message: "must be a JSON list of graphic ids, e.g. [1, 2]" },
    ]));
    await expect(fresh.services.setupTransfer.importYaml(YAML.stringify(document), { apply: true })).rejects.toThrow();
    expect(await fresh.services.graphics.list()).toEqual([]);

    // An element only this database has is a valid reference, as for any foreign key.
    for (const name of ["Here 1", "Here 2"]) await fresh.services.graphics.create({ name, kind: GraphicKind.Clock });
    expect(document.tables.graphic.map((g: { id: number }) => g.id)).not.toContain(ids.upNext);
    expect((await fresh.services.graphics.list()).map((g) => g.id)).toContain(ids.upNext);
    document.tables.channel[channelAt].graphicsIds = JSON.stringify([ids.clock]);
    document.tables.schedule_item[itemAt].graphicsIds = JSON.stringify([ids.upNext]);
    expect((await fresh.services.setupTransfer.importYaml(YAML.stringify(document))).errors).toEqual([]);
  });

  it("an Image element whose picture this machine lacks is imported with a warning naming its path", { timeout: 120_000 }, async () => {
    const { text } = await exported();
    const document = YAML.parse(text);
    const at = document.tables.graphic.findIndex((g: { kind: string }) => g.kind === "Image");
    document.tables.graphic[at].imagePath = "/srv/old-airwave/graphics/bug.png";
    const fresh = await server();
    const applied = await fresh.services.setupTransfer.importYaml(YAML.stringify(document), { apply: true });
    expect(applied.valid).toBe(true);
    expect(applied.notices).toContainEqual({ path: `tables.graphic[${at}].imagePath`, level: "warning", message: "graphics element image /srv/old-airwave/graphics/bug.png is not on this machine: the element draws nothing until its image is uploaded again" });
    expect((await fresh.services.graphics.list()).map((g) => g.name).sort()).toEqual(["Bug", "Clock", "Now on", "Up next"]);
  });
});
