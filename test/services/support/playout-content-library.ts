import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { Database } from "../../../server/db/database";
import type { MediaItem } from "../../../server/playout/content";
import { validateDefinition, type PlayoutDefinition } from "../../../server/playout/definition";
import type { ResolvedContent } from "../../../server/playout/core";
import { PlayoutContentService, type ResolvedPlayoutContent } from "../../../server/services/playout-content-service";
import { SmartCollectionService } from "../../../server/services/smart-collection-service";
import { Seeder } from "./content-seeder";

export function definitionOf(contentYaml: string): PlayoutDefinition {
  const keys = [...contentYaml.matchAll(/key: (\w+)/g)].map((m) => m[1]);
  const text = `content:\n${contentYaml}\nplayout:\n${keys.map((k) => `  - count: 1\n    content: ${k}`).join("\n")}\n`;
  const result = validateDefinition(text, { fileName: "main.yaml" });
  if (!result.definition) throw new Error(`invalid test definition: ${JSON.stringify(result.errors)}\n${text}`);
  return result.definition;
}

export function itemsOf(resolved: ResolvedPlayoutContent, key: string): readonly MediaItem[] {
  const content: ResolvedContent | undefined = resolved.content[key];
  if (!content || !("items" in content)) throw new Error(`no items for ${key}`);
  return content.items;
}

export const idsOf = (items: readonly MediaItem[]) => items.map((i) => i.id);
export const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/**
 * A small library of every content kind (shows with trashed/fileless/zero-length episodes, movies, music,
 * collections, smart and multi collections, playlists), seeded into a temp database before the file's tests;
 * `ids` names its rows, `service` resolves against it, `seed` adds more.
 */
