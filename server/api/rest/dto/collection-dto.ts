import type { CollectionView } from "../../../services/collection-service";

export interface CollectionDto {
  /** @isInt */
  id: number;
  name: string;
  /** Members: a show or season counts once. @isInt */
  itemCount: number;
}

export interface CollectionRequest {
  name: string;
}

/**
 * A whole number.
 * @isInt
 */
export type Integer = number;

export interface CollectionItemsRequest {
  /** Media item ids: movies, shows, seasons, episodes, other videos, songs. */
  mediaItemIds: Integer[];
}

export interface CollectionItemsAddedDto {
  /** How many were new to the collection. @isInt */
  added: number;
  collection: CollectionDto;
}

export function toCollectionDto({ collection, itemCount }: CollectionView): CollectionDto {
  return { id: collection.id, name: collection.name, itemCount };
}
