import DataLoader from "dataloader";
import type { Collection, MultiCollection, MultiCollectionItem, SmartCollection } from "../../../db/entities/collection";
import type { PlaylistItem } from "../../../db/entities/playlist";
import type { Services } from "../../../services";

/** Batched loads behind multi collections and playlists: one query per field per response, not per parent. */
export interface PlaylistLoaders {
  multiCollectionItems: DataLoader<number, MultiCollectionItem[]>;
  playlistItems: DataLoader<number, PlaylistItem[]>;
  collectionById: DataLoader<number, Collection | undefined>;
  multiCollectionById: DataLoader<number, MultiCollection | undefined>;
  smartCollectionById: DataLoader<number, SmartCollection | undefined>;
  collectionItemCount: DataLoader<number, number>;
}

function byId<T extends { id: number }>(fetch: (ids: readonly number[]) => Promise<T[]>): DataLoader<number, T | undefined> {
  return new DataLoader(async (ids) => {
    const found = new Map((await fetch(ids)).map((row) => [row.id, row]));
    return ids.map((id) => found.get(id));
  });
}

export function createPlaylistLoaders(services: Services): PlaylistLoaders {
  return {
    collectionItemCount: new DataLoader(async (ids) => {
      const counts = new Map((await services.collections.list()).map((v) => [v.collection.id, v.itemCount]));
      return ids.map((id) => counts.get(id) ?? 0);
    }),
    multiCollectionItems: new DataLoader(async (ids) => {
      const members = await services.multiCollections.membersOf(ids);
      return ids.map((id) => members.filter((m) => m.multiCollectionId === id));
    }),
    playlistItems: new DataLoader(async (ids) => {
      const entries = await services.playlists.itemsOf(ids);
      return ids.map((id) => entries.filter((e) => e.playlistId === id));
    }),
    collectionById: byId((ids) => services.multiCollections.collectionsByIds(ids)),
    multiCollectionById: byId((ids) => services.multiCollections.getMany(ids)),
    smartCollectionById: byId((ids) => services.multiCollections.smartCollectionsByIds(ids)),
  };
}