export function usePlayoutContentLibrary() {
  let dir: string;
  let db: Database;
  let seed: Seeder;
  const ids = {} as Record<string, number>;
  const lib = { ids, service: undefined as unknown as PlayoutContentService, seed: undefined as unknown as Seeder };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-playout-content-"));
    db = await Database.open(dir);
    seed = new Seeder(dir);
    lib.seed = seed;
    await seed.library();

    // Alpha: 2 seasons; S1 holds a normal episode with chapters/guids, a double episode, a trashed one,
    // one without a version and one with zero duration.
    ids.alpha = await seed.item("Show", "Alpha Show");
    await seed.guid(ids.alpha, "tvdb", "100");
    await seed.guid(ids.alpha, "imdb", "tt0000100");
    ids.alphaS1 = await seed.item("Season", "Season 1", { parent: ids.alpha, season: 1 });
    ids.e1 = await seed.item("Episode", "Pilot", { parent: ids.alphaS1, season: 1, episode: 1, released: "2020-01-05", sortTitle: "pilot" });
    const e1Version = await seed.version(ids.e1, 1_500_000);
    await seed.version(ids.e1, 9_999_000); // a second file: the first version wins
    await seed.chapter(e1Version, 1, 600_000, 1_500_000, null);
    await seed.chapter(e1Version, 0, 0, 600_000, "Intro");
    await seed.guid(ids.e1, "TVDB", "5001");
    await seed.guid(ids.e1, "imdb", "tt0000101");
    ids.e2 = await seed.playable("Episode", "Double", 2_400_000, { parent: ids.alphaS1, season: 1, episode: 2, endEpisode: 3 });
    ids.eTrashed = await seed.playable("Episode", "Trashed", 1_000_000, { parent: ids.alphaS1, season: 1, episode: 4, state: "Trashed" });
    ids.eNoVersion = await seed.item("Episode", "No File", { parent: ids.alphaS1, season: 1, episode: 5 });
    ids.eZero = await seed.playable("Episode", "Zero", 0, { parent: ids.alphaS1, season: 1, episode: 6 });
    ids.alphaS2 = await seed.item("Season", "Season 2", { parent: ids.alpha, season: 2 });
    ids.e6 = await seed.playable("Episode", "Second Season", 1_200_000, { parent: ids.alphaS2, season: 2, episode: 1 });

    ids.beta = await seed.item("Show", "Beta Show");
    await seed.guid(ids.beta, "tmdb", "200");
    ids.betaS1 = await seed.item("Season", "Season 1", { parent: ids.beta, season: 1 });
    ids.b1 = await seed.playable("Episode", "Beta One", 1_300_000, { parent: ids.betaS1, season: 1, episode: 1 });
    ids.b2 = await seed.playable("Episode", "Beta Two", 1_300_000, { parent: ids.betaS1, season: 1, episode: 2 });

    // A trashed show with a guid, and a second live show sharing Alpha's tvdb guid (the first id wins).
    ids.gone = await seed.item("Show", "Gone Show", { state: "Trashed" });
    await seed.guid(ids.gone, "tvdb", "300");
    ids.goneS1 = await seed.item("Season", "Season 1", { parent: ids.gone, season: 1 });
    await seed.playable("Episode", "Gone One", 1_000_000, { parent: ids.goneS1, season: 1, episode: 1 });
    ids.twin = await seed.item("Show", "Twin Show");
    await seed.guid(ids.twin, "tvdb", "100");
    ids.twinS1 = await seed.item("Season", "Season 1", { parent: ids.twin, season: 1 });
    ids.t1 = await seed.playable("Episode", "Twin One", 1_000_000, { parent: ids.twinS1, season: 1, episode: 1 });

    ids.m1 = await seed.playable("Movie", "Movie One", 5_400_000, { released: "1999-03-31" });
    await seed.guid(ids.m1, "imdb", "tt0133093");
    ids.m2 = await seed.playable("Movie", "Movie Two", 6_000_000);
    ids.mTrashed = await seed.playable("Movie", "Movie Trashed", 6_000_000, { state: "Trashed" });
    ids.o1 = await seed.playable("OtherVideo", "Home Video", 300_000);
    ids.artist = await seed.item("Artist", "The Band");
    ids.mv1 = await seed.playable("MusicVideo", "Hit Single", 240_000, { parent: ids.artist });
    ids.song = await seed.playable("Song", "A Song", 180_000);

    // Collection: a season (stands for its episodes), a show, a movie, a trashed movie, and an episode that the season already brings.
    ids.mixed = await seed.collection("Mixed", [ids.alphaS1, ids.beta, ids.m1, ids.mTrashed, ids.e1]);
    ids.music = await seed.collection("Music", [ids.artist, ids.song]);
    ids.moviesSmart = await seed.smart("Films", "type:movie");
    ids.nested = await seed.smart("Films And Home", `smart_collection:"Films" OR type:other_video`);
    ids.showsSmart = await seed.smart("Beta Shows", `type:show AND title:beta`);
    ids.multi = await seed.multi("Everything", [{ collectionId: ids.mixed, scheduleAsGroup: true }, { smartCollectionId: ids.moviesSmart }, { collectionId: ids.music }]);
    ids.playlist = await seed.playlist("Evening", "Prime Time", [
      { type: "TelevisionShow", mediaItemId: ids.alpha, order: "Shuffle", count: 2 },
      { type: "TelevisionSeason", mediaItemId: ids.betaS1, order: "SeasonEpisode", playAll: true },
      { type: "Collection", collectionId: ids.music, order: "Chronological" },
      { type: "SmartCollection", smartCollectionId: ids.moviesSmart, order: "Random", count: 3 },
      { type: "MultiCollection", multiCollectionId: ids.multi, order: "ShuffleInOrder" },
      { type: "MediaItem", mediaItemId: ids.o1, order: "Chronological" },
    ]);
    ids.emptyPlaylist = await seed.playlist("Evening", "Nothing", []);

    lib.service = new PlayoutContentService(db, new SmartCollectionService(db, () => Date.UTC(2026, 0, 1)));
  });

  afterAll(async () => {
    await seed?.close();
    await db?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  return lib;
}
