import { MediaItemKind } from "../domain/enums";
import type { Database } from "../db/database";
import type { MediaItem } from "../db/entities/media-item";
import type { MediaGuid, MediaTag } from "../db/entities/media-metadata";
import type { MediaVersion } from "../db/entities/media-version";
import type { MediaMatch, MediaMatchQuery } from "../db/repositories/media-match-repository";

export type { MediaMatch };
import type { ArtworkService, ItemArtwork } from "./artwork-service";
import { DomainError } from "./domain-error";
import { Violations } from "./validation/violations";

export interface MediaItemQuery {
  libraryId?: number;
  kind?: MediaItemKind;
  /** Children of a show (its seasons) or a season (its episodes). */
  parentId?: number;
  includeTrashed?: boolean;
  pageNumber?: number;
  pageSize?: number;
}

export interface Page<T> {
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  items: T[];
  /** Pictures of the page's items (with their seasons' and shows' as fallbacks), when asked for. */
  artwork?: Map<number, ItemArtwork[]>;
}

export interface MediaItemDetail {
  item: MediaItem;
  versions: MediaVersion[];
  tags: MediaTag[];
  guids: MediaGuid[];
  childCount: number;
  artwork: ItemArtwork[];
}

export const MAX_PAGE_SIZE = 500;
/** How many media one match request may ask about (an importer sends its programmes in batches). */
export const MAX_MATCH_ITEMS = 2000;
const MAX_MATCH_KEYS = 10;

export class MediaService {
  constructor(
    private readonly db: Database,
    private readonly artwork: ArtworkService,
  ) {}

  async page(query: MediaItemQuery): Promise<Page<MediaItem>> {
    const v = new Violations();
    const pageNumber = query.pageNumber ?? 0;
    const pageSize = query.pageSize ?? 50;
    v.integer("pageNumber", pageNumber, 0, 1_000_000);
    v.integer("pageSize", pageSize, 1, MAX_PAGE_SIZE);
    if (query.kind !== undefined) v.oneOf("kind", query.kind, Object.values(MediaItemKind));
    v.throwIfAny();
    const result = await this.db.read((repos) => repos.mediaItems.page(query, pageNumber, pageSize));
    const artwork = await this.artwork.forItems(result.items.map((i) => i.id));
    return { pageNumber, pageSize, ...result, artwork };
  }

  async detail(id: number): Promise<MediaItemDetail> {
    const detail = await this.db.read(async (repos) => {
      const item = await repos.mediaItems.findById(id);
      if (!item) throw DomainError.notFound("Media item", id);
      const [versions, tags, guids, childCount] = await Promise.all([
        repos.mediaItems.versionsOf(id),
        repos.mediaItems.tagsOf(id),
        repos.mediaItems.guidsOf(id),
        repos.mediaItems.childCount(id),
      ]);
      return { item, versions, tags, guids, childCount };
    });
    return { ...detail, artwork: (await this.artwork.forItems([id])).get(id) ?? [] };
  }

  async getMany(ids: readonly number[]): Promise<MediaItem[]> {
    return this.db.read((repos) => repos.mediaItems.findByIds(ids));
  }

  async childrenOf(parentIds: readonly number[]): Promise<MediaItem[]> {
    return this.db.read((repos) => repos.mediaItems.childrenOf(parentIds));
  }

  /**
   * The library item each query names, by its id on a media server first, then by external id
   * (`source://value`), else by file path; null
   * where the library has none. Importers use it to bring another program's programmes over.
   */
  async match(queries: ReadonlyArray<Partial<MediaMatchQuery>>): Promise<Array<MediaMatch | null>> {
    const v = new Violations();
    if (!Array.isArray(queries) || queries.length > MAX_MATCH_ITEMS) v.add("items", `must be a list of at most ${MAX_MATCH_ITEMS} queries`);
    v.throwIfAny();
    for (const [i, query] of queries.entries()) {
      const remoteIds = query.remoteIds ?? [];
      if (remoteIds.length > MAX_MATCH_KEYS) v.add(`items[${i}].remoteIds`, `must hold at most ${MAX_MATCH_KEYS} ids`);
      for (const [j, remote] of remoteIds.entries()) {
        if (!remote.server || remote.server.length > 200) v.add(`items[${i}].remoteIds[${j}].server`, "must be 1–200 characters");
        if (!remote.id || remote.id.length > 200) v.add(`items[${i}].remoteIds[${j}].id`, "must be 1–200 characters");
      }
      const guids = query.guids ?? [];
      const paths = query.paths ?? [];
      if (guids.length > MAX_MATCH_KEYS) v.add(`items[${i}].guids`, `must hold at most ${MAX_MATCH_KEYS} ids`);
      if (paths.length > MAX_MATCH_KEYS) v.add(`items[${i}].paths`, `must hold at most ${MAX_MATCH_KEYS} paths`);
      for (const [j, guid] of guids.entries()) if (!/^[a-z0-9-]{1,40}:\/\/.{1,500}$/i.test(guid)) v.add(`items[${i}].guids[${j}]`, "must be source://value, e.g. imdb://tt0111161");
      for (const [j, file] of paths.entries()) if (file.length < 1 || file.length > 4096) v.add(`items[${i}].paths[${j}]`, "must be 1–4096 characters");
    }
    v.throwIfAny();
    const normalized = queries.map((q) => ({ remoteIds: q.remoteIds ?? [], guids: (q.guids ?? []).map(lowerSource), paths: q.paths ?? [] }));
    return this.db.read((repos) => repos.mediaMatch.match(normalized));
  }

  async versionsFor(itemIds: readonly number[]): Promise<MediaVersion[]> {
    return this.db.read((repos) => repos.mediaItems.versionsFor(itemIds));
  }
}

/** Sources are stored lowercase (`imdb`); values keep their case. */
function lowerSource(guid: string): string {
  const at = guid.indexOf("://");
  return guid.slice(0, at).toLowerCase() + guid.slice(at);
}
