import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { stemIndex, type StemIndex } from "./artwork-names";

interface FileStat {
  size: number;
  mtimeMs: number;
}

export interface FolderIndex {
  names: ReadonlySet<string>;
  /** The folder's images by lower-case stem. */
  images: StemIndex;
}

/**
 * File names per folder (from the walk, else read once) and file stats, each looked up at most once
 * per scan: many episodes share a show folder. `stamp` digests the sidecars of one media file.
 * Synchronous on purpose: the folders were just listed and sidecars are few per file, so a blocking
 * call is far cheaper than a trip through the thread pool (a no-change rescan is mostly these).
 */
export class FolderFiles {
  private readonly indexes = new Map<string, FolderIndex>();
  private readonly stats = new Map<string, FileStat | undefined>();
  private readonly memo = new Map<string, unknown>();

  constructor(walked: Iterable<{ path: string; files: readonly string[] }>) {
    for (const folder of walked) this.indexes.set(folder.path, toIndex(folder.files.map((f) => path.basename(f))));
  }

  /** A folder's names and images (an unreadable folder has none). */
  index(folder: string): FolderIndex {
    let index = this.indexes.get(folder);
    if (!index) {
      let names: string[];
      try {
        names = fs.readdirSync(folder);
      } catch {
        names = [];
      }
      index = toIndex(names);
      this.indexes.set(folder, index);
    }
    return index;
  }

  /** Computes a value once per scan under `key` (what all the episodes of a show or season share). */
  once<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, compute());
    return this.memo.get(key) as T;
  }

  stat(file: string): FileStat | undefined {
    if (this.stats.has(file)) return this.stats.get(file);
    let stat: FileStat | undefined;
    try {
      const s = fs.statSync(file);
      stat = s.isFile() ? { size: s.size, mtimeMs: Math.floor(s.mtimeMs) } : undefined;
    } catch {
      stat = undefined;
    }
    this.stats.set(file, stat);
    return stat;
  }

  /** Digest of the files' paths, sizes and mtimes (missing files leave no trace): equal when nothing changed. */
  stamp(files: readonly string[]): string {
    if (files.length === 0) return EMPTY_STAMP;
    const unique = [...new Set(files)].sort();
    const hash = createHash("sha1");
    for (const file of unique) {
      const stat = this.stat(file);
      if (stat) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
    return hash.digest("hex");
  }
}

/** The stamp of a file without sidecars (the digest of nothing), the same for most files of a plain library. */
const EMPTY_STAMP = createHash("sha1").digest("hex");

function toIndex(names: readonly string[]): FolderIndex {
  return { names: new Set(names), images: stemIndex(names) };
}
