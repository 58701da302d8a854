import path from "node:path";
import sqlite3 from "sqlite3";
import { DATABASE_FILE } from "../../../server/db/data-source";

/** SQL-level seeding: a second connection to a test database file. */
export class Seeder {
  private readonly db: sqlite3.Database;
  private pathId = 0;
  private versions = 0;

  constructor(dataDir: string) {
    this.db = new sqlite3.Database(path.join(dataDir, DATABASE_FILE));
  }

  run(sql: string, params: unknown[] = []): Promise<number> {
    return new Promise((resolve, reject) =>
      this.db.run(sql, params, function (this: sqlite3.RunResult, error: Error | null) {
        if (error) reject(error);
        else resolve(this.lastID);
      }),
    );
  }

  async library(): Promise<void> {
    const libraryId = await this.run(`INSERT INTO library (name, kind) VALUES ('Lib', 'Shows')`);
    this.pathId = await this.run(`INSERT INTO library_path (libraryId, path) VALUES (?, '/lib')`, [libraryId]);
  }

  item(
    kind: string,
    title: string,
    o: { parent?: number; season?: number; episode?: number; endEpisode?: number; released?: string; state?: string; sortTitle?: string } = {},
  ): Promise<number> {
    return this.run(
      `INSERT INTO media_item (kind, libraryPathId, parentId, title, sortTitle, seasonNumber, episodeNumber, episodeEndNumber, releaseDate, state, addedAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
      [kind, this.pathId, o.parent ?? null, title, o.sortTitle ?? title.toLowerCase(), o.season ?? null, o.episode ?? null, o.endEpisode ?? null, o.released ?? null, o.state ?? "Normal"],
    );
  }

  version(itemId: number, durationMs: number): Promise<number> {
    this.versions += 1;
    return this.run(`INSERT INTO media_version (mediaItemId, path, size, mtime, durationMs, probedAt) VALUES (?, ?, 1, 0, ?, 0)`, [itemId, `/lib/file-${this.versions}.mkv`, durationMs]);
  }

  /** A playable item: the row plus one version. */
  async playable(kind: string, title: string, durationMs: number, o: Parameters<Seeder["item"]>[2] = {}): Promise<number> {
    const id = await this.item(kind, title, o);
    await this.version(id, durationMs);
    return id;
  }

  chapter(versionId: number, index: number, startMs: number, endMs: number, title: string | null): Promise<number> {
    return this.run(`INSERT INTO media_chapter (mediaVersionId, chapterIndex, startMs, endMs, title) VALUES (?, ?, ?, ?, ?)`, [versionId, index, startMs, endMs, title]);
  }

  guid(itemId: number, source: string, value: string): Promise<number> {
    return this.run(`INSERT INTO media_guid (mediaItemId, source, value) VALUES (?, ?, ?)`, [itemId, source, value]);
  }

  async collection(name: string, members: Array<number | [number, number]>): Promise<number> {
    const id = await this.run(`INSERT INTO collection (name, useCustomPlaybackOrder) VALUES (?, 0)`, [name]);
    for (const m of members) {
      const [mediaItemId, customIndex] = Array.isArray(m) ? m : [m, null];
      await this.run(`INSERT INTO collection_item (collectionId, mediaItemId, customIndex) VALUES (?, ?, ?)`, [id, mediaItemId, customIndex]);
    }
    return id;
  }

  smart(name: string, query: string): Promise<number> {
    return this.run(`INSERT INTO smart_collection (name, query) VALUES (?, ?)`, [name, query]);
  }

  async multi(name: string, members: Array<{ collectionId?: number; smartCollectionId?: number; scheduleAsGroup?: boolean }>): Promise<number> {
    const id = await this.run(`INSERT INTO multi_collection (name) VALUES (?)`, [name]);
    for (const [position, m] of members.entries()) {
      await this.run(`INSERT INTO multi_collection_item (multiCollectionId, position, collectionId, smartCollectionId, scheduleAsGroup, playbackOrder) VALUES (?, ?, ?, ?, ?, 'Chronological')`, [
        id,
        position,
        m.collectionId ?? null,
        m.smartCollectionId ?? null,
        m.scheduleAsGroup ? 1 : 0,
      ]);
    }
    return id;
  }

  async playlist(
    group: string,
    name: string,
    entries: Array<{ type: string; collectionId?: number; mediaItemId?: number; multiCollectionId?: number; smartCollectionId?: number; order: string; count?: number; playAll?: boolean }>,
  ): Promise<number> {
    let groupId = await new Promise<number | undefined>((resolve, reject) =>
      this.db.get(`SELECT id FROM playlist_group WHERE name = ?`, [group], (error, row: { id: number } | undefined) => (error ? reject(error) : resolve(row?.id))),
    );
    groupId ??= await this.run(`INSERT INTO playlist_group (name) VALUES (?)`, [group]);
    const id = await this.run(`INSERT INTO playlist (playlistGroupId, name) VALUES (?, ?)`, [groupId, name]);
    for (const [position, e] of entries.entries()) {
      await this.run(
        `INSERT INTO playlist_item (playlistId, position, collectionType, collectionId, mediaItemId, multiCollectionId, smartCollectionId, playbackOrder, count, playAll, includeInProgramGuide)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
        [id, position, e.type, e.collectionId ?? null, e.mediaItemId ?? null, e.multiCollectionId ?? null, e.smartCollectionId ?? null, e.order, e.count ?? null, e.playAll ? 1 : 0],
      );
    }
    return id;
  }

  /**
   * shows × seasons × episodes in a few set statements: every show has guid tvdb://(10000 + n) for
   * n = 0…, every episode one 22-minute version with 2 chapters and its own guid.
   */
  async bulkShows(shows: number, seasons: number, episodes: number): Promise<void> {
    const n = (count: number) => `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})`;
    await this.run(
      `${n(shows)} INSERT INTO media_item (kind, libraryPathId, title, sortTitle, state, addedAt, updatedAt) SELECT 'Show', ?, 'Show ' || i, 'show ' || i, 'Normal', 0, 0 FROM n`,
      [this.pathId],
    );
    await this.run(`INSERT INTO media_guid (mediaItemId, source, value) SELECT id, 'tvdb', CAST(10000 + ROW_NUMBER() OVER (ORDER BY id) - 1 AS TEXT) FROM media_item WHERE kind = 'Show'`);
    await this.run(
      `${n(seasons)} INSERT INTO media_item (kind, libraryPathId, parentId, title, sortTitle, seasonNumber, state, addedAt, updatedAt)
       SELECT 'Season', ?, sh.id, 'Season ' || (i + 1), 'season ' || (i + 1), i + 1, 'Normal', 0, 0 FROM media_item sh, n WHERE sh.kind = 'Show'`,
      [this.pathId],
    );
    await this.run(
      `${n(episodes)} INSERT INTO media_item (kind, libraryPathId, parentId, title, sortTitle, seasonNumber, episodeNumber, releaseDate, state, addedAt, updatedAt)
       SELECT 'Episode', ?, se.id, 'E' || (i + 1), 'e' || (i + 1), se.seasonNumber, i + 1, '2001-01-01', 'Normal', 0, 0 FROM media_item se, n WHERE se.kind = 'Season'`,
      [this.pathId],
    );
    await this.run(`INSERT INTO media_version (mediaItemId, path, size, mtime, durationMs, probedAt) SELECT id, '/lib/bulk-' || id || '.mkv', 1, 0, 1320000, 0 FROM media_item WHERE kind = 'Episode'`);
    await this.run(`INSERT INTO media_chapter (mediaVersionId, chapterIndex, startMs, endMs, title) SELECT id, 0, 0, 600000, 'A' FROM media_version`);
    await this.run(`INSERT INTO media_chapter (mediaVersionId, chapterIndex, startMs, endMs, title) SELECT id, 1, 600000, 1320000, 'B' FROM media_version`);
    await this.run(`INSERT INTO media_guid (mediaItemId, source, value) SELECT id, 'tvdb', CAST(id AS TEXT) FROM media_item WHERE kind = 'Episode'`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.db.close(() => resolve()));
  }
}
