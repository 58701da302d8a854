import { beforeAll, describe, expect, it } from "vitest";
import type { ScheduleItemInput } from "../../server/services/schedule-input";
import { expectRefused, refusal } from "../support/refusals";
import { seedScheduleTargets, unseededTargets } from "../support/schedule-targets";
import { useTestServices } from "../support/test-services";

/**
 * The schedule rules, on the services without HTTP (test/api/schedules.test.ts covers the REST
 * mapping: status codes, problem details, DTO shapes, 400s and 404s).
 */
const fixture = useTestServices();
const { services } = fixture;

const t = unseededTargets();
beforeAll(async () => {
  Object.assign(t, await seedScheduleTargets(fixture.services, fixture.insert));
});

let counter = 0;
const uniqueName = (prefix = "Schedule") => `${prefix} ${++counter}`;
type Item = Record<string, unknown>;
const one = (extra: Item = {}): Item => ({ playoutMode: "One", collectionType: "Collection", collectionId: t.collectionId, playbackOrder: "Shuffle", ...extra });
const multiple = (extra: Item = {}) => one({ playoutMode: "Multiple", count: "3", ...extra });
const duration = (extra: Item = {}) => one({ playoutMode: "Duration", playoutDuration: "01:00:00", ...extra });
const asInput = (item: Item) => item as unknown as ScheduleItemInput;

const createSchedule = (input: Record<string, unknown> = {}) => services.schedules.create({ name: uniqueName(), ...input });

describe("schedule rules", () => {
  it.each([
    ["empty", { name: "" }, "name"],
    ["blank", { name: "   " }, "name"],
    ["51 characters", { name: "s".repeat(51) }, "name"],
    ["treatCollectionsAsShows without keepMultiPartEpisodesTogether", { name: "x1", treatCollectionsAsShows: true }, "treatCollectionsAsShows"],
  ])("%s is refused", async (_label, input, field) => {
    const before = (await services.schedules.list()).length;
    await expectRefused(services.schedules.create(input), field);
    expect(await services.schedules.list()).toHaveLength(before);
  });

  it("a name taken in another letter case is refused; an update to its own name is fine", async () => {
    const a = await createSchedule();
    await expectRefused(services.schedules.create({ name: a.name.toUpperCase() }), "name");
    const b = await createSchedule();
    await expectRefused(services.schedules.update(b.id, { name: a.name.toLowerCase() }), "name");
    expect((await services.schedules.update(a.id, { name: a.name.toUpperCase() })).name).toBe(a.name.toUpperCase());
  });

  it("an absent schedule is NotFound for get, update, delete and its items", async () => {
    const calls = [
      () => services.schedules.get(987654),
      () => services.schedules.update(987654, { name: "x" }),
      () => services.schedules.delete(987654),
      () => services.schedules.items(987654),
      () => services.schedules.addItem(987654, asInput(one())),
      () => services.schedules.replaceItems(987654, []),
    ];
    for (const call of calls) {
      await expect(call()).rejects.toMatchObject({ kind: "NotFound" });
    }
  });
});

