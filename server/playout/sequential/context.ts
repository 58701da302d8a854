import { FillerKind } from "../../domain/enums";
import type { ContentHistory } from "../content/history";
import { anchorOf } from "../content/state";
import type { MediaItem } from "../content/types";
import type { FillerKind as DefinitionFillerKind, PlayoutDefinition, SourceLocation } from "../definition/model";
import { BuildError } from "../core/build-error";
import type { FlatPlayout } from "./flatten";
import type { Source } from "./sources";
import type { BuildWarning, RollState, SequentialItem } from "./types";
import type { ZoneClock } from "../core/zone-clock";

const FILLER_KINDS: Record<DefinitionFillerKind, FillerKind> = {
  none: FillerKind.None,
  preroll: FillerKind.PreRoll,
  postroll: FillerKind.PostRoll,
  midroll: FillerKind.MidRoll,
};

/** Limits resolved from `BuildBudget`. */
export interface Limits {
  maxItems: number;
  maxInstructionsWithoutProgress: number;
  maxMs: number;
  elapsedMs: (() => number) | undefined;
}

/** Fields of a media item that come from the instruction producing it. */
export interface ItemLabels {
  contentKey: string;
  fillerKind: FillerKind;
  customTitle: string | undefined;
  disableWatermarks: boolean;
}

/**
 * The mutable state of one build: the cursor, the produced items, guide grouping, watermarks, roll
 * settings and the content sources. Handlers change it only through these methods, which keep the
 * invariants: items are appended in time order, each starting at the cursor; the cursor only moves
 * forward (except `rewind`/`rewind_on_reset` in the reset list, before anything is produced).
 */
export class BuildContext {
  cursor: number;
  readonly items: SequentialItem[] = [];
  readonly warnings: BuildWarning[] = [];
  guideGroup = 0;
  guideGroupLocked = false;
  watermarks: string[] = [];
  rolls: RollState = { preRoll: null, postRoll: null, midRoll: null };
  repeats = 0;
  shuffles = 0;
  /** Position → unshuffled flattened index. */
  order: number[];
  instructionIndex = 0;
  private readonly fillerStack: FillerKind[] = [];
  private readonly warned = new Set<string>();
  private itemsSinceTimeCheck = 0;

  constructor(
    readonly definition: PlayoutDefinition,
    readonly flat: FlatPlayout,
    readonly sources: ReadonlyMap<string, Source>,
    readonly history: ContentHistory,
    readonly clock: ZoneClock,
    readonly seed: number,
    readonly limits: Limits,
    cursor: number,
  ) {
    this.cursor = cursor;
    this.order = flat.entries.map((_, index) => index);
  }

  /** A content source; an unknown key (cannot pass validation) warns once and acts as empty. */
  source(key: string, location: SourceLocation): Source | undefined {
    const source = this.sources.get(key);
    if (!source) this.warnOnce(`unknown:${key}`, { code: "unknown-content", message: `unknown content "${key}"`, location });
    return source;
  }

  warnOnce(id: string, warning: BuildWarning): void {
    if (this.warned.has(id)) return;
    this.warned.add(id);
    this.warnings.push(warning);
  }

  // --- guide groups (§4.8) ------------------------------------------------------------------

  /** The group the next item gets: the locked group, else a new one. */
  peekGuideGroup(): number {
    return this.guideGroupLocked ? this.guideGroup : this.guideGroup + 1;
  }

  /** Called once per produced media item (not per mid-roll segment). */
  advanceGuideGroup(): void {
    if (!this.guideGroupLocked) this.guideGroup += 1;
  }

  // --- filler kinds (§4.0) ------------------------------------------------------------------

  fillerKindFor(explicit: DefinitionFillerKind | undefined): FillerKind {
    if (explicit !== undefined) return FILLER_KINDS[explicit];
    return this.fillerStack.length > 0 ? this.fillerStack[this.fillerStack.length - 1] : FillerKind.None;
  }

  withFillerKind(kind: FillerKind, run: () => void): void {
    this.fillerStack.push(kind);
    try {
      run();
    } finally {
      this.fillerStack.pop();
    }
  }

  // --- producing items ------------------------------------------------------------------------

  /** Appends a media item (or segment) of `lengthMs` at the cursor and moves the cursor past it. */
  emit(media: MediaItem, labels: ItemLabels, guideGroup: number, inPointMs: number, outPointMs: number, chapterTitle?: string): void {
    const start = this.cursor;
    const finish = start + (outPointMs - inPointMs);
    const item: SequentialItem = {
      start,
      finish,
      mediaItemId: media.id,
      inPointMs,
      outPointMs,
      fillerKind: labels.fillerKind,
      guideGroup,
      disableWatermarks: labels.disableWatermarks,
      contentKey: labels.contentKey,
    };
    if (labels.customTitle !== undefined) item.customTitle = labels.customTitle;
    if (this.watermarks.length > 0) item.watermarkNames = [...this.watermarks];
    if (chapterTitle !== undefined) item.chapterTitle = chapterTitle;
    this.push(item);
    this.cursor = finish;
  }

  /** Moves the cursor forward to `target`, recording the skipped time as an offline gap. */
  gapTo(target: number): void {
    if (target <= this.cursor) return;
    this.push({
      start: this.cursor,
      finish: target,
      mediaItemId: null,
      inPointMs: 0,
      outPointMs: target - this.cursor,
      fillerKind: FillerKind.None,
      guideGroup: 0,
      disableWatermarks: false,
      contentKey: null,
    });
    this.cursor = target;
  }

  /** Writes the history row of a played item; call after `moveNext()` so the state continues after it (§5.9). */
  recordHistory(source: Source, media: MediaItem, when: number, finish: number, state = source.enumerator.state()): void {
    this.history.record({ key: source.historyKey, when, finish, item: anchorOf(media), state });
  }

  /** Runs a roll sequence (set by the build: see rolls.ts). */
  runRoll: (sequenceKey: string, kind: FillerKind) => void = () => undefined;

  private push(item: SequentialItem): void {
    this.items.push(item);
    if (this.items.length > this.limits.maxItems) {
      throw new BuildError("too-many-items", `the build produced more than ${this.limits.maxItems} items`);
    }
    if (++this.itemsSinceTimeCheck >= 256) {
      this.itemsSinceTimeCheck = 0;
      this.checkTime(undefined);
    }
  }

  checkTime(location: SourceLocation | undefined): void {
    const elapsed = this.limits.elapsedMs;
    if (elapsed !== undefined && elapsed() > this.limits.maxMs) {
      throw new BuildError("time-budget", `the build ran longer than ${this.limits.maxMs} ms`, location);
    }
  }
}
