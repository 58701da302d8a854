import { Field, InputType, Int } from "type-graphql";
import { BlockStopScheduling, DayOfWeek, GraphicsMode, PlaybackOrder } from "../../../domain/enums";
import type { BlockInput, BlockItemInput, BlockTemplateInput, BlockTemplateItemInput } from "../../../services/block-input";
import type { PlayoutTemplateAssignmentInput } from "../../../services/playout-input";
import { ContentTargetInputType } from "./content-target-input";

@InputType("BlockItemInput", { description: "One item of a block: what it plays and in which order." })
export class BlockItemInputType extends ContentTargetInputType implements BlockItemInput {
  @Field(() => PlaybackOrder, { description: "Chronological, SeasonEpisode, Shuffle, Random or RandomRotation." })
  playbackOrder: PlaybackOrder;

  @Field(() => Boolean, { nullable: true })
  includeInProgramGuide?: boolean;

  @Field(() => Boolean, { nullable: true })
  disableWatermarks?: boolean;

  @Field(() => [Int], { nullable: true })
  watermarkIds?: number[];

  @Field(() => [Int], { nullable: true, description: "Graphics elements for this item's programmes, in drawing order." })
  graphicsIds?: number[];

  @Field(() => GraphicsMode, { nullable: true, description: "Add (default) or Replace the channel's graphics elements." })
  graphicsMode?: GraphicsMode;
}

@InputType("BlockInput", { description: "A block with its whole item list." })
export class BlockInputType implements BlockInput {
  @Field(() => String)
  name: string;

  @Field(() => Int)
  minutes: number;

  @Field(() => BlockStopScheduling, { nullable: true })
  stopScheduling?: BlockStopScheduling;

  @Field(() => [BlockItemInputType])
  items: BlockItemInputType[];
}

@InputType("BlockTemplateItemInput")
export class BlockTemplateItemInputType implements BlockTemplateItemInput {
  @Field(() => Int)
  blockId: number;

  @Field(() => String, { description: "Local start time hh:mm:ss." })
  startTime: string;
}

@InputType("BlockTemplateInput", { description: "A day of blocks at local start times." })
export class BlockTemplateInputType implements BlockTemplateInput {
  @Field(() => String)
  name: string;

  @Field(() => [BlockTemplateItemInputType])
  items: BlockTemplateItemInputType[];
}

@InputType("PlayoutTemplateAssignmentInput", { description: "Block playouts: a template and the dates it plays (every given filter must match; higher priority wins)." })
export class PlayoutTemplateAssignmentInputType implements PlayoutTemplateAssignmentInput {
  @Field(() => Int)
  templateId: number;

  @Field(() => Int, { nullable: true })
  priority?: number;

  @Field(() => [DayOfWeek], { nullable: true })
  daysOfWeek?: DayOfWeek[];

  @Field(() => [Int], { nullable: true })
  daysOfMonth?: number[];

  @Field(() => [Int], { nullable: true })
  monthsOfYear?: number[];

  @Field(() => String, { nullable: true, description: "yyyy-MM-dd, inclusive." })
  startDate?: string;

  @Field(() => String, { nullable: true, description: "yyyy-MM-dd, inclusive." })
  endDate?: string;
}
