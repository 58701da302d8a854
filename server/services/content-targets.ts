import type { ContentTarget } from "../db/entities/content-target";
import type { MediaItem as MediaItemRow } from "../db/entities/media-item";
import type { Repositories } from "../db/repositories";
import { CollectionType, MediaItemKind } from "../domain/enums";
import { DomainError } from "./domain-error";
import { parseSearchQuery } from "./search";
import type { Violations } from "./validation/violations";

/** What a client sends for the content of an entry: a collection type and the one id that names it; every other id must be absent. */
export interface ContentRefInput {
  /** Collection, TelevisionShow, TelevisionSeason, Artist, MultiCollection, SmartCollection, Playlist, SearchQuery or MediaItem (which ones depends on the owner). */
  collectionType: CollectionType;
  /**
   * With `Collection`.
   * @isInt
   */
  collectionId?: number | null;
  /**
   * With `TelevisionShow` (a show), `TelevisionSeason` (a season), `Artist` (an artist) and `MediaItem` (a playable item).
   * @isInt
   */
  mediaItemId?: number | null;
  /**
   * With `MultiCollection`.
   * @isInt
   */
  multiCollectionId?: number | null;
  /**
   * With `SmartCollection`.
   * @isInt
   */
  smartCollectionId?: number | null;
}

/** The content of a schedule item, block item or filler preset: an entry's content, or a playlist or a search. */
export type ContentTargetInput = ContentRefInput & {
  /**
   * With `Playlist`.
   * @isInt
   */
  playlistId?: number | null;
  /** With `SearchQuery`: a query in the search language. */
  searchQuery?: string | null;
};

export type TargetField = Exclude<keyof ContentTargetInput, "collectionType">;
type IdField = Exclude<TargetField, "searchQuery">;

export const TARGET_FIELDS: readonly TargetField[] = ["collectionId", "mediaItemId", "multiCollectionId", "smartCollectionId", "playlistId", "searchQuery"];

/** The kinds of content an owner may play, and the field each one needs. */
export type TargetRules = Readonly<Partial<Record<CollectionType, TargetField>>>;

/** The field each kind of content needs. */
const FIELD_FOR: Readonly<Record<CollectionType, TargetField>> = {
  [CollectionType.Collection]: "collectionId",
  [CollectionType.TelevisionShow]: "mediaItemId",
  [CollectionType.TelevisionSeason]: "mediaItemId",
  [CollectionType.Artist]: "mediaItemId",
  [CollectionType.MediaItem]: "mediaItemId",
  [CollectionType.MultiCollection]: "multiCollectionId",
  [CollectionType.SmartCollection]: "smartCollectionId",
  [CollectionType.Playlist]: "playlistId",
  [CollectionType.SearchQuery]: "searchQuery",
};

/** The rules of an owner that may play `types` (listed in this order in messages). */
const allow = (...types: CollectionType[]): TargetRules => Object.fromEntries(types.map((type) => [type, FIELD_FOR[type]]));

const { Collection, TelevisionShow, TelevisionSeason, Artist, MediaItem, MultiCollection, SmartCollection, Playlist, SearchQuery } = CollectionType;

/** Schedule items and block items. */
export const SCHEDULE_TARGETS = allow(Collection, TelevisionShow, TelevisionSeason, Artist, MultiCollection, SmartCollection, Playlist, SearchQuery);

/** Filler presets: no searches, but single playable items. */
export const FILLER_TARGETS = allow(Collection, TelevisionShow, TelevisionSeason, Artist, MultiCollection, SmartCollection, Playlist, MediaItem);

/** Playlist entries: no artists, playlists or searches. */
export const PLAYLIST_TARGETS = allow(Collection, TelevisionShow, TelevisionSeason, SmartCollection, MultiCollection, MediaItem);

const GROUP_KIND: Partial<Record<CollectionType, MediaItemKind>> = {
  [CollectionType.TelevisionShow]: MediaItemKind.Show,
  [CollectionType.TelevisionSeason]: MediaItemKind.Season,
  [CollectionType.Artist]: MediaItemKind.Artist,
};

/** Kinds a `MediaItem` target may name: things that play on their own. */
const PLAYABLE_KINDS: readonly MediaItemKind[] = [MediaItemKind.Movie, MediaItemKind.Episode, MediaItemKind.OtherVideo, MediaItemKind.MusicVideo, MediaItemKind.Song, MediaItemKind.RemoteStream];

/** The targets that exist, looked up once for a whole list of items. */
export interface KnownTargets {
  collections: Set<number>;
  multiCollections: Set<number>;
  smartCollections: Set<number>;
  playlists: Set<number>;
  media: Map<number, MediaItemRow>;
}

