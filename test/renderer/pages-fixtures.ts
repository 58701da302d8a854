import path from "node:path";
import sqlite3 from "sqlite3";
import { DATABASE_FILE } from "../../server/db/data-source";
import { apiClient } from "../support/http";
import { seedMedia, type SeededMedia } from "../support/seed-media";
import type { TestServer } from "../support/test-server";

export const EPISODE_MS = 30 * 60_000;

/**
 * Media rows for the page tests (a show of 2 × 2 half-hour episodes and two movies, with
 * playable versions) and a collection holding the show: what a scan would leave, without the wait.
 */
export async function seedCollection(server: TestServer, name: string): Promise<{ media: SeededMedia; collectionId: number; collectionName: string }> {
  const media = await seedMedia(server.dataDir, name);
  const db = new sqlite3.Database(path.join(server.dataDir, DATABASE_FILE));
  try {
    for (const id of [...media.episodeIds, ...media.movieIds]) {
      await new Promise<void>((resolve, reject) =>
        db.run(`INSERT INTO media_version (mediaItemId, path, size, mtime, durationMs, probedAt) VALUES (?, ?, 1, 0, ?, 0)`, [id, `/seeded/${id}.mkv`, EPISODE_MS], (e) => (e ? reject(e) : resolve())),
      );
    }
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
  const api = apiClient(server.url);
  const collectionName = `${name} Collection`;
  const collection = (await api.post("/api/v1/collections", { name: collectionName })).json as { id: number };
  const added = await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [media.showId] });
  if (added.status >= 300) throw new Error(added.text);
  return { media, collectionId: collection.id, collectionName };
}

/** A sequential definition playing the collection in order, forever. */
export function inOrderDefinition(collectionName: string, order = "chronological"): string {
  return `content:\n  - collection: "${collectionName}"\n    key: main\n    order: ${order}\nplayout:\n  - all:\n    content: main\n  - repeat: true\n`;
}
