/**
 * `MediaServerClient` for Plex Media Server, over Plex's JSON HTTP API (a small typed client over
 * `fetch`; plex-api.ts holds the wire types, checked against the published API description).
 */
import { LibraryKind, MediaServerError, MediaServerKind, type MediaServerLibraryKind } from "../types";
import type {
  ItemListing,
  MediaServerClient,
  MediaServerClientFactory,
  RemoteCollection,
  RemoteImage,
  RemoteItemPage,
  RemoteLibrary,
  RemoteStreamSource,
  ServerIdentity,
} from "../types";
import { PLEX_TYPE, type PlexMetadata, type PlexMetadataPage, type PlexSection, type PlexSections, type PlexServerRoot, type PlexTypeName } from "./plex-api";
import { PlexHttp, type PlexQuery } from "./plex-http";
import { remoteKindOf, toRemoteItem } from "./plex-items";

const DEFAULT_PAGE_SIZE = 100;
const ID_PAGE_SIZE = 1000;
/** Libraries made with the "Personal Media" agent hold other videos, not movies. */
const NO_AGENT = /\.agents\.none$/;

/** The item types a section lists, parents first. */
const SECTION_TYPES: Record<string, PlexTypeName[]> = {
  movie: ["movie"],
  show: ["show", "season", "episode"],
  artist: ["artist", "track"],
};

const PLAYABLE = new Set<PlexTypeName>(["movie", "episode", "track"]);

export class PlexClient implements MediaServerClient {
  readonly kind = MediaServerKind.Plex;
  private readonly http: PlexHttp;
  private readonly pageSize: number;
  private sectionsCache: Promise<PlexSection[]> | null = null;

  constructor(url: string, token: string, options: { timeoutMs?: number; pageSize?: number } = {}) {
    this.http = new PlexHttp({ url, token, timeoutMs: options.timeoutMs });
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  }

  async identify(): Promise<ServerIdentity> {
    const root = await this.http.json<Partial<PlexServerRoot>>("/");
    if (typeof root.machineIdentifier !== "string" || typeof root.version !== "string") {
      throw new MediaServerError("wrong-kind", "The server's root has no Plex machineIdentifier: not a Plex server");
    }
    return { id: root.machineIdentifier, name: root.friendlyName ?? root.machineIdentifier, version: root.version };
  }

  async libraries(): Promise<RemoteLibrary[]> {
    const libraries: RemoteLibrary[] = [];
    for (const section of await this.sections(true)) {
      const kind = libraryKindOf(section);
      if (kind) libraries.push({ id: section.key, name: section.title, kind });
    }
    return libraries;
  }

  async *items(libraryId: string, listing: ItemListing = {}): AsyncIterable<RemoteItemPage> {
    const section = await this.section(libraryId);
    const otherVideos = libraryKindOf(section) === LibraryKind.OtherVideos;
    const filter: PlexQuery = { includeGuids: 1 };
    // Plex's `>>=` is "after"; one second earlier keeps items changed in the same second as `since`.
    if (listing.since != null) filter["updatedAt>>"] = Math.floor(listing.since / 1000) - 1;
    const types = SECTION_TYPES[section.type] ?? [];
    let total = 0;
    for (const type of types) total += await this.count(libraryId, { ...filter, type: PLEX_TYPE[type] });
    for (const type of types) {
      const kind = remoteKindOf(type, otherVideos);
      if (!kind) continue;
      for await (const page of this.http.pages<PlexMetadataPage>(this.allPath(libraryId), { ...filter, type: PLEX_TYPE[type] }, this.pageSize)) {
        const listed = (page.Metadata ?? []).filter(isItem);
        const detailed = PLAYABLE.has(type) ? await this.details(listed) : listed;
        yield { items: detailed.map((item) => toRemoteItem(item, kind)), total };
      }
    }
  }

  async itemIds(libraryId: string): Promise<string[]> {
    const section = await this.section(libraryId);
    const ids: string[] = [];
    for (const type of SECTION_TYPES[section.type] ?? []) {
      for await (const page of this.http.pages<PlexMetadataPage>(this.allPath(libraryId), { type: PLEX_TYPE[type] }, ID_PAGE_SIZE)) {
        for (const item of (page.Metadata ?? []).filter(isItem)) ids.push(item.ratingKey);
      }
    }
    return ids;
  }

