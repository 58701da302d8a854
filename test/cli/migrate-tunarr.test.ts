import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAirwave } from "../support/cli";
import { databaseFile, sqlInsert } from "../support/sqlite";
import { useTempDir, useTestServer } from "../support/test-server";
import { expectPlaysFromLibrary, scannedLibrary } from "./support/migration-library";
import { makeTunarrFolder, TUNARR_START } from "./support/tunarr-fixture";

describe("airwave import --from tunarr", () => {
  // One day of playout builds, not the default two: the imported channels play 5-10 s generated clips, so each
  // day is thousands of items, and what is checked (the import, channels playing from the library) needs one.
  const { server, api } = useTestServer({ env: { Playout__DaysToBuild: "1" } });
  const work = useTempDir("airwave-tunarr-");

  it("brings channels over onto the scanned library (by Plex item id and by imdb id), filler as a Fallback preset, the transcode config as a profile, and they play", { timeout: 120_000 }, async () => {
    const library = await scannedLibrary(api, path.join(work.path, "movies"));
    const dir = await makeTunarrFolder(path.join(work.path, "tunarr"), library);
    // The library also comes from the Plex server Tunarr used ("Home Plex"), which knows Counting B as item 102.
    const db = databaseFile(server.dataDir);
    const source = await sqlInsert(db, "INSERT INTO media_source (name, kind, url, credential) VALUES ('Home Plex', 'Plex', 'http://127.0.0.1:32400', '{}')");
    await sqlInsert(db, "INSERT INTO media_source_library (mediaSourceId, libraryId, remoteLibraryId) SELECT ?, libraryId, '1' FROM library_path WHERE id = (SELECT libraryPathId FROM media_item WHERE id = ?)", [source, library.ids["Counting B"]]);
    await sqlInsert(db, "UPDATE media_item SET remoteId = '102' WHERE id = ?", [library.ids["Counting B"]]);

    const dry = await runAirwave(["import", "--from", "tunarr", dir, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    expect(dry.stdout).toContain('channel 4 "Tunarr Movies": 2 programmes, 2 in the library (1 by media-server id, 1 by guid, 0 by file path), ExternalJson playout');
    expect(dry.stdout).toContain("run again with --apply");
    expect(((await api.get("/api/v1/channels")).json as unknown[]).length).toBe(1);
    expect(fs.existsSync(path.join(server.dataDir, "playouts", "tunarr"))).toBe(false);

    const result = await runAirwave(["import", "--apply", "--from", "tunarr", dir, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(result.stderr).toBe("");
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain('FFmpeg profile "Tunarr Small": resolution, threadCount, videoBitrate, videoBufferSize, bitDepth, audioBitrate, audioBufferSize, audioChannels, audioSampleRate, hardwareAcceleration, videoFormat, audioFormat, normalizeFramerate, deinterlaceVideo; no equivalent for');
    expect(result.stdout).toMatch(/no equivalent for .*vaapi_driver.*error_screen/);
    expect(result.stdout).toContain('filler list "Bumpers" (1 items): collection and Fallback filler preset "Tunarr filler: Bumpers" with 1 library items');
    expect(result.stdout).toContain('channel 4 "Tunarr Movies": 2 programmes, 2 in the library (1 by media-server id, 1 by guid, 0 by file path), ExternalJson playout');
    expect(result.stdout).toContain('channel 9 "Lost Films": 1 programmes, 0 in the library');
    expect(result.stdout).toContain("not in the library: Gone Missing (Home Plex item 900, imdb://tt9999999, /srv/plex/movies/Gone Missing (1999)/Gone Missing (1999).mkv)");

    const channels = (await api.get("/api/v1/channels")).json as { id: number; number: string; name: string; group: string; logoUrl?: string; ffmpegProfileId: number; fallbackFillerId?: number }[];
    const movies = channels.find((c) => c.number === "4")!;
    expect(movies).toMatchObject({ name: "Tunarr Movies", group: "Tunarr", logoUrl: "https://example.com/logos/tunarr.png" });
    expect(channels.find((c) => c.number === "9")).toMatchObject({ name: "Lost Films" });
    const profile = (await api.get(`/api/v1/ffmpeg/profiles/${movies.ffmpegProfileId}`)).json;
    expect(profile).toMatchObject({ name: "Tunarr Small", resolution: { width: 320, height: 180 }, videoBitrate: 400, audioBitrate: 96, threadCount: 2, videoFormat: "H264", deinterlaceVideo: true });
    const filler = (await api.get(`/api/v1/filler/presets/${movies.fallbackFillerId}`)).json;
    expect(filler).toMatchObject({ name: "Tunarr filler: Bumpers", fillerKind: "Fallback", collectionType: "Collection" });
    const fillerItems = (await api.get(`/api/v1/collections/${filler.collectionId}/items`)).json;
    expect(JSON.stringify(fillerItems)).toContain(`"id":${library.ids.Bumper}`);

    // Counting A plays from the library item Airwave scanned, not from the path Plex knew.
    const channelFile = JSON.parse(fs.readFileSync(path.join(server.dataDir, "playouts", "tunarr", "4.json"), "utf8"));
    expect(channelFile.programs.slice(0, 3).map((p: { file?: string }) => p.file)).toEqual([library.countingA, undefined, library.countingB]);
    expect((Date.parse(channelFile.startTime) - TUNARR_START) % 25_000).toBe(0);
    await expectPlaysFromLibrary(api, server.url, movies, [library.ids["Counting A"], library.ids["Counting B"], library.ids.Bumper], work.path);
  });

  it("says what it needs when the folder is not a Tunarr data folder, or its database is not one", async () => {
    const empty = await runAirwave(["import", "--from", "tunarr", work.path, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/no Tunarr channels found .*\n.*db\.db does not exist: give Tunarr's data folder/);
    const broken = path.join(work.path, "broken");
    fs.mkdirSync(broken, { recursive: true });
    fs.writeFileSync(path.join(broken, "db.db"), "this is not a database");
    const notDb = await runAirwave(["import", "--from", "tunarr", broken, "--server", server.url], { AIRWAVE_DATA_DIR: server.dataDir });
    expect(notDb.code).toBe(1);
    expect(notDb.stderr).toMatch(/cannot be read as a Tunarr 1.0 database: .*file is not a database/);
    const other = await runAirwave(["import", "--from", "plex", work.path, "--server", server.url], {});
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--from must be dizquetv, tunarr or ersatztv/);
  });
});
