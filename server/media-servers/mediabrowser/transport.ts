import type { MediaServerKind } from "../../domain/enums";
import type { BaseItemDto, BaseItemKind, ItemFields, ItemsPage, PublicSystemInfo, SystemInfo } from "./dto";

export interface ItemQuery {
  parentId?: string;
  includeItemTypes?: BaseItemKind[];
  recursive?: boolean;
  startIndex: number;
  limit: number;
  fields: ItemFields[];
  /** ISO time: only items saved at or after it. */
  minDateLastSaved?: string;
  enableImages?: boolean;
}

/**
 * How a Jellyfin-family client reaches its server. The two kinds differ here, and only here: Jellyfin
 * goes through `@jellyfin/sdk`, Emby through `fetch` with its own header and path prefix. Every method
 * throws `MediaServerError` for failures.
 */
export interface MediaBrowserTransport {
  readonly kind: MediaServerKind;
  /** The public, unauthenticated identity (what tells Jellyfin from Emby). */
  publicInfo(): Promise<PublicSystemInfo>;
  /** The authenticated identity: fails `unauthorized` with a bad key. */
  systemInfo(): Promise<SystemInfo>;
  mediaFolders(): Promise<BaseItemDto[]>;
  items(query: ItemQuery): Promise<ItemsPage>;
  playlistItems(playlistId: string, startIndex: number, limit: number): Promise<ItemsPage>;
  /** An absolute URL under the server's base for a relative API path. */
  url(relativePath: string): string;
  /** The headers that carry the credential. */
  authHeaders(): Record<string, string>;
  /** GET of a relative path with the credential, returning the body (images). */
  getBinary(relativePath: string): Promise<{ body: Buffer; contentType: string }>;
  /** Is this public identity a server of this kind? */
  isOwnKind(info: PublicSystemInfo): boolean;
}
