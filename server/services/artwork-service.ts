/**
 * Items' artwork, from the content-addressed cache only. `fileFor` is the one way to the cached file
 * of an item's picture (with the fallbacks below); `forItems` gives the API and the guide every item's
 * pictures at once; `cachedFile` maps a cache key (as served in URLs) to its file, refusing anything that
 * is not a cache key. Fallbacks: a season or an episode without a picture of a kind uses its season's,
 * then its show's; a song carries its album's cover (set by the scanner).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/database";
import type { ArtworkRow } from "../db/repositories/artwork-repository";
import { ArtworkKind } from "../domain/enums";

export const ARTWORK_FOLDER = "artwork";

/** Cache keys: two hex digits, a hex digest (SHA-256; SHA-1 from older scans), an optional list-width suffix. */
const CACHE_KEY = /^[0-9a-f]{2}\/[0-9a-f]{40}(?:[0-9a-f]{24})?(?:-w\d{2,4})?\.(?:jpg|jpeg|png|webp|gif|tbn)$/;

const CONTENT_TYPES: Record<string, string> = { ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".tbn": "image/jpeg", ".png": "image/png", ".webp": "image/webp", ".gif": "image/gif" };

export type ArtworkSize = "full" | "list";

/** One picture of an item; `inherited` when it is its season's or show's. */
export interface ItemArtwork {
  kind: ArtworkKind;
  cacheKey: string;
  /** The list-width copy (the full image for art cached before list copies existed). */
  listKey: string;
  inherited: boolean;
}

export interface ArtworkFile {
  /** Absolute path inside the cache folder. */
  file: string;
  cacheKey: string;
  contentType: string;
  /** Strong validator: the cache key names the content. */
  etag: string;
}

export function isCacheKey(key: string): boolean {
  return CACHE_KEY.test(key);
}

/** The path the API serves a cache key at (`GET /api/v1/artwork/{key}`). */
export function artworkApiPath(cacheKey: string): string {
  return `/api/v1/artwork/${cacheKey}`;
}

/** A picture as the API shows it: absolute URLs of the full image and its list copy. */
export interface ArtworkLink {
  kind: ArtworkKind;
  url: string;
  listUrl: string;
  inherited: boolean;
}

export function artworkLinks(artwork: readonly ItemArtwork[], baseUrl: string): ArtworkLink[] {
  return artwork.map((a) => ({ kind: a.kind, url: baseUrl + artworkApiPath(a.cacheKey), listUrl: baseUrl + artworkApiPath(a.listKey), inherited: a.inherited }));
}

/**
 * The API path of a guide image given as an `/iptv/artwork/…` path (the UI reads the API, which needs no
 * media-player token); other URLs (an external programme's icon) are returned as they are.
 */
export function guideImageForUi(url: string | undefined): string | undefined {
  const match = url ? /^\/iptv\/artwork\/(?:posters|thumbnails)\/(.+)$/.exec(url) : null;
  if (!match) return url;
  const key = match[1].split("/").map(decodeURIComponent).join("/");
  return isCacheKey(key) ? artworkApiPath(key) : undefined;
}

export class ArtworkService {
  private readonly root: string;

  constructor(
    private readonly db: Database,
    dataDir: string,
  ) {
    this.root = path.resolve(dataDir, ARTWORK_FOLDER);
  }

  /** Every item's pictures, one per kind: its own first, then those of its season and show it lacks. */
  async forItems(itemIds: readonly number[]): Promise<Map<number, ItemArtwork[]>> {
    if (!itemIds.length) return new Map();
    return this.db.read(async (repos) => {
      const ancestors = await repos.artwork.ancestorsOf(itemIds);
      const all = [...itemIds, ...[...ancestors.values()].flat()];
      const rows = await repos.artwork.ofItems(all);
      const byItem = new Map<number, ArtworkRow[]>();
      for (const row of rows) byItem.set(row.mediaItemId, [...(byItem.get(row.mediaItemId) ?? []), row]);
      const result = new Map<number, ItemArtwork[]>();
      for (const id of itemIds) {
        const pictures: ItemArtwork[] = [];
        [id, ...(ancestors.get(id) ?? [])].forEach((source, depth) => {
          for (const row of byItem.get(source) ?? []) {
            if (pictures.some((p) => p.kind === row.kind)) continue;
            pictures.push({ kind: row.kind as ArtworkKind, cacheKey: row.cacheKey, listKey: row.listKey ?? row.cacheKey, inherited: depth > 0 });
          }
        });
        result.set(id, pictures);
      }
      return result;
    });
  }

  /** The cached file of an item's picture of a kind (with the fallbacks), or undefined when it has none. */
  async fileFor(itemId: number, kind: ArtworkKind, size: ArtworkSize = "full"): Promise<ArtworkFile | undefined> {
    const picture = (await this.forItems([itemId])).get(itemId)?.find((p) => p.kind === kind);
    return picture ? this.cachedFile(size === "list" ? picture.listKey : picture.cacheKey) : undefined;
  }

  /** The file of a cache key, only inside the cache folder (checked on the real path too), if it is there. */
  async cachedFile(key: string): Promise<ArtworkFile | undefined> {
    if (!isCacheKey(key)) return undefined;
    const resolved = path.join(this.root, ...key.split("/"));
    try {
      const [realRoot, real] = await Promise.all([fs.realpath(this.root), fs.realpath(resolved)]);
      const relative = path.relative(realRoot, real);
      if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
      if (!(await fs.stat(real)).isFile()) return undefined;
      const extension = path.extname(key);
      return { file: real, cacheKey: key, contentType: CONTENT_TYPES[extension] ?? "application/octet-stream", etag: `"${path.basename(key, extension)}"` };
    } catch {
      return undefined;
    }
  }
}
