import type { MediaServerKind } from "../../domain/enums";
import { mediaGetDatedJson, mediaGetImage, mediaGetJson } from "../media-http";
import type { MediaServerConnection } from "../types";
import type { BaseItemDto, BaseItemKind, ItemFields, ItemsPage, PublicSystemInfo, SystemInfo } from "./dto";

export type DatedItemsPage = ItemsPage & { serverTime: number | null };

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

/** A query value: lists go out as the dialect sends them. */
type QueryValue = string | number | boolean | readonly string[] | undefined;

/**
 * What tells Jellyfin from Emby on the wire, and only that: the route prefix, the header that carries
 * the key, how query names are spelled and lists sent, and the public identity.
 */
export interface MediaBrowserDialect {
  readonly kind: MediaServerKind;
  /** Appended to the server's URL before every route ("/emby"). */
  readonly prefix: string;
  authHeaders(credential: string): Record<string, string>;
  /** Writes one query parameter, named in camelCase, in this dialect. */
  setQuery(params: URLSearchParams, camelName: string, value: string | readonly string[]): void;
  isOwnKind(info: PublicSystemInfo): boolean;
}

/**
 * How a Jellyfin-family client reaches its server: GETs over the media servers' one HTTP client
 * (`media-http.ts`) in its kind's dialect. Every method throws `MediaServerError` for failures.
 */
export class MediaBrowserTransport {
  readonly kind: MediaServerKind;
  private readonly baseUrl: string;

  constructor(
    private readonly dialect: MediaBrowserDialect,
    private readonly connection: MediaServerConnection,
    private readonly timeoutMs: number,
  ) {
    this.kind = dialect.kind;
    this.baseUrl = `${connection.url.replace(/\/+$/, "")}${dialect.prefix}`;
  }

  /** Is this public identity a server of this kind? */
  isOwnKind(info: PublicSystemInfo): boolean {
    return this.dialect.isOwnKind(info);
  }

  /** The public, unauthenticated identity (what tells Jellyfin from Emby). */
  publicInfo(): Promise<PublicSystemInfo> {
    return this.get("System/Info/Public", {}, "reading the server's identity", false);
  }

  /** The authenticated identity: fails `unauthorized` with a bad key. */
  systemInfo(): Promise<SystemInfo> {
    return this.get("System/Info", {}, "checking the API key");
  }

  async mediaFolders(): Promise<BaseItemDto[]> {
    return (await this.get<ItemsPage>("Library/MediaFolders", { isHidden: false }, "listing libraries")).Items ?? [];
  }

  /** A page of items, with the server's clock when it answered. */
  async items(query: ItemQuery): Promise<DatedItemsPage> {
    const { body, serverTime } = await mediaGetDatedJson<ItemsPage>(this.urlWith("Items", { ...query, enableTotalRecordCount: true, enableUserData: false }), this.request("listing items"));
    return { ...body, serverTime };
  }

  playlistItems(playlistId: string, startIndex: number, limit: number): Promise<ItemsPage> {
    return this.get(`Playlists/${encodeURIComponent(playlistId)}/Items`, { startIndex, limit }, "listing a playlist");
  }

  /** An absolute URL under the server's base for a relative API path. */
  url(relativePath: string): string {
    return `${this.baseUrl}/${relativePath}`;
  }

  /** A static (direct-play) stream's URL; `mediaSourceId` picks one of the item's versions. */
  streamUrl(relativePath: string, mediaSourceId?: string): string {
    return this.urlWith(relativePath, { static: true, mediaSourceId }).toString();
  }

  /** The headers that carry the credential. */
  authHeaders(): Record<string, string> {
    return this.dialect.authHeaders(this.connection.credential);
  }

  /** GET of a relative path with the credential, returning the body (images). */
  getBinary(relativePath: string): Promise<{ body: Buffer; contentType: string }> {
    return mediaGetImage(this.url(relativePath), this.authHeaders(), this.timeoutMs);
  }

  private get<T>(relativePath: string, query: Record<string, QueryValue>, what: string, authenticated = true): Promise<T> {
    return mediaGetJson<T>(this.urlWith(relativePath, query), this.request(what, authenticated));
  }

  private urlWith(relativePath: string, query: Record<string, QueryValue>): URL {
    const url = new URL(this.url(relativePath));
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
      this.dialect.setQuery(url.searchParams, name, Array.isArray(value) ? value : String(value));
    }
    return url;
  }

  private request(what: string, authenticated = true) {
    return { headers: authenticated ? this.authHeaders() : {}, timeoutMs: this.timeoutMs, what };
  }
}
