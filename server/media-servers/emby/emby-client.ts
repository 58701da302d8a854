import { DEFAULT_TIMEOUT_MS } from "../jellyfin/jellyfin-client";
import { MediaBrowserClient } from "../mediabrowser/mediabrowser-client";
import type { MediaServerClient, MediaServerClientOptions, MediaServerConnection } from "../types";
import { EmbyTransport } from "./emby-transport";

export function createEmbyClient(connection: MediaServerConnection, options: MediaServerClientOptions = {}): MediaServerClient {
  return new MediaBrowserClient(new EmbyTransport(connection, options.timeoutMs ?? DEFAULT_TIMEOUT_MS), options.pageSize);
}
