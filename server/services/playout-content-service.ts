import type { Database } from "../db/database";
import type { ContentTarget } from "../db/entities/content-target";
import type { MultiCollectionItem } from "../db/entities/collection";
import type { PlaylistItem } from "../db/entities/playlist";
import type { Repositories } from "../db/repositories";
import type { PlayableItemRow } from "../db/repositories/playout-content-repository";
import { CollectionType, MediaItemKind } from "../domain/enums";
import type { Chapter, MediaGuid, MediaItem, MediaKind, OrderedGroup, PlaylistEntry } from "../playout/content";
import { multiCollectionOptions, SIMPLE_ORDER } from "../playout/content";
import type { ContentSource, Guid, PlayoutDefinition } from "../playout/definition/model";
import type { ResolvedContent } from "../playout/core";
import { contentTargetKey } from "./content-targets";
import { DomainError } from "./domain-error";
import { SearchQueryError } from "./search";
import type { SmartCollectionService } from "./smart-collection-service";

/** A content source that names something missing (or a query that does not run); the build reports it. */
export interface ContentProblem {
  key: string;
  message: string;
}

export interface ResolvedPlayoutContent {
  /** One entry per content key of the definition (empty content for keys with a problem). */
  content: Record<string, ResolvedContent>;
  problems: ContentProblem[];
}

const KIND: Partial<Record<MediaItemKind, MediaKind>> = {
  [MediaItemKind.Movie]: "movie",
  [MediaItemKind.Episode]: "episode",
  [MediaItemKind.OtherVideo]: "otherVideo",
  [MediaItemKind.MusicVideo]: "musicVideo",
  [MediaItemKind.Song]: "song",
};


/** `tvdb://79168` style guid, normalised: source lower case without `://`, both sides trimmed (§5.8). */
function normaliseGuid(guid: Guid): Guid {
  let source = guid.source.trim().toLowerCase().replace(/:(\/\/)?$/, "");
  let value = String(guid.value).trim();
  const written = /^([a-z0-9_.-]+):\/\/(.+)$/i.exec(value);
  if (written && (!source || written[1].toLowerCase() === source)) {
    source = written[1].toLowerCase();
    value = written[2];
  }
  return { source, value };
}

const guidText = (g: Guid) => `${g.source}://${g.value}`;
const guidKey = (g: Guid) => `${g.source}\u0000${g.value}`;
const quote = (name: string) => `"${name}"`;

/** Each root item followed by its descendants (leaves), optionally without repeats. */
function expandRoots(items: { byId: Map<number, MediaItem>; children: Map<number, number[]> }, roots: readonly number[], dedupe: boolean): MediaItem[] {
  const out: MediaItem[] = [];
  const seen = dedupe ? new Set<number>() : undefined;
  for (const root of roots) {
    for (const id of [root, ...(items.children.get(root) ?? [])]) {
      const item = items.byId.get(id);
      if (!item || seen?.has(id)) continue;
      seen?.add(id);
      out.push(item);
    }
  }
  return out;
}

/** The ids a search query matched; a query that cannot run is recorded as a problem of `key`. */
function queryMatches(matches: ReadonlyMap<string, number[] | Error>, problems: Array<{ key: string; message: string }>, key: string, query: string, what: string): number[] {
  const result = matches.get(query);
  if (Array.isArray(result)) return result;
  problems.push({ key, message: `${what} ${quote(query)} cannot run: ${result?.message ?? "unknown query"}` });
  return [];
}

/** The raw ids (leaves and containers) behind one member of a multi collection. */
interface MemberIds {
  key: string;
  ids: number[];
  scheduleAsGroup: boolean;
  customOrder: boolean;
}

/** Everything looked up by name or id in the first database round, before the searches run. */
interface Lookups {
  showByGuid: Map<string, number[]>;
  collectionIdByName: Map<string, number>;
  multiIdByName: Map<string, number>;
  smartByName: Map<string, { id: number; query: string }>;
  playlistIdByName: Map<string, number>;
  playlistEntries: Map<number, PlaylistItem[]>;
  multiMembers: Map<number, MultiCollectionItem[]>;
  collectionMembers: Map<number, number[]>;
  collectionCustomOrder: Map<number, boolean>;
  smartQueryById: Map<number, string>;
}

