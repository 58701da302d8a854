import { describe, expect, it } from "vitest";
import { seedMedia } from "../support/seed-media";
import { addVersions, databaseFile, sqlInsert } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

describe("POST /api/v1/media/match", () => {
  const { server, api } = useTestServer();

  it("finds playable items by media-server id first, then guid, then file path (local, or a media server's), in query order; empty where there is none", async () => {
    const media = await seedMedia(server.dataDir, "Matched");
    await addVersions(server.dataDir, [...media.movieIds, ...media.episodeIds], 60_000);
    const db = databaseFile(server.dataDir);
    await sqlInsert(db, "INSERT INTO media_guid (mediaItemId, source, value) VALUES (?, 'imdb', 'tt0000007')", [media.movieIds[1]]);
    // A show's guid names no playable item: it never matches.
    await sqlInsert(db, "INSERT INTO media_guid (mediaItemId, source, value) VALUES (?, 'tvdb', '555')", [media.showId]);
    await sqlInsert(db, "UPDATE media_item SET state = 'Trashed' WHERE id = ?", [media.movieIds[2]]);
    // Items from a media server: it knows one by its ratingKey, another's file at another path.
    const source = await sqlInsert(db, "INSERT INTO media_source (name, kind, url, credential, serverName) VALUES ('Home Plex', 'Plex', 'http://127.0.0.1:32400', '{}', 'Living Room')");
    await sqlInsert(db, "INSERT INTO media_source_library (mediaSourceId, libraryId, remoteLibraryId) SELECT ?, libraryId, '1' FROM library_path WHERE id = (SELECT libraryPathId FROM media_item WHERE id = ?)", [source, media.movieIds[0]]);
    await sqlInsert(db, "UPDATE media_item SET remoteId = '501' WHERE id = ?", [media.movieIds[0]]);
    await sqlInsert(db, "UPDATE media_version SET remotePath = '/plex/movies/Episode.mkv' WHERE mediaItemId = ?", [media.episodeIds[1]]);

    const response = await api.post("/api/v1/media/match", {
      items: [
        { guids: ["IMDB://tt0000007"], paths: [`/seeded/${media.movieIds[0]}.mkv`] },
        { guids: ["imdb://tt0000999"], paths: ["/nowhere.mkv", `/seeded/${media.episodeIds[0]}.mkv`] },
        { guids: ["tvdb://555"] },
        { paths: [`/seeded/${media.movieIds[2]}.mkv`] },
        { guids: ["tmdb://1"], paths: ["/plex/movies/Episode.mkv"] },
        { remoteIds: [{ server: "home plex", id: "501" }], guids: ["IMDB://tt0000007"] },
        { remoteIds: [{ server: "Living Room", id: "501" }] },
        { remoteIds: [{ server: "Other Plex", id: "501" }, { server: "Home Plex", id: "999" }] },
        {},
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.matches).toEqual([
      { mediaItemId: media.movieIds[1], path: `/seeded/${media.movieIds[1]}.mkv`, matchedBy: "guid" },
      { mediaItemId: media.episodeIds[0], path: `/seeded/${media.episodeIds[0]}.mkv`, matchedBy: "path" },
      {},
      {},
      { mediaItemId: media.episodeIds[1], path: `/seeded/${media.episodeIds[1]}.mkv`, matchedBy: "path" },
      { mediaItemId: media.movieIds[0], path: `/seeded/${media.movieIds[0]}.mkv`, matchedBy: "remote" },
      { mediaItemId: media.movieIds[0], path: `/seeded/${media.movieIds[0]}.mkv`, matchedBy: "remote" },
      {},
      {},
    ]);
  });

  it("refuses malformed queries with the field that is wrong", async () => {
    const bad = await api.post("/api/v1/media/match", { items: [{ guids: ["tt0000007"] }, { paths: Array.from({ length: 11 }, (_, i) => `/x/${i}.mkv`) }, { remoteIds: [{ server: "", id: "1" }] }] });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.json.errors.map((e: { field: string }) => e.field)).toEqual(["items[0].guids[0]", "items[1].paths", "items[2].remoteIds[0].server"]);
    const tooMany = await api.post("/api/v1/media/match", { items: Array.from({ length: 2001 }, () => ({})) });
    expect(tooMany.status).toBe(422);
    expect((await api.post("/api/v1/media/match", { items: "no" })).status).toBe(400);
  });
});
