import DataLoader from "dataloader";
import type { FFmpegProfile } from "../../db/entities/ffmpeg-profile";
import type { MediaItem } from "../../db/entities/media-item";
import type { MediaVersion } from "../../db/entities/media-version";
import type { Services } from "../../services";
import type { ItemArtwork } from "../../services/artwork-service";
import { createPlaylistLoaders, type PlaylistLoaders } from "./loaders/playlist-loaders";

/** Per-request state of a GraphQL operation. */
export interface GraphqlContext {
  services: Services;
  /** Scheme and host the client used, for absolute URLs. */
  baseUrl: string;
  /** The request carried the write key, or none is configured. */
  mayWrite: boolean;
  loaders: PlaylistLoaders & {
    ffmpegProfile: DataLoader<number, FFmpegProfile | undefined>;
    playoutIdByChannel: DataLoader<number, number | null>;
    defaultProfileId: () => Promise<number>;
    mediaItem: DataLoader<number, MediaItem | undefined>;
    children: DataLoader<number, MediaItem[]>;
    versions: DataLoader<number, MediaVersion[]>;
    artwork: DataLoader<number, ItemArtwork[]>;
    collectionItemCount: DataLoader<number, number>;
  };
}

export function createGraphqlContext(services: Services, baseUrl: string, mayWrite: boolean): GraphqlContext {
  let defaultProfileId: Promise<number> | undefined;
  return {
    services,
    baseUrl,
    mayWrite,
    loaders: {
      ...createPlaylistLoaders(services),
      // One query for every channel's profile in a response, not one per channel.
      ffmpegProfile: new DataLoader(async (ids) => {
        const profiles = await services.ffmpegProfiles.getMany(ids);
        const byId = new Map(profiles.map((p) => [p.id, p]));
        return ids.map((id) => byId.get(id));
      }),
      playoutIdByChannel: new DataLoader(async (ids) => {
        const playouts = await services.channels.playoutIds();
        return ids.map((id) => playouts.get(id) ?? null);
      }),
      defaultProfileId: () => (defaultProfileId ??= services.ffmpegProfiles.getDefaultProfileId()),
      mediaItem: new DataLoader(async (ids) => {
        const byId = new Map((await services.media.getMany(ids)).map((i) => [i.id, i]));
        return ids.map((id) => byId.get(id));
      }),
      children: new DataLoader(async (parentIds) => {
        const children = await services.media.childrenOf(parentIds);
        return parentIds.map((id) => children.filter((c) => c.parentId === id));
      }),
      collectionItemCount: new DataLoader(async (ids) => {
        const counts = new Map((await services.collections.list()).map((v) => [v.collection.id, v.itemCount]));
        return ids.map((id) => counts.get(id) ?? 0);
      }),
      // One batch of artwork queries for every item of a response.
      artwork: new DataLoader(async (itemIds) => {
        const artwork = await services.artwork.forItems(itemIds);
        return itemIds.map((id) => artwork.get(id) ?? []);
      }),
      versions: new DataLoader(async (itemIds) => {
        const versions = await services.media.versionsFor(itemIds);
        return itemIds.map((id) => versions.filter((v) => v.mediaItemId === id));
      }),
    },
  };
}
