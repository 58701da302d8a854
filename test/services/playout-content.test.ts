import { describe, expect, it } from "vitest";
import { definitionOf, idsOf, itemsOf, sorted, usePlayoutContentLibrary } from "./support/playout-content-library";

const lib = usePlayoutContentLibrary();
const { ids } = lib;

describe("PlayoutContentService.resolve", () => {
  it("maps an episode to the engine's MediaItem exactly (first version, chapters in order, guids)", async () => {
    const resolved = await lib.service.resolve(definitionOf(`  - show:\n    key: alpha\n    guids: [{source: tvdb, value: 100}]\n    order: chronological`));
    expect(resolved.problems).toEqual([]);
    const pilot = itemsOf(resolved, "alpha").find((i) => i.id === ids.e1);
    expect(pilot).toStrictEqual({
      id: ids.e1,
      kind: "episode",
      title: "Pilot",
      sortTitle: "pilot",
      showId: ids.alpha,
      showTitle: "Alpha Show",
      seasonId: ids.alphaS1,
      seasonNumber: 1,
      episodeNumber: 1,
      releaseDate: "2020-01-05",
      durationMs: 1_500_000,
      chapters: [
        { startMs: 0, endMs: 600_000, title: "Intro" },
        { startMs: 600_000, endMs: 1_500_000 },
      ],
      guids: [
        { source: "imdb", value: "tt0000101" },
        { source: "tvdb", value: "5001" },
      ],
    });
    const double = itemsOf(resolved, "alpha").find((i) => i.id === ids.e2);
    expect(double).toMatchObject({ episodeNumber: 2, endEpisodeNumber: 3, durationMs: 2_400_000 });
    expect(double).not.toHaveProperty("chapters");
    expect(double).not.toHaveProperty("guids");
  });

  it("show: all current episodes of the first matching show; trashed, fileless and zero-length episodes left out", async () => {
    const resolved = await lib.service.resolve(definitionOf(`  - show:\n    key: alpha\n    guids: [{source: tvdb, value: 100}]\n    order: shuffle`));
    // Twin Show also carries tvdb://100: only the first matching show (lowest id) is used.
    expect(sorted(idsOf(itemsOf(resolved, "alpha")))).toEqual(sorted([ids.e1, ids.e2, ids.e6]));
    expect(itemsOf(resolved, "alpha").every((i) => i.kind === "episode" && i.durationMs > 0)).toBe(true);
  });

  it("show: guids are tried in order, source is case-insensitive, a value may be an integer or written as source://value", async () => {
    const resolved = await lib.service.resolve(
      definitionOf(
        [
          `  - show:\n    key: byImdb\n    guids: [{source: tvdb, value: 999}, {source: IMDB, value: tt0000100}]\n    order: shuffle`,
          `  - show:\n    key: byTmdb\n    guids: [{source: TMDB, value: 200}, {source: tvdb, value: 100}]\n    order: shuffle`,
          `  - show:\n    key: written\n    guids: [{source: tmdb, value: "tmdb://200"}]\n    order: shuffle`,
        ].join("\n"),
      ),
    );
    expect(resolved.problems).toEqual([]);
    expect(sorted(idsOf(itemsOf(resolved, "byImdb")))).toEqual(sorted([ids.e1, ids.e2, ids.e6]));
    expect(sorted(idsOf(itemsOf(resolved, "byTmdb")))).toEqual(sorted([ids.b1, ids.b2]));
    expect(sorted(idsOf(itemsOf(resolved, "written")))).toEqual(sorted([ids.b1, ids.b2]));
  });

  it("show: an unknown guid, or only a trashed show's guid, is a problem with empty content", async () => {
    const resolved = await lib.service.resolve(
      definitionOf(
        [`  - show:\n    key: nope\n    guids: [{source: tvdb, value: 404}]\n    order: shuffle`, `  - show:\n    key: gone\n    guids: [{source: tvdb, value: 300}]\n    order: shuffle`].join("\n"),
      ),
    );
    expect(resolved.problems).toEqual([
      { key: "nope", message: "no show has the guid tvdb://404" },
      { key: "gone", message: "no show has the guid tvdb://300" },
    ]);
    expect(itemsOf(resolved, "nope")).toEqual([]);
    expect(itemsOf(resolved, "gone")).toEqual([]);
  });

  it("collection: members with seasons/shows expanded to their episodes, duplicates once, trashed left out, names ignore case", async () => {
    const resolved = await lib.service.resolve(definitionOf(`  - collection: mixed\n    key: mixed\n    order: chronological`));
    expect(resolved.problems).toEqual([]);
    const got = idsOf(itemsOf(resolved, "mixed"));
    expect(sorted(got)).toEqual(sorted([ids.e1, ids.e2, ids.b1, ids.b2, ids.m1]));
    expect(new Set(got).size).toBe(got.length);
    expect(itemsOf(resolved, "mixed").find((i) => i.id === ids.b1)).toMatchObject({ showId: ids.beta, showTitle: "Beta Show", seasonId: ids.betaS1, seasonNumber: 1 });
  });

  it("collection: a show member picks up episodes scanned later", async () => {
    const def = definitionOf(`  - collection: Mixed\n    key: mixed\n    order: shuffle`);
    const before = idsOf(itemsOf(await lib.service.resolve(def), "mixed"));
    const b3 = await lib.seed.playable("Episode", "Beta Three", 1_300_000, { parent: ids.betaS1, season: 1, episode: 3 });
    try {
      const after = idsOf(itemsOf(await lib.service.resolve(def), "mixed"));
      expect(before).not.toContain(b3);
      expect(sorted(after)).toEqual(sorted([...before, b3]));
    } finally {
      await lib.seed.run(`DELETE FROM media_item WHERE id = ?`, [b3]);
    }
  });

  it("collection: artists stand for their music videos; music videos carry the artist", async () => {
    const resolved = await lib.service.resolve(definitionOf(`  - collection: Music\n    key: music\n    order: shuffle`));
    expect(sorted(idsOf(itemsOf(resolved, "music")))).toEqual(sorted([ids.mv1, ids.song]));
    expect(itemsOf(resolved, "music").find((i) => i.id === ids.mv1)).toStrictEqual({
      id: ids.mv1,
      kind: "musicVideo",
      title: "Hit Single",
      sortTitle: "hit single",
      durationMs: 240_000,
      artistId: ids.artist,
      artist: "The Band",
    });
  });

  it("unknown collection, multi collection, smart collection and playlist names are problems, not exceptions", async () => {
    const resolved = await lib.service.resolve(
      definitionOf(
        [
          `  - collection: Missing\n    key: a\n    order: shuffle`,
          `  - multi_collection: Missing Multi\n    key: b\n    order: shuffle`,
          `  - smart_collection: Missing Smart\n    key: c\n    order: shuffle`,
          `  - playlist: Missing List\n    playlist_group: Evening\n    key: d`,
          `  - playlist: Prime Time\n    playlist_group: Morning\n    key: e`,
        ].join("\n"),
      ),
    );
    expect(resolved.problems).toEqual([
      { key: "a", message: 'collection "Missing" does not exist' },
      { key: "b", message: 'multi collection "Missing Multi" does not exist' },
      { key: "c", message: 'smart collection "Missing Smart" does not exist' },
      { key: "d", message: 'playlist "Missing List" in group "Evening" does not exist' },
      { key: "e", message: 'playlist "Prime Time" in group "Morning" does not exist' },
    ]);
    expect(resolved.content).toEqual({ a: { items: [] }, b: { items: [] }, c: { items: [] }, d: { entries: [] }, e: { entries: [] } });
  });

  it("search: the query's playable matches; matched shows stand for their episodes; trashed left out", async () => {
    const resolved = await lib.service.resolve(
      definitionOf(
        [`  - search:\n    key: movies\n    query: "type:movie"\n    order: shuffle`, `  - search:\n    key: betaShow\n    query: "type:show AND title:beta"\n    order: shuffle`].join("\n"),
      ),
    );
    expect(resolved.problems).toEqual([]);
    expect(sorted(idsOf(itemsOf(resolved, "movies")))).toEqual(sorted([ids.m1, ids.m2]));
    expect(sorted(idsOf(itemsOf(resolved, "betaShow")))).toEqual(sorted([ids.b1, ids.b2]));
  });

  it("search: a query that does not parse is a problem", async () => {
    const resolved = await lib.service.resolve(definitionOf(`  - search:\n    key: bad\n    query: "nosuchfield:x AND ("\n    order: shuffle`));
    expect(resolved.problems).toHaveLength(1);
    expect(resolved.problems[0]).toMatchObject({ key: "bad" });
    expect(resolved.problems[0]?.message).toMatch(/^search "nosuchfield:x AND \(" cannot run: /);
    expect(itemsOf(resolved, "bad")).toEqual([]);
  });
});
