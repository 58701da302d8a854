import { describe, expect, it } from "vitest";
import type { ChannelInput } from "../../server/services/channel-input";
import { expectRefused, refusedFields } from "../support/refusals";
import { useTestServices } from "../support/test-services";

/**
 * The channel rules, on the services without HTTP (test/api/channels.test.ts covers the REST
 * mapping: status codes, problem details, URLs, caching).
 */
const { services } = useTestServices();

let counter = 5000;
// Sub-channel numbers never collide with the whole numbers the service assigns itself.
const nextNumber = () => `${counter++}.1`;

async function createChannel(input: ChannelInput = {}) {
  return (await services.channels.create({ name: "Test", number: nextNumber(), ...input })).channel;
}

describe("creating a channel", () => {
  it("assigns the next whole number when none is given", async () => {
    const list = await services.channels.list();
    const max = Math.max(...list.map((v) => Math.floor(Number(v.channel.number))));
    const created = await services.channels.create({ name: "Auto" });
    expect(created.channel.number).toBe(String(max + 1));
  });

  it("normalises language codes so 639-1 and both 639-2 forms are one language", async () => {
    const pt = await createChannel({ preferredAudioLanguageCode: "pt", preferredSubtitleLanguageCode: "DEU" });
    expect(pt.preferredAudioLanguageCode).toBe("por");
    expect(pt.preferredSubtitleLanguageCode).toBe("ger");
    const ger = await createChannel({ preferredAudioLanguageCode: "por", preferredSubtitleLanguageCode: "de" });
    expect(ger.preferredAudioLanguageCode).toBe("por");
    expect(ger.preferredSubtitleLanguageCode).toBe("ger");
  });

  it("accepts sub-channel numbers and cleans categories", async () => {
    const created = await createChannel({ number: "7.25", categories: [" News ", "News", "Sports", ""] });
    expect(created.number).toBe("7.25");
    expect(created.categories).toEqual(["News", "Sports"]);
  });
});

describe("every channel rule refuses and changes nothing", () => {
  it.each(["abc", "1.234", "123456", "-1", "1.", ".5", " "])("number %j has the wrong form", async (number) => {
    const before = (await services.channels.list()).length;
    await expectRefused(services.channels.create({ name: "X", number }), "number");
    expect(await services.channels.list()).toHaveLength(before);
  });

  it("number already used by another channel", async () => {
    const first = await createChannel();
    await expectRefused(services.channels.create({ name: "X", number: first.number }), "number");
    const second = await createChannel();
    await expectRefused(services.channels.patch(second.id, { number: first.number }), "number");
    expect((await services.channels.get(second.id)).channel.number).toBe(second.number);
  });

  it("an update keeping its own number is fine", async () => {
    const created = await createChannel();
    const replaced = await services.channels.replace(created.id, { name: "Renamed", number: created.number });
    expect(replaced.channel.name).toBe("Renamed");
  });

  it.each<[string, ChannelInput]>([
    ["name", { name: "" }],
    ["name", { name: "   " }],
    ["name", { name: "x".repeat(51) }],
    ["group", { group: "" }],
    ["group", { group: "g".repeat(51) }],
    ["categories", { categories: ["c".repeat(51)] }],
    ["ffmpegProfileId", { ffmpegProfileId: 9999 }],
    ["logoUrl", { logoUrl: "not a url" }],
    ["logoUrl", { logoUrl: "ftp://example.com/logo.png" }],
    ["logoUrl", { logoUrl: "/relative/logo.png" }],
    ["showInEpg", { isEnabled: false, showInEpg: true }],
    ["showInEpg", { isEnabled: false }],
    ["mirrorSourceChannelId", { mirrorSourceChannelId: 9999 }],
    ["playoutOffset", { playoutOffset: "01:00:00" }],
    ["preferredAudioLanguageCode", { preferredAudioLanguageCode: "xx" }],
    ["preferredSubtitleLanguageCode", { preferredSubtitleLanguageCode: "english" }],
  ])("%s: %j", async (field, input) => {
    await expectRefused(services.channels.create({ name: "X", number: nextNumber(), ...input }), field);
  });

  it("reports every broken rule at once", async () => {
    const fields = await refusedFields(services.channels.create({ name: "", number: "x", logoUrl: "nope", ffmpegProfileId: 9999 }));
    expect(fields.sort()).toEqual(["ffmpegProfileId", "logoUrl", "name", "number"]);
  });

  it("an absent channel is NotFound for get, replace, patch and delete", async () => {
    // One at a time: on PostgreSQL the writes run concurrently, and a rejection not yet awaited would be unhandled.
    const calls = [() => services.channels.get(999_999), () => services.channels.replace(999_999, { name: "X" }), () => services.channels.patch(999_999, {}), () => services.channels.delete(999_999)];
    for (const call of calls) {
      await expect(call()).rejects.toMatchObject({ kind: "NotFound" });
    }
  });
});

