import { describe, expect, it } from "vitest";
import { seedMedia } from "../support/seed-media";
import { addVersions, databaseFile, sqlInsert } from "../support/sqlite";
import { useTestServer } from "../support/test-server";

describe("POST /api/v1/media/match", () => {
  const { server, api } = useTestServer();

  it("finds playable items by guid first, then by file path (local, or a media server's), in query order; empty where there is none", async () => {
    const media = await seedMedia(server.dataDir, "Matched");
    await addVersions(server.dataDir, [...media.movieIds, ...media.episodeIds], 60_000);
    const db = databaseFile(server.dataDir);
    await sqlInsert(db, "INSERT INTO media_guid (mediaItemId, source, value) VALUES (?, 'imdb', 'tt0000007')", [media.movieIds[1]]);
    // A show's guid names no playable item: it never matches.
    await sqlInsert(db, "INSERT INTO media_guid (mediaItemId, source, value) VALUES (?, 'tvdb', '555')", [media.showId]);
    await sqlInsert(db, "UPDATE media_item SET state = 'Trashed' WHERE id = ?", [media.movieIds[2]]);
    // An item from a media server: the server knows its file at another path.
    await sqlInsert(db, "UPDATE media_version SET remotePath = '/plex/movies/Episode.mkv' WHERE mediaItemId = ?", [media.episodeIds[1]]);

    const response = await api.post("/api/v1/media/match", {
      items: [
        { guids: ["IMDB://tt0000007"], paths: [`/seeded/${media.movieIds[0]}.mkv`] },
        { guids: ["imdb://tt0000999"], paths: ["/nowhere.mkv", `/seeded/${media.episodeIds[0]}.mkv`] },
        { guids: ["tvdb://555"] },
        { paths: [`/seeded/${media.movieIds[2]}.mkv`] },
        { guids: ["tmdb://1"], paths: ["/plex/movies/Episode.mkv"] },
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
      {},
    ]);
  });

  it("refuses malformed queries with the field that is wrong", async () => {
    const bad = await api.post("/api/v1/media/match", { items: [{ guids: ["tt0000007"] }, { paths: Array.from({ length: 11 }, (_, i) => `/x/${i}.mkv`) }] });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.json.errors.map((e: { field: string }) => e.field)).toEqual(["items[0].guids[0]", "items[1].paths"]);
    const tooMany = await api.post("/api/v1/media/match", { items: Array.from({ length: 2001 }, () => ({})) });
    expect(tooMany.status).toBe(422);
    expect((await api.post("/api/v1/media/match", { items: "no" })).status).toBe(400);
  });
});
