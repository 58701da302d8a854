import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/database";
import { ARTWORK_FOLDER } from "./artwork-service";

export class MaintenanceService {
  constructor(
    private readonly db: Database,
    private readonly dataDir: string,
  ) {}

  /** Deletes every trashed media item for good. */
  async emptyTrash(): Promise<{ deleted: number }> {
    return { deleted: await this.db.write((repos) => repos.mediaItems.emptyTrash()) };
  }

  /** Removes cached artwork files that no media item references. */
  async cleanArtwork(): Promise<{ deleted: number }> {
    const referenced = await this.db.read((repos) => repos.artwork.referencedKeys());
    const root = path.join(this.dataDir, ARTWORK_FOLDER);
    let deleted = 0;
    const walk = async (folder: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(folder, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile() && !referenced.has(path.relative(root, full).split(path.sep).join("/"))) {
          await fs.rm(full, { force: true });
          deleted += 1;
        }
      }
    };
    await walk(root);
    return { deleted };
  }
}
