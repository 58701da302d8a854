import { Field, InputType, Int } from "type-graphql";
import {
  FixedStartTimeBehavior,
  GraphicsMode,
  GuideMode,
  MarathonGroupBy,
  MultipleMode,
  PlaybackOrder,
  PlayoutMode,
  SubtitleMode,
  TailMode,
} from "../../../domain/enums";
import type { ScheduleInput, ScheduleItemInput } from "../../../services/schedule-service";
import { ContentTargetInputType } from "./content-target-input";

@InputType("ScheduleInput", { description: "A classic schedule's settings; on update, absent flags become false." })
export class ScheduleInputType implements ScheduleInput {
  @Field(() => String)
  name: string;

  @Field(() => Boolean, { nullable: true })
  keepMultiPartEpisodesTogether?: boolean;

  @Field(() => Boolean, { nullable: true, description: "Only with keepMultiPartEpisodesTogether." })
  treatCollectionsAsShows?: boolean;

  @Field(() => Boolean, { nullable: true })
  shuffleScheduleItems?: boolean;

  @Field(() => Boolean, { nullable: true })
  randomStartPoint?: boolean;

  @Field(() => FixedStartTimeBehavior, { nullable: true, description: "Default Strict." })
  fixedStartTimeBehavior?: FixedStartTimeBehavior;
}

@InputType("ScheduleItemInput", {
  description: "One schedule item, shaped by playoutMode: multipleMode/count only with Multiple; playoutDuration/tailMode/discardToFillAttempts/tailFillerId only with Duration.",
})
export class ScheduleItemInputType extends ContentTargetInputType implements ScheduleItemInput {
  @Field(() => Int, { nullable: true, description: "Ordering key; on add, the position to insert at (default: the end)." })
  index?: number | null;

  @Field(() => String, { nullable: true, description: "Fixed start hh:mm:ss; absent for a dynamic start." })
  startTime?: string | null;

  @Field(() => FixedStartTimeBehavior, { nullable: true })
  fixedStartTimeBehavior?: FixedStartTimeBehavior | null;

  @Field(() => PlayoutMode)
  playoutMode: PlayoutMode;

  @Field(() => PlaybackOrder)
  playbackOrder: PlaybackOrder;

  @Field(() => MarathonGroupBy, { nullable: true })
  marathonGroupBy?: MarathonGroupBy | null;

  @Field(() => Boolean, { nullable: true })
  marathonShuffleGroups?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  marathonShuffleItems?: boolean | null;

  @Field(() => Int, { nullable: true })
  marathonBatchSize?: number | null;

  @Field(() => MultipleMode, { nullable: true })
  multipleMode?: MultipleMode | null;

  @Field(() => String, { nullable: true, description: "Count expression with `count` and `random`." })
  count?: string | null;

  @Field(() => String, { nullable: true, description: "hh:mm:ss, more than zero and at most 24:00:00." })
  playoutDuration?: string | null;

  @Field(() => TailMode, { nullable: true })
  tailMode?: TailMode | null;

  @Field(() => Int, { nullable: true })
  discardToFillAttempts?: number | null;

  @Field(() => String, { nullable: true })
  customTitle?: string | null;

  @Field(() => GuideMode, { nullable: true })
  guideMode?: GuideMode | null;

  @Field(() => Int, { nullable: true })
  preRollFillerId?: number | null;

  @Field(() => Int, { nullable: true })
  midRollFillerId?: number | null;

  @Field(() => Int, { nullable: true })
  postRollFillerId?: number | null;

  @Field(() => Int, { nullable: true })
  tailFillerId?: number | null;

  @Field(() => Int, { nullable: true })
  fallbackFillerId?: number | null;

  @Field(() => [Int], { nullable: true })
  watermarkIds?: number[] | null;

  @Field(() => [Int], { nullable: true, description: "Graphics elements for this item's programmes, in drawing order." })
  graphicsIds?: number[] | null;

  @Field(() => GraphicsMode, { nullable: true, description: "Add (default) or Replace the channel's graphics elements." })
  graphicsMode?: GraphicsMode | null;

  @Field(() => String, { nullable: true })
  preferredAudioLanguageCode?: string | null;

  @Field(() => String, { nullable: true })
  preferredAudioTitle?: string | null;

  @Field(() => String, { nullable: true })
  preferredSubtitleLanguageCode?: string | null;

  @Field(() => SubtitleMode, { nullable: true })
  subtitleMode?: SubtitleMode | null;
}
