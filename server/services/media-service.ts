import { MediaItemKind } from "../domain/enums";
import type { Database } from "../db/database";
import type { MediaItem } from "../db/entities/media-item";
import type { MediaGuid, MediaTag } from "../db/entities/media-metadata";
import type { MediaVersion } from "../db/entities/media-version";
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

  async versionsFor(itemIds: readonly number[]): Promise<MediaVersion[]> {
    return this.db.read((repos) => repos.mediaItems.versionsFor(itemIds));
  }
}
