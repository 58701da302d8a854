import type { BlockStopScheduling, CollectionType, PlaybackOrder } from "../../../domain/enums";
import type { BlockInput, BlockTemplateInput } from "../../../services/block-input";
import type { BlockView } from "../../../services/block-service";
import type { BlockTemplateView } from "../../../services/block-template-service";
import { formatTimeSpan } from "../../../services/validation/time-span";

export interface BlockItemDto {
  /** @isInt */
  id: number;
  /** @isInt */
  index: number;
  collectionType: CollectionType;
  /** @isInt */
  collectionId?: number;
  /** @isInt */
  mediaItemId?: number;
  /** @isInt */
  multiCollectionId?: number;
  /** @isInt */
  smartCollectionId?: number;
  /** @isInt */
  playlistId?: number;
  searchQuery?: string;
  playbackOrder: PlaybackOrder;
  includeInProgramGuide: boolean;
  disableWatermarks: boolean;
  watermarkIds: number[];
}

export interface BlockDto {
  /** @isInt */
  id: number;
  name: string;
  /** @isInt */
  minutes: number;
  stopScheduling: BlockStopScheduling;
  items: BlockItemDto[];
}

export interface BlockTemplateItemDto {
  /** @isInt */
  blockId: number;
  /** Local start time hh:mm:ss. */
  startTime: string;
}

export interface BlockTemplateDto {
  /** @isInt */
  id: number;
  name: string;
  items: BlockTemplateItemDto[];
}

export type BlockRequest = BlockInput;
export type BlockTemplateRequest = BlockTemplateInput;

export function toBlockDto({ block, items }: BlockView): BlockDto {
  return {
    id: block.id,
    name: block.name,
    minutes: block.minutes,
    stopScheduling: block.stopScheduling,
    items: items.map((i) => ({
      id: i.id,
      index: i.position,
      collectionType: i.collectionType,
      collectionId: i.collectionId ?? undefined,
      mediaItemId: i.mediaItemId ?? undefined,
      multiCollectionId: i.multiCollectionId ?? undefined,
      smartCollectionId: i.smartCollectionId ?? undefined,
      playlistId: i.playlistId ?? undefined,
      searchQuery: i.searchQuery ?? undefined,
      playbackOrder: i.playbackOrder,
      includeInProgramGuide: i.includeInProgramGuide,
      disableWatermarks: i.disableWatermarks,
      watermarkIds: i.watermarkIds,
    })),
  };
}

export function toBlockTemplateDto({ template, items }: BlockTemplateView): BlockTemplateDto {
  return { id: template.id, name: template.name, items: items.map((i) => ({ blockId: i.blockId, startTime: formatTimeSpan(i.startTimeSeconds) })) };
}