describe("mirrors", () => {
  it("mirror of a generated channel with an offset is accepted", async () => {
    const source = await createChannel();
    const mirror = await createChannel({ mirrorSourceChannelId: source.id, playoutOffset: "-02:30:00" });
    expect(mirror).toMatchObject({ mirrorSourceChannelId: source.id, playoutOffsetSeconds: -9000 });
  });

  it("a channel cannot mirror itself", async () => {
    const channel = await createChannel();
    await expectRefused(services.channels.patch(channel.id, { mirrorSourceChannelId: channel.id }), "mirrorSourceChannelId");
  });

  it("a mirror cannot be a mirror source", async () => {
    const source = await createChannel();
    const mirror = await createChannel({ mirrorSourceChannelId: source.id });
    await expectRefused(services.channels.create({ name: "X", number: nextNumber(), mirrorSourceChannelId: mirror.id }), "mirrorSourceChannelId");
  });

  it("a mirror source cannot become a mirror", async () => {
    const a = await createChannel();
    const b = await createChannel();
    await createChannel({ mirrorSourceChannelId: a.id });
    await expectRefused(services.channels.patch(a.id, { mirrorSourceChannelId: b.id }), "mirrorSourceChannelId");
    expect((await services.channels.get(a.id)).channel.mirrorSourceChannelId).toBeNull();
  });

  it.each(["12:00:01", "-13:00:00", "1:00", "aa:bb:cc"])("offset %s is rejected", async (playoutOffset) => {
    const source = await createChannel();
    await expectRefused(services.channels.create({ name: "X", number: nextNumber(), mirrorSourceChannelId: source.id, playoutOffset }), "playoutOffset");
  });

  it("offsets at exactly ±12 hours are accepted", async () => {
    const source = await createChannel();
    expect((await createChannel({ mirrorSourceChannelId: source.id, playoutOffset: "12:00:00" })).playoutOffsetSeconds).toBe(12 * 3600);
    expect((await createChannel({ mirrorSourceChannelId: source.id, playoutOffset: "-12:00:00" })).playoutOffsetSeconds).toBe(-12 * 3600);
  });

  it("deleting a mirror source is refused while mirrors exist", async () => {
    const source = await createChannel();
    await createChannel({ mirrorSourceChannelId: source.id });
    await expectRefused(services.channels.delete(source.id), "id");
    expect((await services.channels.get(source.id)).channel.id).toBe(source.id);
  });
});

describe("channel numbers have one spelling", () => {
  it.each([
    ["007", "7"],
    ["4.10", "4.1"],
    ["12.00", "12"],
    ["0", "0"],
  ])("%s is stored as %s, so it collides with the same number", async (given, stored) => {
    const created = (await services.channels.create({ name: "Spelled", number: given })).channel;
    expect(created.number).toBe(stored);
    await expectRefused(services.channels.create({ name: "Spelled", number: stored }), "number");
    await services.channels.delete(created.id);
  });
});

describe("lists", () => {
  it("lists channels in numeric order", async () => {
    for (const number of ["900", "80", "80.5", "1000"]) await createChannel({ number });
    const numbers = (await services.channels.list()).map((v) => Number(v.channel.number));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});
