import { createHash } from "node:crypto";
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
  private readonly stats = new Map<string, Promise<FileStat | undefined>>();

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

  stat(file: string): Promise<FileStat | undefined> {
    let stat = this.stats.get(file);
    if (!stat) {
      stat = fs.stat(file).then(
        (s) => (s.isFile() ? { size: s.size, mtimeMs: Math.floor(s.mtimeMs) } : undefined),
        () => undefined,
      );
      this.stats.set(file, stat);
    }
    return stat;
  }

  /** Digest of the files' paths, sizes and mtimes (missing files leave no trace): equal when nothing changed. */
  async stamp(files: readonly string[]): Promise<string> {
    const unique = [...new Set(files)].sort();
    const stats = await Promise.all(unique.map((f) => this.stat(f)));
    const hash = createHash("sha1");
    unique.forEach((file, i) => {
      const stat = stats[i];
      if (stat) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
    });
    return hash.digest("hex");
  }
}
