import { MediaBrowserClient } from "../mediabrowser/mediabrowser-client";
import type { MediaServerClient, MediaServerClientOptions, MediaServerConnection } from "../types";
import { JellyfinTransport } from "./jellyfin-transport";

export const DEFAULT_TIMEOUT_MS = 15_000;

export function createJellyfinClient(connection: MediaServerConnection, options: MediaServerClientOptions = {}): MediaServerClient {
  return new MediaBrowserClient(new JellyfinTransport(connection, options.timeoutMs ?? DEFAULT_TIMEOUT_MS), options.pageSize);
}
