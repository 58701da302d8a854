import type { ContentTarget } from "../../../db/entities/content-target";
import type { CollectionType } from "../../../domain/enums";

/** What an item plays: `collectionType` and the one field it needs (the others absent). */
export interface ContentTargetDto {
  collectionType: CollectionType;
  /** @isInt */
  collectionId?: number;
  /** Show, season, artist or a playable item. @isInt */
  mediaItemId?: number;
  /** @isInt */
  multiCollectionId?: number;
  /** @isInt */
  smartCollectionId?: number;
  /** @isInt */
  playlistId?: number;
  searchQuery?: string;
}

export function toContentTargetDto(t: ContentTarget): ContentTargetDto {
  return {
    collectionType: t.collectionType,
    collectionId: t.collectionId ?? undefined,
    mediaItemId: t.mediaItemId ?? undefined,
    multiCollectionId: t.multiCollectionId ?? undefined,
    smartCollectionId: t.smartCollectionId ?? undefined,
    playlistId: t.playlistId ?? undefined,
    searchQuery: t.searchQuery ?? undefined,
  };
}
