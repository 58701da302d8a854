import { ContentTarget } from "../../db/entities/content-target";
import type { Repositories } from "../../db/repositories";
import { ChannelGrouping, CollectionType } from "../../domain/enums";

/** A group of the library that could become a channel: its name, M3U group and what it plays. */
export interface CandidateGroup {
  name: string;
  /** The channel's M3U group: Networks, Genres, Decades, Collections or Shows. */
  channelGroup: string;
  /** A search that keeps the channel up to date as the library grows (stored as a smart collection); null when it plays a collection or show as it is. */
  query: string | null;
  /** What the channel plays (a search while previewing; the smart collection once created). */
  target: ContentTarget;
}

/** A name as a quoted term of the search language. */
export function quoted(name: string): string {
  return `"${name.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function target(fields: Partial<ContentTarget> & { collectionType: CollectionType }): ContentTarget {
  return Object.assign(new ContentTarget(), { collectionId: null, mediaItemId: null, multiCollectionId: null, smartCollectionId: null, playlistId: null, searchQuery: null }, fields);
}

function searched(name: string, channelGroup: string, query: string): CandidateGroup {
  return { name, channelGroup, query, target: target({ collectionType: CollectionType.SearchQuery, searchQuery: query }) };
}

/** Every group of the library for a grouping, each once (names without regard to letter case). */
export async function candidateGroups(repos: Repositories, grouping: ChannelGrouping): Promise<CandidateGroup[]> {
  switch (grouping) {
    case ChannelGrouping.Network:
      // Episodes carry their show's network: a show's studio counts for its episodes.
      return (await repos.catalog.tagNames("studio")).map((name) => searched(name, "Networks", `studio:${quoted(name)} OR show_studio:${quoted(name)}`));
    case ChannelGrouping.Genre:
      return (await repos.catalog.tagNames("genre")).map((name) => searched(name, "Genres", `genre:${quoted(name)} OR show_genre:${quoted(name)}`));
    case ChannelGrouping.Decade:
      return (await repos.catalog.decades()).map((decade) => searched(`${decade}s`, "Decades", `year:[${decade} TO ${decade + 9}]`));
    case ChannelGrouping.Collection:
      return (await repos.collections.list()).map((c) => ({ name: c.name, channelGroup: "Collections", query: null, target: target({ collectionType: CollectionType.Collection, collectionId: c.id }) }));
    case ChannelGrouping.Show:
      return (await repos.catalog.shows()).map((s) => ({ name: s.title, channelGroup: "Shows", query: null, target: target({ collectionType: CollectionType.TelevisionShow, mediaItemId: s.id }) }));
  }
}
