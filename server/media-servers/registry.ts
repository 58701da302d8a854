import { MediaServerKind } from "../domain/enums";
import { createEmbyClient } from "./emby/emby-client";
import { createJellyfinClient } from "./jellyfin/jellyfin-client";
import { createPlexClient } from "./plex/plex-client";
import { type MediaServerClient, type MediaServerClientFactory, type MediaServerClientOptions, type MediaServerConnection, MediaServerError } from "./types";

/** One line per kind: the client factory that speaks that server's protocol. */
const FACTORIES: Partial<Record<MediaServerKind, MediaServerClientFactory>> = {
  [MediaServerKind.Plex]: createPlexClient,
  [MediaServerKind.Jellyfin]: createJellyfinClient,
  [MediaServerKind.Emby]: createEmbyClient,
};

/** The client for a source's kind; a kind without a client is reported like a server of the wrong kind. */
export function createMediaServerClient(connection: MediaServerConnection, options?: MediaServerClientOptions): MediaServerClient {
  const factory = FACTORIES[connection.kind];
  if (!factory) throw new MediaServerError("wrong-kind", `${connection.kind} servers are not supported by this build`);
  return factory(connection, options);
}
