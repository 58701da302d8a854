import { EntityManager, In, type ObjectLiteral, type SelectQueryBuilder } from "typeorm";
import { MediaItemKind, MediaItemState, MediaStreamKind } from "../../domain/enums";
import type { KnownFile, ScannedFile, ScannedMetadata } from "../../domain/scan-protocol";
import { LibraryPath } from "../entities/library-path";
import { MediaItem } from "../entities/media-item";
import { MediaGuid, MediaTag } from "../entities/media-metadata";
import { ArtworkRepository } from "./artwork-repository";
import { MediaChapter, MediaStream, MediaVersion } from "../entities/media-version";
import { rawQuery } from "../raw-query";
import { isStoredId, storedIds } from "./stored-id";

const TAG_KINDS = ["genre", "tag", "studio", "actor", "director", "writer"] as const;

/** What an API edit of a remote stream item changes (see `updateRemoteStream`). */
export interface RemoteStreamChange {
  title: string;
  sortTitle: string;
  plot: string | null;
  genres: readonly string[];
  url: string;
  headers: Record<string, string>;
  live: boolean;
  durationMs: number;
  size: number;
  mtime: number;
  sourceChanged: boolean;
}

export interface MediaItemFilter {
  libraryId?: number;
  kind?: MediaItemKind;
  parentId?: number;
  includeTrashed?: boolean;
}

/** Media items as the scanner writes them and the API browses them. */
export class MediaItemRepository {
  private readonly artwork: ArtworkRepository;

  constructor(private readonly manager: EntityManager) {
    this.artwork = new ArtworkRepository(manager);
  }

  async knownFiles(libraryId: number): Promise<KnownFile[]> {
    const rows = await rawQuery(this.manager, 
      `SELECT v."path" AS "path", v."size" AS "size", v."mtime" AS "mtime", v."sidecarStamp" AS "sidecarStamp", i."state" AS "state"
         FROM "media_version" v
         JOIN "media_item" i ON i."id" = v."mediaItemId"
         JOIN "library_path" lp ON lp."id" = i."libraryPathId"
        WHERE lp."libraryId" = ?`,
      [libraryId],
    );
    return (rows as Array<{ path: string; size: number; mtime: number; sidecarStamp: string | null; state: string }>).map((r) => ({
      path: r.path,
      size: r.size,
      mtime: r.mtime,
      trashed: r.state === MediaItemState.Trashed,
      sidecarStamp: r.sidecarStamp,
    }));
  }

  libraryPaths(libraryId: number): Promise<LibraryPath[]> {
    return this.manager.findBy(LibraryPath, { libraryId });
  }

  /**
   * Adds or updates the item of one scanned file, with its show/season, version, streams, chapters and metadata.
   * A new file whose name makes it a version of an item already stored (same group) becomes that item's version.
   */
  async upsertFile(file: ScannedFile, now: number): Promise<number> {
    const existingVersion = await this.manager.findOneBy(MediaVersion, { path: file.path });
    if (!existingVersion && file.version?.groupKey) {
      const sibling = await this.groupSibling(file.libraryPathId, file.version.groupKey);
      if (sibling) return this.saveFile(file, null, now, null, sibling);
    }
    let parentId: number | null = null;
    if (file.kind === "Episode" && file.show && file.season) {
      const show = await this.findOrCreateFolderItem(file.libraryPathId, MediaItemKind.Show, file.show.folderPath, null, file.show.metadata, now);
      const season = await this.findOrCreateSeason(file.libraryPathId, show.id, file.season.folderPath, file.season.seasonNumber, now);
      if (file.show.artwork) await this.artwork.replace(show.id, file.show.artwork);
      if (file.season.artwork) await this.artwork.replace(season.id, file.season.artwork);
      parentId = season.id;
    }
    const song = file.kind === "Song" ? file.song : undefined;
    const artistName = song ? (song.albumArtist ?? song.artist)?.trim() : undefined;
    if (artistName) {
      parentId = (await this.findOrCreateArtist(file.libraryPathId, artistName, song?.artistFolder ?? null, now)).id;
      if (file.artistArtwork) await this.artwork.replace(parentId, file.artistArtwork);
    }
    return this.saveFile(file, parentId, now, existingVersion);
  }

