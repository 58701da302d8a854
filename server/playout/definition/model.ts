/**
 * The normalised playout definition handed to the playout builder. Everything here has been
 * validated: every content/fallback/sequence key resolves, there are no sequence cycles, every
 * time string and expression parsed. Defaults are already applied, durations are milliseconds,
 * and YAML names are camelCased. Semantics follow the research notes
 * (shared/reference/yaml-playout-semantics.md, cited as §n); where upstream behaviour is a quirk
 * the doc comment says what WE do instead.
 */
import type { ChapterVariables, SkipItemsVariables, TomorrowVariables } from "../grammar/expression-variables";
import type { CompiledExpression } from "../grammar/expression";
import type { TimeOfDay } from "../grammar/time-of-day";
import type { ContentSource } from "./content-model";

export type { TimeOfDay } from "../grammar/time-of-day";
export type { ContentOrder, Guid, ShowContent, SearchContent, CollectionContent, MultiCollectionContent, SmartCollectionContent, PlaylistContent, MarathonGroupBy, MarathonContent, ContentSource } from "./content-model";
export type { CompiledExpression } from "../grammar/expression";
export type { ChapterVariables, SkipItemsVariables, TomorrowVariables } from "../grammar/expression-variables";

/** Where a value was written; `file` is the main file's name or the import's `fileName`. */
export interface SourceLocation {
  file: string;
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
}

export interface PlayoutDefinition {
  /**
   * All content sources in MERGED order: the main file's entries first, then each import's in
   * `import` order. The position (`ContentSource.index`) is part of the shuffle seed (§5.1, §8),
   * so it must not be re-sorted.
   */
  content: ContentSource[];
  /** The same sources by key. Keys are case-sensitive and unique (even ignoring case). */
  contentByKey: ReadonlyMap<string, ContentSource>;
  /** Sequences by key (main file first, then imports). Keys are case-sensitive and unique. */
  sequences: ReadonlyMap<string, SequenceDefinition>;
  /** Run in order at the start of a Reset build only, after history is applied (§3.2 step 7). */
  reset: ResetInstruction[];
  /**
   * The main instruction list, NOT flattened: `sequence` instructions are still references.
   * The builder inlines them (§4.6) and the flattened index is what the anchor stores.
   * Validation guarantees no cycles and at most `MAX_FLATTENED_INSTRUCTIONS` after inlining.
   */
  playout: Instruction[];
  /** The files read for `import`, in order. */
  imports: ImportedFile[];
}

export interface ImportedFile {
  /** The entry as written under `import`. */
  path: string;
  /** The name the import reader resolved it to; error and source locations use this name. */
  fileName: string;
  location: SourceLocation;
}

// ---------------------------------------------------------------------------------------------
// Sequences (§4.6, §4.7)
// ---------------------------------------------------------------------------------------------

export interface SequenceDefinition {
  key: string;
  /** At least one. When the sequence is used as a pre/post/mid-roll, validation guarantees these are only `ROLL_SEQUENCE_KINDS`. */
  items: Instruction[];
  location: SourceLocation;
}

/** Instruction kinds allowed in a sequence that is played as a pre-, post- or mid-roll (§4.7 recommendation). */
export const ROLL_SEQUENCE_KINDS = ["all", "count", "duration", "padToNext", "padUntil", "epgGroup", "watermark"] as const;

/** Upper bound on `playout` after inlining all sequences with their repeats; larger definitions are rejected. */
export const MAX_FLATTENED_INSTRUCTIONS = 100_000;

// ---------------------------------------------------------------------------------------------
// Instructions (§4)
// ---------------------------------------------------------------------------------------------

/**
 * Filler kind stamped on produced items. When an instruction leaves it undefined, the item takes
 * the kind of the roll being played (pre/post/mid), else `none` (§4.0).
 */
export type FillerKind = "none" | "preroll" | "postroll" | "midroll";

interface InstructionBase {
  /** Where the instruction's mapping starts; use it in build errors. */
  location: SourceLocation;
}

/** Fields shared by the instructions that schedule items from a content source (§4.0). */
interface ContentInstructionBase extends InstructionBase {
  /** Key of a content source; always present in `contentByKey`. */
  content: string;
  /** Title shown instead of the item's own; undefined if not set or blank. */
  customTitle?: string;
  /** Explicit filler kind for produced items; undefined = inherit (see FillerKind). */
  fillerKind?: FillerKind;
  /** Items get `DisableWatermarks`; default false. */
  disableWatermarks: boolean;
}

