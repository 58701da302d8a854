import type { PlaybackOrder } from "../../../domain/enums";
import type { MultiCollectionView } from "../../../services/multi-collection-service";

export interface MultiCollectionItemDto {
  /** @isInt */
  collectionId?: number;
  collectionName?: string;
  /** @isInt */
  smartCollectionId?: number;
  smartCollectionName?: string;
  scheduleAsGroup: boolean;
  playbackOrder: PlaybackOrder;
}

export interface MultiCollectionDto {
  /** @isInt */
  id: number;
  name: string;
  /** The members in their order. */
  items: MultiCollectionItemDto[];
}

/** One member: exactly one of `collectionId` and `smartCollectionId` (omit the other). */
export interface MultiCollectionMemberRequest {
  /**
   * A collection; give this or `smartCollectionId`.
   * @isInt
   */
  collectionId?: number;
  /**
   * A smart collection; give this or `collectionId`.
   * @isInt
   */
  smartCollectionId?: number;
  /** Keep the member's items together as one group when the multi collection is shuffled. */
  scheduleAsGroup: boolean;
  /** Order of the member's own items when it is scheduled as a group. */
  playbackOrder: PlaybackOrder;
}

/** Body of POST and PUT; PUT replaces every member. */
export interface MultiCollectionRequest {
  /** 1–50 characters, unique without regard to letter case. */
  name: string;
  /** The members in their order; each collection or smart collection at most once. */
  items: MultiCollectionMemberRequest[];
}

export function toMultiCollectionDto({ multiCollection, items }: MultiCollectionView): MultiCollectionDto {
  return {
    id: multiCollection.id,
    name: multiCollection.name,
    items: items.map((item) => ({
      collectionId: item.collectionId ?? undefined,
      collectionName: item.collection?.name ?? undefined,
      smartCollectionId: item.smartCollectionId ?? undefined,
      smartCollectionName: item.smartCollection?.name ?? undefined,
      scheduleAsGroup: item.scheduleAsGroup,
      playbackOrder: item.playbackOrder,
    })),
  };
}
