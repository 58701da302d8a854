/** Turns found artwork (library files, NFO `<thumb>` paths, embedded cover art) into cache entries. */
import { execFile } from "node:child_process";
import path from "node:path";
import { ArtworkKind } from "../../domain/enums";
import type { ScannedArtwork } from "../../domain/scan-protocol";
import type { NfoThumb } from "../nfo/types";
import { artworkExtension } from "./artwork-names";
import { MAX_ARTWORK_BYTES, type ArtworkCache } from "./artwork-cache";
import type { FoundArtwork } from "./item-artwork";

export interface ArtworkContext {
  cache: ArtworkCache;
  ffmpeg: string;
  /** Cached artwork per level (a show folder, a season, an album folder), computed once per scan. */
  levels: Map<string, Promise<ScannedArtwork[]>>;
  warn(path: string, reason: string): void;
}

/** Caches each found image; one that cannot be read or is not an image is left out with a warning. */
export async function cacheArtwork(found: readonly FoundArtwork[], context: ArtworkContext): Promise<ScannedArtwork[]> {
  const out: ScannedArtwork[] = [];
  for (const art of found) {
    try {
      const stored = await context.cache.storeFile(art.path);
      out.push({ kind: art.kind, cacheKey: stored.cacheKey, listKey: stored.listKey, sourcePath: art.path });
    } catch (error) {
      context.warn(art.path, `artwork not cached: ${(error as Error).message}`);
    }
  }
  return out;
}

/** The artwork of a level shared by many files (a show, a season), cached once per scan under `key`. */
export function cacheLevel(key: string, found: () => Promise<readonly FoundArtwork[]>, context: ArtworkContext): Promise<ScannedArtwork[]> {
  let level = context.levels.get(key);
  if (!level) {
    level = found().then((f) => cacheArtwork(f, context));
    context.levels.set(key, level);
  }
  return level;
}

const ASPECTS: Record<string, ArtworkKind> = {
  poster: ArtworkKind.Poster,
  fanart: ArtworkKind.Fanart,
  banner: ArtworkKind.Banner,
  logo: ArtworkKind.Logo,
  clearlogo: ArtworkKind.Logo,
  thumb: ArtworkKind.Thumbnail,
  landscape: ArtworkKind.Thumbnail,
};

/**
 * NFO `<thumb>` entries that name an image file inside the library path (relative to the NFO's folder,
 * or absolute). URLs are never fetched; paths leaving the library are ignored.
 */
export function nfoArtwork(thumbs: readonly NfoThumb[] | undefined, nfoFolder: string, root: string, defaultKind: ArtworkKind): FoundArtwork[] {
  const found: FoundArtwork[] = [];
  for (const thumb of thumbs ?? []) {
    const value = thumb.value.trim();
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.startsWith("//") || value.includes("\0")) continue;
    const kind = thumb.aspect === undefined ? defaultKind : ASPECTS[thumb.aspect];
    if (!kind || !artworkExtension(value) || found.some((f) => f.kind === kind)) continue;
    const file = path.resolve(nfoFolder, value);
    const relative = path.relative(root, file);
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) continue;
    found.push({ kind, path: file });
  }
  return found;
}

/** Adds the kinds the first list lacks from the second. */
export function mergeArtwork(first: readonly FoundArtwork[], second: readonly FoundArtwork[]): FoundArtwork[] {
  return [...first, ...second.filter((s) => !first.some((f) => f.kind === s.kind))];
}

/** Cover art embedded in an audio file (its attached picture stream), cached as the song's Cover. */
export async function embeddedCover(file: string, context: ArtworkContext): Promise<ScannedArtwork[]> {
  const bytes = await new Promise<Buffer | undefined>((resolve) => {
    execFile(
      context.ffmpeg,
      ["-v", "error", "-nostdin", "-i", file, "-map", "0:v:0", "-frames:v", "1", "-c", "copy", "-f", "image2pipe", "-"],
      { encoding: "buffer", maxBuffer: MAX_ARTWORK_BYTES, timeout: 30_000 },
      (error, stdout) => resolve(error || stdout.length === 0 ? undefined : stdout),
    );
  });
  if (!bytes) return [];
  try {
    const stored = await context.cache.storeBytes(bytes);
    return [{ kind: ArtworkKind.Cover, cacheKey: stored.cacheKey, listKey: stored.listKey, sourcePath: `${file}#attached_pic` }];
  } catch (error) {
    context.warn(file, `embedded cover art not cached: ${(error as Error).message}`);
    return [];
  }
}