export async function lookUpTargets(repos: Repositories, inputs: readonly ContentTargetInput[], rules: TargetRules): Promise<KnownTargets> {
  const wanted = (field: IdField) =>
    [...new Set(inputs.filter((i) => rules[i.collectionType] === field).map((i) => i[field]).filter((id): id is number => Number.isInteger(id)))];
  const [collections, multiCollections, smartCollections, playlists, media] = await Promise.all([
    repos.collections.findByIds(wanted("collectionId")),
    repos.multiCollections.findByIds(wanted("multiCollectionId")),
    repos.multiCollections.smartCollectionsByIds(wanted("smartCollectionId")),
    repos.playlists.findByIds(wanted("playlistId")),
    repos.mediaItems.findByIds(wanted("mediaItemId")),
  ]);
  return {
    collections: new Set(collections.map((c) => c.id)),
    multiCollections: new Set(multiCollections.map((c) => c.id)),
    smartCollections: new Set(smartCollections.map((c) => c.id)),
    playlists: new Set(playlists.map((p) => p.id)),
    media: new Map(media.map((m) => [m.id, m])),
  };
}

const article = (kind: MediaItemKind) => (kind === MediaItemKind.Artist ? "an" : "a");

function mediaProblem(type: CollectionType, id: number, media: MediaItemRow | undefined): string | undefined {
  if (!media) return `media item ${id} does not exist`;
  const group = GROUP_KIND[type];
  if (group) return media.kind === group ? undefined : `media item ${id} is a ${media.kind}, not ${article(group)} ${group}`;
  if (PLAYABLE_KINDS.includes(media.kind)) return undefined;
  const hint = media.kind === MediaItemKind.Show ? "; use collectionType TelevisionShow" : media.kind === MediaItemKind.Season ? "; use collectionType TelevisionSeason" : "";
  return `media item ${id} is a ${media.kind}, which does not play on its own${hint}`;
}

/** Why a target cannot be used, if it cannot. */
function targetProblem(type: CollectionType, field: TargetField, value: number | string, known: KnownTargets): string | undefined {
  if (field === "searchQuery") {
    if (typeof value !== "string" || !value.trim()) return "is required for collectionType SearchQuery";
    try {
      parseSearchQuery(value);
      return undefined;
    } catch (error) {
      if (error instanceof DomainError) return `is not a valid search query: ${error.message}`;
      throw error;
    }
  }
  if (!Number.isInteger(value)) return "must be a whole number";
  const id = value as number;
  switch (field) {
    case "collectionId":
      return known.collections.has(id) ? undefined : `collection ${id} does not exist`;
    case "multiCollectionId":
      return known.multiCollections.has(id) ? undefined : `multi collection ${id} does not exist`;
    case "smartCollectionId":
      return known.smartCollections.has(id) ? undefined : `smart collection ${id} does not exist`;
    case "playlistId":
      return known.playlists.has(id) ? undefined : `playlist ${id} does not exist`;
    case "mediaItemId":
      return mediaProblem(type, id, known.media.get(id));
  }
}

/**
 * Checks an item's target against the owner's rules (field names start with `at`) and returns the target
 * to store: the field the type needs, the others null. The one check of every owner of a target.
 */
export function checkTarget(v: Violations, at: string, item: ContentTargetInput, known: KnownTargets, rules: TargetRules): ContentTarget {
  const target = rules[item.collectionType];
  if (!target) v.add(`${at}collectionType`, `must be one of ${Object.keys(rules).join(", ")}`);
  else {
    for (const field of TARGET_FIELDS) {
      const value = item[field] ?? null;
      if (field !== target) {
        if (value !== null) v.add(`${at}${field}`, `must not be given for collectionType ${item.collectionType}`);
      } else if (value === null || value === "") {
        v.add(`${at}${field}`, `is required for collectionType ${item.collectionType}`);
      } else {
        const problem = targetProblem(item.collectionType, field, value, known);
        if (problem) v.add(`${at}${field}`, problem);
      }
    }
  }
  const id = (field: IdField) => (field === target ? (item[field] ?? null) : null);
  return {
    collectionType: item.collectionType,
    collectionId: id("collectionId"),
    mediaItemId: id("mediaItemId"),
    multiCollectionId: id("multiCollectionId"),
    smartCollectionId: id("smartCollectionId"),
    playlistId: id("playlistId"),
    searchQuery: target === "searchQuery" ? String(item.searchQuery ?? "").trim() : null,
  };
}

/** The key a target's content is stored under (the same target always gives the same key). */
export function contentTargetKey(target: ContentTargetInput): string {
  switch (target.collectionType) {
    case CollectionType.Collection:
      return `collection:${target.collectionId}`;
    case CollectionType.TelevisionShow:
      return `show:${target.mediaItemId}`;
    case CollectionType.TelevisionSeason:
      return `season:${target.mediaItemId}`;
    case CollectionType.Artist:
      return `artist:${target.mediaItemId}`;
    case CollectionType.MediaItem:
      return `item:${target.mediaItemId}`;
    case CollectionType.MultiCollection:
      return `multi:${target.multiCollectionId}`;
    case CollectionType.SmartCollection:
      return `smart:${target.smartCollectionId}`;
    case CollectionType.Playlist:
      return `playlist:${target.playlistId}`;
    case CollectionType.SearchQuery:
      return `search:${(target.searchQuery ?? "").trim()}`;
  }
}
