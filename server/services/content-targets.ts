import type { MediaItem } from "../db/entities/media-item";
import type { Repositories } from "../db/repositories";
import { CollectionType, MediaItemKind } from "../domain/enums";
import { DomainError } from "./domain-error";
import { parseSearchQuery } from "./search";
import type { Violations } from "./validation/violations";

/**
 * What a schedule item or block item plays: a collection type and the one field that names the content.
 * Shared by schedules and blocks so both check targets by the same rules.
 */
export type TargetField = "collectionId" | "mediaItemId" | "multiCollectionId" | "smartCollectionId" | "playlistId" | "searchQuery";

export const TARGET_FIELDS: readonly TargetField[] = ["collectionId", "mediaItemId", "multiCollectionId", "smartCollectionId", "playlistId", "searchQuery"];

/** The kinds of content a schedule or block item may play, and the field each one needs. */
export const SCHEDULE_TARGET_FIELD: Readonly<Partial<Record<CollectionType, TargetField>>> = {
  [CollectionType.Collection]: "collectionId",
  [CollectionType.TelevisionShow]: "mediaItemId",
  [CollectionType.TelevisionSeason]: "mediaItemId",
  [CollectionType.Artist]: "mediaItemId",
  [CollectionType.MultiCollection]: "multiCollectionId",
  [CollectionType.SmartCollection]: "smartCollectionId",
  [CollectionType.Playlist]: "playlistId",
  [CollectionType.SearchQuery]: "searchQuery",
};

const MEDIA_KIND_FOR: Partial<Record<CollectionType, MediaItemKind>> = {
  [CollectionType.TelevisionShow]: MediaItemKind.Show,
  [CollectionType.TelevisionSeason]: MediaItemKind.Season,
  [CollectionType.Artist]: MediaItemKind.Artist,
};

export type TargetInput = { collectionType: CollectionType } & { [F in TargetField]?: (F extends "searchQuery" ? string : number) | null };

/** The targets that exist, looked up once for a whole list of items. */
export interface KnownTargets {
  collections: Set<number>;
  multiCollections: Set<number>;
  smartCollections: Set<number>;
  playlists: Set<number>;
  media: Map<number, MediaItem>;
}

export async function lookUpTargets(repos: Repositories, inputs: readonly TargetInput[]): Promise<KnownTargets> {
  const wanted = (field: Exclude<TargetField, "searchQuery">) =>
    [...new Set(inputs.filter((i) => SCHEDULE_TARGET_FIELD[i.collectionType] === field).map((i) => i[field]).filter((id): id is number => Number.isInteger(id)))];
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

/** Why a target cannot be used, if it cannot. */
export function targetProblem(type: CollectionType, field: TargetField, value: number | string, known: KnownTargets): string | undefined {
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
    case "mediaItemId": {
      const media = known.media.get(id);
      const kind = MEDIA_KIND_FOR[type];
      if (!media) return `media item ${id} does not exist`;
      return media.kind === kind ? undefined : `media item ${id} is a ${media.kind}, not ${kind === MediaItemKind.Artist ? "an" : "a"} ${kind}`;
    }
  }
}

/** The stored target fields: the one the type needs, the others null. */
export type TargetRow = { collectionType: CollectionType } & { [F in TargetField]: (F extends "searchQuery" ? string : number) | null };

/** Checks an item's target (field names start with `at`) and returns the fields to store. */
export function checkTarget(v: Violations, at: string, item: TargetInput, known: KnownTargets): TargetRow {
  const target = SCHEDULE_TARGET_FIELD[item.collectionType];
  if (!target) v.add(`${at}collectionType`, `must be one of ${Object.keys(SCHEDULE_TARGET_FIELD).join(", ")}`);
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
  return {
    collectionType: item.collectionType,
    collectionId: target === "collectionId" ? (item.collectionId ?? null) : null,
    mediaItemId: target === "mediaItemId" ? (item.mediaItemId ?? null) : null,
    multiCollectionId: target === "multiCollectionId" ? (item.multiCollectionId ?? null) : null,
    smartCollectionId: target === "smartCollectionId" ? (item.smartCollectionId ?? null) : null,
    playlistId: target === "playlistId" ? (item.playlistId ?? null) : null,
    searchQuery: target === "searchQuery" ? String(item.searchQuery ?? "").trim() : null,
  };
}
