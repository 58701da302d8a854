import type { Services } from "../../server/services";

/** Things schedule items can point at: each content target kind, filler of each kind, watermarks. */
export interface ScheduleTargets {
  collectionId: number;
  smartCollectionId: number;
  multiCollectionId: number;
  playlistId: number;
  showId: number;
  seasonId: number;
  artistId: number;
  movieId: number;
  preRoll: number;
  preRollPad: number;
  midRollPad: number;
  postRoll: number;
  tail: number;
  fallback: number;
  watermarkA: number;
  watermarkB: number;
}

/** Targets before seeding, every id 0 (tables of test cases are built before the hooks run). */
export function unseededTargets(): ScheduleTargets {
  return {
    collectionId: 0, smartCollectionId: 0, multiCollectionId: 0, playlistId: 0, showId: 0, seasonId: 0, artistId: 0, movieId: 0,
    preRoll: 0, preRollPad: 0, midRollPad: 0, postRoll: 0, tail: 0, fallback: 0, watermarkA: 0, watermarkB: 0,
  };
}

/** Seeds the targets through the services (and SQL for rows no service writes) of a server or of createTestServices. */
/** `insert` runs one INSERT on the test database and returns the new id (TestServices.insert). */
export async function seedScheduleTargets(services: Services, insert: (query: string, params?: unknown[]) => Promise<number>): Promise<ScheduleTargets> {
  const now = Date.now();
  const libraryId = await insert(`INSERT INTO "library" ("name", "kind") VALUES ('Schedule library', 'Shows')`);
  const pathId = await insert(`INSERT INTO "library_path" ("libraryId", "path") VALUES (?, '/media/schedule-test')`, [libraryId]);
  const item = (kind: string, title: string, parentId: number | null) =>
    insert(`INSERT INTO "media_item" ("kind", "libraryPathId", "parentId", "title", "sortTitle", "state", "addedAt", "updatedAt") VALUES (?, ?, ?, ?, ?, 'Normal', ?, ?)`, [kind, pathId, parentId, title, title, now, now]);
  const showId = await item("Show", "Sched Show", null);
  const seasonId = await item("Season", "Sched Season", showId);
  const artistId = await item("Artist", "Sched Artist", null);
  const movieId = await item("Movie", "Sched Movie", null);
  const collectionId = (await services.collections.create({ name: "Schedule targets" })).collection.id;
  const smartCollectionId = await insert(`INSERT INTO "smart_collection" ("name", "query") VALUES ('Sched smart', 'type:movie')`);
  const multi = await services.multiCollections.create({ name: "Sched multi", items: [{ collectionId, scheduleAsGroup: false, playbackOrder: "Shuffle" }] } as never);
  const groupId = (await services.playlists.createGroup({ name: "Sched group" })).id;
  const playlist = await services.playlists.create({
    name: "Sched playlist",
    playlistGroupId: groupId,
    items: [{ collectionType: "Collection", collectionId, playbackOrder: "Chronological", playAll: false, includeInProgramGuide: true }],
  } as never);
  const filler = (name: string, kind: string, mode: string | null) =>
    insert(`INSERT INTO "filler_preset" ("name", "kind", "mode", "collectionType", "collectionId") VALUES (?, ?, ?, 'Collection', ?)`, [name, kind, mode, collectionId]);
  return {
    collectionId, smartCollectionId, multiCollectionId: multi.multiCollection.id, playlistId: playlist.playlist.id, showId, seasonId, artistId, movieId,
    preRoll: await filler("Pre", "PreRoll", "Count"),
    preRollPad: await filler("Pre pad", "PreRoll", "Pad"),
    midRollPad: await filler("Mid pad", "MidRoll", "Pad"),
    postRoll: await filler("Post", "PostRoll", "Duration"),
    tail: await filler("Tail", "Tail", null),
    fallback: await filler("Fallback", "Fallback", null),
    watermarkA: await insert(`INSERT INTO "watermark" ("name", "imagePath") VALUES ('WA', 'a.png')`),
    watermarkB: await insert(`INSERT INTO "watermark" ("name", "imagePath") VALUES ('WB', 'b.png')`),
  };
}
