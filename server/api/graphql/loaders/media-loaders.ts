import DataLoader from "dataloader";
import type { MediaItem } from "../../../db/entities/media-item";
import type { MediaVersion } from "../../../db/entities/media-version";
import type { Services } from "../../../services";
import type { ItemArtwork } from "../../../services/artwork-service";
import type { LibrarySource } from "../../../services/library-service";

/** Batched loads behind media items: their rows, children, versions and artwork, one query per field per response. */
export interface MediaLoaders {
  mediaItem: DataLoader<number, MediaItem | undefined>;
  children: DataLoader<number, MediaItem[]>;
  versions: DataLoader<number, MediaVersion[]>;
  artwork: DataLoader<number, ItemArtwork[]>;
  /** By library path id: the media source its library is synced from. */
  pathSource: DataLoader<number, LibrarySource | null>;
}

export function createMediaLoaders(services: Services): MediaLoaders {
  return {
    mediaItem: new DataLoader(async (ids) => {
      const byId = new Map((await services.media.getMany(ids)).map((i) => [i.id, i]));
      return ids.map((id) => byId.get(id));
    }),
    children: new DataLoader(async (parentIds) => {
      const children = await services.media.childrenOf(parentIds);
      return parentIds.map((id) => children.filter((c) => c.parentId === id));
    }),
    versions: new DataLoader(async (itemIds) => {
      const versions = await services.media.versionsFor(itemIds);
      return itemIds.map((id) => versions.filter((v) => v.mediaItemId === id));
    }),
    artwork: new DataLoader(async (itemIds) => {
      const artwork = await services.artwork.forItems(itemIds);
      return itemIds.map((id) => artwork.get(id) ?? []);
    }),
    pathSource: new DataLoader(async (pathIds) => {
      const sources = await services.libraries.sourcesOfPaths(pathIds);
      return pathIds.map((id) => sources.get(id) ?? null);
    }),
  };
}