  async collections(): Promise<RemoteCollection[]> {
    const collections: RemoteCollection[] = [];
    for (const section of await this.sections(true)) {
      if (!libraryKindOf(section)) continue;
      const listed = await this.http.json<PlexMetadataPage>(`/library/sections/${encodeURIComponent(section.key)}/collections`);
      for (const collection of listed.Metadata ?? []) {
        collections.push(await this.withItems(collection, `/library/collections/${encodeURIComponent(collection.ratingKey)}/children`));
      }
    }
    return collections;
  }

  async playlists(): Promise<RemoteCollection[]> {
    const listed = await this.http.json<PlexMetadataPage>("/playlists", { playlistType: "video" });
    const playlists: RemoteCollection[] = [];
    for (const playlist of listed.Metadata ?? []) {
      playlists.push(await this.withItems(playlist, `/playlists/${encodeURIComponent(playlist.ratingKey)}/items`));
    }
    return playlists;
  }

  streamSource(mediaKey: string): RemoteStreamSource {
    return { url: this.http.urlOf(serverPath(mediaKey)), headers: { "X-Plex-Token": this.http.authHeaders()["X-Plex-Token"] } };
  }

  async fetchArtwork(ref: string): Promise<RemoteImage> {
    return this.http.bytes(serverPath(ref));
  }

  private allPath(libraryId: string): string {
    return `/library/sections/${encodeURIComponent(libraryId)}/all`;
  }

  private async count(libraryId: string, query: PlexQuery): Promise<number> {
    const head = await this.http.json<PlexMetadataPage>(this.allPath(libraryId), query, { start: 0, size: 0 });
    return head.totalSize ?? head.size;
  }

  /** The full metadata (streams, chapters) of a page's playable items, in one request. */
  private async details(items: PlexMetadata[]): Promise<PlexMetadata[]> {
    if (items.length === 0) return items;
    const ids = items.map((item) => encodeURIComponent(item.ratingKey)).join(",");
    const full = await this.http.json<PlexMetadataPage>(`/library/metadata/${ids}`, { includeChapters: 1, includeGuids: 1 });
    const byKey = new Map((full.Metadata ?? []).map((item) => [item.ratingKey, item]));
    return items.map((item) => byKey.get(item.ratingKey) ?? item);
  }

  private async withItems(container: PlexMetadata, path: string): Promise<RemoteCollection> {
    const itemIds: string[] = [];
    for await (const page of this.http.pages<PlexMetadataPage>(path, {}, ID_PAGE_SIZE)) {
      for (const item of page.Metadata ?? []) itemIds.push(item.ratingKey);
    }
    return { id: container.ratingKey, name: container.title, itemIds };
  }

  private sections(fresh = false): Promise<PlexSection[]> {
    if (fresh || !this.sectionsCache) {
      this.sectionsCache = this.http.json<PlexSections>("/library/sections").then((answer) => answer.Directory ?? []);
      this.sectionsCache.catch(() => (this.sectionsCache = null));
    }
    return this.sectionsCache;
  }

  private async section(libraryId: string): Promise<PlexSection> {
    const section = (await this.sections()).find((candidate) => candidate.key === libraryId);
    if (!section) throw new MediaServerError("server-error", `The Plex server has no library ${libraryId} any more`, 404);
    return section;
  }
}

/** An answer's entry Airwave can name: anything without a ratingKey and a title is skipped, not stored half-read. */
function isItem(item: PlexMetadata): boolean {
  return typeof item?.ratingKey === "string" && item.ratingKey !== "" && typeof item.title === "string";
}

function libraryKindOf(section: PlexSection): MediaServerLibraryKind | null {
  switch (section.type) {
    case "movie":
      return NO_AGENT.test(section.agent ?? "") ? LibraryKind.OtherVideos : LibraryKind.Movies;
    case "show":
      return LibraryKind.Shows;
    case "artist":
      return LibraryKind.Music;
    default:
      return null;
  }
}

/** Keys and artwork refs are server paths; anything else (a full URL) is refused so no request leaves for another host. */
function serverPath(ref: string): string {
  if (!ref.startsWith("/") || ref.startsWith("//")) throw new MediaServerError("server-error", "Not a Plex server path");
  return ref;
}

export const createPlexClient: MediaServerClientFactory = (connection, options) =>
  new PlexClient(connection.url, connection.credential, options);
