import { beforeAll, describe, expect, it } from "vitest";
import type { PlayoutCreateInput } from "../../server/services/playout-input";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import { addVersions } from "../support/sqlite";
import { DEFINITION, EPISODE_MS } from "../iptv/fixture";
import { refusal } from "../support/refusals";
import { useTestServices } from "../support/test-services";

/**
 * The playout rules, on the services without HTTP and with a fixed clock (test/api/playouts.test.ts
 * covers the REST mapping: status codes, Location, item pages, reset and now routes).
 */
const NOW = Date.UTC(2030, 0, 1, 6, 10);
const fixture = useTestServices({ clock: () => NOW, playout: { daysToBuild: 1, timeZone: "UTC" } });
const { services } = fixture;
let media: SeededMedia;

beforeAll(async () => {
  media = await seedMedia(fixture.dataDir, "Toon");
  await addVersions(fixture.dataDir, [...media.episodeIds, ...media.movieIds], EPISODE_MS);
  const collection = (await services.collections.create({ name: "Cartoons" })).collection;
  await services.collections.addItems(collection.id, [media.showId]);
});

let channelNumber = 100;
const newChannel = async () => (await services.channels.create({ name: "Playout test", number: `${channelNumber++}.5` })).channel;
const sequential = (channelId: number, extra: Partial<PlayoutCreateInput> = {}): PlayoutCreateInput => ({ channelId, kind: "Sequential", definition: DEFINITION, ...extra }) as PlayoutCreateInput;

describe("creating a playout", () => {
  it("runs a Reset build from the clock's now to the horizon, and the channel plays its first item at now", async () => {
    const channel = await newChannel();
    const { playout, build } = await services.playouts.create(sequential(channel.id));
    expect(build).toMatchObject({ playoutId: playout.id, mode: "Reset", success: true, builtAt: NOW });
    expect(build.itemCount).toBeGreaterThanOrEqual(48);
    const now = await services.playouts.nowPlaying(channel.id);
    expect(now.at).toBe(NOW);
    expect(now.current?.start).toBeLessThanOrEqual(NOW);
    expect(now.offsetMs! + now.remainingMs!).toBe(EPISODE_MS);
    expect(now.next).toHaveLength(3);
    expect(now.next[0]!.start).toBe(now.current!.finish);
    // Chronological through the show: the four episodes, then around again.
    const later = await services.playouts.nowPlaying(channel.id, now.current!.start + 4 * EPISODE_MS);
    expect(later.current!.mediaItemId).toBe(now.current!.mediaItemId);
  });

  it("a channel has at most one playout; the channel must exist and not be a mirror", async () => {
    const channel = await newChannel();
    await services.playouts.create(sequential(channel.id));
    const second = await refusal(services.playouts.create(sequential(channel.id)));
    expect(second[0]).toMatchObject({ field: "channelId", message: expect.stringMatching(/already has a playout/) });
    expect((await refusal(services.playouts.create(sequential(99999))))[0]!.field).toBe("channelId");
    const mirror = (await services.channels.create({ name: "Mirror", mirrorSourceChannelId: channel.id })).channel;
    expect((await refusal(services.playouts.create(sequential(mirror.id)))).map((e) => e.field)).toContain("channelId");
  });

  it("the definition must validate: every error with its line and column, and nothing is saved", async () => {
    const channel = await newChannel();
    const before = (await services.playouts.list()).length;
    const errors = await refusal(services.playouts.create(sequential(channel.id, { definition: "content:\n  - collection: x\n    key: a\n    order: sideways\nplayout:\n  - count: 1\n    content: b\n" })));
    expect(errors.some((e) => /^definition:4:\d+ /.test(e.message))).toBe(true);
    expect(errors.some((e) => /^definition:7:\d+ /.test(e.message))).toBe(true);
    expect(errors.every((e) => e.field === "definition")).toBe(true);
    expect(await services.playouts.list()).toHaveLength(before);
    expect((await services.channels.get(channel.id)).playoutId).toBeNull();
  });

  it("exactly one of scheduleFile and definition; each kind refuses the others' source fields", async () => {
    const channel = await newChannel();
    await refusal(services.playouts.create({ channelId: channel.id, kind: "Sequential" } as PlayoutCreateInput));
    await refusal(services.playouts.create(sequential(channel.id, { scheduleFile: "/tmp/x.yml" })));
    const classic = await refusal(services.playouts.create({ channelId: channel.id, kind: "Classic", definition: DEFINITION } as PlayoutCreateInput));
    expect(classic.map((e) => e.field).sort()).toEqual(["definition", "scheduleId"]);
  });
});

describe("building", () => {
  it("a failed build keeps the previous items and records the failure", async () => {
    const channel = await newChannel();
    const { playout } = await services.playouts.create(sequential(channel.id));
    const page = () => services.playouts.items(playout.id, NOW - 86_400_000, NOW + 2 * 86_400_000, 0, 1000);
    const before = await page();
    const updated = await services.playouts.update(playout.id, { definition: DEFINITION.replace('"Cartoons"', '"No Such Collection"') });
    expect(updated.build.success).toBe(false);
    expect(updated.playout).toMatchObject({ lastBuildSuccess: false, lastBuildMessage: expect.stringMatching(/No Such Collection/) });
    expect(await page()).toEqual(before);
  });

  it("resetting a channel without a playout, or an absent one, is NotFound", async () => {
    const bare = await newChannel();
    await expect(services.playouts.resetChannel(bare.id)).rejects.toMatchObject({ kind: "NotFound" });
    await expect(services.playouts.resetChannel(987654)).rejects.toMatchObject({ kind: "NotFound" });
    await expect(services.playouts.nowPlaying(bare.id)).rejects.toMatchObject({ kind: "NotFound" });
  });

  it("item pages refuse a bad window or page", async () => {
    const channel = await newChannel();
    const { playout } = await services.playouts.create(sequential(channel.id));
    expect((await refusal(services.playouts.items(playout.id, Number.NaN, NOW, 0, 10))).map((e) => e.field)).toEqual(["from"]);
    expect((await refusal(services.playouts.items(playout.id, NOW, NOW - 1, 0, 10))).map((e) => e.field)).toEqual(["to"]);
    expect((await refusal(services.playouts.items(playout.id, NOW, NOW + 1, 0, 1001))).map((e) => e.field)).toEqual(["pageSize"]);
  });
});

describe("preview", () => {
  it("returns the timeline from the given start without saving anything, the same for the same seed", async () => {
    const before = (await services.playouts.list()).length;
    const input = { definition: DEFINITION, start: "2026-01-01T00:00:00Z", hours: 2, seed: 7 };
    const preview = await services.playouts.preview(input);
    expect(preview.items.slice(0, 4).map((i) => new Date(i.start).toISOString())).toEqual(["2026-01-01T00:00:00.000Z", "2026-01-01T00:30:00.000Z", "2026-01-01T01:00:00.000Z", "2026-01-01T01:30:00.000Z"]);
    expect(await services.playouts.preview(input)).toEqual(preview);
    expect(await services.playouts.list()).toHaveLength(before);
    await refusal(services.playouts.preview({ definition: "playout: []" }));
  });
});
