import { MediaBrowserClient } from "../mediabrowser/mediabrowser-client";
import { MediaBrowserTransport } from "../mediabrowser/transport";
import type { MediaServerClient, MediaServerClientOptions, MediaServerConnection } from "../types";
import { jellyfinDialect } from "./jellyfin-dialect";

export const DEFAULT_TIMEOUT_MS = 15_000;

export function createJellyfinClient(connection: MediaServerConnection, options: MediaServerClientOptions = {}): MediaServerClient {
  return new MediaBrowserClient(new MediaBrowserTransport(jellyfinDialect, connection, options.timeoutMs ?? DEFAULT_TIMEOUT_MS), options.pageSize);
}
