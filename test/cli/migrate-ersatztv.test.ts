import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAirwave } from "../support/cli";
import { useTempDir, useTestServer } from "../support/test-server";
import { expectPlaysFromLibrary } from "./support/migration-library";
import { makeErsatzTvFolder } from "./support/ersatztv-fixture";

const digest = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("airwave import --from ersatztv", () => {
  // One day of playout builds, not the default two: the imported channels play 5-10 s clips, so each day is
  // tens of thousands of playout items, and what is checked (every playout built, channel 1 on air) needs one.
  const { server, api } = useTestServer({ env: { Playout__DaysToBuild: "1" } });
  const work = useTempDir("airwave-ersatztv-");

  /** What a migration could change, counted: a dry run and a refused run leave every count as it was. */
  async function counts() {
    const list = async (route: string) => ((await api.get(route)).json as unknown[]).length;
    return {
      channels: await list("/api/v1/channels"), libraries: await list("/api/v1/libraries"), collections: await list("/api/v1/collections"),
      smart: await list("/api/v1/collections/smart"), schedules: await list("/api/v1/schedules"), playouts: await list("/api/v1/playouts"),
      watermarks: await list("/api/v1/watermarks"), fillers: await list("/api/v1/filler/presets"), profiles: await list("/api/v1/ffmpeg/profiles"),
    };
  }

  it("reports in a dry run, brings over what can come with --apply (libraries scanned, channels playing), names the rest, and refuses a repeat", { timeout: 300_000 }, async () => {
    const etv = await makeErsatzTvFolder(work.path);
    // A new server's starter channel holds number 1, which ErsatzTV's first channel needs: the import names it, the user deletes it.
    const starter = ((await api.get("/api/v1/channels")).json as { id: number; number: string; name: string }[]).find((c) => c.number === "1")!;
    const blocked = await runAirwave(["import", "--from", "ersatztv", etv.dir, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toContain(`problem: channel 1 "Classic Films": tables.channel[0].number: channel number 1 is already used by channel ${starter.id} "${starter.name}" in this database`);
    expect((await api.delete(`/api/v1/channels/${starter.id}`)).status).toBe(204);
    const before = await counts();
    const databaseBefore = digest(etv.database);
    const env = { AIRWAVE_DATA_DIR: server.dataDir };

    const dry = await runAirwave(["import", "--from", "ersatztv", etv.dir, "--server", server.url], env);
    expect(dry.stderr).toBe("");
    expect(dry.code, dry.stdout).toBe(0);
    expect(dry.stdout).toContain(`library "Movies" (${etv.movies}): new Movies library "Movies", scanned before the rest is imported`);
    expect(dry.stdout).toContain(`library "Shows" (${etv.shows}): new Shows library "Shows"`);
    expect(dry.stdout).toContain("after the scan: collection \"Counting Movies\": 2 items in libraries this import makes");
    expect(dry.stdout).toMatch(/not migrated: smart collection "Happy films": its query "mood:happy AND type:movie" cannot be translated: unknown field "mood"/);
    expect(dry.stdout).toContain("Nothing changed; run again with --apply to import.");
    expect(await counts()).toEqual(before);
    expect(fs.existsSync(path.join(server.dataDir, "playouts", "ersatztv"))).toBe(false);

    const result = await runAirwave(["import", "--apply", "--from", "ersatztv", etv.dir, "--server", server.url], env);
    expect(result.stderr).toBe("");
    expect(result.code, result.stdout).toBe(0);
    const out = result.stdout;
    // What came, line by line.
    expect(out).toContain('FFmpeg profile "ETV Small": 320x180, video H264 600 kb/s, audio Aac 96 kb/s');
    expect(out).toMatch(/FFmpeg profile "ETV AV1": 1920x1080, .*defaults for video format 4/);
    expect(out).toContain('watermark "Red corner": Permanent, BottomRight');
    expect(out).toContain('watermark "Logo bug": Intermittent, TopLeft; placed TopLeft (Airwave has no TopMiddle)');
    expect(out).toContain('collection "Counting Movies": 2 of 3 items');
    expect(out).toContain('smart collection "All films": type:movie AND minutes:<60');
    expect(out).toContain('multi-collection "Everything": 2 members');
    expect(out).toContain('schedule "Evening": 4 items (One, Multiple, Duration, Flood)');
    expect(out).toContain('block "Half hour of films": 30 minutes, 2 items');
    expect(out).toContain('template "Every half hour": 48 blocks');
    expect(out).toContain('channel 1 "Classic Films" playout: Classic');
    expect(out).toContain('channel 2 "Block Party" playout: Block, 1 templates');
    expect(out).toMatch(/channel 3 "Yaml Movies" playout: Sequential \(YAML from .*channel3\.yaml\)/);
    expect(out).toMatch(/channel 4 "Json Channel" playout: ExternalJson/);
    expect(out).toContain('channel 5 "On Demand" playout: Classic, on demand');
    expect(out).toContain('channel 6 "Films Later": mirrors channel 1 300 s later');
    // What did not, each with why.
    expect(out).toMatch(/not migrated: Plex server "Home Plex" \(http:\/\/192\.0\.2\.10:32400\): ErsatzTV keeps its token outside its database/);
    expect(out).toMatch(/not migrated: collection "Counting Movies": "Far Away" is an item of Plex server "Home Plex"/);
    expect(out).toContain('not migrated: smart collection "Happy films"');
    expect(out).toContain("not migrated: watermark \"Built-in\": its image is one of ErsatzTV's own resources");
    expect(out).toContain('not migrated: filler preset "Guide filler": its kind 99');
    expect(out).toContain('not migrated: schedule "Weekends" item 1: its SmartCollection did not come over');
    expect(out).toContain('not migrated: channel 1 "Classic Films" playout: 1 alternate schedules');
    expect(out).toContain('not migrated: channel 2 "Block Party" playout: its deco');
    expect(out).toContain("not migrated: channel 2 \"Block Party\": its logo is a file in ErsatzTV's artwork cache");
    expect(out).toContain('not migrated: channel 7 "Scripted" playout: Scripted playouts run ErsatzTV\'s scripting API');
    expect(out).toContain('not migrated: channel 8 "Weekend Moods" playout: none of its schedule\'s items came over');
    expect(out).toMatch(/Imported: \d+ new/);
    expect(digest(etv.database)).toBe(databaseBefore);

    const channels = (await api.get("/api/v1/channels")).json as Array<Record<string, any>>;
    const byNumber = (n: string) => channels.find((c) => c.number === n)!;
    expect(byNumber("1")).toMatchObject({ name: "Classic Films", group: "Films", uniqueId: etv.channelIds["1"], logoUrl: "https://example.com/logos/classic.png", streamingMode: "TransportStreamHybrid", preferredAudioLanguageCode: "eng" });
    expect(byNumber("3")).toMatchObject({ streamingMode: "HttpLiveStreamingSegmenter" });
    expect(byNumber("5")).toMatchObject({ playoutMode: "OnDemand" });
    expect(byNumber("6")).toMatchObject({ mirrorSourceChannelId: byNumber("1").id });
    const profile = (await api.get(`/api/v1/ffmpeg/profiles/${byNumber("1").ffmpegProfileId}`)).json;
    expect(profile).toMatchObject({ name: "ETV Small", resolution: { width: 320, height: 180 }, videoBitrate: 600, audioBitrate: 96, threadCount: 2 });
    const watermark = (await api.get(`/api/v1/watermarks/${byNumber("1").watermarkId}`)).json;
    expect(watermark).toMatchObject({ name: "Red corner", imageSource: "Custom", position: "BottomRight", opacity: 80 });
    const filler = (await api.get(`/api/v1/filler/presets/${byNumber("1").fallbackFillerId}`)).json;
    expect(filler).toMatchObject({ name: "Bumper fallback", fillerKind: "Fallback", collectionType: "Collection" });
    const libraries = (await api.get("/api/v1/libraries")).json as Array<{ name: string; kind: string; paths: { path: string }[] }>;
    expect(libraries.map((l) => [l.name, l.kind, l.paths.map((p) => p.path)])).toEqual(expect.arrayContaining([["Movies", "Movies", [etv.movies]], ["Shows", "Shows", [etv.shows]]]));

    // Every imported playout built; the Classic channel plays its films from the scanned library.
    const playouts = (await api.get("/api/v1/playouts")).json as Array<{ channelId: number; kind: string; buildStatus?: { success: boolean; message?: string } }>;
    for (const number of ["1", "2", "3", "4", "5"]) {
      const playout = playouts.find((p) => p.channelId === byNumber(number).id);
      expect(playout?.buildStatus?.success, `channel ${number}: ${JSON.stringify(playout)}`).toBe(true);
    }
    expect(playouts.filter((p) => [byNumber("7").id, byNumber("8").id].includes(p.channelId))).toEqual([]);
    const films = (await api.get("/api/v1/media/items?kind=Movie")).json.items as { id: number; title: string }[];
    await expectPlaysFromLibrary(api, server.url, byNumber("1") as { id: number; number: string }, films.map((f) => f.id), work.path);

    // A second run is refused and changes nothing.
    const after = await counts();
    const again = await runAirwave(["import", "--apply", "--from", "ersatztv", etv.dir, "--server", server.url], env);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain("Nothing was imported: this ErsatzTV setup was imported before (channel 1, 2, 3, 4, 5, 6, 7, 8 already in Airwave with the same id)");
    expect(await counts()).toEqual(after);
  });

  it("says what it needs when the folder holds no ErsatzTV database, or one that is not ErsatzTV's", async () => {
    const empty = await runAirwave(["import", "--from", "ersatztv", work.path, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(empty.code).toBe(1);
    expect(empty.stdout).toMatch(/Nothing was imported: .*ersatztv\.sqlite3 does not exist: give ErsatzTV's data folder/);
    const broken = path.join(work.path, "broken");
    fs.mkdirSync(broken, { recursive: true });
    fs.writeFileSync(path.join(broken, "ersatztv.sqlite3"), "this is not a database");
    const notDb = await runAirwave(["import", "--from", "ersatztv", broken, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(notDb.code).toBe(1);
    expect(notDb.stdout).toMatch(/cannot be read as an ErsatzTV database: .*file is not a database/);
  });
});
