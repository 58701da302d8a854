import { createHash } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

interface FileStat {
  size: number;
  mtimeMs: number;
}

/**
 * File names per folder (from the walk, else read once) and file stats, each looked up at most once
 * per scan: many episodes share a show folder. `stamp` digests the sidecars of one media file.
 */
export class FolderFiles {
  private readonly listings = new Map<string, Promise<string[]>>();
  private readonly stats = new Map<string, FileStat | undefined>();

  constructor(walked: Iterable<{ path: string; files: readonly string[] }>) {
    for (const folder of walked) this.listings.set(folder.path, Promise.resolve(folder.files.map((f) => path.basename(f))));
  }

  names(folder: string): Promise<string[]> {
    let names = this.listings.get(folder);
    if (!names) {
      names = fs.readdir(folder).catch(() => []);
      this.listings.set(folder, names);
    }
    return names;
  }

  /**
   * Synchronous on purpose: sidecars are few per file and their folders were just listed, so a blocking
   * stat is far cheaper than a trip through the thread pool (the no-change rescan is mostly these).
   */
  stat(file: string): FileStat | undefined {
    if (this.stats.has(file)) return this.stats.get(file);
    let stat: FileStat | undefined;
    try {
      const s = fsSync.statSync(file);
      stat = s.isFile() ? { size: s.size, mtimeMs: Math.floor(s.mtimeMs) } : undefined;
    } catch {
      stat = undefined;
    }
    this.stats.set(file, stat);
    return stat;
  }

  /** Digest of the files' paths, sizes and mtimes (missing files leave no trace): equal when nothing changed. */
  stamp(files: readonly string[]): string {
    const unique = [...new Set(files)].sort();
    const stats = unique.map((f) => this.stat(f));
    const hash = createHash("sha1");
    unique.forEach((file, i) => {
      const stat = stats[i];
      if (stat) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
    });
    return hash.digest("hex");
  }
}