const playlistName = (group: string, name: string) => `${group.toLowerCase()}\u0000${name.toLowerCase()}`;

export interface ResolvedTargetContent extends ResolvedPlayoutContent {
  /** Multi collections by key: their members as groups (each item in the first member that has it), for orders that use them. */
  groups: Record<string, OrderedGroup<MediaItem>[]>;
  /** Keys of collections whose stored custom order is their playback order. */
  customOrder: Set<string>;
}

/**
 * Turns a YAML playout definition's content sources into the builder's `content` input: the playable
 * leaf items (episodes, movies, other videos, music videos, songs) of every source, mapped to the
 * engine's `MediaItem`. A fixed number of queries per build (one per kind of lookup, plus one per
 * distinct search query), whatever the library size.
 */
const CACHE_ENTRIES = 16;

export class PlayoutContentService {
  /** Recent results by library revision + content sources (+ minute, for relative-date queries). */
  private readonly cache = new Map<string, Promise<ResolvedPlayoutContent>>();

  /** Recent `resolveTargets` results, keyed the same way. */
  private readonly targetCache = new Map<string, Promise<ResolvedTargetContent>>();

  constructor(
    private readonly db: Database,
    private readonly smartCollections: SmartCollectionService,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Resolves the definition's content. Channels built one after another over an unchanged library
   * share the work: the result is reused while the library revision, the content sources and the
   * minute stay the same. Callers must not modify the result.
   */
  async resolve(definition: PlayoutDefinition): Promise<ResolvedPlayoutContent> {
    const revision = await this.db.read((repos) => repos.settings.libraryRevision());
    const sources = JSON.stringify(definition.content, (key, value) => (key === "location" ? undefined : value));
    const key = `${revision}\n${Math.floor(this.clock() / 60_000)}\n${sources}`;
    let result = this.cache.get(key);
    if (!result) {
      result = this.resolveNow(definition);
      result.catch(() => this.cache.delete(key));
      if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, result);
    }
    return result;
  }

