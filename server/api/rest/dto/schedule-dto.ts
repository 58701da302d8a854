import type { Schedule, ScheduleItem } from "../../../db/entities/schedule";
import type {
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
import { toContentTargetDto, type ContentTargetDto } from "./content-target-dto";
import { formatTimeSpan } from "../../../services/validation/time-span";

export interface ScheduleDto {
  /** @isInt */
  id: number;
  name: string;
  keepMultiPartEpisodesTogether: boolean;
  treatCollectionsAsShows: boolean;
  shuffleScheduleItems: boolean;
  randomStartPoint: boolean;
  fixedStartTimeBehavior: FixedStartTimeBehavior;
}

export type ScheduleItemDto = ContentTargetDto & {
  /** @isInt */
  id: number;
  /** Position in the schedule, 0..n-1. @isInt */
  index: number;
  /** Fixed when startTime is present. */
  startType: "Dynamic" | "Fixed";
  /** `hh:mm:ss` after local midnight. */
  startTime?: string;
  /** Absent: the schedule's behaviour. */
  fixedStartTimeBehavior?: FixedStartTimeBehavior;
  playoutMode: PlayoutMode;
  playbackOrder: PlaybackOrder;
  marathonGroupBy?: MarathonGroupBy;
  marathonShuffleGroups?: boolean;
  marathonShuffleItems?: boolean;
  /** @isInt */
  marathonBatchSize?: number;
  /** Multiple only. */
  multipleMode?: MultipleMode;
  /** Multiple with Count: the count expression. */
  count?: string;
  /** Duration only, `hh:mm:ss`. */
  playoutDuration?: string;
  /** Duration only. */
  tailMode?: TailMode;
  /** Duration only. @isInt */
  discardToFillAttempts?: number;
  customTitle?: string;
  guideMode: GuideMode;
  /** @isInt */
  preRollFillerId?: number;
  /** @isInt */
  midRollFillerId?: number;
  /** @isInt */
  postRollFillerId?: number;
  /** @isInt */
  tailFillerId?: number;
  /** @isInt */
  fallbackFillerId?: number;
  watermarkIds: number[];
  /** Graphics elements for this item's programmes, in drawing order. */
  graphicsIds: number[];
  /** Add (drawn after the channel's elements) or Replace (instead of them). */
  graphicsMode: GraphicsMode;
  preferredAudioLanguageCode?: string;
  preferredAudioTitle?: string;
  preferredSubtitleLanguageCode?: string;
  subtitleMode?: SubtitleMode;
};

/** Body of POST and PUT of a schedule; PUT replaces every setting (absent flags become false). */
export type ScheduleRequest = ScheduleInput;

/** One schedule item, shaped by `playoutMode`: a field only another mode uses is refused (422). */
export type ScheduleItemRequest = ScheduleItemInput;

/** Body of PUT …/items: the whole new list. */
export interface ScheduleItemsRequest {
  /** Every item; renumbered 0..n-1 by ascending index (list order when absent). */
  items: ScheduleItemRequest[];
}

export function toScheduleDto(s: Schedule): ScheduleDto {
  return {
    id: s.id,
    name: s.name,
    keepMultiPartEpisodesTogether: s.keepMultiPartEpisodesTogether,
    treatCollectionsAsShows: s.treatCollectionsAsShows,
    shuffleScheduleItems: s.shuffleScheduleItems,
    randomStartPoint: s.randomStartPoint,
    fixedStartTimeBehavior: s.fixedStartTimeBehavior,
  };
}

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function toScheduleItemDto(i: ScheduleItem): ScheduleItemDto {
  return {
    id: i.id,
    index: i.position,
    startType: i.startTimeSeconds === null ? "Dynamic" : "Fixed",
    startTime: i.startTimeSeconds === null ? undefined : formatTimeSpan(i.startTimeSeconds),
    fixedStartTimeBehavior: opt(i.fixedStartTimeBehavior),
    playoutMode: i.playoutMode,
    ...toContentTargetDto(i.target),
    playbackOrder: i.playbackOrder,
    marathonGroupBy: opt(i.marathon?.groupBy as MarathonGroupBy | undefined),
    marathonShuffleGroups: opt(i.marathon?.shuffleGroups),
    marathonShuffleItems: opt(i.marathon?.shuffleItems),
    marathonBatchSize: opt(i.marathon?.batchSize),
    multipleMode: opt(i.multipleMode as MultipleMode | null),
    count: opt(i.multipleCount),
    playoutDuration: i.playoutDurationSeconds === null ? undefined : formatTimeSpan(i.playoutDurationSeconds),
    tailMode: opt(i.tailMode),
    discardToFillAttempts: opt(i.discardToFillAttempts),
    customTitle: opt(i.customTitle),
    guideMode: i.guideMode,
    preRollFillerId: opt(i.preRollFillerId),
    midRollFillerId: opt(i.midRollFillerId),
    postRollFillerId: opt(i.postRollFillerId),
    tailFillerId: opt(i.tailFillerId),
    fallbackFillerId: opt(i.fallbackFillerId),
    watermarkIds: i.watermarkIds ?? [],
    graphicsIds: i.graphicsIds ?? [],
    graphicsMode: i.graphicsMode,
    preferredAudioLanguageCode: opt(i.preferredAudioLanguageCode),
    preferredAudioTitle: opt(i.preferredAudioTitle),
    preferredSubtitleLanguageCode: opt(i.preferredSubtitleLanguageCode),
    subtitleMode: opt(i.subtitleMode),
  };
}