  /** Adds or updates the item of one file under a known parent (or none): media-source items, whose parents the sync resolves. */
  async upsertFileUnder(file: ScannedFile, parentId: number | null, now: number): Promise<number> {
    return this.saveFile(file, parentId, now, await this.manager.findOneBy(MediaVersion, { path: file.path }));
  }

  /** A media source's show or season (found by its locator), with its metadata. */
  async upsertRemoteContainer(libraryPathId: number, kind: MediaItemKind.Show | MediaItemKind.Season, locator: string, parentId: number | null, seasonNumber: number | null, metadata: ScannedMetadata, now: number): Promise<number> {
    const item = await this.findOrCreateFolderItem(libraryPathId, kind, locator, parentId, metadata, now);
    if (item.parentId !== parentId || item.seasonNumber !== seasonNumber) await this.manager.update(MediaItem, { id: item.id }, { parentId, seasonNumber });
    return item.id;
  }

  /** An item of the library path that already has a version of this group (its first version's item). */
  private async groupSibling(libraryPathId: number, groupKey: string): Promise<number | null> {
    const row = await this.manager
      .createQueryBuilder(MediaVersion, "v")
      .innerJoin(MediaItem, "i", `i."id" = v."mediaItemId"`)
      .select(`v."mediaItemId"`, "id")
      .where(`v."groupKey" = :groupKey AND i."libraryPathId" = :libraryPathId`, { groupKey, libraryPathId })
      .orderBy(`v."id"`, "ASC")
      .limit(1)
      .getRawOne<{ id: number }>();
    return row ? Number(row.id) : null;
  }

  /**
   * Another version of an item (a server's second media): written under the item, the item itself unchanged.
   * Returns the version's id.
   */
  async upsertVersionOf(itemId: number, file: ScannedFile, now: number): Promise<number> {
    return this.saveVersion(itemId, file, now, await this.manager.findOneBy(MediaVersion, { path: file.path }));
  }

  /** Removes the item's versions other than these paths (a server that dropped a version). */
  async keepOnlyVersions(itemId: number, paths: readonly string[]): Promise<void> {
    const gone = (await this.manager.find(MediaVersion, { where: { mediaItemId: itemId }, select: { id: true, path: true } })).filter((v) => !paths.includes(v.path));
    if (gone.length) await this.manager.delete(MediaVersion, { id: In(gone.map((v) => v.id)) });
  }

  private async saveFile(file: ScannedFile, parentId: number | null, now: number, existingVersion: MediaVersion | null, groupItemId?: number): Promise<number> {
    const song = file.kind === "Song" ? file.song : undefined;
    const itemId = existingVersion?.mediaItemId ?? groupItemId;
    let item = itemId !== undefined ? await this.manager.findOneBy(MediaItem, { id: itemId }) : null;
    if (!item) item = Object.assign(new MediaItem(), { addedAt: now });
    Object.assign(item, {
      kind: file.kind as MediaItemKind,
      libraryPathId: file.libraryPathId,
      parentId,
      folderPath: null,
      seasonNumber: file.season?.seasonNumber ?? null,
      episodeNumber: file.episode?.episodeNumber ?? null,
      episodeEndNumber: file.episode?.episodeEndNumber ?? null,
      artist: song?.artist?.slice(0, 500) ?? null,
      albumArtist: song?.albumArtist?.slice(0, 500) ?? null,
      album: song?.album?.slice(0, 500) ?? null,
      trackNumber: song?.track ?? null,
      discNumber: song?.disc ?? null,
      state: MediaItemState.Normal,
      updatedAt: now,
    });
    this.applyMetadata(item, file.metadata);
    item = await this.manager.save(MediaItem, item);
    await this.replaceTagsAndGuids(item.id, file.metadata);
    await this.saveVersion(item.id, file, now, existingVersion);
    if (file.artwork) await this.artwork.replace(item.id, file.artwork);
    return item.id;
  }