  private async resolveNow(definition: PlayoutDefinition): Promise<ResolvedPlayoutContent> {
    const sources = definition.content;
    const problems: ContentProblem[] = [];
    const lookups = await this.db.read((repos) => this.lookUp(repos, sources));

    // Every query to run: YAML searches, marathon searches, smart collections wherever they are used.
    const queries = new Set<string>();
    for (const source of sources) {
      if (source.kind === "search") queries.add(source.query);
      if (source.kind === "marathon") source.searches.forEach((q) => queries.add(q));
    }
    for (const query of lookups.smartQueryById.values()) queries.add(query);
    const matches = new Map<string, number[] | Error>();
    for (const query of queries) matches.set(query, await this.runQuery(query));

    // Raw ids (leaves or containers) per logical source; expanded to leaves once everything is known.
    const roots = new Set<number>();
    for (const ids of lookups.showByGuid.values()) ids.forEach((id) => roots.add(id));
    for (const ids of lookups.collectionMembers.values()) ids.forEach((id) => roots.add(id));
    for (const result of matches.values()) if (Array.isArray(result)) result.forEach((id) => roots.add(id));
    for (const entries of lookups.playlistEntries.values()) for (const e of entries) if (e.mediaItemId !== null) roots.add(e.mediaItemId);

    const items = await this.db.read((repos) => this.loadItems(repos, [...roots]));
    const expand = (ids: readonly number[], dedupe: boolean): MediaItem[] => expandRoots(items, ids, dedupe);
    const queryIds = (key: string, query: string, what: string): number[] => queryMatches(matches, problems, key, query, what);
    const smartIds = (key: string, id: number, name: string): number[] => queryIds(key, lookups.smartQueryById.get(id) ?? "", `the query of smart collection ${quote(name)}`);
    const multiMembers = (key: string, multiId: number): MemberIds[] =>
      (lookups.multiMembers.get(multiId) ?? []).map((m) =>
        m.collectionId !== null
          ? { key: `collection:${m.collectionId}`, ids: lookups.collectionMembers.get(m.collectionId) ?? [], scheduleAsGroup: m.scheduleAsGroup, customOrder: lookups.collectionCustomOrder.get(m.collectionId) === true }
          : { key: `smart:${m.smartCollectionId}`, ids: smartIds(key, m.smartCollectionId ?? 0, m.smartCollection?.name ?? String(m.smartCollectionId)), scheduleAsGroup: m.scheduleAsGroup, customOrder: false },
      );

    const content: Record<string, ResolvedContent> = {};
    for (const source of sources) {
      const problem = (message: string) => problems.push({ key: source.key, message });
      switch (source.kind) {
        case "show": {
          const guids = source.guids.map(normaliseGuid);
          const showId = guids.map((g) => lookups.showByGuid.get(guidKey(g))?.[0]).find((id) => id !== undefined);
          if (showId === undefined) problem(`no show has the guid ${guids.map(guidText).join(" or ")}`);
          content[source.key] = { items: showId === undefined ? [] : expand([showId], true) };
          break;
        }
        case "search":
          content[source.key] = { items: expand(queryIds(source.key, source.query, "search"), true) };
          break;
        case "collection": {
          const id = lookups.collectionIdByName.get(source.name.toLowerCase());
          if (id === undefined) problem(`collection ${quote(source.name)} does not exist`);
          content[source.key] = { items: id === undefined ? [] : expand(lookups.collectionMembers.get(id) ?? [], true) };
          break;
        }
        case "multiCollection": {
          const id = lookups.multiIdByName.get(source.name.toLowerCase());
          if (id === undefined) problem(`multi collection ${quote(source.name)} does not exist`);
          // The builder takes one item list ordered by the definition's `order`, so members are flattened
          // (in member order, each item once); `scheduleAsGroup` only applies to playlist entries.
          content[source.key] = { items: id === undefined ? [] : expand(multiMembers(source.key, id).flatMap((m) => m.ids), true) };
          break;
        }
        case "smartCollection": {
          const smart = lookups.smartByName.get(source.name.toLowerCase());
          if (!smart) problem(`smart collection ${quote(source.name)} does not exist`);
          content[source.key] = { items: smart ? expand(smartIds(source.key, smart.id, source.name), true) : [] };
          break;
        }
        case "playlist": {
          const id = lookups.playlistIdByName.get(playlistName(source.group, source.name));
          if (id === undefined) {
            problem(`playlist ${quote(source.name)} in group ${quote(source.group)} does not exist`);
            content[source.key] = { entries: [] };
            break;
          }
          const entries: PlaylistEntry<MediaItem>[] = [];
          for (const row of lookups.playlistEntries.get(id) ?? []) {
            const entry = this.playlistEntry(row, lookups, expand, multiMembers, (smartId) => smartIds(source.key, smartId, String(smartId)));
            if (entry) entries.push(entry);
            else problem(`playlist entry ${row.position + 1} (${row.collectionType}) has nothing to play from`);
          }
          content[source.key] = { entries };
          break;
        }
        case "marathon": {
          // §5.6: guid shows grouped by source (first appearance), then searches; no de-duplication.
          const bySource = new Map<string, Guid[]>();
          for (const guid of source.guids.map(normaliseGuid)) {
            const group = bySource.get(guid.source);
            if (group) group.push(guid);
            else bySource.set(guid.source, [guid]);
          }
          const out: MediaItem[] = [];
          for (const guids of bySource.values()) {
            const shows: number[] = [];
            for (const guid of guids) {
              const matched = lookups.showByGuid.get(guidKey(guid));
              if (!matched) problem(`no show has the guid ${guidText(guid)}`);
              else if (!shows.includes(matched[0])) shows.push(matched[0]);
            }
            out.push(...expand(shows, true));
          }
          for (const query of source.searches) out.push(...expand(queryIds(source.key, query, "search"), true));
          content[source.key] = { items: out };
          break;
        }
      }
    }
    return { content, problems };
  }

