import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BuildMode, ChannelPlayoutMode } from "../../server/domain/enums";
import type { PlayoutCreateInput } from "../../server/services/playout-input";
import { DEFINITION, EPISODE_MS } from "../iptv/fixture";
import { seedMedia } from "../support/seed-media";
import { addVersions } from "../support/sqlite";
import { useTestServices } from "../support/test-services";

/**
 * The stored side of on-demand channels on a fake clock: pause at a checkpoint, resume with every item
 * from the checkpoint moved in one transaction, the kind's state moved along (so the next build continues
 * the moved timeline), the Continue build when the horizon is no longer covered, mirrors, and the mode
 * change back to Continuous.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
let now = Date.UTC(2030, 0, 1, 12, 0);
const fixture = useTestServices({ clock: () => now, playout: { daysToBuild: 1, timeZone: "UTC" } });
const { services } = fixture;
let counter = 0;

beforeAll(async () => {
  const media = await seedMedia(fixture.dataDir, "Toon");
  await addVersions(fixture.dataDir, [...media.episodeIds, ...media.movieIds], EPISODE_MS);
  const collection = (await services.collections.create({ name: "Cartoons" })).collection;
  await services.collections.addItems(collection.id, [media.showId]);
});

async function onDemandChannel(kind: "Sequential" | "ExternalJson") {
  const number = `${700 + counter++}`;
  const channel = (await services.channels.create({ name: `On demand ${number}`, number, playoutMode: ChannelPlayoutMode.OnDemand })).channel;
  let input: PlayoutCreateInput;
  if (kind === "Sequential") input = { channelId: channel.id, kind: "Sequential", definition: DEFINITION } as PlayoutCreateInput;
  else {
    const clip = path.join(fixture.dataDir, "playouts", "clip.mkv");
    fs.mkdirSync(path.dirname(clip), { recursive: true });
    fs.writeFileSync(clip, "x");
    const file = path.join(fixture.dataDir, "playouts", `channel-${number}.json`);
    const programs = Array.from({ length: 400 }, (_, i) => ({ title: `Programme ${i}`, duration: 20 * MIN, file: clip }));
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(now - 5 * MIN).toISOString(), programs }));
    input = { channelId: channel.id, kind: "ExternalJson", scheduleFile: file } as PlayoutCreateInput;
  }
  const { playout, build } = await services.playouts.create(input);
  expect(build.success, build.message).toBe(true);
  // A new on-demand playout waits at its start until someone watches: a viewer tunes in now.
  expect((await services.onDemand.states()).find((s) => s.channelId === channel.id)).toMatchObject({ playing: false, pausedSince: now });
  await services.onDemand.tuneIn(channel.number);
  return { channel, playoutId: playout.id };
}

async function allItems(playoutId: number) {
  return (await services.playouts.items(playoutId, now - 2 * DAY, now + 30 * DAY, 0, 1000)).items;
}

describe.each(["Sequential", "ExternalJson"] as const)("%s on-demand channel", (kind) => {
  it("pauses at the checkpoint and resumes 3 hours later at the same item and offset; the next build continues the moved timeline", async () => {
    const { channel, playoutId } = await onDemandChannel(kind);
    now += 7 * MIN;
    const watched = await services.playouts.nowPlaying(channel.id);
    await services.onDemand.leave(channel.number, now);
    const [state] = (await services.onDemand.states()).filter((s) => s.channelId === channel.id);
    expect(state).toMatchObject({ playing: false, pausedSince: now, checkpoint: { itemId: watched.current!.id, offsetMs: watched.offsetMs! - watched.current!.inPointMs } });
    const before = await allItems(playoutId);

    now += 3 * HOUR;
    // While paused, "now" is the checkpoint.
    expect((await services.playouts.nowPlaying(channel.id)).current!.id).toBe(watched.current!.id);
    await services.onDemand.tuneIn(channel.number);
    await services.onDemand.lastContinueBuild;
    const resumed = await services.playouts.nowPlaying(channel.id);
    expect(resumed.current!.mediaItemId).toBe(watched.current!.mediaItemId);
    expect(resumed.offsetMs).toBe(watched.offsetMs);
    expect((await services.onDemand.states()).find((s) => s.channelId === channel.id)).toMatchObject({ playing: true, pausedSince: null, checkpoint: null });

    // Items from the checkpoint on moved by exactly the standstill (lengths and order kept); earlier ones stayed.
    const after = await allItems(playoutId);
    const moved = after.filter((i) => before.some((b) => b.id === i.id));
    for (const item of moved) {
      const old = before.find((b) => b.id === item.id)!;
      expect(item.start - old.start).toBe(old.finish > now - 3 * HOUR ? 3 * HOUR : 0);
      expect(item.finish - item.start).toBe(old.finish - old.start);
    }
    // The timeline is contiguous from the resumed item on, including what a later build appends or lays out again.
    const plannedLater = await services.playouts.nowPlaying(channel.id, now + HOUR);
    now += HOUR;
    const build = await services.playouts.build(playoutId, BuildMode.Continue);
    expect(build.success, build.message).toBe(true);
    const timeline = (await allItems(playoutId)).filter((i) => i.finish > now - HOUR);
    for (let i = 1; i < timeline.length; i++) expect(timeline[i]!.start).toBe(timeline[i - 1]!.finish);
    expect(timeline.at(-1)!.finish).toBeGreaterThanOrEqual(now + DAY);
    const later = await services.playouts.nowPlaying(channel.id);
    expect([later.current!.mediaItemId, later.current!.title, later.current!.start, later.offsetMs]).toEqual([plannedLater.current!.mediaItemId, plannedLater.current!.title, plannedLater.current!.start, plannedLater.offsetMs]);
  });
});

describe("on-demand rules on the stored timeline", () => {
  it("a pause longer than the horizon: the resume starts at the checkpoint and a Continue build fills the horizon again", async () => {
    const { channel, playoutId } = await onDemandChannel("Sequential");
    now += 3 * MIN;
    const watched = await services.playouts.nowPlaying(channel.id);
    await services.onDemand.leave(channel.number, now);
    const buildsBefore = await fixture.sql<{ n: number }>(`SELECT COUNT(*) AS "n" FROM "playout_build" WHERE "playoutId" = ?`, [playoutId]);
    // The hourly Continue job leaves a paused timeline alone.
    now += 3 * DAY;
    await services.playouts.continueAll();
    expect(await fixture.sql(`SELECT COUNT(*) AS "n" FROM "playout_build" WHERE "playoutId" = ?`, [playoutId])).toEqual(buildsBefore);
    await services.onDemand.tuneIn(channel.number);
    await services.onDemand.lastContinueBuild;
    const resumed = await services.playouts.nowPlaying(channel.id);
    expect(resumed.current!.id).toBe(watched.current!.id);
    expect(resumed.offsetMs).toBe(watched.offsetMs);
    const builds = await fixture.sql<{ mode: string }>(`SELECT "mode" FROM "playout_build" WHERE "playoutId" = ? ORDER BY "id"`, [playoutId]);
    expect(builds.at(-1)!.mode).toBe("Continue");
    const items = await allItems(playoutId);
    expect(items.at(-1)!.finish).toBeGreaterThanOrEqual(now + DAY);
  });

  it("watching a mirror resumes its on-demand source; the mirror shows the source's moved timeline", async () => {
    const { channel } = await onDemandChannel("ExternalJson");
    const mirror = (await services.channels.create({ name: "Mirror", number: `${700 + counter++}`, mirrorSourceChannelId: channel.id })).channel;
    now += 4 * MIN;
    const watched = await services.playouts.nowPlaying(mirror.id);
    await services.onDemand.leave(mirror.number, now);
    now += 2 * HOUR;
    expect((await services.onDemand.states()).find((s) => s.channelId === channel.id)!.playing).toBe(false);
    await services.onDemand.tuneIn(mirror.number);
    expect((await services.onDemand.states()).find((s) => s.channelId === channel.id)!.playing).toBe(true);
    const resumed = await services.playouts.nowPlaying(mirror.id);
    expect(resumed.current!.id).toBe(watched.current!.id);
    expect(resumed.offsetMs).toBe(watched.offsetMs);
  });

  it("making a channel on-demand pauses it at once when nobody watches; the guide and now-playing then stand at that point", async () => {
    const number = `${700 + counter++}`;
    const channel = (await services.channels.create({ name: "Later on demand", number })).channel;
    const clip = path.join(fixture.dataDir, "playouts", "clip.mkv");
    const file = path.join(fixture.dataDir, "playouts", `channel-${number}.json`);
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(now - 5 * MIN).toISOString(), programs: Array.from({ length: 100 }, (_, i) => ({ title: `Programme ${i}`, duration: 20 * MIN, file: clip })) }));
    await services.playouts.create({ channelId: channel.id, kind: "ExternalJson", scheduleFile: file } as PlayoutCreateInput);
    expect((await services.onDemand.states()).some((s) => s.channelId === channel.id)).toBe(false);
    const at = await services.playouts.nowPlaying(channel.id);
    await services.channels.patch(channel.id, { playoutMode: ChannelPlayoutMode.OnDemand });
    expect((await services.onDemand.states()).find((s) => s.channelId === channel.id)).toMatchObject({ playing: false, pausedSince: now, checkpoint: { itemId: at.current!.id, offsetMs: 5 * MIN } });
    now += 2 * HOUR;
    const later = await services.playouts.nowPlaying(channel.id);
    expect([later.current!.id, later.offsetMs]).toEqual([at.current!.id, at.offsetMs]);
  });

  it("making a paused channel Continuous resumes it at its checkpoint (not where real time went)", async () => {
    const { channel } = await onDemandChannel("ExternalJson");
    now += 6 * MIN;
    const watched = await services.playouts.nowPlaying(channel.id);
    await services.onDemand.leave(channel.number, now);
    now += 5 * HOUR;
    await services.channels.patch(channel.id, { playoutMode: ChannelPlayoutMode.Continuous });
    const after = await services.playouts.nowPlaying(channel.id);
    expect(after.current!.id).toBe(watched.current!.id);
    expect(after.offsetMs).toBe(watched.offsetMs);
    now += MIN;
    expect((await services.playouts.nowPlaying(channel.id)).offsetMs).toBe(watched.offsetMs! + MIN);
  });

  it("skip on a paused channel moves its checkpoint to the start of the next item", async () => {
    const { channel } = await onDemandChannel("ExternalJson");
    now += 2 * MIN;
    const watched = await services.playouts.nowPlaying(channel.id);
    await services.onDemand.leave(channel.number, now);
    now += HOUR;
    const skipped = await services.onDemand.skip(channel.id);
    expect(skipped.next!.id).toBe(watched.next[0]!.id);
    const state = (await services.onDemand.states()).find((s) => s.channelId === channel.id)!;
    expect(state).toMatchObject({ playing: false, checkpoint: { itemId: watched.next[0]!.id, offsetMs: 0 } });
    await services.onDemand.tuneIn(channel.number);
    const resumed = await services.playouts.nowPlaying(channel.id);
    expect(resumed.current!.id).toBe(watched.next[0]!.id);
    expect(resumed.offsetMs).toBe(0);
  });
});