  /** Writes one file's version row (with its streams and chapters) under an item. */
  private async saveVersion(itemId: number, file: ScannedFile, now: number, existingVersion: MediaVersion | null): Promise<number> {
    const version = existingVersion ?? new MediaVersion();
    Object.assign(version, {
      mediaItemId: itemId,
      path: file.path,
      label: file.version?.label?.slice(0, 200) ?? null,
      groupKey: file.version?.groupKey ?? null,
      size: file.size,
      mtime: file.mtime,
      sidecarStamp: file.sidecarStamp ?? null,
      durationMs: file.probe.durationMs,
      container: file.probe.container ?? null,
      width: file.probe.width ?? null,
      height: file.probe.height ?? null,
      sampleAspectRatio: file.probe.sampleAspectRatio ?? null,
      displayAspectRatio: file.probe.displayAspectRatio ?? null,
      frameRate: file.probe.frameRate ?? null,
      scanKind: file.probe.scanKind ?? null,
      probedAt: now,
      streamUrl: file.stream?.url ?? null,
      streamHeaders: file.stream && Object.keys(file.stream.headers).length ? JSON.stringify(file.stream.headers) : null,
      streamLive: file.stream?.live ?? false,
      streamError: file.stream?.error ?? null,
      streamFailedAt: file.stream?.error ? now : null,
    });
    const savedVersion = await this.manager.save(MediaVersion, version);
    await this.manager.delete(MediaStream, { mediaVersionId: savedVersion.id });
    await this.manager.delete(MediaChapter, { mediaVersionId: savedVersion.id });
    if (file.probe.streams.length) {
      await this.manager.insert(
        MediaStream,
        file.probe.streams.map((s) => ({
          mediaVersionId: savedVersion.id,
          streamIndex: s.index,
          kind: s.kind as MediaStreamKind,
          codec: s.codec ?? null,
          profile: s.profile ?? null,
          language: s.language ?? null,
          title: s.title ?? null,
          channels: s.channels ?? null,
          width: s.width ?? null,
          height: s.height ?? null,
          pixelFormat: s.pixelFormat ?? null,
          bitDepth: s.bitDepth ?? null,
          isDefault: s.isDefault,
          isForced: s.isForced,
        })),
      );
    }
    if (file.probe.chapters.length) {
      await this.manager.insert(
        MediaChapter,
        file.probe.chapters.map((c) => ({ mediaVersionId: savedVersion.id, chapterIndex: c.index, startMs: c.startMs, endMs: c.endMs, title: c.title ?? null })),
      );
    }
    return savedVersion.id;
  }

