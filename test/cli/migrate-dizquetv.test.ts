import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeCountingClip } from "../streaming/support/stream-fixtures";
import { runAirwave } from "../support/cli";
import { useTempDir, useTestServer } from "../support/test-server";

const root = path.resolve(__dirname, "../..");
const FIXTURE = path.join(root, "test/fixtures/dizquetv-1.5");


/** The fixture folder with its `@MEDIA@` paths pointing at `media`. */
function copyFixture(into: string, media: string): string {
  fs.mkdirSync(into, { recursive: true });
  for (const file of fs.readdirSync(FIXTURE, { recursive: true }) as string[]) {
    const from = path.join(FIXTURE, file);
    const to = path.join(into, file);
    if (fs.statSync(from).isDirectory()) fs.mkdirSync(to, { recursive: true });
    else fs.writeFileSync(to, fs.readFileSync(from, "utf8").replaceAll("@MEDIA@", media));
  }
  return into;
}

describe("airwave import --from dizquetv", () => {
  const { server, api } = useTestServer();
  const work = useTempDir("airwave-dizquetv-");

  it("brings the channels over with an ExternalJson playout on air, the FFmpeg settings as a profile, and reports what it could not", { timeout: 60_000 }, async () => {
    const media = path.join(work.path, "media");
    makeCountingClip(path.join(media, "counting-a.mkv"), 10, 100);
    makeCountingClip(path.join(media, "counting-b.mkv"), 10, 160);
    const dir = copyFixture(path.join(work.path, ".dizquetv"), media);

    const result = await runAirwave(["import", "--from", "dizquetv", dir, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(result.stderr).toBe("");
    expect(result.code, JSON.stringify(result.stdout)).toBe(0);
    expect(result.stdout).toContain('FFmpeg profile "dizqueTV": resolution, videoBitrate, videoBufferSize, audioBitrate, audioBufferSize, audioChannels, audioSampleRate, normalizeLoudness; no equivalent for');
    expect(result.stdout).toMatch(/channel 3 "Cartoon Loop": 2 programmes, ExternalJson playout/);
    expect(result.stdout).toContain(`not found: Gone Missing (${media}/not-there/Gone Missing (1999).mkv)`);
    expect(result.stdout).toContain('filler list "Bumpers" (2 items): not migrated');

    const channels = (await api.get("/api/v1/channels")).json as { id: number; number: string; name: string; group: string; logoUrl?: string; ffmpegProfileId: number }[];
    const cartoons = channels.find((c) => c.number === "3")!;
    expect(cartoons).toMatchObject({ name: "Cartoon Loop", group: "dizqueTV", logoUrl: "https://example.com/logos/cartoons.png" });
    expect(channels.find((c) => c.number === "12")).toMatchObject({ name: "Movie Night", group: "Movies" });
    const profile = (await api.get(`/api/v1/ffmpeg/profiles/${cartoons.ffmpegProfileId}`)).json;
    expect(profile).toMatchObject({ name: "dizqueTV", videoBitrate: 400, audioBitrate: 96, resolution: { width: 320, height: 180 } });

    // The channel started in 2023 and loops every 25 s: a programme of the current cycle is on air now, from the clip files.
    const now = await api.get(`/api/v1/channels/${cartoons.id}/now`);
    expect(now.status, now.text).toBe(200);
    const onAir = [now.json.current, ...now.json.next].filter(Boolean).map((item: { title?: string }) => item.title);
    expect(onAir.filter((title: string | undefined) => title === "Counting A" || title === "Counting B").length).toBeGreaterThan(0);
    const start = Date.parse(now.json.next[0].start);
    expect((start - Date.parse("2023-03-01T06:00:00Z")) % 5000).toBe(0);
  });

  it("says what it needs when the folder is not a dizqueTV folder, and that Tunarr is not supported yet", async () => {
    const empty = await runAirwave(["import", "--from", "dizquetv", work.path, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/no dizqueTV channels found/);
    const tunarr = await runAirwave(["import", "--from", "tunarr", work.path, "--server", server.url], {});
    expect(tunarr.code).toBe(2);
    expect(tunarr.stderr).toMatch(/tunarr is not supported yet/);
  });
});
