import type { BlockStopScheduling, GraphicsMode, PlaybackOrder } from "../domain/enums";
import type { ContentTargetInput } from "./content-targets";

/** One item of a block: what it plays, in which order. */
export type BlockItemInput = ContentTargetInput & {
  /** Chronological, SeasonEpisode, Shuffle, Random or RandomRotation. */
  playbackOrder: PlaybackOrder;
  /** Default true; false hides the item's programmes in the guide (they join the programme before). */
  includeInProgramGuide?: boolean;
  disableWatermarks?: boolean;
  watermarkIds?: number[];
  /** Graphics elements for this item's programmes, in drawing order. */
  graphicsIds?: number[];
  /** Add (default: drawn after the channel's elements) or Replace (instead of them; with an empty list, none). */
  graphicsMode?: GraphicsMode;
};

/** A block: a name, a length, and its items (the whole list; PUT replaces it). */
export interface BlockInput {
  /** 1–50 characters, unique. */
  name: string;
  /** 1–1440. @isInt */
  minutes: number;
  /** Default AfterDurationEnd: the item that crosses the end still plays whole. */
  stopScheduling?: BlockStopScheduling;
  items: BlockItemInput[];
}

export interface BlockTemplateItemInput {
  /** @isInt */
  blockId: number;
  /** Local start time, hh:mm:ss (00:00:00–23:59:59). */
  startTime: string;
}

/** A block template: one day of blocks at local start times. */
export interface BlockTemplateInput {
  /** 1–50 characters, unique. */
  name: string;
  items: BlockTemplateItemInput[];
}
