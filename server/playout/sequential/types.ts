import type { BuildBudget, BuildMode, ResolvedContent } from "../core/build-input";
import type { EnumeratorState } from "../content/state";
import type { HistoryEntry } from "../content/history";
import type { PlayoutDefinition, SourceLocation } from "../definition/model";
import type { FillerKind } from "../../domain/enums";

export interface SequentialBuildInput {
  definition: PlayoutDefinition;
  content: Readonly<Record<string, ResolvedContent>>;
  /** The state returned by the previous build of this playout. */
  previousState?: SequentialBuildState;
  mode: BuildMode;
  /** Build time ("now"), epoch ms. */
  start: number;
  /** Build until the cursor reaches `start + horizonMs` (the running instruction completes). */
  horizonMs: number;
  /** IANA zone for every wall-clock rule (wait_until, pad_until, pad_to_next, local day). */
  timeZone: string;
  /** The playout's seed. */
  seed: number;
  /** Forget all saved state and content history ("Erase items and history"); the caller draws a new seed. */
  eraseHistory?: boolean;
  budget?: BuildBudget;
}

/** One scheduled item, or an offline gap (`mediaItemId: null`). Times are epoch ms. */
export interface SequentialItem {
  start: number;
  finish: number;
  mediaItemId: number | null;
  inPointMs: number;
  outPointMs: number;
  fillerKind: FillerKind;
  /** Items sharing a number form one guide entry; 0 for offline gaps. */
  guideGroup: number;
  customTitle?: string;
  disableWatermarks: boolean;
  /** Active watermarks (names, activation order); absent when none. */
  watermarkNames?: string[];
  /** The content key the media came from; null for offline gaps. */
  contentKey: string | null;
  /** Mid-roll segments: title of the chapter that ends this segment. */
  chapterTitle?: string;
}

export interface BuildWarning {
  code: "unknown-content" | "empty-content" | "zero-length-media" | "end-of-playout" | "definition-changed" | "skip-to-item-not-found" | "cursor-behind-start";
  message: string;
  location?: SourceLocation;
}

/** Roll settings saved between builds (all three are saved: reference §10 item 6). */
export interface RollState {
  preRoll: string | null;
  postRoll: string | null;
  /** The `mid_roll` instruction that set mid-roll, by its position in the unshuffled flattened playout. */
  midRoll: number | null;
}

/**
 * Everything a Continue build needs to resume exactly where the previous build stopped.
 * Plain JSON; key order is fixed, so equal states serialise to equal text.
 */
export interface SequentialBuildState {
  version: 1;
  /** Hash of the definition; a Continue build over a changed definition becomes a Reset. */
  fingerprint: string;
  /** Where the next build resumes: the cursor, NOT the last item's finish (§3.4 fixed). */
  cursor: number;
  /** Position in the (possibly shuffled) flattened playout; may equal its length (end reached, no repeat). */
  instructionIndex: number;
  /** Guide group of the last item / the locked group. */
  guideGroup: number;
  guideGroupLocked: boolean;
  watermarks: string[];
  rolls: RollState;
  /** Times `repeat` jumped back to 0 since the last Reset. */
  repeats: number;
  /** Times `shuffle_sequence` ran since the last Reset (seeds the next shuffle). */
  shuffles: number;
  /** Current order of the flattened playout (position → unshuffled index); null = unshuffled. */
  order: number[] | null;
  /** Live enumerator position per content history key, at the cursor (used by Continue). */
  positions: Record<string, EnumeratorState>;
  /** Content history rows (used by Reset to go back to the last finished item, §5.9/§6.2). */
  history: HistoryEntry[];
}

export interface SequentialBuildResult {
  items: SequentialItem[];
  state: SequentialBuildState;
  warnings: BuildWarning[];
}
