import { MediaServerKind } from "../../domain/enums";
import { fetchWithCredential, MAX_JSON_BYTES, readCapped } from "../credential-fetch";
import { statusFailure } from "../http-failure";
import { fetchBinary } from "../jellyfin/jellyfin-transport";
import type { BaseItemDto, ItemsPage, PublicSystemInfo, SystemInfo } from "../mediabrowser/dto";
import type { ItemQuery, MediaBrowserTransport } from "../mediabrowser/transport";
import { MediaServerError, type MediaServerConnection } from "../types";

/**
 * Emby over `fetch`, where it differs from Jellyfin: routes under `/emby`, the key in `X-Emby-Token`,
 * PascalCase query names, and a public identity without Jellyfin's `ProductName`. (Jellyfin's SDK
 * sends Jellyfin's header and paths, so it is not used here; the item model is the same.)
 */
export class EmbyTransport implements MediaBrowserTransport {
  readonly kind = MediaServerKind.Emby;
  private readonly baseUrl: string;

  constructor(
    private readonly connection: MediaServerConnection,
    private readonly timeoutMs: number,
  ) {
    this.baseUrl = `${connection.url.replace(/\/+$/, "")}/emby`;
  }

  isOwnKind(info: PublicSystemInfo): boolean {
    return !info.ProductName && typeof info.Version === "string" && /^4\./.test(info.Version);
  }

  publicInfo(): Promise<PublicSystemInfo> {
    return this.get("System/Info/Public", {}, "reading the server's identity", false);
  }

  systemInfo(): Promise<SystemInfo> {
    return this.get("System/Info", {}, "checking the API key");
  }

  async mediaFolders(): Promise<BaseItemDto[]> {
    return (await this.get<ItemsPage>("Library/MediaFolders", { IsHidden: "false" }, "listing libraries")).Items ?? [];
  }

  items(query: ItemQuery): Promise<ItemsPage> {
    return this.get("Items", {
      ParentId: query.parentId,
      IncludeItemTypes: query.includeItemTypes?.join(","),
      Recursive: query.recursive === undefined ? undefined : String(query.recursive),
      StartIndex: String(query.startIndex),
      Limit: String(query.limit),
      Fields: query.fields.join(","),
      MinDateLastSaved: query.minDateLastSaved,
      EnableImages: query.enableImages === undefined ? undefined : String(query.enableImages),
      EnableTotalRecordCount: "true",
    }, "listing items");
  }

  playlistItems(playlistId: string, startIndex: number, limit: number): Promise<ItemsPage> {
    return this.get(`Playlists/${encodeURIComponent(playlistId)}/Items`, { StartIndex: String(startIndex), Limit: String(limit) }, "listing a playlist");
  }

  url(relativePath: string): string {
    return `${this.baseUrl}/${relativePath}`;
  }

  authHeaders(): Record<string, string> {
    return { "X-Emby-Token": this.connection.credential };
  }

  getBinary(relativePath: string): Promise<{ body: Buffer; contentType: string }> {
    return fetchBinary(this.url(relativePath), this.authHeaders(), this.timeoutMs);
  }

  private async get<T>(relativePath: string, query: Record<string, string | undefined>, what: string, authenticated = true): Promise<T> {
    const url = new URL(this.url(relativePath));
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== "") url.searchParams.set(name, value);
    const signal = AbortSignal.timeout(this.timeoutMs);
    const response = await fetchWithCredential(url.toString(), { headers: { Accept: "application/json", ...(authenticated ? this.authHeaders() : {}) }, signal }, what);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw statusFailure(response.status, what);
    }
    const body = await readCapped(response, MAX_JSON_BYTES, what);
    try {
      return JSON.parse(body.toString("utf8")) as T;
    } catch {
      throw new MediaServerError("server-error", `${what}: the server's answer is not JSON`);
    }
  }
}