  private playlistEntry(
    row: PlaylistItem,
    lookups: Lookups,
    expand: (ids: readonly number[], dedupe: boolean) => MediaItem[],
    multiMembers: (key: string, multiId: number) => MemberIds[],
    smartIds: (smartId: number) => number[],
  ): PlaylistEntry<MediaItem> | undefined {
    const order = SIMPLE_ORDER[row.playbackOrder] ?? "chronological";
    const base = { order, ...(row.playAll ? { playAll: true } : {}), ...(!row.playAll && row.count !== null ? { count: row.count } : {}) };
    switch (row.collectionType) {
      case CollectionType.Collection:
        if (row.collectionId === null) return undefined;
        return { sourceKey: `collection:${row.collectionId}`, items: expand(lookups.collectionMembers.get(row.collectionId) ?? [], true), ...base };
      case CollectionType.TelevisionShow:
      case CollectionType.TelevisionSeason:
      case CollectionType.Artist:
      case CollectionType.MediaItem:
        if (row.mediaItemId === null) return undefined;
        return { sourceKey: `item:${row.mediaItemId}`, items: expand([row.mediaItemId], true), ...base };
      case CollectionType.SmartCollection:
        if (row.smartCollectionId === null) return undefined;
        return { sourceKey: `smart:${row.smartCollectionId}`, items: expand(smartIds(row.smartCollectionId), true), ...base };
      case CollectionType.MultiCollection: {
        if (row.multiCollectionId === null) return undefined;
        // Members keep their identity for the orders that use it: shuffle-in-order groups and "schedule as
        // group" blocks kept together by shuffle. Each item belongs to the first member that has it.
        const seen = new Set<number>();
        const groups: OrderedGroup<MediaItem>[] = multiMembers("", row.multiCollectionId).map((m) => {
          const items = expand(m.ids, true).filter((item) => !seen.has(item.id) && seen.add(item.id));
          return { key: m.key, items, scheduleAsGroup: m.scheduleAsGroup, ...(m.customOrder ? { customOrder: true } : {}) };
        });
        const options = multiCollectionOptions(order, groups);
        const items = groups.flatMap((g) => g.items);
        return { sourceKey: `multi:${row.multiCollectionId}`, items, ...base, ...(Object.keys(options).length ? { options } : {}) };
      }
      default:
        return undefined;
    }
  }

  /** First database round: names → ids, then the members and entries behind them. */
  private async lookUp(repos: Repositories, sources: readonly ContentSource[]): Promise<Lookups> {
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
      const key = guidKey(match);
      const list = showByGuid.get(key);
      if (list) list.push(match.showId);
      else showByGuid.set(key, [match.showId]);
    }

    // Playlists may point to multi collections; both may point to collections and smart collections.
    const entries = await repos.playlists.entries(playlistRows.map((p) => p.id));
    const multiIds = new Set(multis.map((m) => m.id));
    for (const e of entries) if (e.collectionType === CollectionType.MultiCollection && e.multiCollectionId !== null) multiIds.add(e.multiCollectionId);
    const members = await repos.multiCollections.members([...multiIds]);
    const collectionIds = new Set(collections.map((c) => c.id));
    const smartIds = new Set<number>();
    const customOrder = new Map<number, boolean>();
    for (const m of members) {
      if (m.collectionId !== null) {
        collectionIds.add(m.collectionId);
        customOrder.set(m.collectionId, m.collection?.useCustomPlaybackOrder === true);
      }
      if (m.smartCollectionId !== null && m.smartCollection) smartIds.add(m.smartCollectionId);
    }
    for (const e of entries) {
      if (e.collectionType === CollectionType.Collection && e.collectionId !== null) collectionIds.add(e.collectionId);
      if (e.collectionType === CollectionType.SmartCollection && e.smartCollectionId !== null) smartIds.add(e.smartCollectionId);
    }
    const smartQueryById = new Map<number, string>(smarts.map((s) => [s.id, s.query]));
    for (const m of members) if (m.smartCollection) smartQueryById.set(m.smartCollection.id, m.smartCollection.query);
    const missingSmart = [...smartIds].filter((id) => !smartQueryById.has(id));
    const [collectionRows, extraSmart] = await Promise.all([repo.collectionMembers([...collectionIds]), repo.smartCollectionsByIds(missingSmart)]);
    for (const s of extraSmart) smartQueryById.set(s.id, s.query);

