import { describe, expect, it } from "vitest";
import { definitionOf, idsOf, itemsOf, sorted, usePlayoutContentLibrary } from "./support/playout-content-library";

const lib = usePlayoutContentLibrary();
const { ids } = lib;

describe("PlayoutContentService.resolve", () => {
  it("smart collection: by name (any case), its query's leaf matches, nested smart_collection references expanded", async () => {
    const resolved = await lib.service.resolve(
      definitionOf(
        [
          `  - smart_collection: films\n    key: films\n    order: shuffle`,
          `  - smart_collection: Films And Home\n    key: nested\n    order: shuffle`,
          `  - smart_collection: Beta Shows\n    key: shows\n    order: shuffle`,
        ].join("\n"),
      ),
    );
    expect(resolved.problems).toEqual([]);
    expect(sorted(idsOf(itemsOf(resolved, "films")))).toEqual(sorted([ids.m1, ids.m2]));
    expect(sorted(idsOf(itemsOf(resolved, "nested")))).toEqual(sorted([ids.m1, ids.m2, ids.o1]));
    expect(sorted(idsOf(itemsOf(resolved, "shows")))).toEqual(sorted([ids.b1, ids.b2]));
  });

  it("multi collection: members in order, shows/seasons expanded, an item in two members once", async () => {
    const resolved = await lib.service.resolve(definitionOf(`  - multi_collection: Everything\n    key: all\n    order: chronological`));
    expect(resolved.problems).toEqual([]);
    const got = idsOf(itemsOf(resolved, "all"));
    // Mixed (e1, e2 from season 1 and e1 itself; b1, b2; m1), then Films (m1 again: once; m2), then Music.
    expect(got).toEqual([ids.e1, ids.e2, ids.b1, ids.b2, ids.m1, ids.m2, ids.mv1, ids.song]);
  });

  it("playlist: entries in playlist order with their source, order, count and play-all", async () => {
    const resolved = await lib.service.resolve(definitionOf(`  - playlist: prime time\n    playlist_group: EVENING\n    key: prime`));
    expect(resolved.problems).toEqual([]);
    const content = resolved.content.prime;
    if (!content || !("entries" in content)) throw new Error("expected playlist entries");
    const summary = content.entries.map((e) => ({ sourceKey: e.sourceKey, order: e.order, count: e.count, playAll: e.playAll, ids: sorted(idsOf(e.items)) }));
    expect(summary).toEqual([
      { sourceKey: `item:${ids.alpha}`, order: "shuffle", count: 2, playAll: undefined, ids: sorted([ids.e1, ids.e2, ids.e6]) },
      { sourceKey: `item:${ids.betaS1}`, order: "seasonEpisode", count: undefined, playAll: true, ids: sorted([ids.b1, ids.b2]) },
      { sourceKey: `collection:${ids.music}`, order: "chronological", count: undefined, playAll: undefined, ids: sorted([ids.mv1, ids.song]) },
      { sourceKey: `smart:${ids.moviesSmart}`, order: "random", count: 3, playAll: undefined, ids: sorted([ids.m1, ids.m2]) },
      {
        sourceKey: `multi:${ids.multi}`,
        order: "shuffleInOrder",
        count: undefined,
        playAll: undefined,
        ids: sorted([ids.e1, ids.e2, ids.b1, ids.b2, ids.m1, ids.m2, ids.mv1, ids.song]),
      },
      { sourceKey: `item:${ids.o1}`, order: "chronological", count: undefined, playAll: undefined, ids: [ids.o1] },
    ]);
    // The multi collection keeps its members as shuffle-in-order groups (m1 only in the first member).
    const groups = content.entries[4]?.options?.orderedGroups;
    expect(groups?.map((g) => ({ key: g.key, scheduleAsGroup: g.scheduleAsGroup, ids: sorted(idsOf(g.items)) }))).toEqual([
      { key: `collection:${ids.mixed}`, scheduleAsGroup: true, ids: sorted([ids.e1, ids.e2, ids.b1, ids.b2, ids.m1]) },
      { key: `smart:${ids.moviesSmart}`, scheduleAsGroup: false, ids: [ids.m2] },
      { key: `collection:${ids.music}`, scheduleAsGroup: false, ids: sorted([ids.mv1, ids.song]) },
    ]);
  });

  it("playlist: a shuffled multi collection keeps its 'schedule as group' members together, in chronological order", async () => {
    await lib.seed.playlist("Late", "Shuffled", [{ type: "MultiCollection", multiCollectionId: ids.multi, order: "Shuffle", playAll: true }]);
    const resolved = await lib.service.resolve(definitionOf(`  - playlist: Shuffled\n    playlist_group: Late\n    key: late`));
    const content = resolved.content.late;
    if (!content || !("entries" in content)) throw new Error("expected playlist entries");
    const [entry] = content.entries;
    expect(entry).toMatchObject({ sourceKey: `multi:${ids.multi}`, order: "shuffle", playAll: true });
    expect(entry?.options?.orderedGroups).toBeUndefined();
    const together = entry?.options?.keepTogether;
    expect(together).toHaveLength(1); // only the Mixed member is scheduled as a group
    // release date first (missing dates last), then season, episode, id
    expect(idsOf(together?.[0] ?? [])).toEqual([ids.m1, ids.e1, ids.b1, ids.e2, ids.b2]);
  });

  it("playlist: an existing playlist with no entries is empty content, not a problem", async () => {
    const resolved = await lib.service.resolve(definitionOf(`  - playlist: Nothing\n    playlist_group: Evening\n    key: none`));
    expect(resolved).toEqual({ content: { none: { entries: [] } }, problems: [] });
  });

  it("marathon: guid shows grouped by source in first-appearance order, then searches, without de-duplication", async () => {
    const resolved = await lib.service.resolve(
      definitionOf(
        `  - marathon:\n    key: mara\n    group_by: show\n    guids: [{source: tmdb, value: 200}, {source: imdb, value: tt0000100}, {source: tmdb, value: 200}]\n    searches: ["type:movie", "show_title:beta"]`,
      ),
    );
    expect(resolved.problems).toEqual([]);
    expect(idsOf(itemsOf(resolved, "mara"))).toEqual([
      // tmdb group (Beta once: both guids are the same show), then imdb (Alpha)
      ids.b1,
      ids.b2,
      ids.e1,
      ids.e2,
      ids.e6,
      // searches in order, repeats kept: movies by sort title, then Beta again
      ids.m1,
      ids.m2,
      ids.b1,
      ids.b2,
    ]);
  });

  it("marathon: a guid that matches no show is a problem; the rest still resolves", async () => {
    const resolved = await lib.service.resolve(
      definitionOf(`  - marathon:\n    key: mara\n    group_by: show\n    guids: [{source: tvdb, value: 404}, {source: tmdb, value: 200}]\n    play_all_items: true`),
    );
    expect(resolved.problems).toEqual([{ key: "mara", message: "no show has the guid tvdb://404" }]);
    expect(idsOf(itemsOf(resolved, "mara"))).toEqual([ids.b1, ids.b2]);
  });

  it("resolves every content kind of one definition together, the same item objects shared between keys", async () => {
    const resolved = await lib.service.resolve(
      definitionOf(
        [
          `  - show:\n    key: s\n    guids: [{source: tvdb, value: 100}]\n    order: shuffle`,
          `  - collection: Mixed\n    key: c\n    order: shuffle`,
          `  - search:\n    key: q\n    query: "type:episode"\n    order: shuffle`,
        ].join("\n"),
      ),
    );
    expect(Object.keys(resolved.content)).toEqual(["s", "c", "q"]);
    const fromShow = itemsOf(resolved, "s").find((i) => i.id === ids.e1);
    expect(itemsOf(resolved, "c").find((i) => i.id === ids.e1)).toBe(fromShow);
    // type:episode: every live, playable episode (the trashed show's episode is not trashed itself)
    expect(itemsOf(resolved, "q").some((i) => i.id === ids.eTrashed || i.id === ids.eZero || i.id === ids.eNoVersion)).toBe(false);
  });
});
