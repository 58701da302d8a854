import type { Services } from "../../../services";
import { createChannelLoaders, type ChannelLoaders } from "./channel-loaders";
import { createMediaLoaders, type MediaLoaders } from "./media-loaders";
import { createPlaylistLoaders, type PlaylistLoaders } from "./playlist-loaders";

/** Every DataLoader of one GraphQL operation (created per request: caches never outlive it). */
export type GraphqlLoaders = ChannelLoaders & MediaLoaders & PlaylistLoaders;

export function createGraphqlLoaders(services: Services): GraphqlLoaders {
  return { ...createChannelLoaders(services), ...createMediaLoaders(services), ...createPlaylistLoaders(services) };
}
