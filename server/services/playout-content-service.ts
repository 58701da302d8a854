import type { Database } from "../db/database";
import type { ContentTarget } from "../db/entities/content-target";
import type { Repositories } from "../db/repositories";
import { CollectionType } from "../domain/enums";
import type { MediaItem, OrderedGroup } from "../playout/content";
import type { ResolvedContent } from "../playout/core";
import type { ContentSource, Guid, PlayoutDefinition } from "../playout/definition/model";
import { contentTargetKey } from "./content-targets";
import { DomainError } from "./domain-error";
import { ContentCache } from "./playout-content/content-cache";
import { ContentExpander, quote, type ContentProblem } from "./playout-content/content-expansion";
import { guidKey, loadContentGraph, loadItems, lookUpNames, normaliseGuid, playlistName, type ContentGraph, type ContentSeeds, type NamedIds } from "./playout-content/content-lookup";
import { SearchQueryError } from "./search";
import type { SmartCollectionService } from "./smart-collection-service";

export type { ContentProblem } from "./playout-content/content-expansion";
export { toMediaItem } from "./playout-content/content-lookup";

export interface ResolvedPlayoutContent {
  /** One entry per content key of the definition (empty content for keys with a problem). */
  content: Record<string, ResolvedContent>;
  problems: ContentProblem[];
}

export interface ResolvedTargetContent extends ResolvedPlayoutContent {
  /** Multi collections by key: their members as groups (each item in the first member that has it), for orders that use them. */
  groups: Record<string, OrderedGroup<MediaItem>[]>;
  /** Keys of collections whose stored custom order is their playback order. */
  customOrder: Set<string>;
}

const guidText = (g: Guid) => `${g.source}://${g.value}`;

/**
 * Resolves content to playable media: the named sources of YAML definitions (`resolve`) and the targets of
 * schedule items, block items and filler presets (`resolveTargets`). Both look up the same graph of
 * definitions, run each distinct search once, load the items in one round and expand them the same way:
 * a fixed number of queries per build, whatever the library size. Results are cached while the library
 * revision, the content and the minute (relative-date queries) stay the same; callers must not modify them.
 */
export class PlayoutContentService {
  private readonly cache = new ContentCache<ResolvedPlayoutContent>();
  private readonly targetCache = new ContentCache<ResolvedTargetContent>();

  constructor(
    private readonly db: Database,
    private readonly smartCollections: SmartCollectionService,
    private readonly clock: () => number = Date.now,
  ) {}

  async resolve(definition: PlayoutDefinition): Promise<ResolvedPlayoutContent> {
    const sources = JSON.stringify(definition.content, (key, value) => (key === "location" ? undefined : value));
    return this.cache.get(await this.cacheKey(sources), () => this.resolveSources(definition.content));
  }

  /** One entry per distinct target key. */
  async resolveTargets(targets: readonly ContentTarget[]): Promise<ResolvedTargetContent> {
    const unique = new Map(targets.map((t) => [contentTargetKey(t), t]));
    const keys = [...unique.keys()].sort();
    return this.targetCache.get(await this.cacheKey(JSON.stringify(keys)), () => this.resolveTargetsNow(keys.map((k) => unique.get(k)!)));
  }

  private async cacheKey(content: string): Promise<string> {
    const revision = await this.db.read((repos) => repos.settings.libraryRevision());
    return `${revision}\n${Math.floor(this.clock() / 60_000)}\n${content}`;
  }

  private async resolveSources(sources: readonly ContentSource[]): Promise<ResolvedPlayoutContent> {
    const { names, graph } = await this.db.read(async (repos) => {
      const names = await lookUpNames(repos, sources);
      return { names, graph: await loadContentGraph(repos, seedsOf(names)) };
    });
    const searches = sources.flatMap((s) => (s.kind === "search" ? [s.query] : s.kind === "marathon" ? s.searches : []));
    const shows = [...names.showByGuid.values()].flat();
    const problems: ContentProblem[] = [];
    const smartLabel = (id: number) => quote(graph.smartCollections.get(id)?.name ?? String(id));
    const expander = await this.expander(graph, searches, shows, problems, smartLabel);
    const content: Record<string, ResolvedContent> = {};
    for (const source of sources) content[source.key] = sourceContent(source, names, expander, (message) => problems.push({ key: source.key, message }));
    return { content, problems };
  }

