import type { BlockStopScheduling, GraphicsMode, PlaybackOrder } from "../../../domain/enums";
import type { BlockInput, BlockTemplateInput } from "../../../services/block-input";
import type { BlockView } from "../../../services/block-service";
import type { BlockTemplateView } from "../../../services/block-template-service";
import { toContentTargetDto, type ContentTargetDto } from "./content-target-dto";
import { formatTimeSpan } from "../../../services/validation/time-span";

export type BlockItemDto = ContentTargetDto & {
  /** @isInt */
  id: number;
  /** @isInt */
  index: number;
  playbackOrder: PlaybackOrder;
  includeInProgramGuide: boolean;
  disableWatermarks: boolean;
  watermarkIds: number[];
  /** Graphics elements for this item's programmes, in drawing order. */
  graphicsIds: number[];
  /** Add (drawn after the channel's elements) or Replace (instead of them). */
  graphicsMode: GraphicsMode;
};

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
      ...toContentTargetDto(i.target),
      playbackOrder: i.playbackOrder,
      includeInProgramGuide: i.includeInProgramGuide,
      disableWatermarks: i.disableWatermarks,
      watermarkIds: i.watermarkIds,
      graphicsIds: i.graphicsIds ?? [],
      graphicsMode: i.graphicsMode,
    })),
  };
}

export function toBlockTemplateDto({ template, items }: BlockTemplateView): BlockTemplateDto {
  return { id: template.id, name: template.name, items: items.map((i) => ({ blockId: i.blockId, startTime: formatTimeSpan(i.startTimeSeconds) })) };
}
