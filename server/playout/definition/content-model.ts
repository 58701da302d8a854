/** The content sources a YAML playout names (§5): what each `content` entry resolves to. */
import type { SourceLocation } from "./model";

/** `chronological`: release date, then season, episode, album, track, id (§5.3). `shuffle`: seeded, position-addressed (§5.4). */
export type ContentOrder = "chronological" | "shuffle";

/** A show identifier such as `tvdb://79168`; an integer in YAML arrives here as text. */
export interface Guid {
  source: string;
  value: string;
}

interface ContentBase {
  /** The name instructions use in `content`/`fallback`. Also the identity of saved progress (§1.3). */
  key: string;
  /** 0-based position in `PlayoutDefinition.content`; part of the shuffle seed. */
  index: number;
  location: SourceLocation;
}

/** Every episode of the FIRST show matched by the guids, tried in order (§5.2). */
export interface ShowContent extends ContentBase {
  kind: "show";
  guids: Guid[];
  order: ContentOrder;
}

/** Search-index results for `query` (same engine as smart collections). */
export interface SearchContent extends ContentBase {
  kind: "search";
  query: string;
  order: ContentOrder;
}

/** A manual collection, looked up by exact name. A name that matches nothing gives no items, not an error. */
export interface CollectionContent extends ContentBase {
  kind: "collection";
  name: string;
  order: ContentOrder;
}

/** All items of a multi collection, by exact name. */
export interface MultiCollectionContent extends ContentBase {
  kind: "multiCollection";
  name: string;
  order: ContentOrder;
}

/** The saved query results of a smart collection, by exact name. */
export interface SmartCollectionContent extends ContentBase {
  kind: "smartCollection";
  name: string;
  order: ContentOrder;
}

/** A playlist found by group and name; each playlist item brings its own order/count settings (§5.7). */
export interface PlaylistContent extends ContentBase {
  kind: "playlist";
  /** `playlist` */
  name: string;
  /** `playlist_group` */
  group: string;
}

/** Marathon grouping (§5.6). */
export type MarathonGroupBy = "show" | "season" | "artist" | "album";

/**
 * Items of every guid's show (guids grouped by source, in first-appearance order), then every
 * search's results, without de-duplication, split into groups by `groupBy` (§5.6).
 * Validation requires `groupBy` and at least one guid or search, since without them upstream
 * silently yields no items.
 */
export interface MarathonContent extends ContentBase {
  kind: "marathon";
  guids: Guid[];
  searches: string[];
  groupBy: MarathonGroupBy;
  /** Order inside each group; default `shuffle`. */
  itemOrder: ContentOrder;
  /** true: play a group until it wraps before moving on; false (default): one item per group, round-robin. */
  playAllItems: boolean;
  /** Shuffle the group order (only matters with 3 or more groups); default false. */
  shuffleGroups: boolean;
}

export type ContentSource =
  | ShowContent
  | SearchContent
  | CollectionContent
  | MultiCollectionContent
  | SmartCollectionContent
  | PlaylistContent
  | MarathonContent;