  /**
   * After a scan: items none of whose files were seen (outside skipped folders) go to the trash; trashed items
   * with a file back are restored. Of an item with several versions, a version whose file is gone is removed
   * while another is still there (`pruneVersions`: a local scan, which sees every file; a sync lists items, not
   * versions). Seasons and shows follow their episodes. Returns how many items were trashed.
   */
  async reconcile(libraryId: number, seen: ReadonlySet<string>, skippedFolders: readonly string[], now: number, pruneVersions = true): Promise<{ trashed: number; restored: number }> {
    const rows = (await rawQuery(this.manager, 
      `SELECT v."id" AS "versionId", v."path" AS "path", i."id" AS "id", i."state" AS "state"
         FROM "media_version" v
         JOIN "media_item" i ON i."id" = v."mediaItemId"
         JOIN "library_path" lp ON lp."id" = i."libraryPathId"
        WHERE lp."libraryId" = ?`,
      [libraryId],
    )) as Array<{ versionId: number; path: string; id: number; state: string }>;
    const underSkipped = (p: string) => skippedFolders.some((folder) => p === folder || p.startsWith(folder.endsWith("/") ? folder : `${folder}/`));
    const byItem = new Map<number, Array<(typeof rows)[number]>>();
    for (const row of rows) byItem.set(row.id, [...(byItem.get(row.id) ?? []), row]);
    const toTrash: number[] = [];
    const toRestore: number[] = [];
    const goneVersions: number[] = [];
    for (const [id, versions] of byItem) {
      const state = versions[0]!.state;
      const present = versions.filter((v) => seen.has(v.path) || underSkipped(v.path));
      if (versions.some((v) => seen.has(v.path))) {
        if (state === MediaItemState.Trashed) toRestore.push(id);
      } else if (state !== MediaItemState.Trashed && present.length === 0) {
        toTrash.push(id);
      }
      if (pruneVersions && present.length > 0) goneVersions.push(...versions.filter((v) => !present.includes(v)).map((v) => v.versionId));
    }
    for (let i = 0; i < goneVersions.length; i += 500) await this.manager.delete(MediaVersion, { id: In(goneVersions.slice(i, i + 500)) });
    for (let i = 0; i < toTrash.length; i += 500) {
      await this.manager.update(MediaItem, { id: In(toTrash.slice(i, i + 500)) }, { state: MediaItemState.Trashed, updatedAt: now });
    }
    for (let i = 0; i < toRestore.length; i += 500) {
      await this.manager.update(MediaItem, { id: In(toRestore.slice(i, i + 500)) }, { state: MediaItemState.Normal, updatedAt: now });
    }
    await this.syncContainerStates(libraryId, now);
    return { trashed: toTrash.length, restored: toRestore.length };
  }

  /**
   * A remote stream item edited through the API, in place: title, plot, genres and source. `mtime` is the rewritten
   * file's (so a scan finds it unchanged), or -1 when the source changed (so the next scan probes it again).
   */
  async updateRemoteStream(itemId: number, change: RemoteStreamChange, now: number): Promise<void> {
    await this.manager.update(MediaItem, { id: itemId }, { title: change.title.slice(0, 500), sortTitle: change.sortTitle.slice(0, 500), plot: change.plot, updatedAt: now });
    await this.manager.delete(MediaTag, { mediaItemId: itemId, kind: "genre" });
    const genres = [...new Set(change.genres.map((g) => g.trim()).filter(Boolean))];
    if (genres.length) await this.manager.insert(MediaTag, genres.map((name) => ({ mediaItemId: itemId, kind: "genre", name: name.slice(0, 200), detail: null })));
    await this.manager.update(MediaVersion, { mediaItemId: itemId }, {
      streamUrl: change.url,
      streamHeaders: Object.keys(change.headers).length ? JSON.stringify(change.headers) : null,
      streamLive: change.live,
      durationMs: change.durationMs,
      size: change.size,
      mtime: change.mtime,
      ...(change.sourceChanged ? { streamError: null, streamFailedAt: null } : {}),
    });
  }

  /** Deletes one item for good (its versions, streams, metadata and collection entries cascade). */
  async deleteItem(itemId: number): Promise<void> {
    await this.manager.delete(MediaItem, { id: itemId });
  }

  /** Deletes every trashed item (with versions, streams, chapters, metadata). Returns how many. */
  async emptyTrash(): Promise<number> {
    const trashed = await this.manager.find(MediaItem, { where: { state: MediaItemState.Trashed }, select: { id: true } });
    // Children first is not needed: deleting a show cascades to its seasons and episodes.
    for (let i = 0; i < trashed.length; i += 500) {
      await this.manager.delete(MediaItem, { id: In(trashed.slice(i, i + 500).map((t) => t.id)) });
    }
    return trashed.length;
  }

