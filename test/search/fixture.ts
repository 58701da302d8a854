import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DataSource, EntityManager } from "typeorm";
import { createDataSource, openPostgresDatabase } from "../../server/db/data-source";
import { Library } from "../../server/db/entities/library";
import { LibraryPath } from "../../server/db/entities/library-path";
import { MediaItem } from "../../server/db/entities/media-item";
import { MediaGuid, MediaTag } from "../../server/db/entities/media-metadata";
import { MediaChapter, MediaStream, MediaVersion } from "../../server/db/entities/media-version";
import { MediaSearch1795336900000 } from "../../server/db/migrations/0002-media-search";
import { ALL_MIGRATIONS } from "../../server/db/migrations";
import { LibraryKind, MediaItemKind, MediaItemState, MediaStreamKind } from "../../server/domain/enums";
import { createTestDatabase, testDatabaseKind } from "../support/test-database";

/** Every migration including the search one (whether or not the index lists it yet). */
export const SEARCH_MIGRATIONS = ALL_MIGRATIONS.includes(MediaSearch1795336900000) ? ALL_MIGRATIONS : [...ALL_MIGRATIONS, MediaSearch1795336900000];
export const MIGRATIONS_BEFORE_SEARCH = ALL_MIGRATIONS.filter((migration) => migration !== MediaSearch1795336900000);

export interface TempDatabase {
  dataSource: DataSource;
  dir: string;
  file: string;
  close(): Promise<void>;
}

/**
 * A database with the search migrations: a SQLite file in `dir`, or in the postgres test project a
 * fresh PostgreSQL database with all of PostgreSQL's migrations (`migrations` name SQLite's).
 */
export async function openTempDatabase(migrations = SEARCH_MIGRATIONS, dir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-search-"))): Promise<TempDatabase> {
  const file = path.join(dir, "search.sqlite3");
  if (testDatabaseKind() === "postgres") {
    const database = await createTestDatabase(dir);
    const dataSource = await openPostgresDatabase(database.config);
    return {
      dataSource,
      dir,
      file,
      close: async () => {
        if (dataSource.isInitialized) await dataSource.destroy();
        await database.drop();
      },
    };
  }
  const dataSource = createDataSource(file, migrations);
  await dataSource.initialize();
  await dataSource.query("PRAGMA foreign_keys = ON");
  await dataSource.runMigrations({ transaction: "each" });
  return {
    dataSource,
    dir,
    file,
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export interface VersionSpec {
  durationMs: number;
  width?: number;
  height?: number;
  videoCodec?: string;
  audio?: string[];
  subtitles?: string[];
  chapters?: number;
}

export interface ItemSpec {
  kind: MediaItemKind;
  title: string;
  sortTitle?: string;
  originalTitle?: string;
  parent?: string;
  year?: number;
  releaseDate?: string;
  plot?: string;
  contentRating?: string;
  seasonNumber?: number;
  episodeNumber?: number;
  episodeEndNumber?: number;
  state?: MediaItemState;
  addedAt: string;
  tags?: Partial<Record<"genre" | "tag" | "studio" | "actor" | "director" | "writer", string[]>>;
  guids?: Record<string, string>;
  version?: VersionSpec;
}

let versionCounter = 0;

/** Inserts a library with one path and its items (parents before children); returns ids by key. */
export async function seedLibrary(
  manager: EntityManager,
  library: { name: string; kind: LibraryKind; path: string },
  items: ReadonlyArray<[key: string, spec: ItemSpec]>,
  ids: Map<string, number>,
): Promise<{ libraryId: number; libraryPathId: number }> {
  const lib = await manager.save(Library, Object.assign(new Library(), { name: library.name, kind: library.kind, lastScan: null }));
  const libraryPath = await manager.save(LibraryPath, Object.assign(new LibraryPath(), { libraryId: lib.id, path: library.path, lastScan: null }));
  for (const [key, spec] of items) {
    const added = Date.parse(spec.addedAt);
    const item = await manager.save(
      MediaItem,
      Object.assign(new MediaItem(), {
        kind: spec.kind,
        libraryPathId: libraryPath.id,
        parentId: spec.parent ? ids.get(spec.parent)! : null,
        folderPath: null,
        title: spec.title,
        sortTitle: spec.sortTitle ?? spec.title.toLowerCase(),
        originalTitle: spec.originalTitle ?? null,
        year: spec.year ?? null,
        releaseDate: spec.releaseDate ?? null,
        plot: spec.plot ?? null,
        contentRating: spec.contentRating ?? null,
        seasonNumber: spec.seasonNumber ?? null,
        episodeNumber: spec.episodeNumber ?? null,
        episodeEndNumber: spec.episodeEndNumber ?? null,
        state: spec.state ?? MediaItemState.Normal,
        addedAt: added,
        updatedAt: added,
      }),
    );
    ids.set(key, item.id);
    const tags = Object.entries(spec.tags ?? {}).flatMap(([kind, names]) => names.map((name) => ({ mediaItemId: item.id, kind, name, detail: null })));
    if (tags.length) await manager.insert(MediaTag, tags);
    const guids = Object.entries(spec.guids ?? {}).map(([source, value]) => ({ mediaItemId: item.id, source, value }));
    if (guids.length) await manager.insert(MediaGuid, guids);
    if (spec.version) await insertVersion(manager, item.id, spec.version, `${library.path}/${key}-${++versionCounter}.mkv`);
  }
  return { libraryId: lib.id, libraryPathId: libraryPath.id };
}

async function insertVersion(manager: EntityManager, mediaItemId: number, spec: VersionSpec, file: string): Promise<void> {
  const version = await manager.save(
    MediaVersion,
    Object.assign(new MediaVersion(), {
      mediaItemId,
      path: file,
      size: 1000,
      mtime: 0,
      durationMs: spec.durationMs,
      container: "matroska",
      width: spec.width ?? null,
      height: spec.height ?? null,
      sampleAspectRatio: null,
      displayAspectRatio: null,
      frameRate: null,
      scanKind: null,
      probedAt: 0,
    }),
  );
  const streams: Array<Partial<MediaStream>> = [];
  let index = 0;
  const stream = (kind: MediaStreamKind, codec: string | null, language: string | null) =>
    streams.push({ mediaVersionId: version.id, streamIndex: index++, kind, codec, profile: null, language, title: null, channels: null, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: false, isForced: false });
  if (spec.videoCodec) stream(MediaStreamKind.Video, spec.videoCodec, null);
  for (const language of spec.audio ?? []) stream(MediaStreamKind.Audio, "aac", language);
  for (const language of spec.subtitles ?? []) stream(MediaStreamKind.Subtitle, "subrip", language);
  if (streams.length) await manager.insert(MediaStream, streams);
  const chapters = Array.from({ length: spec.chapters ?? 0 }, (_, i) => ({ mediaVersionId: version.id, chapterIndex: i, startMs: i * 1000, endMs: (i + 1) * 1000, title: null }));
  if (chapters.length) await manager.insert(MediaChapter, chapters);
}
