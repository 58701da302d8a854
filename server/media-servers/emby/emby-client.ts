import { DEFAULT_TIMEOUT_MS } from "../jellyfin/jellyfin-client";
import { MediaBrowserClient } from "../mediabrowser/mediabrowser-client";
import { MediaBrowserTransport } from "../mediabrowser/transport";
import type { MediaServerClient, MediaServerClientOptions, MediaServerConnection } from "../types";
import { embyDialect } from "./emby-dialect";

export function createEmbyClient(connection: MediaServerConnection, options: MediaServerClientOptions = {}): MediaServerClient {
  return new MediaBrowserClient(new MediaBrowserTransport(embyDialect, connection, options.timeoutMs ?? DEFAULT_TIMEOUT_MS), options.pageSize);
}