  /** Ids of playable (not trashed) library items by the path of one of their files. */
  async playableIdsByPath(paths: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const unique = [...new Set(paths)];
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      const rows = (await rawQuery(this.manager, 
        `SELECT mv."path" AS "path", mv."mediaItemId" AS "id" FROM "media_version" mv JOIN "media_item" mi ON mi."id" = mv."mediaItemId"
          WHERE mi."state" = ? AND mv."path" IN (${chunk.map(() => "?").join(",")})`,
        [MediaItemState.Normal, ...chunk],
      )) as Array<{ path: string; id: number }>;
      for (const row of rows) if (!found.has(row.path)) found.set(row.path, row.id);
    }
    return found;
  }

  async page(filter: MediaItemFilter, pageNumber: number, pageSize: number): Promise<{ totalCount: number; items: MediaItem[] }> {
    const query = this.manager.createQueryBuilder(MediaItem, "mi").innerJoin(LibraryPath, "lp", "lp.id = mi.libraryPathId");
    if (filter.libraryId !== undefined) query.andWhere("lp.libraryId = :libraryId", { libraryId: filter.libraryId });
    if (filter.kind !== undefined) query.andWhere("mi.kind = :kind", { kind: filter.kind });
    if (filter.parentId !== undefined) query.andWhere("mi.parentId = :parentId", { parentId: filter.parentId });
    if (!filter.includeTrashed) query.andWhere("mi.state != :trashed", { trashed: MediaItemState.Trashed });
    inListOrder(query).addOrderBy("mi.id", "ASC");
    const [items, totalCount] = await query.skip(pageNumber * pageSize).take(pageSize).getManyAndCount();
    return { totalCount, items };
  }

  findById(id: number): Promise<MediaItem | null> {
    return isStoredId(id) ? this.manager.findOneBy(MediaItem, { id }) : Promise.resolve(null);
  }

  findByIds(ids: readonly number[]): Promise<MediaItem[]> {
    ids = storedIds(ids);
    return ids.length ? this.manager.findBy(MediaItem, { id: In([...ids]) }) : Promise.resolve([]);
  }

  /** Children of many parents at once (GraphQL navigation without a query per item). */
  childrenOf(parentIds: readonly number[], includeTrashed = false): Promise<MediaItem[]> {
    if (!parentIds.length) return Promise.resolve([]);
    const query = this.manager.createQueryBuilder(MediaItem, "mi").where("mi.parentId IN (:...parentIds)", { parentIds: [...parentIds] });
    if (!includeTrashed) query.andWhere("mi.state != :trashed", { trashed: MediaItemState.Trashed });
    return inListOrder(query).getMany();
  }

  /** Versions (with streams and chapters) of many items at once. */
  versionsFor(itemIds: readonly number[]): Promise<MediaVersion[]> {
    if (!itemIds.length) return Promise.resolve([]);
    return this.manager.find(MediaVersion, { where: { mediaItemId: In([...itemIds]) }, relations: { streams: true, chapters: true }, order: { id: "ASC", streams: { streamIndex: "ASC" }, chapters: { chapterIndex: "ASC" } } });
  }

  /** A remote stream's last failure (or none: it played), on its versions. */
  async setStreamOutcome(itemId: number, error: string | null, failedAt: number | null): Promise<void> {
    await this.manager.update(MediaVersion, { mediaItemId: itemId }, { streamError: error, streamFailedAt: failedAt });
  }

  /** Remote stream items whose source failed since `since` (epoch ms), newest first. */
  async failedStreamsSince(since: number, limit = 50): Promise<Array<{ id: number; title: string; error: string; failedAt: number }>> {
    const rows = await this.manager
      .createQueryBuilder(MediaVersion, "v")
      .innerJoin(MediaItem, "i", "i.id = v.mediaItemId")
      .select("i.id", "id")
      .addSelect("i.title", "title")
      .addSelect("v.streamError", "error")
      .addSelect("v.streamFailedAt", "failedAt")
      .where("v.streamFailedAt >= :since", { since })
      .andWhere("i.state != :trashed", { trashed: MediaItemState.Trashed })
      .orderBy("v.streamFailedAt", "DESC")
      .limit(limit)
      .getRawMany<{ id: number; title: string; error: string; failedAt: number }>();
    return rows.map((r) => ({ id: Number(r.id), title: r.title, error: r.error, failedAt: Number(r.failedAt) }));
  }

  versionsOf(itemId: number): Promise<MediaVersion[]> {
    return this.manager.find(MediaVersion, { where: { mediaItemId: itemId }, relations: { streams: true, chapters: true }, order: { id: "ASC", streams: { streamIndex: "ASC" }, chapters: { chapterIndex: "ASC" } } });
  }

  tagsOf(itemId: number): Promise<MediaTag[]> {
    return this.manager.find(MediaTag, { where: { mediaItemId: itemId }, order: { kind: "ASC", id: "ASC" } });
  }

  guidsOf(itemId: number): Promise<MediaGuid[]> {
    return this.manager.find(MediaGuid, { where: { mediaItemId: itemId }, order: { source: "ASC" } });
  }

  async childCount(itemId: number): Promise<number> {
    return this.manager.countBy(MediaItem, { parentId: itemId });
  }

  private async findOrCreateFolderItem(libraryPathId: number, kind: MediaItemKind, folderPath: string, parentId: number | null, metadata: ScannedMetadata, now: number): Promise<MediaItem> {
    let item = await this.manager.findOneBy(MediaItem, { libraryPathId, kind, folderPath });
    if (!item) item = Object.assign(new MediaItem(), { libraryPathId, kind, folderPath, parentId, addedAt: now, seasonNumber: null, episodeNumber: null, episodeEndNumber: null });
    item.state = MediaItemState.Normal;
    item.updatedAt = now;
    this.applyMetadata(item, metadata);
    item = await this.manager.save(MediaItem, item);
    await this.replaceTagsAndGuids(item.id, metadata);
    return item;
  }

  /** The library path's artist of this name (case-insensitive), created on first sight with the artist folder. */
  private async findOrCreateArtist(libraryPathId: number, name: string, folderPath: string | null, now: number): Promise<MediaItem> {
    const title = name.slice(0, 500);
    const existing = await this.manager
      .createQueryBuilder(MediaItem, "mi")
      .where("mi.libraryPathId = :libraryPathId AND mi.kind = :kind AND LOWER(mi.title) = LOWER(:title)", { libraryPathId, kind: MediaItemKind.Artist, title })
      .orderBy("mi.id", "ASC")
      .getOne();
    if (existing) {
      const folder = existing.folderPath ?? folderPath;
      if (existing.state !== MediaItemState.Normal || existing.folderPath !== folder) {
        await this.manager.update(MediaItem, { id: existing.id }, { state: MediaItemState.Normal, folderPath: folder, updatedAt: now });
      }
      return existing;
    }
    const artist = Object.assign(new MediaItem(), { libraryPathId, kind: MediaItemKind.Artist, folderPath, parentId: null, addedAt: now, seasonNumber: null, episodeNumber: null, episodeEndNumber: null });
    this.applyMetadata(artist, { title });
    return this.manager.save(MediaItem, Object.assign(artist, { state: MediaItemState.Normal, updatedAt: now }));
  }

  private async findOrCreateSeason(libraryPathId: number, showId: number, folderPath: string, seasonNumber: number, now: number): Promise<MediaItem> {
    const existing = await this.manager.findOneBy(MediaItem, { parentId: showId, kind: MediaItemKind.Season, seasonNumber });
    if (existing) {
      if (existing.state !== MediaItemState.Normal || existing.folderPath !== folderPath) {
        await this.manager.update(MediaItem, { id: existing.id }, { state: MediaItemState.Normal, folderPath, updatedAt: now });
      }
      return existing;
    }
    const title = seasonNumber === 0 ? "Specials" : `Season ${seasonNumber}`;
    return this.manager.save(MediaItem, Object.assign(new MediaItem(), {
      libraryPathId, kind: MediaItemKind.Season, folderPath, parentId: showId, title, sortTitle: `season ${String(seasonNumber).padStart(4, "0")}`,
      originalTitle: null, year: null, releaseDate: null, plot: null, contentRating: null, seasonNumber, episodeNumber: null, episodeEndNumber: null,
      state: MediaItemState.Normal, addedAt: now, updatedAt: now,
    }));
  }

  private applyMetadata(item: MediaItem, metadata: ScannedMetadata): void {
    item.title = metadata.title.slice(0, 500);
    item.sortTitle = (metadata.sortTitle ?? metadata.title).toLowerCase().slice(0, 500);
    item.originalTitle = metadata.originalTitle ?? null;
    item.year = metadata.year ?? null;
    item.releaseDate = metadata.releaseDate ?? null;
    item.plot = metadata.plot ?? null;
    item.contentRating = metadata.contentRating ?? null;
  }

  private async replaceTagsAndGuids(itemId: number, metadata: ScannedMetadata): Promise<void> {
    await this.manager.delete(MediaTag, { mediaItemId: itemId });
    await this.manager.delete(MediaGuid, { mediaItemId: itemId });
    const tags: Array<Partial<MediaTag>> = [];
    const add = (kind: (typeof TAG_KINDS)[number], names: readonly string[] | undefined) => {
      for (const name of new Set((names ?? []).map((n) => n.trim()).filter(Boolean))) tags.push({ mediaItemId: itemId, kind, name: name.slice(0, 200), detail: null });
    };
    add("genre", metadata.genres);
    add("tag", metadata.tags);
    add("studio", metadata.studios);
    add("director", metadata.directors);
    add("writer", metadata.writers);
    for (const actor of metadata.actors ?? []) {
      if (actor.name.trim()) tags.push({ mediaItemId: itemId, kind: "actor", name: actor.name.trim().slice(0, 200), detail: actor.role?.slice(0, 200) ?? null });
    }
    for (let i = 0; i < tags.length; i += 100) await this.manager.insert(MediaTag, tags.slice(i, i + 100));
    const guids = new Map((metadata.guids ?? []).map((g) => [`${g.source.toLowerCase()}:${g.value}`, { mediaItemId: itemId, source: g.source.toLowerCase().slice(0, 20), value: String(g.value).slice(0, 100) }]));
    if (guids.size) await this.manager.insert(MediaGuid, [...guids.values()]);
  }

  /** Seasons, shows and artists are trashed when none of their children is left, restored when one is. */
  private async syncContainerStates(libraryId: number, now: number): Promise<void> {
    for (const kind of [MediaItemKind.Season, MediaItemKind.Show, MediaItemKind.Artist]) {
      // Only containers whose state changes are written (a no-change rescan writes nothing).
      const state = `CASE WHEN EXISTS (SELECT 1 FROM "media_item" c WHERE c."parentId" = "media_item"."id" AND c."state" != ?) THEN ? ELSE ? END`;
      await rawQuery(this.manager, 
        `UPDATE "media_item" SET "state" = ${state}, "updatedAt" = ?
          WHERE "kind" = ? AND "libraryPathId" IN (SELECT "id" FROM "library_path" WHERE "libraryId" = ?) AND "state" != ${state}`,
        [MediaItemState.Trashed, MediaItemState.Normal, MediaItemState.Trashed, now, kind, libraryId, MediaItemState.Trashed, MediaItemState.Normal, MediaItemState.Trashed],
      );
    }
  }
}

/** Seasons and episodes by number, songs by album, disc and track, then titles. */
function inListOrder<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  return query
    .orderBy("mi.seasonNumber", "ASC")
    .addOrderBy("mi.episodeNumber", "ASC")
    .addOrderBy("mi.album", "ASC")
    .addOrderBy("mi.discNumber", "ASC")
    .addOrderBy("mi.trackNumber", "ASC")
    .addOrderBy("mi.sortTitle", "ASC");
}