describe("schedule item rules: a refused item adds nothing", () => {
  it.each([
    ["count on One", () => one({ count: "2" }), "count"],
    ["multipleMode on Flood", () => one({ playoutMode: "Flood", multipleMode: "Count" }), "multipleMode"],
    ["playoutDuration on Multiple", () => multiple({ playoutDuration: "01:00:00" }), "playoutDuration"],
    ["tailMode on One", () => one({ tailMode: "Offline" }), "tailMode"],
    ["discardToFillAttempts on Flood", () => one({ playoutMode: "Flood", discardToFillAttempts: 1 }), "discardToFillAttempts"],
    ["tailFillerId on Multiple", () => multiple({ tailFillerId: t.tail }), "tailFillerId"],
  ])("a field another mode uses is refused, not ignored: %s", async (_label, item, field) => {
    const schedule = await createSchedule();
    const errors = await refusal(services.schedules.addItem(schedule.id, asInput(item())));
    expect(errors.find((e) => e.field === field)?.message).toMatch(/^must not be given for playoutMode/);
    expect(await services.schedules.items(schedule.id)).toEqual([]);
  });

  it.each([
    ["missing collection", () => one({ collectionId: 987654 }), "collectionId"],
    ["collectionId absent", () => one({ collectionId: undefined }), "collectionId"],
    ["a second target", () => one({ smartCollectionId: t.smartCollectionId }), "smartCollectionId"],
    ["show that is a season", () => one({ collectionType: "TelevisionShow", collectionId: undefined, mediaItemId: t.seasonId }), "mediaItemId"],
    ["season that is a movie", () => one({ collectionType: "TelevisionSeason", collectionId: undefined, mediaItemId: t.movieId }), "mediaItemId"],
    ["artist that does not exist", () => one({ collectionType: "Artist", collectionId: undefined, mediaItemId: 987654 }), "mediaItemId"],
    ["missing multi collection", () => one({ collectionType: "MultiCollection", collectionId: undefined, multiCollectionId: 987654 }), "multiCollectionId"],
    ["multi collection in chronological order", () => one({ collectionType: "MultiCollection", collectionId: undefined, multiCollectionId: t.multiCollectionId, playbackOrder: "Chronological" }), "playbackOrder"],
    ["missing smart collection", () => one({ collectionType: "SmartCollection", collectionId: undefined, smartCollectionId: 987654 }), "smartCollectionId"],
    ["missing playlist", () => one({ collectionType: "Playlist", collectionId: undefined, playlistId: 987654 }), "playlistId"],
    ["unparseable search query", () => one({ collectionType: "SearchQuery", collectionId: undefined, searchQuery: "title:(" }), "searchQuery"],
    ["empty search query", () => one({ collectionType: "SearchQuery", collectionId: undefined, searchQuery: "" }), "searchQuery"],
    ["MediaItem type", () => one({ collectionType: "MediaItem", collectionId: undefined, mediaItemId: t.movieId }), "collectionType"],
    ["startTime not a time", () => one({ startTime: "7pm" }), "startTime"],
    ["startTime 48h", () => one({ startTime: "48:00:00" }), "startTime"],
    ["fixedStartTimeBehavior on a dynamic start", () => one({ fixedStartTimeBehavior: "Strict" }), "fixedStartTimeBehavior"],
    ["Multiple without count", () => multiple({ count: undefined }), "count"],
    ["count that does not parse", () => multiple({ count: "3 +" }), "count"],
    ["count with an unknown variable", () => multiple({ count: "size + 1" }), "count"],
    ["count that is boolean", () => multiple({ count: "count > 1" }), "count"],
    ["count with CollectionSize", () => multiple({ multipleMode: "CollectionSize" }), "count"],
    ["PlaylistItemSize with a collection", () => multiple({ multipleMode: "PlaylistItemSize", count: undefined }), "multipleMode"],
    ["Duration without playoutDuration", () => duration({ playoutDuration: undefined }), "playoutDuration"],
    ["zero playoutDuration", () => duration({ playoutDuration: "00:00:00" }), "playoutDuration"],
    ["playoutDuration over 24h", () => duration({ playoutDuration: "24:00:01" }), "playoutDuration"],
    ["tailMode Filler without tail filler", () => duration({ tailMode: "Filler" }), "tailFillerId"],
    ["tail filler without tailMode Filler", () => duration({ tailMode: "Offline", tailFillerId: t.tail }), "tailFillerId"],
    ["negative discardToFillAttempts", () => duration({ discardToFillAttempts: -1 }), "discardToFillAttempts"],
    ["discardToFillAttempts with Chronological", () => duration({ playbackOrder: "Chronological", discardToFillAttempts: 2 }), "discardToFillAttempts"],
    ["Marathon without group", () => one({ playbackOrder: "Marathon" }), "marathonGroupBy"],
    ["marathon option without Marathon", () => one({ marathonShuffleItems: true }), "marathonShuffleItems"],
    ["marathonBatchSize 0", () => one({ playbackOrder: "Marathon", marathonGroupBy: "Show", marathonBatchSize: 0 }), "marathonBatchSize"],
    ["missing filler preset", () => one({ preRollFillerId: 987654 }), "preRollFillerId"],
    ["filler of the wrong kind", () => one({ postRollFillerId: t.preRoll }), "postRollFillerId"],
    ["two padding fillers", () => one({ preRollFillerId: t.preRollPad, midRollFillerId: t.midRollPad, fallbackFillerId: t.fallback }), "preRollFillerId"],
    ["padding filler without fallback", () => one({ preRollFillerId: t.preRollPad }), "fallbackFillerId"],
    ["missing watermark", () => one({ watermarkIds: [t.watermarkA, 987654] }), "watermarkIds[1]"],
    ["duplicate watermark", () => one({ watermarkIds: [t.watermarkA, t.watermarkA] }), "watermarkIds[1]"],
    ["bad audio language", () => one({ preferredAudioLanguageCode: "english" }), "preferredAudioLanguageCode"],
    ["bad subtitle language", () => one({ preferredSubtitleLanguageCode: "e1" }), "preferredSubtitleLanguageCode"],
    ["customTitle over 200", () => one({ customTitle: "c".repeat(201) }), "customTitle"],
  ])("refused: %s", async (_label, item, field) => {
    const schedule = await createSchedule();
    await expectRefused(services.schedules.addItem(schedule.id, asInput(item())), field);
    expect(await services.schedules.items(schedule.id)).toEqual([]);
  });

  it("the same collection must keep one playback order across the schedule", async () => {
    const schedule = await createSchedule();
    await services.schedules.addItem(schedule.id, asInput(one()));
    const errors = await refusal(services.schedules.addItem(schedule.id, asInput(one({ playbackOrder: "Chronological" }))));
    expect(errors.map((e) => e.field)).toContain("playbackOrder");
    expect(errors[0]!.message).toContain("must be Shuffle");
    expect(await services.schedules.items(schedule.id)).toHaveLength(1);
  });

  it("an index past the end is refused", async () => {
    const schedule = await createSchedule();
    await services.schedules.addItem(schedule.id, asInput(one()));
    await expectRefused(services.schedules.addItem(schedule.id, asInput(one({ index: 4 }))), "index");
  });
});

