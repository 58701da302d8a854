import type { FillerKind, FillerMode, FixedStartTimeBehavior, GuideMode, PlaybackOrder, PlayoutMode, TailMode } from "../../domain/enums";
import type { OrderedGroup } from "../content/enumerators/shuffle-in-order";
import type { EnumeratorState } from "../content/state";
import type { MediaItem } from "../content/types";
import type { BuildBudget, BuildMode, ResolvedContent } from "../core";
import type { TimelineItem } from "../timeline-item";

/** A filler preset as the engine reads it: its rule and the content key of what it plays. */
export interface ClassicFiller {
  id: number;
  kind: FillerKind;
  /** Null for Tail and Fallback presets (they fill what is left). */
  mode: FillerMode | null;
  durationMs: number | null;
  count: number | null;
  padToNearestMinute: number | null;
  allowWatermarks: boolean;
  contentKey: string;
  /** Mid-roll: which chapter ends get a break (the YAML mid_roll expression language); null = every one. */
  expression: string | null;
  useChaptersAsMediaItems: boolean;
}

export interface ClassicMarathon {
  groupBy: string;
  shuffleGroups: boolean;
  shuffleItems: boolean;
  batchSize: number | null;
}

export interface ClassicScheduleItem {
  id: number;
  index: number;
  /** Fixed start as seconds after local midnight; null = dynamic. */
  startTimeSeconds: number | null;
  /** Null: the schedule's behaviour. */
  fixedStartTimeBehavior: FixedStartTimeBehavior | null;
  playoutMode: PlayoutMode;
  contentKey: string;
  playbackOrder: PlaybackOrder;
  marathon: ClassicMarathon | null;
  multipleMode: string | null;
  /** Count expression (variables `count`, `random`). */
  multipleCount: string | null;
  playoutDurationMs: number | null;
  tailMode: TailMode | null;
  discardToFillAttempts: number;
  customTitle: string | null;
  guideMode: GuideMode;
  preRoll: ClassicFiller | null;
  midRoll: ClassicFiller | null;
  postRoll: ClassicFiller | null;
  tail: ClassicFiller | null;
  fallback: ClassicFiller | null;
  watermarkIds: number[] | null;
  /** Graphics elements for the item's content; `graphicsMode` Add or Replace (absent: Add). */
  graphicsIds?: number[] | null;
  graphicsMode?: string;
  preferredAudioLanguageCode: string | null;
  preferredAudioTitle: string | null;
  preferredSubtitleLanguageCode: string | null;
  subtitleMode: string | null;
}

export interface ClassicSchedule {
  keepMultiPartEpisodesTogether: boolean;
  treatCollectionsAsShows: boolean;
  shuffleScheduleItems: boolean;
  randomStartPoint: boolean;
  fixedStartTimeBehavior: FixedStartTimeBehavior;
  items: ClassicScheduleItem[];
}

/** The media behind every content key the schedule and its fillers name. */
export interface ClassicContent {
  content: Readonly<Record<string, ResolvedContent>>;
  /** Multi collections: their members as groups (shuffle-in-order groups, "schedule as group" blocks). */
  groups?: Readonly<Record<string, OrderedGroup<MediaItem>[]>>;
}

/** Where the build stands: everything needed to continue exactly (no drift) in the next build. */
export interface ClassicSnapshot {
  cursor: number;
  /** Schedule item walk: pass number (shuffled schedules reshuffle per pass) and position in the pass. */
  pass: number;
  index: number;
  multipleRemaining: number | null;
  durationFinish: number | null;
  durationDiscards: number;
  durationSkips: number;
  inFlood: boolean;
  /** End of the running flood (next fixed start), null = floods forever. */
  floodLimit: number | null;
  nextGuideGroup: number;
  lastGuideGroup: number;
  /** The schedule item whose custom title the last guide group carries. */
  customTitleItem: number | null;
  /** Random draws taken so far (count expressions, random counts). */
  draws: number;
  /** Enumerator positions by history key. */
  enumerators: Record<string, EnumeratorState>;
}

export interface ClassicBuildState {
  version: 1;
  /** Hash of the schedule the state was built from; a Continue over another schedule becomes a Refresh. */
  fingerprint: string;
  current: ClassicSnapshot;
  /** Snapshots at local day starts (and at each Reset), for Refresh. */
  checkpoints: ClassicSnapshot[];
}

export interface ClassicBuildInput {
  schedule: ClassicSchedule;
  content: ClassicContent;
  previousState?: ClassicBuildState;
  mode: BuildMode;
  /** Build time ("now"), epoch ms. */
  start: number;
  horizonMs: number;
  timeZone: string;
  seed: number;
  budget?: BuildBudget;
}

export interface ClassicBuildResult {
  items: TimelineItem[];
  state: ClassicBuildState;
  warnings: string[];
  /** True: the items replace the timeline from `start` (Reset, Refresh, or a Continue that could not continue). */
  replaces: boolean;
}