    const collectionMembers = new Map<number, number[]>();
    for (const row of collectionRows) {
      const list = collectionMembers.get(row.collectionId);
      if (list) list.push(row.mediaItemId);
      else collectionMembers.set(row.collectionId, [row.mediaItemId]);
    }
    const group = <T,>(rows: T[], id: (row: T) => number) => {
      const map = new Map<number, T[]>();
      for (const row of rows) {
        const list = map.get(id(row));
        if (list) list.push(row);
        else map.set(id(row), [row]);
      }
      return map;
    };
    return {
      showByGuid,
      collectionIdByName: new Map(collections.map((c) => [c.name.toLowerCase(), c.id])),
      multiIdByName: new Map(multis.map((m) => [m.name.toLowerCase(), m.id])),
      smartByName: new Map(smarts.map((s) => [s.name.toLowerCase(), { id: s.id, query: s.query }])),
      playlistIdByName: new Map(playlistRows.map((p) => [playlistName(p.groupName, p.name), p.id])),
      playlistEntries: group(entries, (e) => e.playlistId),
      multiMembers: group(members, (m) => m.multiCollectionId),
      collectionMembers,
      collectionCustomOrder: customOrder,
      smartQueryById,
    };
  }

  private async runQuery(query: string): Promise<number[] | Error> {
    if (!query.trim()) return new Error("the query is empty");
    try {
      return await this.smartCollections.matchingIds(query);
    } catch (error) {
      if (error instanceof SearchQueryError || error instanceof DomainError) return error;
      throw error;
    }
  }

  /** Second database round: containers → their playable descendants, then every playable item with chapters and guids. */
  private async loadItems(repos: Repositories, roots: number[]): Promise<{ byId: Map<number, MediaItem>; children: Map<number, number[]> }> {
    const repo = repos.playoutContent;
    const children = new Map<number, number[]>();
    const all = new Set(roots);
    for (const row of await repo.descendants(roots)) {
      const list = children.get(row.rootId);
      if (list) list.push(row.id);
      else children.set(row.rootId, [row.id]);
      all.add(row.id);
    }
    const rows = await repo.playableItems([...all]);
    const [chapterRows, guidRows] = await Promise.all([repo.chapters(rows.map((r) => r.versionId)), repo.guids(rows.map((r) => r.id))]);
    const chapters = new Map<number, Chapter[]>();
    for (const c of chapterRows) {
      const chapter: Chapter = { startMs: c.startMs, endMs: c.endMs };
      if (c.title !== null && c.title !== "") chapter.title = c.title;
      const list = chapters.get(c.mediaVersionId);
      if (list) list.push(chapter);
      else chapters.set(c.mediaVersionId, [chapter]);
    }
    const guids = new Map<number, MediaGuid[]>();
    for (const g of guidRows) {
      const guid: MediaGuid = { source: g.source.toLowerCase(), value: String(g.value) };
      const list = guids.get(g.mediaItemId);
      if (list) list.push(guid);
      else guids.set(g.mediaItemId, [guid]);
    }
    const byId = new Map<number, MediaItem>();
    for (const row of rows) byId.set(row.id, toMediaItem(row, chapters.get(row.versionId), guids.get(row.id)));
    return { byId, children };
  }

  /**
   * Resolves content named by type and id (Classic schedules, filler presets) into the same `MediaItem`s,
   * one entry per distinct target key; cached like `resolve` (library revision, minute, targets).
   */
  async resolveTargets(targets: readonly ContentTarget[]): Promise<ResolvedTargetContent> {
    const unique = new Map(targets.map((t) => [contentTargetKey(t), t]));
    const keys = [...unique.keys()].sort();
    const revision = await this.db.read((repos) => repos.settings.libraryRevision());
    const key = `targets\n${revision}\n${Math.floor(this.clock() / 60_000)}\n${JSON.stringify(keys)}`;
    let result = this.targetCache.get(key);
    if (!result) {
      result = this.resolveTargetsNow(keys.map((k) => unique.get(k)!));
      result.catch(() => this.targetCache.delete(key));
      if (this.targetCache.size >= CACHE_ENTRIES) this.targetCache.delete(this.targetCache.keys().next().value!);
      this.targetCache.set(key, result);
    }
    return result;
  }

  private async resolveTargetsNow(targets: readonly ContentTarget[]): Promise<ResolvedTargetContent> {
    const problems: ContentProblem[] = [];
    const ids = (type: CollectionType, field: "collectionId" | "mediaItemId" | "multiCollectionId" | "smartCollectionId" | "playlistId") =>
      [...new Set(targets.filter((t) => t.collectionType === type && Number.isInteger(t[field])).map((t) => t[field] as number))];
    const lookups = await this.db.read(async (repos): Promise<Lookups & { collections: Set<number>; multis: Set<number>; playlists: Set<number> }> => {
      const [collections, multis, playlists, entries] = await Promise.all([
        repos.collections.findByIds(ids(CollectionType.Collection, "collectionId")),
        repos.multiCollections.findByIds(ids(CollectionType.MultiCollection, "multiCollectionId")),
        repos.playlists.findByIds(ids(CollectionType.Playlist, "playlistId")),
        repos.playlists.entries(ids(CollectionType.Playlist, "playlistId")),
      ]);
      const multiIds = new Set(multis.map((m) => m.id));
      for (const e of entries) if (e.collectionType === CollectionType.MultiCollection && e.multiCollectionId !== null) multiIds.add(e.multiCollectionId);
      const members = await repos.multiCollections.members([...multiIds]);
      const collectionIds = new Set(collections.map((c) => c.id));
      const customOrder = new Map<number, boolean>(collections.map((c) => [c.id, c.useCustomPlaybackOrder === true]));
      const smartIds = new Set(ids(CollectionType.SmartCollection, "smartCollectionId"));
      for (const m of members) {
        if (m.collectionId !== null) {
          collectionIds.add(m.collectionId);
          customOrder.set(m.collectionId, m.collection?.useCustomPlaybackOrder === true);
        }
        if (m.smartCollectionId !== null) smartIds.add(m.smartCollectionId);
      }
      for (const e of entries) {
        if (e.collectionType === CollectionType.Collection && e.collectionId !== null) collectionIds.add(e.collectionId);
        if (e.collectionType === CollectionType.SmartCollection && e.smartCollectionId !== null) smartIds.add(e.smartCollectionId);
      }
      const [memberRows, smarts] = await Promise.all([repos.playoutContent.collectionMembers([...collectionIds]), repos.playoutContent.smartCollectionsByIds([...smartIds])]);
      const collectionMembers = new Map<number, number[]>();
      for (const row of memberRows) {
        const list = collectionMembers.get(row.collectionId);
        if (list) list.push(row.mediaItemId);
        else collectionMembers.set(row.collectionId, [row.mediaItemId]);
      }
      const byId = <T extends { id: number }>(rows: T[], owner: (row: T) => number) => {
        const map = new Map<number, T[]>();
        for (const row of rows) {
          const list = map.get(owner(row));
          if (list) list.push(row);
          else map.set(owner(row), [row]);
        }
        return map;
      };
      return {
        showByGuid: new Map(),
        collectionIdByName: new Map(),
        multiIdByName: new Map(),
        smartByName: new Map(),
        playlistIdByName: new Map(),
        playlistEntries: byId(entries, (e) => e.playlistId),
        multiMembers: byId(members, (m) => m.multiCollectionId),
        collectionMembers,
        collectionCustomOrder: customOrder,
        smartQueryById: new Map(smarts.map((s) => [s.id, s.query])),
        collections: collectionIds,
        multis: new Set(multis.map((m) => m.id)),
        playlists: new Set(playlists.map((p) => p.id)),
      };
    });

    const queries = new Set<string>(lookups.smartQueryById.values());
    for (const t of targets) if (t.collectionType === CollectionType.SearchQuery) queries.add((t.searchQuery ?? "").trim());
    const matches = new Map<string, number[] | Error>();
    for (const query of queries) matches.set(query, await this.runQuery(query));

    const roots = new Set<number>();
    for (const t of targets) if (t.mediaItemId != null && t.collectionType !== CollectionType.Collection) roots.add(t.mediaItemId);
    for (const list of lookups.collectionMembers.values()) list.forEach((id) => roots.add(id));
    for (const result of matches.values()) if (Array.isArray(result)) result.forEach((id) => roots.add(id));
    for (const entries of lookups.playlistEntries.values()) for (const e of entries) if (e.mediaItemId !== null) roots.add(e.mediaItemId);
    const items = await this.db.read((repos) => this.loadItems(repos, [...roots]));
    const expand = (ids: readonly number[], dedupe: boolean): MediaItem[] => expandRoots(items, ids, dedupe);
    const queryIds = (key: string, query: string, what: string): number[] => queryMatches(matches, problems, key, query, what);
    const smartIds = (key: string, id: number): number[] => {
      const query = lookups.smartQueryById.get(id);
      if (query === undefined) {
        problems.push({ key, message: `smart collection ${id} does not exist` });
        return [];
      }
      return queryIds(key, query, `the query of smart collection ${id}`);
    };
    const multiMembers = (key: string, multiId: number): MemberIds[] =>
      (lookups.multiMembers.get(multiId) ?? []).map((m) =>
        m.collectionId !== null
          ? { key: `collection:${m.collectionId}`, ids: lookups.collectionMembers.get(m.collectionId) ?? [], scheduleAsGroup: m.scheduleAsGroup, customOrder: lookups.collectionCustomOrder.get(m.collectionId) === true }
          : { key: `smart:${m.smartCollectionId}`, ids: smartIds(key, m.smartCollectionId ?? 0), scheduleAsGroup: m.scheduleAsGroup, customOrder: false },
      );

    const content: Record<string, ResolvedContent> = {};
    const groups: Record<string, OrderedGroup<MediaItem>[]> = {};
    const customOrder = new Set<string>();
    for (const target of targets) {
      const key = contentTargetKey(target);
      const problem = (message: string) => problems.push({ key, message });
      switch (target.collectionType) {
        case CollectionType.Collection: {
          const id = target.collectionId ?? 0;
          if (!lookups.collections.has(id)) problem(`collection ${id} does not exist`);
          if (lookups.collectionCustomOrder.get(id)) customOrder.add(key);
          content[key] = { items: expand(lookups.collectionMembers.get(id) ?? [], true) };
          break;
        }
        case CollectionType.TelevisionShow:
        case CollectionType.TelevisionSeason:
        case CollectionType.Artist:
        case CollectionType.MediaItem:
          content[key] = { items: target.mediaItemId == null ? [] : expand([target.mediaItemId], true) };
          break;
        case CollectionType.SmartCollection:
          content[key] = { items: expand(smartIds(key, target.smartCollectionId ?? 0), true) };
          break;
        case CollectionType.SearchQuery:
          content[key] = { items: expand(queryIds(key, (target.searchQuery ?? "").trim(), "search"), true) };
          break;
        case CollectionType.MultiCollection: {
          const id = target.multiCollectionId ?? 0;
          if (!lookups.multis.has(id)) problem(`multi collection ${id} does not exist`);
          const seen = new Set<number>();
          groups[key] = multiMembers(key, id).map((m) => {
            const members = expand(m.ids, true).filter((item) => !seen.has(item.id) && seen.add(item.id));
            return { key: m.key, items: members, scheduleAsGroup: m.scheduleAsGroup, ...(m.customOrder ? { customOrder: true } : {}) };
          });
          content[key] = { items: groups[key].flatMap((g) => g.items) };
          break;
        }
        case CollectionType.Playlist: {
          const id = target.playlistId ?? 0;
          if (!lookups.playlists.has(id)) problem(`playlist ${id} does not exist`);
          const entries: PlaylistEntry<MediaItem>[] = [];
          for (const row of lookups.playlistEntries.get(id) ?? []) {
            const entry = this.playlistEntry(row, lookups, expand, multiMembers, (smartId) => smartIds(key, smartId));
            if (entry) entries.push(entry);
            else problem(`playlist entry ${row.position + 1} (${row.collectionType}) has nothing to play from`);
          }
          content[key] = { entries };
          break;
        }
      }
    }
    return { content, problems, groups, customOrder };
  }
}

/** A database row → the engine's item. Absent values are left out (never `undefined`). */
export function toMediaItem(row: PlayableItemRow, chapters: Chapter[] | undefined, guids: MediaGuid[] | undefined): MediaItem {
  const item: MediaItem = { id: row.id, kind: KIND[row.kind] ?? "otherVideo", title: row.title, durationMs: row.durationMs };
  if (row.sortTitle) item.sortTitle = row.sortTitle;
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
