import type { MultiCollectionItem } from "../../db/entities/collection";
import type { PlaylistItem } from "../../db/entities/playlist";
import type { Repositories } from "../../db/repositories";
import type { PlayableItemRow } from "../../db/repositories/playout-content-repository";
import { CollectionType, MediaItemKind } from "../../domain/enums";
import type { Chapter, MediaGuid, MediaItem, MediaKind } from "../../playout/content";
import type { ContentSource, Guid } from "../../playout/definition/model";

/** The ids a resolution starts from: what the sources or targets name directly. */
export interface ContentSeeds {
  collectionIds: Iterable<number>;
  multiCollectionIds: Iterable<number>;
  smartCollectionIds: Iterable<number>;
  playlistIds: Iterable<number>;
}

/** The stored definitions behind the seeds: which exist, and the members and entries they hold. */
export interface ContentGraph {
  collections: Set<number>;
  multiCollections: Set<number>;
  playlists: Set<number>;
  /** Members (media item ids, containers included) of every collection reached. */
  collectionMembers: Map<number, number[]>;
  collectionCustomOrder: Map<number, boolean>;
  multiMembers: Map<number, MultiCollectionItem[]>;
  playlistEntries: Map<number, PlaylistItem[]>;
  smartCollections: Map<number, { name: string; query: string }>;
}

const groupBy = <T>(rows: readonly T[], owner: (row: T) => number): Map<number, T[]> => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(owner(row));
    if (list) list.push(row);
    else map.set(owner(row), [row]);
  }
  return map;
};

/**
 * Loads the seeds and everything they reach: playlists may hold multi collections, and both may hold
 * collections and smart collections. A fixed number of queries, whatever the number of seeds.
 */
export async function loadContentGraph(repos: Repositories, seeds: ContentSeeds): Promise<ContentGraph> {
  const playlistIds = [...new Set(seeds.playlistIds)];
  const [playlists, entries] = await Promise.all([repos.playlists.findByIds(playlistIds), repos.playlists.entries(playlistIds)]);
  const multiIds = new Set(seeds.multiCollectionIds);
  for (const e of entries) if (e.collectionType === CollectionType.MultiCollection && e.multiCollectionId !== null) multiIds.add(e.multiCollectionId);
  const [multis, members] = await Promise.all([repos.multiCollections.findByIds([...multiIds]), repos.multiCollections.members([...multiIds])]);
  const collectionIds = new Set(seeds.collectionIds);
  const smartIds = new Set(seeds.smartCollectionIds);
  for (const m of members) {
    if (m.collectionId !== null) collectionIds.add(m.collectionId);
    if (m.smartCollectionId !== null) smartIds.add(m.smartCollectionId);
  }
  for (const e of entries) {
    if (e.collectionType === CollectionType.Collection && e.collectionId !== null) collectionIds.add(e.collectionId);
    if (e.collectionType === CollectionType.SmartCollection && e.smartCollectionId !== null) smartIds.add(e.smartCollectionId);
  }
  const [collections, memberRows, smarts] = await Promise.all([
    repos.collections.findByIds([...collectionIds]),
    repos.playoutContent.collectionMembers([...collectionIds]),
    repos.playoutContent.smartCollectionsByIds([...smartIds]),
  ]);
  const collectionMembers = new Map<number, number[]>();
  for (const [id, rows] of groupBy(memberRows, (r) => r.collectionId)) collectionMembers.set(id, rows.map((r) => r.mediaItemId));
  return {
    collections: new Set(collections.map((c) => c.id)),
    multiCollections: new Set(multis.map((m) => m.id)),
    playlists: new Set(playlists.map((p) => p.id)),
    collectionMembers,
    collectionCustomOrder: new Map(collections.map((c) => [c.id, c.useCustomPlaybackOrder === true])),
    multiMembers: groupBy(members, (m) => m.multiCollectionId),
    playlistEntries: groupBy(entries, (e) => e.playlistId),
    smartCollections: new Map(smarts.map((s) => [s.id, { name: s.name, query: s.query }])),
  };
}

/** `tvdb://79168` style guid, normalised: source lower case without `://`, both sides trimmed (§5.8). */
export function normaliseGuid(guid: Guid): Guid {
  let source = guid.source.trim().toLowerCase().replace(/:(\/\/)?$/, "");
  let value = String(guid.value).trim();
  const written = /^([a-z0-9_.-]+):\/\/(.+)$/i.exec(value);
  if (written && (!source || written[1].toLowerCase() === source)) {
    source = written[1].toLowerCase();
    value = written[2];
  }
  return { source, value };
}

export const guidKey = (g: Guid) => `${g.source}\u0000${g.value}`;
export const playlistName = (group: string, name: string) => `${group.toLowerCase()}\u0000${name.toLowerCase()}`;

/** What a YAML definition names, by name or guid, as ids. */
export interface NamedIds {
  showByGuid: Map<string, number[]>;
  collectionIdByName: Map<string, number>;
  multiIdByName: Map<string, number>;
  smartIdByName: Map<string, number>;
  playlistIdByName: Map<string, number>;
}

