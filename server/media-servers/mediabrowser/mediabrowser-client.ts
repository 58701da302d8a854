import type { LibraryKind, MediaServerKind } from "../../domain/enums";
import {
  type ItemListing, type MediaServerClient, MediaServerError, type RemoteCollection, type RemoteImage, type RemoteItemPage,
  type RemoteLibrary, type RemoteStreamSource, type ServerIdentity,
} from "../types";
import type { BaseItemDto, ItemFields, ItemsPage } from "./dto";
import { isArtworkRef, ITEM_TYPES, toRemoteItem, toRemoteLibrary } from "./normalise";
import type { DatedItemsPage, ItemQuery, MediaBrowserTransport } from "./transport";

const ITEM_FIELDS: ItemFields[] = ["Path", "Genres", "Tags", "Studios", "Overview", "ProviderIds", "MediaStreams", "Chapters", "SortName", "OriginalTitle", "MediaSources"];
const DEFAULT_PAGE_SIZE = 250;
const ID_PAGE_SIZE = 2000;

/**
 * The client Jellyfin and Emby share: both speak the MediaBrowser item API (same routes, same item
 * model) for everything Airwave reads; what differs sits in the transport.
 */
export class MediaBrowserClient implements MediaServerClient {
  constructor(
    private readonly transport: MediaBrowserTransport,
    private readonly pageSize = DEFAULT_PAGE_SIZE,
  ) {}

  get kind(): MediaServerKind {
    return this.transport.kind;
  }

  async identify(): Promise<ServerIdentity> {
    let info;
    try {
      info = await this.transport.publicInfo();
    } catch (error) {
      // Something answered the public identity route with an error or not JSON: another kind of server.
      if (error instanceof MediaServerError && error.reason !== "unreachable" && error.reason !== "tls") throw new MediaServerError("wrong-kind", `not a ${this.kind} server (${error.message})`, error.status);
      throw error;
    }
    if (!info || typeof info !== "object" || !info.Id || !this.transport.isOwnKind(info)) {
      throw new MediaServerError("wrong-kind", `not a ${this.kind} server${info?.ProductName ? ` (it says ${info.ProductName})` : ""}`);
    }
    const system = await this.transport.systemInfo();
    return { id: system.Id ?? info.Id, name: system.ServerName ?? info.ServerName ?? "", version: system.Version ?? info.Version ?? "" };
  }

  async libraries(): Promise<RemoteLibrary[]> {
    return (await this.transport.mediaFolders()).flatMap((folder) => toRemoteLibrary(folder) ?? []);
  }

  async *items(libraryId: string, listing: ItemListing = {}): AsyncIterable<RemoteItemPage> {
    const kind = await this.libraryKind(libraryId);
    const minDateLastSaved = listing.since != null ? new Date(listing.since).toISOString() : undefined;
    for await (const page of this.pages({ parentId: libraryId, includeItemTypes: ITEM_TYPES[kind], recursive: true, fields: ITEM_FIELDS, minDateLastSaved }, this.pageSize)) {
      yield { items: page.Items.flatMap((dto) => toRemoteItem(dto) ?? []), total: page.TotalRecordCount, serverTime: page.serverTime };
    }
  }

  async itemIds(libraryId: string): Promise<string[]> {
    const kind = await this.libraryKind(libraryId);
    const ids: string[] = [];
    for await (const page of this.pages({ parentId: libraryId, includeItemTypes: ITEM_TYPES[kind], recursive: true, fields: [], enableImages: false }, ID_PAGE_SIZE)) {
      for (const dto of page.Items) if (dto.Id) ids.push(dto.Id);
    }
    return ids;
  }

  /** Box sets, with their children. */
  async collections(): Promise<RemoteCollection[]> {
    const out: RemoteCollection[] = [];
    for (const set of await this.all({ includeItemTypes: ["BoxSet"], recursive: true, fields: [] })) {
      const children = await this.all({ parentId: set.Id, fields: [], enableImages: false });
      out.push({ id: set.Id ?? "", name: set.Name ?? "", itemIds: children.flatMap((c) => c.Id ?? []) });
    }
    return out;
  }

  async playlists(): Promise<RemoteCollection[]> {
    const out: RemoteCollection[] = [];
    for (const list of await this.all({ includeItemTypes: ["Playlist"], recursive: true, fields: [] })) {
      const itemIds: string[] = [];
      for (let start = 0; ; start += this.pageSize) {
        const page = await this.transport.playlistItems(list.Id ?? "", start, this.pageSize);
        for (const dto of page.Items) if (dto.Id) itemIds.push(dto.Id);
        if (!page.Items.length || start + page.Items.length >= page.TotalRecordCount) break;
      }
      out.push({ id: list.Id ?? "", name: list.Name ?? "", itemIds });
    }
    return out;
  }

  /** `Videos/{id}` streams the item's default version; `Videos/{id}/{mediaSourceId}` one of its other versions. */
  streamSource(mediaKey: string): RemoteStreamSource {
    const key = /^((?:Videos|Audio)\/[A-Za-z0-9-]{1,64})(?:\/([A-Za-z0-9_-]{1,64}))?$/.exec(mediaKey);
    if (!key) throw new MediaServerError("server-error", "not a stream key of this server");
    return { url: this.transport.streamUrl(`${key[1]}/stream`, key[2]), headers: this.transport.authHeaders() };
  }

  async fetchArtwork(ref: string): Promise<RemoteImage> {
    if (!isArtworkRef(ref)) throw new MediaServerError("server-error", "not an artwork reference of this server");
    return this.transport.getBinary(ref);
  }

  private async libraryKind(libraryId: string): Promise<LibraryKind> {
    const library = (await this.libraries()).find((l) => l.id === libraryId);
    if (!library) throw new MediaServerError("server-error", `the server has no library ${libraryId} (any more)`);
    return library.kind;
  }

  private async *pages(query: Omit<ItemQuery, "startIndex" | "limit">, limit: number): AsyncIterable<DatedItemsPage> {
    for (let startIndex = 0; ; ) {
      const page = await this.transport.items({ ...query, startIndex, limit });
      if (!Array.isArray(page?.Items)) throw new MediaServerError("server-error", "the server sent a page without items");
      yield page;
      startIndex += page.Items.length;
      if (!page.Items.length || startIndex >= page.TotalRecordCount) return;
    }
  }

  private async all(query: Omit<ItemQuery, "startIndex" | "limit">): Promise<BaseItemDto[]> {
    const out: BaseItemDto[] = [];
    for await (const page of this.pages(query, this.pageSize)) out.push(...page.Items);
    return out;
  }
}

