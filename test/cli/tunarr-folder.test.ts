import fs from "node:fs";
import path from "node:path";
import sqlite3 from "sqlite3";
import { describe, expect, it } from "vitest";
import { mapTranscodeConfig, readTunarrFolder } from "../../server/cli/migration/tunarr-folder";
import { useTempDir } from "../support/test-server";
import { makeTunarrFolder, TUNARR_START } from "./support/tunarr-fixture";

const CHANNEL_4 = "c0000000-0000-4000-8000-000000000004";

function sql(file: string, statement: string): Promise<void> {
  const db = new sqlite3.Database(file);
  return new Promise((resolve, reject) => db.exec(statement, (error) => db.close(() => (error ? reject(error) : resolve()))));
}

describe("reading a Tunarr data folder", () => {
  const work = useTempDir("airwave-tunarr-read-");
  const media = { countingA: "/media/a.mkv", countingB: "/media/b.mkv", bumper: "/media/bumper.mkv" };

  it("turns channels, lineups, programs with their external ids, filler shows and transcode configs into a plan", async () => {
    const dir = await makeTunarrFolder(path.join(work.path, "plain"), media);
    const plan = await readTunarrFolder(dir);
    expect(plan.problems).toEqual([]);
    expect(plan.channels.map((c) => [c.number, c.name, c.group, c.icon])).toEqual([[4, "Tunarr Movies", "Tunarr", "https://example.com/logos/tunarr.png"], [9, "Lost Films", undefined, undefined]]);
    const [movies] = plan.channels;
    expect(movies.startTime).toBe(TUNARR_START);
    expect(movies.programmes.map((p) => [p.title, p.durationMs, p.offline])).toEqual([["Counting A", 10_000, false], ["Offline", 5_000, true], ["Counting B", 10_000, false]]);
    expect(movies.programmes[0]).toMatchObject({ remoteIds: [{ server: "Home Plex", id: "101" }], guids: ["imdb://tt0100001", "plex://movie/5d7768a1"], paths: ["/srv/plex/movies/Counting A (2001)/Counting A (2001).mkv"], year: 2001, type: "movie" });
    expect(movies.fillerListIds).toEqual(["f0000000-0000-4000-8000-000000000001"]);
    expect(plan.fillerLists).toEqual([{ id: "f0000000-0000-4000-8000-000000000001", name: "Bumpers", items: [expect.objectContaining({ title: "Bumper", paths: ["/media/bumper.mkv"] })] }]);
    expect(plan.profiles.map((p) => p.name)).toEqual(["Tunarr Small"]);
    expect(movies.profileKey).toBe(plan.profiles[0].key);
  });

  it("reports what it cannot use and keeps the rest: a missing lineup, a program gone from the database, a redirect", async () => {
    const dir = await makeTunarrFolder(path.join(work.path, "damaged"), media);
    fs.rmSync(path.join(dir, "channel-lineups", "c0000000-0000-4000-8000-000000000009.json"));
    fs.writeFileSync(path.join(dir, "channel-lineups", `${CHANNEL_4}.json`), JSON.stringify({ items: [
      { type: "content", id: "p-102", durationMs: 10_000 },
      { type: "content", id: "p-deleted", durationMs: 7_000 },
      { type: "redirect", channel: "c0000000-0000-4000-8000-000000000009", durationMs: 3_000 },
    ] }));
    await sql(path.join(dir, "db.db"), "UPDATE channel SET icon = 'not json' WHERE number = 4");
    const plan = await readTunarrFolder(dir);
    expect(plan.channels.map((c) => c.number)).toEqual([4]);
    expect(plan.channels[0].icon).toBeUndefined();
    expect(plan.channels[0].programmes.map((p) => [p.title, p.durationMs, p.offline])).toEqual([["Counting B", 10_000, false], ["Offline", 7_000, true], ["Offline", 3_000, true]]);
    expect(plan.problems).toEqual([
      expect.stringMatching(/c0000000-0000-4000-8000-000000000009\.json: ENOENT/),
      "channel 4: program p-deleted is not in the database; played as a gap",
      "channel 4: a redirect to another channel is played as a gap",
    ]);
  });

  it("says which part of an older or different database it could not read", async () => {
    const dir = await makeTunarrFolder(path.join(work.path, "older"), media);
    await sql(path.join(dir, "db.db"), "DROP TABLE transcode_config");
    const plan = await readTunarrFolder(dir);
    expect(plan.problems).toEqual([expect.stringMatching(/db\.db: cannot be read as a Tunarr 1\.0 database: .*no such table: transcode_config/)]);
    expect(plan.profiles).toEqual([]);
  });

  it("maps a transcode config's settings where Airwave has an equivalent and lists the others", () => {
    const mapped = mapTranscodeConfig({
      uuid: "t", name: "GPU", thread_count: 0, hardware_acceleration_mode: "cuda", vaapi_device: "/dev/dri/renderD128", resolution: '{"widthPx":1280,"heightPx":720}',
      video_format: "hevc", video_bit_depth: 10, video_bit_rate: 4000, video_buffer_size: 8000, audio_format: "copy", audio_channels: 6, audio_bit_rate: 384,
      audio_buffer_size: 768, audio_sample_rate: 48, normalize_frame_rate: 1, deinterlace_video: 0, video_preset: "fast", is_default: 0,
    });
    expect(mapped.fields).toEqual({
      resolution: { width: 1280, height: 720 }, threadCount: 0, hardwareAcceleration: "Nvenc", videoFormat: "Hevc", bitDepth: 10, videoBitrate: 4000, videoBufferSize: 8000,
      audioChannels: 6, audioBitrate: 384, audioBufferSize: 768, audioSampleRate: 48, normalizeFramerate: true, deinterlaceVideo: false,
    });
    expect(mapped.unmapped.sort()).toEqual(["audio_format", "vaapi_device", "video_preset"]);
  });
});