/**
 * Fields of the fill loop shared by `duration`, `padToNext` and `padUntil` (§4.3 step 5):
 * an item that fits is added; otherwise discard attempts are used up first, then `trim`,
 * then `fallback`, else the fill stops and the item stays current.
 */
interface FillInstructionBase extends ContentInstructionBase {
  /** Cut the last item so it ends exactly at the target; default false. */
  trim: boolean;
  /** Key of a content source whose current item fills the remainder (looped and trimmed). */
  fallback?: string;
  /** How many non-fitting items may be skipped before trim/fallback apply; default 0, never negative. */
  discardAttempts: number;
}

/**
 * Plays `n` items from the content's CURRENT position, where n is the content's item count
 * (for playlists and marathons: the filler count, §5.7). Pre-roll, item (mid-roll split), post-roll each time (§4.1).
 */
export interface AllInstruction extends ContentInstructionBase {
  kind: "all";
}

/**
 * Plays `count` items (pre-roll, item, post-roll each time) (§4.2). The spec allows only an
 * integer here (upstream also accepts an expression). Never negative; 0 plays nothing.
 */
export interface CountInstruction extends ContentInstructionBase {
  kind: "count";
  count: number;
}

/**
 * Fills `durationMs` of ELAPSED time from the cursor (§4.3).
 * Resulting cursor: `stopBeforeEnd` false → after the last item (may overrun);
 * else `offlineTail` true → exactly the target; else → after the last item.
 * Validation rejects `offlineTail: true` with `stopBeforeEnd: false`.
 */
export interface DurationInstruction extends FillInstructionBase {
  kind: "duration";
  /** Always > 0. */
  durationMs: number;
  /** Leave the unfilled remainder offline and end at the target; default false. */
  offlineTail: boolean;
  /** false: every item counts as fitting, so the block may run past the target; default true. */
  stopBeforeEnd: boolean;
}

/**
 * Fills up to the next multiple of `minutes` past the local hour (§2.4): target minute =
 * ceil(m / N) * N with seconds truncated, plus N if that is not after the cursor (so a cursor
 * exactly on a boundary pads a full interval). Boundaries restart every hour when N does not
 * divide 60. The YAML form has no offline_tail/stop_before_end: the block always ends exactly
 * on the boundary, with any remainder offline (§4.4).
 */
export interface PadToNextInstruction extends FillInstructionBase {
  kind: "padToNext";
  /** 1-1440 */
  minutes: number;
  offlineTail: true;
  stopBeforeEnd: true;
}

/**
 * Fills until a local time of day (§2.2, §4.5). If the cursor's time of day is after `time`
 * (equal counts as "today"), `tomorrow` is evaluated with `now` = cursor time in decimal hours:
 * true → the target is tomorrow at `time`; false → the target is the cursor (nothing scheduled).
 * Build the target with real zone rules (DST). Validation rejects `offlineTail: true` with
 * `stopBeforeEnd: false`.
 */
export interface PadUntilInstruction extends FillInstructionBase {
  kind: "padUntil";
  time: TimeOfDay;
  /** A YAML boolean becomes a constant; omitted = constant false (§2.3, fixing the upstream crash). */
  tomorrow: CompiledExpression<TomorrowVariables, boolean>;
  /** default false */
  offlineTail: boolean;
  /** default true */
  stopBeforeEnd: boolean;
}

/**
 * Inlines sequence `sequence`'s items `repeat` times, before the main loop (§4.6). Inlined
 * instructions must be copies: upstream shares objects, which corrupts `shuffle_sequence`.
 */
export interface SequenceInstruction extends InstructionBase {
  kind: "sequence";
  /** Key of a sequence in `sequences`. */
  sequence: string;
  /** >= 1; default 1. */
  repeat: number;
}

/**
 * Guide grouping (§4.8). `enabled` true: advance the group counter once if `advance`, then lock,
 * so following items share one guide entry. `enabled` false: unlock. Counter and lock are saved in the anchor.
 */
export interface EpgGroupInstruction extends InstructionBase {
  kind: "epgGroup";
  enabled: boolean;
  /** default true; only meaningful when `enabled`. */
  advance: boolean;
}

