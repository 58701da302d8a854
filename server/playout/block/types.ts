import type { MediaItem } from "../content/types";
import type { HistoryEntry } from "../content/history";
import type { TimelineItem } from "../timeline-item";

/** Orders a block item may use (reference §5.2). */
export type BlockPlaybackOrder = "Chronological" | "SeasonEpisode" | "Shuffle" | "Random" | "RandomRotation";

/** `AfterDurationEnd`: the item that crosses the block's end still plays whole; `BeforeDurationEnd`: stop before overrunning. */
export type BlockStopScheduling = "AfterDurationEnd" | "BeforeDurationEnd";

export interface BlockItemDefinition {
  /** Database id of the block item: its history key, so its order continues across rebuilds. */
  id: number;
  index: number;
  /** Content key (as PlayoutContentService.resolveTargets names it), e.g. `collection:5`. */
  contentKey: string;
  playbackOrder: BlockPlaybackOrder;
  includeInProgramGuide: boolean;
  disableWatermarks: boolean;
  watermarkIds?: number[];
  /** Graphics elements for the item's content; `graphicsMode` Add or Replace (absent: Add). */
  graphicsIds?: number[];
  graphicsMode?: string;
}

export interface BlockDefinition {
  id: number;
  name: string;
  /** Length of the block, 1..1440. */
  minutes: number;
  stopScheduling: BlockStopScheduling;
  items: BlockItemDefinition[];
}

/** A template is one day: blocks at local start times (seconds after local midnight, 0..86399). */
export interface BlockTemplateDefinition {
  id: number;
  name: string;
  items: { blockId: number; startTimeSeconds: number }[];
}

/** Which template plays on which dates; every given filter must match; the highest priority wins (ties: first listed). */
export interface BlockTemplateAssignment {
  templateId: number;
  priority: number;
  /** "Sunday".."Saturday" (DayOfWeek enum values). */
  daysOfWeek?: string[];
  daysOfMonth?: number[];
  monthsOfYear?: number[];
  /** yyyy-MM-dd, inclusive, local dates. */
  startDate?: string;
  endDate?: string;
}

export interface BlockBuildState {
  version: 1;
  /** Per block item history (key = `historyKey({ blockItem: id, order })`). */
  history: HistoryEntry[];
  /** End of the last effective block built (epoch ms); Continue builds the blocks that start at or after it. */
  builtUntil: number | null;
  /** Where the timeline ends (after an overrunning item it is past `builtUntil`). */
  cursor: number | null;
  nextGuideGroup: number;
}

export interface BlockBuildInput {
  blocks: readonly BlockDefinition[];
  templates: readonly BlockTemplateDefinition[];
  assignments: readonly BlockTemplateAssignment[];
  /** Items of every content key the blocks name (any order; the enumerator sorts/shuffles). A key with no items is empty. */
  content: Readonly<Record<string, readonly MediaItem[]>>;
  /** Default filler played in gaps between blocks (the channel's fallback filler), looped and trimmed; null: offline gaps. */
  gapFiller?: { contentKey: string } | null;
  previousState?: BlockBuildState;
  mode: "Continue" | "Refresh" | "Reset";
  /** Build time ("now"), epoch ms. */
  start: number;
  horizonMs: number;
  /** IANA zone: template start times and assignment dates are local to it. */
  timeZone: string;
  seed: number;
  budget?: { maxMs?: number; elapsedMs?: () => number; maxItems?: number };
}

export interface BlockBuildResult {
  /** In time order. Reset/Refresh: the timeline from `start`; Continue: items from the previous build's end. */
  items: TimelineItem[];
  state: BlockBuildState;
  warnings: string[];
  /** True: the items replace the timeline from `start` (Reset, Refresh, or a Continue with nothing to continue). */
  replaces: boolean;
}
