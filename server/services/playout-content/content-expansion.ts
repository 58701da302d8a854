import type { PlaylistItem } from "../../db/entities/playlist";
import { CollectionType } from "../../domain/enums";
import type { MediaItem, OrderedGroup, PlaylistEntry } from "../../playout/content";
import { multiCollectionOptions, SIMPLE_ORDER } from "../../playout/content";
import type { ContentGraph, LoadedItems } from "./content-lookup";

/** A content source that names something missing (or a query that does not run); the build reports it. */
export interface ContentProblem {
  key: string;
  message: string;
}

export const quote = (name: string) => `"${name}"`;

export interface ExpansionInput {
  graph: ContentGraph;
  items: LoadedItems;
  /** The ids each search query matched, or why it cannot run. */
  matches: ReadonlyMap<string, number[] | Error>;
  /** Problems found while expanding are added here, in the order the content is expanded. */
  problems: ContentProblem[];
  /** How problems name a smart collection (YAML definitions by name, targets by id). */
  smartLabel: (id: number) => string;
}

/**
 * Turns what the graph holds into the engine's items: containers into their playable leaves, multi
 * collections into member groups, playlists into entries. The one expansion every kind of content uses.
 */
export class ContentExpander {
  constructor(private readonly input: ExpansionInput) {}

  /** Each root item followed by its descendants (leaves), each item once. */
  expand(roots: readonly number[]): MediaItem[] {
    const { byId, children } = this.input.items;
    const out: MediaItem[] = [];
    const seen = new Set<number>();
    for (const root of roots) {
      for (const id of [root, ...(children.get(root) ?? [])]) {
        const item = byId.get(id);
        if (!item || seen.has(id)) continue;
        seen.add(id);
        out.push(item);
      }
    }
    return out;
  }

  /** The ids a search query matched; a query that cannot run is a problem of `key`. */
  queryIds(key: string, query: string, what: string): number[] {
    const result = this.input.matches.get(query);
    if (Array.isArray(result)) return result;
    this.problem(key, `${what} ${quote(query)} cannot run: ${result?.message ?? "unknown query"}`);
    return [];
  }

  /** The ids a smart collection's query matches. */
  smartIds(key: string, id: number, label = this.input.smartLabel(id)): number[] {
    const smart = this.input.graph.smartCollections.get(id);
    if (!smart) {
      this.problem(key, `smart collection ${label} does not exist`);
      return [];
    }
    return this.queryIds(key, smart.query, `the query of smart collection ${label}`);
  }

  collection(id: number): MediaItem[] {
    return this.expand(this.input.graph.collectionMembers.get(id) ?? []);
  }

  /** A multi collection's members as groups, in member order; each item belongs to the first member that has it. */
  multiGroups(key: string, id: number): OrderedGroup<MediaItem>[] {
    const { graph } = this.input;
    const seen = new Set<number>();
    return (graph.multiMembers.get(id) ?? []).map((m) => {
      const member =
        m.collectionId !== null
          ? { key: `collection:${m.collectionId}`, ids: graph.collectionMembers.get(m.collectionId) ?? [], customOrder: graph.collectionCustomOrder.get(m.collectionId) === true }
          : { key: `smart:${m.smartCollectionId}`, ids: this.smartIds(key, m.smartCollectionId ?? 0), customOrder: false };
      const items = this.expand(member.ids).filter((item) => !seen.has(item.id) && seen.add(item.id));
      return { key: member.key, items, scheduleAsGroup: m.scheduleAsGroup, ...(member.customOrder ? { customOrder: true } : {}) };
    });
  }

  /** A playlist's entries; an entry with nothing to play from is a problem of `key`. */
  playlistEntries(key: string, id: number): PlaylistEntry<MediaItem>[] {
    const entries: PlaylistEntry<MediaItem>[] = [];
    for (const row of this.input.graph.playlistEntries.get(id) ?? []) {
      const entry = this.playlistEntry(key, row);
      if (entry) entries.push(entry);
      else this.problem(key, `playlist entry ${row.position + 1} (${row.collectionType}) has nothing to play from`);
    }
    return entries;
  }

  private playlistEntry(key: string, row: PlaylistItem): PlaylistEntry<MediaItem> | undefined {
    const order = SIMPLE_ORDER[row.playbackOrder] ?? "chronological";
    const base = { order, ...(row.playAll ? { playAll: true } : {}), ...(!row.playAll && row.count !== null ? { count: row.count } : {}) };
    switch (row.collectionType) {
      case CollectionType.Collection:
        if (row.collectionId === null) return undefined;
        return { sourceKey: `collection:${row.collectionId}`, items: this.collection(row.collectionId), ...base };
      case CollectionType.TelevisionShow:
      case CollectionType.TelevisionSeason:
      case CollectionType.Artist:
      case CollectionType.MediaItem:
        if (row.mediaItemId === null) return undefined;
        return { sourceKey: `item:${row.mediaItemId}`, items: this.expand([row.mediaItemId]), ...base };
      case CollectionType.SmartCollection:
        if (row.smartCollectionId === null) return undefined;
        return { sourceKey: `smart:${row.smartCollectionId}`, items: this.expand(this.smartIds(key, row.smartCollectionId)), ...base };
      case CollectionType.MultiCollection: {
        if (row.multiCollectionId === null) return undefined;
        // Members keep their identity for the orders that use it: shuffle-in-order groups and "schedule as
        // group" blocks kept together by shuffle.
        const groups = this.multiGroups("", row.multiCollectionId);
        const options = multiCollectionOptions(order, groups);
        return { sourceKey: `multi:${row.multiCollectionId}`, items: groups.flatMap((g) => g.items), ...base, ...(Object.keys(options).length ? { options } : {}) };
      }
      default:
        return undefined;
    }
  }

  private problem(key: string, message: string): void {
    this.input.problems.push({ key, message });
  }
}