/**
 * Sets (sequence key) or clears (null) the pre-roll played before each item of all/count and at
 * the start of each pass of the fill loop (§4.9). Validation requires a sequence with `pre_roll: true`.
 * Save in the anchor.
 */
export interface PreRollInstruction extends InstructionBase {
  kind: "preRoll";
  sequence: string | null;
}

/** Like pre-roll, after each item (§4.10). Save it in the anchor too (upstream does not). */
export interface PostRollInstruction extends InstructionBase {
  kind: "postRoll";
  sequence: string | null;
}

/**
 * Sets (sequence key) or clears (null) mid-roll (§4.11). Applies only to items of `all` and
 * `count` that have 2+ chapters: `filter` runs for each candidate point (the end of every
 * chapter but the last); the item is split at matching points with the sequence played in
 * between. Save in the anchor too.
 */
export interface MidRollInstruction extends InstructionBase {
  kind: "midRoll";
  sequence: string | null;
  /** Default `true` (every chapter boundary). */
  filter: CompiledExpression<ChapterVariables, boolean>;
}

/**
 * `true`: jump back to instruction 0 (the only index-changing instruction, §4.12). `false` is a
 * no-op (upstream loops either way). The builder must guard against passes that add nothing.
 */
export interface RepeatInstruction extends InstructionBase {
  kind: "repeat";
  enabled: boolean;
}

/**
 * Shuffles, in the flattened playout, the instructions inlined from `sequence` (§4.13). Use a
 * seeded generator and persist the order or seed (upstream is unseeded and not saved).
 */
export interface ShuffleSequenceInstruction extends InstructionBase {
  kind: "shuffleSequence";
  sequence: string;
}

/**
 * Advances the content's position by `items` mod count without scheduling anything (§4.14).
 * An integer in YAML becomes a constant expression. Skip nothing when the content is empty or
 * the result is negative (upstream crashes or fails).
 */
export interface SkipItemsInstruction extends InstructionBase {
  kind: "skipItems";
  content: string;
  items: CompiledExpression<SkipItemsVariables, number>;
}

/**
 * Makes the first episode with this season and episode number, searching forward from the
 * current position, the current item (§4.15). Validation guarantees season >= 0, episode >= 1.
 */
export interface SkipToItemInstruction extends InstructionBase {
  kind: "skipToItem";
  content: string;
  season: number;
  episode: number;
}

/**
 * Moves the cursor to `time` today without scheduling anything (the gap is offline) (§4.16).
 * If the cursor is already past it: `tomorrow` → tomorrow at `time`; else if `rewindOnReset`
 * → today at `time` (backwards); else no change. `rewindOnReset` is only ever true in the
 * `reset` list: validation rejects it elsewhere (upstream would loop forever).
 */
export interface WaitUntilInstruction extends InstructionBase {
  kind: "waitUntil";
  time: TimeOfDay;
  /** default false */
  tomorrow: boolean;
  /** default false */
  rewindOnReset: boolean;
}

/**
 * `enabled` true: add the channel watermark called `name` to the active set. `enabled` false:
 * remove `name`, or clear the whole set when `name` is null (§4.17). Validation requires a name
 * with `true` (upstream would clear all). The set is saved in the anchor.
 */
export interface WatermarkInstruction extends InstructionBase {
  kind: "watermark";
  enabled: boolean;
  name: string | null;
}

export type Instruction =
  | AllInstruction
  | CountInstruction
  | DurationInstruction
  | PadToNextInstruction
  | PadUntilInstruction
  | SequenceInstruction
  | EpgGroupInstruction
  | PreRollInstruction
  | PostRollInstruction
  | MidRollInstruction
  | RepeatInstruction
  | ShuffleSequenceInstruction
  | SkipItemsInstruction
  | SkipToItemInstruction
  | WaitUntilInstruction
  | WatermarkInstruction;

export type InstructionKind = Instruction["kind"];

/** Moves the cursor of a Reset build back by `ms` (>= 0) (§2.5, §4.18). */
export interface RewindInstruction extends InstructionBase {
  kind: "rewind";
  ms: number;
}

/** The only forms allowed in `reset` (§3.2 step 7). */
export type ResetInstruction = RewindInstruction | SkipItemsInstruction | SkipToItemInstruction | WaitUntilInstruction;
