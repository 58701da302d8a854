import type { SmartCollection } from "../../../db/entities/collection";

export interface SmartCollectionDto {
  /** @isInt */
  id: number;
  name: string;
  query: string;
}

export interface SmartCollectionRequest {
  name: string;
  /** A search query, e.g. `type:episode AND show_title:"The Simpsons"`. */
  query: string;
}

export interface MediaSearchRequest {
  query: string;
  /** @isInt */
  pageNumber?: number;
  /** @isInt */
  pageSize?: number;
}

export function toSmartCollectionDto(c: SmartCollection): SmartCollectionDto {
  return { id: c.id, name: c.name, query: c.query };
}