  private async resolveTargetsNow(targets: readonly ContentTarget[]): Promise<ResolvedTargetContent> {
    const ids = (type: CollectionType, field: "collectionId" | "multiCollectionId" | "smartCollectionId" | "playlistId") =>
      targets.filter((t) => t.collectionType === type && Number.isInteger(t[field])).map((t) => t[field] as number);
    const graph = await this.db.read((repos) =>
      loadContentGraph(repos, {
        collectionIds: ids(CollectionType.Collection, "collectionId"),
        multiCollectionIds: ids(CollectionType.MultiCollection, "multiCollectionId"),
        smartCollectionIds: ids(CollectionType.SmartCollection, "smartCollectionId"),
        playlistIds: ids(CollectionType.Playlist, "playlistId"),
      }),
    );
    const searches = targets.filter((t) => t.collectionType === CollectionType.SearchQuery).map((t) => (t.searchQuery ?? "").trim());
    const media = targets.filter((t) => t.mediaItemId != null && t.collectionType !== CollectionType.Collection).map((t) => t.mediaItemId as number);
    const problems: ContentProblem[] = [];
    const expander = await this.expander(graph, searches, media, problems, String);
    const content: Record<string, ResolvedContent> = {};
    const groups: Record<string, OrderedGroup<MediaItem>[]> = {};
    const customOrder = new Set<string>();
    for (const target of targets) {
      const key = contentTargetKey(target);
      const problem = (message: string) => problems.push({ key, message });
      switch (target.collectionType) {
        case CollectionType.Collection: {
          const id = target.collectionId ?? 0;
          if (!graph.collections.has(id)) problem(`collection ${id} does not exist`);
          if (graph.collectionCustomOrder.get(id)) customOrder.add(key);
          content[key] = { items: expander.collection(id) };
          break;
        }
        case CollectionType.TelevisionShow:
        case CollectionType.TelevisionSeason:
        case CollectionType.Artist:
        case CollectionType.MediaItem:
          content[key] = { items: target.mediaItemId == null ? [] : expander.expand([target.mediaItemId]) };
          break;
        case CollectionType.SmartCollection:
          content[key] = { items: expander.expand(expander.smartIds(key, target.smartCollectionId ?? 0)) };
          break;
        case CollectionType.SearchQuery:
          content[key] = { items: expander.expand(expander.queryIds(key, (target.searchQuery ?? "").trim(), "search")) };
          break;
        case CollectionType.MultiCollection: {
          const id = target.multiCollectionId ?? 0;
          if (!graph.multiCollections.has(id)) problem(`multi collection ${id} does not exist`);
          groups[key] = expander.multiGroups(key, id);
          content[key] = { items: groups[key].flatMap((g) => g.items) };
          break;
        }
        case CollectionType.Playlist: {
          const id = target.playlistId ?? 0;
          if (!graph.playlists.has(id)) problem(`playlist ${id} does not exist`);
          content[key] = { entries: expander.playlistEntries(key, id) };
          break;
        }
      }
    }
    return { content, problems, groups, customOrder };
  }

  /** Runs every search (and every smart collection's query) once, then loads every item they and `roots` reach. */
  private async expander(graph: ContentGraph, searches: readonly string[], roots: readonly number[], problems: ContentProblem[], smartLabel: (id: number) => string): Promise<ContentExpander> {
    const queries = new Set(searches);
    for (const smart of graph.smartCollections.values()) queries.add(smart.query);
    const matches = new Map<string, number[] | Error>();
    for (const query of queries) matches.set(query, await this.runQuery(query));
    const all = new Set(roots);
    for (const members of graph.collectionMembers.values()) members.forEach((id) => all.add(id));
    for (const result of matches.values()) if (Array.isArray(result)) result.forEach((id) => all.add(id));
    for (const entries of graph.playlistEntries.values()) for (const e of entries) if (e.mediaItemId !== null) all.add(e.mediaItemId);
    const items = await this.db.read((repos: Repositories) => loadItems(repos, all));
    return new ContentExpander({ graph, items, matches, problems, smartLabel });
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
}

function seedsOf(names: NamedIds): ContentSeeds {
  return {
    collectionIds: names.collectionIdByName.values(),
    multiCollectionIds: names.multiIdByName.values(),
    smartCollectionIds: names.smartIdByName.values(),
    playlistIds: names.playlistIdByName.values(),
  };
}

/** One YAML source's content: its names looked up, then the shared expansion. */
function sourceContent(source: ContentSource, names: NamedIds, expander: ContentExpander, problem: (message: string) => void): ResolvedContent {
  switch (source.kind) {
    case "show": {
      const guids = source.guids.map(normaliseGuid);
      const showId = guids.map((g) => names.showByGuid.get(guidKey(g))?.[0]).find((id) => id !== undefined);
      if (showId === undefined) problem(`no show has the guid ${guids.map(guidText).join(" or ")}`);
      return { items: showId === undefined ? [] : expander.expand([showId]) };
    }
    case "search":
      return { items: expander.expand(expander.queryIds(source.key, source.query, "search")) };
    case "collection": {
      const id = names.collectionIdByName.get(source.name.toLowerCase());
      if (id === undefined) problem(`collection ${quote(source.name)} does not exist`);
      return { items: id === undefined ? [] : expander.collection(id) };
    }
    case "multiCollection": {
      const id = names.multiIdByName.get(source.name.toLowerCase());
      if (id === undefined) problem(`multi collection ${quote(source.name)} does not exist`);
      // The builder takes one item list ordered by the definition's `order`, so members are flattened
      // (in member order, each item once); `scheduleAsGroup` only applies to playlist entries.
      return { items: id === undefined ? [] : expander.multiGroups(source.key, id).flatMap((g) => g.items) };
    }
    case "smartCollection": {
      const id = names.smartIdByName.get(source.name.toLowerCase());
      if (id === undefined) problem(`smart collection ${quote(source.name)} does not exist`);
      return { items: id === undefined ? [] : expander.expand(expander.smartIds(source.key, id, quote(source.name))) };
    }
    case "playlist": {
      const id = names.playlistIdByName.get(playlistName(source.group, source.name));
      if (id === undefined) problem(`playlist ${quote(source.name)} in group ${quote(source.group)} does not exist`);
      return { entries: id === undefined ? [] : expander.playlistEntries(source.key, id) };
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
          const matched = names.showByGuid.get(guidKey(guid));
          if (!matched) problem(`no show has the guid ${guidText(guid)}`);
          else if (!shows.includes(matched[0])) shows.push(matched[0]);
        }
        out.push(...expander.expand(shows));
      }
      for (const query of source.searches) out.push(...expander.expand(expander.queryIds(source.key, query, "search")));
      return { items: out };
    }
  }
}