describe("replacing the items", () => {
  it("renumbers by ascending index, and keeps the list order without one", async () => {
    const schedule = await createSchedule();
    const byIndex = await services.schedules.replaceItems(schedule.id, [one({ index: 20, customTitle: "c" }), multiple({ index: 5, customTitle: "a" }), duration({ index: 10, customTitle: "b" }), one({ index: 10, customTitle: "b2" })].map(asInput));
    expect(byIndex.map((i) => [i.customTitle, i.position])).toEqual([["a", 0], ["b", 1], ["b2", 2], ["c", 3]]);
    const inOrder = await services.schedules.replaceItems(schedule.id, [one({ customTitle: "x" }), one({ customTitle: "y" })].map(asInput));
    expect(inOrder.map((i) => [i.customTitle, i.position])).toEqual([["x", 0], ["y", 1]]);
  });

  it("is atomic: one broken item changes nothing, and every error names its item", async () => {
    const schedule = await createSchedule();
    await services.schedules.replaceItems(schedule.id, [asInput(one({ customTitle: "keep" }))]);
    const before = await services.schedules.items(schedule.id);
    const fields = (await refusal(services.schedules.replaceItems(schedule.id, [one(), multiple(), duration({ playoutDuration: "25:00:00" }), one({ count: "2" })].map(asInput)))).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["items[2].playoutDuration", "items[3].count"]));
    expect(fields).not.toContain("items[0].collectionId");
    expect(await services.schedules.items(schedule.id)).toEqual(before);
  });

  it("checks one playback order per collection across the new list", async () => {
    const schedule = await createSchedule();
    await expectRefused(services.schedules.replaceItems(schedule.id, [one(), one({ playbackOrder: "Random" })].map(asInput)), "items[1].playbackOrder");
  });

  it("an empty list clears the items of an unused schedule", async () => {
    const schedule = await createSchedule();
    await services.schedules.replaceItems(schedule.id, [asInput(one())]);
    expect(await services.schedules.replaceItems(schedule.id, [])).toEqual([]);
    expect(await services.schedules.items(schedule.id)).toEqual([]);
  });

  it("deleting an item renumbers the rest; an item of another schedule is NotFound", async () => {
    const a = await createSchedule();
    const b = await createSchedule();
    const items = await services.schedules.replaceItems(a.id, [one({ customTitle: "a" }), one({ customTitle: "b" }), one({ customTitle: "c" })].map(asInput));
    await expect(services.schedules.deleteItem(b.id, items[1]!.id)).rejects.toMatchObject({ kind: "NotFound" });
    await services.schedules.deleteItem(a.id, items[0]!.id);
    expect((await services.schedules.items(a.id)).map((i) => [i.id, i.position])).toEqual([[items[1]!.id, 0], [items[2]!.id, 1]]);
    await expect(services.schedules.deleteItem(a.id, items[0]!.id)).rejects.toMatchObject({ kind: "NotFound" });
  });
});