/** The names and guids of a YAML definition's sources → ids (one query per kind of name). */
export async function lookUpNames(repos: Repositories, sources: readonly ContentSource[]): Promise<NamedIds> {
  const repo = repos.playoutContent;
  const guids: Guid[] = [];
  const collectionNames = new Set<string>();
  const multiNames = new Set<string>();
  const smartNames = new Set<string>();
  const playlists: Array<{ group: string; name: string }> = [];
  for (const source of sources) {
    if (source.kind === "show" || source.kind === "marathon") guids.push(...source.guids.map(normaliseGuid));
    else if (source.kind === "collection") collectionNames.add(source.name);
    else if (source.kind === "multiCollection") multiNames.add(source.name);
    else if (source.kind === "smartCollection") smartNames.add(source.name);
    else if (source.kind === "playlist") playlists.push({ group: source.group, name: source.name });
  }
  const [shows, collections, multis, smarts, playlistRows] = await Promise.all([
    repo.showsByGuids(guids),
    repo.collectionsByNames([...collectionNames]),
    repo.multiCollectionsByNames([...multiNames]),
    repo.smartCollectionsByNames([...smartNames]),
    repo.playlistsByNames(playlists),
  ]);
  const showByGuid = new Map<string, number[]>();
  for (const match of shows) {
    const list = showByGuid.get(guidKey(match));
    if (list) list.push(match.showId);
    else showByGuid.set(guidKey(match), [match.showId]);
  }
  return {
    showByGuid,
    collectionIdByName: new Map(collections.map((c) => [c.name.toLowerCase(), c.id])),
    multiIdByName: new Map(multis.map((m) => [m.name.toLowerCase(), m.id])),
    smartIdByName: new Map(smarts.map((s) => [s.name.toLowerCase(), s.id])),
    playlistIdByName: new Map(playlistRows.map((p) => [playlistName(p.groupName, p.name), p.id])),
  };
}

/** Playable items by id, and the playable descendants of each container. */
export interface LoadedItems {
  byId: Map<number, MediaItem>;
  children: Map<number, number[]>;
}

/** Second round: containers → their playable descendants, then every playable item with chapters and guids. */
export async function loadItems(repos: Repositories, roots: Iterable<number>): Promise<LoadedItems> {
  const repo = repos.playoutContent;
  const all = new Set(roots);
  const descendants = await repo.descendants([...all]);
  const children = new Map<number, number[]>();
  for (const [rootId, rows] of groupBy(descendants, (r) => r.rootId)) children.set(rootId, rows.map((r) => r.id));
  for (const row of descendants) all.add(row.id);
  const rows = await repo.playableItems([...all]);
  const [chapterRows, guidRows] = await Promise.all([repo.chapters(rows.map((r) => r.versionId)), repo.guids(rows.map((r) => r.id))]);
  const chapters = new Map<number, Chapter[]>();
  for (const [versionId, list] of groupBy(chapterRows, (c) => c.mediaVersionId)) {
    chapters.set(
      versionId,
      list.map((c) => (c.title !== null && c.title !== "" ? { startMs: c.startMs, endMs: c.endMs, title: c.title } : { startMs: c.startMs, endMs: c.endMs })),
    );
  }
  const guids = new Map<number, MediaGuid[]>();
  for (const [itemId, list] of groupBy(guidRows, (g) => g.mediaItemId)) guids.set(itemId, list.map((g) => ({ source: g.source.toLowerCase(), value: String(g.value) })));
  const byId = new Map<number, MediaItem>();
  for (const row of rows) byId.set(row.id, toMediaItem(row, chapters.get(row.versionId), guids.get(row.id)));
  return { byId, children };
}

const KIND: Partial<Record<MediaItemKind, MediaKind>> = {
  [MediaItemKind.Movie]: "movie",
  [MediaItemKind.Episode]: "episode",
  [MediaItemKind.OtherVideo]: "otherVideo",
  [MediaItemKind.MusicVideo]: "musicVideo",
  [MediaItemKind.Song]: "song",
  [MediaItemKind.RemoteStream]: "remoteStream",
};

/** A database row → the engine's item. Absent values are left out (never `undefined`). */
export function toMediaItem(row: PlayableItemRow, chapters: Chapter[] | undefined, guids: MediaGuid[] | undefined): MediaItem {
  const item: MediaItem = { id: row.id, kind: KIND[row.kind] ?? "otherVideo", title: row.title, durationMs: row.durationMs };
  if (row.sortTitle) item.sortTitle = row.sortTitle;
  if (row.live) item.live = true;
  if (row.kind === MediaItemKind.Episode) {
    if (row.parentKind === MediaItemKind.Season && row.parentId !== null) {
      item.seasonId = row.parentId;
      if (row.grandparentKind === MediaItemKind.Show && row.grandparentId !== null) {
        item.showId = row.grandparentId;
        if (row.grandparentTitle !== null) item.showTitle = row.grandparentTitle;
      }
    } else if (row.parentKind === MediaItemKind.Show && row.parentId !== null) {
      item.showId = row.parentId;
      if (row.parentTitle !== null) item.showTitle = row.parentTitle;
    }
    const season = row.seasonNumber ?? (row.parentKind === MediaItemKind.Season ? row.parentSeasonNumber : null);
    if (season !== null) item.seasonNumber = season;
    if (row.episodeNumber !== null) item.episodeNumber = row.episodeNumber;
    if (row.episodeEndNumber !== null && row.episodeNumber !== null && row.episodeEndNumber > row.episodeNumber) item.endEpisodeNumber = row.episodeEndNumber;
  }
  if (row.kind === MediaItemKind.MusicVideo && row.parentKind === MediaItemKind.Artist && row.parentId !== null) {
    item.artistId = row.parentId;
    if (row.parentTitle !== null) item.artist = row.parentTitle;
  }
  if (row.kind === MediaItemKind.Song) {
    if (row.parentKind === MediaItemKind.Artist && row.parentId !== null) item.artistId = row.parentId;
    if (row.artist !== null) item.artist = row.artist;
    if (row.albumArtist !== null) item.albumArtist = row.albumArtist;
    if (row.album !== null) item.album = row.album;
    if (row.trackNumber !== null) item.track = row.trackNumber;
  }
  if (row.releaseDate) item.releaseDate = row.releaseDate;
  if (chapters?.length) item.chapters = chapters;
  if (guids?.length) item.guids = guids;
  return item;
}
