import type { ContentRef, ContentTarget } from "../../../db/entities/content-target";
import type { CollectionType } from "../../../domain/enums";

/** What an entry plays: `collectionType` and the one id it needs (the others absent). */
export interface ContentRefDto {
  collectionType: CollectionType;
  /** @isInt */
  collectionId?: number;
  /** Show, season, artist or a playable item. @isInt */
  mediaItemId?: number;
  /** @isInt */
  multiCollectionId?: number;
  /** @isInt */
  smartCollectionId?: number;
}

/** What an item plays: an entry's content, or a playlist or a search. */
export interface ContentTargetDto extends ContentRefDto {
  /** @isInt */
  playlistId?: number;
  searchQuery?: string;
}

export function toContentRefDto(t: ContentRef): ContentRefDto {
  return {
    collectionType: t.collectionType,
    collectionId: t.collectionId ?? undefined,
    mediaItemId: t.mediaItemId ?? undefined,
    multiCollectionId: t.multiCollectionId ?? undefined,
    smartCollectionId: t.smartCollectionId ?? undefined,
  };
}

export function toContentTargetDto(t: ContentTarget): ContentTargetDto {
  return { ...toContentRefDto(t), playlistId: t.playlistId ?? undefined, searchQuery: t.searchQuery ?? undefined };
}
