import { FillerKind, GuideMode, PlaybackOrder, PlayoutMode, TailMode } from "../../domain/enums";
import type { MediaItem } from "../content/types";
import { childSeed, contentSeed, positionStream } from "../random";
import { BuildError, clip, ZoneClock } from "../core";
import { liveWithoutDuration } from "../core/build-error";
import type { TimelineItem } from "../timeline-item";
import { EnumeratorPool } from "./enumerator-pool";
import { FillerPlayer, totalLength, gapPiece, type Piece } from "./filler";
import { fixedStartAt, floodEndAt, formatTime } from "./fixed-start";
import { isEmptyContent, largestContentSize } from "./content-size";
import { MultipleCounts } from "./multiple-count";
import { takeUnit } from "./take-unit";
import { ScheduleOrder } from "./schedule-order";
import { freshSnapshot, cloneSnapshot, pickBase, pruneCheckpoints, scheduleFingerprint } from "./snapshots";
import type { ClassicBuildInput, ClassicBuildResult, ClassicScheduleItem, ClassicSnapshot } from "./types";
import { planUnit, type UnitPlanContext } from "./unit-plan";
import type { UndoableEnumerator } from "./undoable-enumerator";

const HOUR = 3_600_000;
const DEFAULT_MAX_ITEMS = 250_000;
const DEFAULT_MAX_MS = 10_000;

/**
 * The Classic playout builder (reference §5.1): walks the schedule's items in order (or shuffled per pass),
 * each by its playout mode (One, Multiple, Flood, Duration) with fixed starts (Strict / Flexible), filler and
 * guide grouping, from the build start to the horizon. Pure: the clock, the zone and the seed come in.
 *
 * Modes: Reset starts over (fresh content positions, random start points allowed); Refresh rebuilds from the
 * latest checkpoint (a snapshot at a local day start, or at the last Reset) before `start` with the current
 * schedule, so content progress continues, and returns the timeline from `start`; Continue resumes exactly
 * where the previous build stopped (a Reset followed by Continues equals one longer Reset), or refreshes when
 * the schedule changed since or the saved position is more than two days old.
 */
export function buildClassicPlayout(input: ClassicBuildInput): ClassicBuildResult {
  return new ClassicBuilder(input).build();
}

class ClassicBuilder {
  private readonly zone: ZoneClock;
  private readonly items: ClassicScheduleItem[];
  private readonly out: TimelineItem[] = [];
  private readonly warnings = new Set<string>();
  private readonly drawSeed: number;
  private readonly order: ScheduleOrder;
  private readonly counts: MultipleCounts;
  private snap!: ClassicSnapshot;
  /** While a Duration window or a bounded Flood takes its next unit: how long a live stream may play there. */
  private liveSpanMs: number | undefined;
  private pool!: EnumeratorPool;
  private readonly itemEnumerators = new Map<ClassicScheduleItem, UndoableEnumerator>();
  private filler!: FillerPlayer;
  private unitContext!: UnitPlanContext;
  private checkpoints: ClassicSnapshot[] = [];
  private checkpointDay = 0;

  constructor(private readonly input: ClassicBuildInput) {
    if (!Number.isFinite(input.start) || !Number.isFinite(input.horizonMs) || input.horizonMs < 0) {
      throw new BuildError("invalid-input", "start and horizon must be finite, the horizon not negative");
    }
    this.zone = new ZoneClock(input.timeZone);
    this.items = [...input.schedule.items].sort((a, b) => a.index - b.index);
    if (!this.items.length) throw new BuildError("invalid-input", "the schedule has no items");
    this.drawSeed = childSeed(input.seed >>> 0, "classic-draws");
    this.order = new ScheduleOrder(this.items, input.schedule.shuffleScheduleItems, contentSeed(input.seed >>> 0, "classic-schedule-items"));
    this.counts = new MultipleCounts((message) => this.warnings.add(message));
  }

  build(): ClassicBuildResult {
    const { input } = this;
    const empty = this.items.filter((item) => isEmptyContent(input.content.content[item.contentKey]));
    if (empty.length === this.items.length) {
      throw new BuildError("invalid-input", `no schedule item has playable content (${[...new Set(empty.map((i) => i.contentKey))].join(", ")})`);
    }
    const fingerprint = scheduleFingerprint(input.schedule);
    const previous = input.previousState?.version === 1 ? input.previousState : undefined;
    let replaces = true;
    let clipFrom: number | null = input.start;
    let fresh = false;

    if (input.mode === "Continue" && previous && previous.fingerprint === fingerprint && previous.current.cursor >= input.start - 2 * 24 * HOUR) {
      this.snap = cloneSnapshot(previous.current);
      this.checkpoints = previous.checkpoints.map(cloneSnapshot);
      replaces = false;
      clipFrom = null;
    } else if (input.mode === "Reset" || !previous) {
      this.snap = freshSnapshot(input.start);
      fresh = true;
      clipFrom = null;
    } else {
      if (input.mode === "Continue") this.warnings.add("the schedule changed since the last build: rebuilt from today's checkpoint");
      const base = pickBase(previous.checkpoints, input.start);
      this.snap = base ? cloneSnapshot(base) : { ...freshSnapshot(input.start), enumerators: { ...previous.current.enumerators }, nextGuideGroup: previous.current.nextGuideGroup, draws: previous.current.draws };
      this.checkpoints = previous.checkpoints.filter((c) => c.cursor <= this.snap.cursor).map(cloneSnapshot);
    }

    this.pool = new EnumeratorPool(input.schedule, input.content, input.seed >>> 0, this.snap.enumerators);
    this.filler = new FillerPlayer(this.pool, (max) => this.draw(max));
    this.unitContext = { filler: this.filler, zone: this.zone, warn: (message) => this.warnings.add(message) };
    this.snap.index = Math.min(this.snap.index, this.items.length - 1);
    this.checkpointDay = this.zone.dayNumber(this.snap.cursor);
    if (fresh) this.checkpoints = [this.snapshot()];

    this.run(input.start + input.horizonMs);

    let items = this.out;
    if (clipFrom !== null) items = clip(items, clipFrom);
    return {
      items,
      state: { version: 1, fingerprint, current: this.snapshot(), checkpoints: pruneCheckpoints(this.checkpoints, input.start) },
      warnings: [...this.warnings],
      replaces,
    };
  }

  private run(until: number): void {
    const budget = this.input.budget ?? {};
    const maxItems = budget.maxItems ?? DEFAULT_MAX_ITEMS;
    const maxMs = budget.maxMs ?? DEFAULT_MAX_MS;
    // Steps that move no time: skipping items of empty content, ending blocks, and in Duration windows passing
    // over items that do not fit (at most the content's size plus the discard attempts per window).
    const stuckLimit = 6 + 4 * this.items.length + 2 * (largestContentSize(this.input.content.content) + Math.max(0, ...this.items.map((i) => i.discardToFillAttempts)));
    let stuck = 0;
    while (this.snap.cursor < until) {
      if (this.out.length > maxItems) throw new BuildError("too-many-items", `the build made more than ${maxItems} items`);
      if (budget.elapsedMs && budget.elapsedMs() > maxMs) throw new BuildError("time-budget", `the build took longer than ${maxMs} ms`);
      const day = this.zone.dayNumber(this.snap.cursor);
      if (day !== this.checkpointDay) {
        this.checkpointDay = day;
        this.checkpoints.push(this.snapshot());
      }
      const before = this.snap.cursor;
      const item = this.currentItem();
      this.step();
      if (this.snap.cursor > before) stuck = 0;
      else if (++stuck > stuckLimit) {
        throw new BuildError(
          "no-progress",
          `the schedule made no progress at ${new Date(before).toISOString()}, at schedule item ${item.index + 1} (${item.playoutMode}): check for content that is empty, fixed starts that collide, or a Duration shorter than every item with its filler`,
        );
      }
    }
  }

  private step(): void {
    const item = this.currentItem();
    this.dropForeignBlock(item);
    const enumerator = this.enumerator(item);
    if (!this.inBlock()) {
      if (enumerator.current() === undefined) {
        this.warnings.add(`schedule item ${item.index + 1}: "${item.contentKey}" has no playable items; skipped`);
        this.advance();
        return;
      }
      if (item.startTimeSeconds !== null) {
        const at = this.fixedStart(item);
        if (at > this.snap.cursor) this.emit([gapPiece(at - this.snap.cursor)], item, false);
      }
    }
    switch (item.playoutMode) {
      case PlayoutMode.One:
        return this.playOne(item, enumerator);
      case PlayoutMode.Multiple:
        return this.playMultiple(item, enumerator);
      case PlayoutMode.Flood:
        return this.playFlood(item, enumerator);
      case PlayoutMode.Duration:
        return this.playDuration(item, enumerator);
    }
  }

  private playOne(item: ClassicScheduleItem, enumerator: UndoableEnumerator): void {
    const unit = this.takeUnit(enumerator);
    if (unit) this.emit(planUnit(this.unitContext, item, unit, this.snap.cursor), item, true);
    this.advance();
  }

  private playMultiple(item: ClassicScheduleItem, enumerator: UndoableEnumerator): void {
    this.snap.multipleRemaining ??= this.counts.count(item, enumerator, (max) => this.draw(max));
    const unit = this.snap.multipleRemaining > 0 ? this.takeUnit(enumerator) : null;
    if (unit) {
      this.emit(planUnit(this.unitContext, item, unit, this.snap.cursor), item, true);
      this.snap.multipleRemaining -= unit.length;
    }
    if (!unit || this.snap.multipleRemaining <= 0) {
      this.snap.multipleRemaining = null;
      this.advance();
    }
  }

  private playFlood(item: ClassicScheduleItem, enumerator: UndoableEnumerator): void {
    if (!this.snap.inFlood) {
      this.snap.inFlood = true;
      this.snap.floodLimit = this.nextFixedStart(item);
    }
    const limit = this.snap.floodLimit;
    if (limit === null || limit > this.snap.cursor) {
      this.liveSpanMs = limit === null ? undefined : limit - this.snap.cursor;
      const pieces = this.tryUnit(item, enumerator, (length) => limit === null || this.snap.cursor + length <= limit);
      this.liveSpanMs = undefined;
      if (pieces) return this.emit(pieces, item, true);
      if (limit === null) {
        // Nothing playable left and no fixed start to wait for: move on rather than flood nothing forever.
        this.snap.inFlood = false;
        return this.advance();
      }
    }
    if (limit !== null) this.emit(this.tailAndFallback(item, limit - this.snap.cursor, item.tail), item, false);
    this.snap.inFlood = false;
    this.snap.floodLimit = null;
    this.advance();
  }

  private playDuration(item: ClassicScheduleItem, enumerator: UndoableEnumerator): void {
    const windowMs = item.playoutDurationMs ?? 0;
    if (this.snap.durationFinish === null) {
      this.snap.durationFinish = this.snap.cursor + windowMs;
      this.snap.durationDiscards = 0;
      this.snap.durationSkips = 0;
    }
    const finish = this.snap.durationFinish;
    if (this.snap.cursor < finish) {
      let tooLong = false as boolean;
      this.liveSpanMs = finish - this.snap.cursor;
      const pieces = this.tryUnit(item, enumerator, (length) => {
        tooLong = length > windowMs;
        return this.snap.cursor + length <= finish;
      });
      this.liveSpanMs = undefined;
      if (pieces) {
        const first = this.out.length;
        this.emit(pieces, item, true);
        // The guide shows the window as one block (reference §5.1): its programmes end at the window's end.
        if ((item.tailMode ?? TailMode.None) !== TailMode.None) {
          for (let i = first; i < this.out.length; i++) if (this.out[i].fillerKind === FillerKind.None && this.out[i].mediaItemId !== null) this.out[i].guideFinish = finish;
        }
        return;
      }
      const discardable = item.playbackOrder === PlaybackOrder.Random || item.playbackOrder === PlaybackOrder.Shuffle;
      if (tooLong && this.snap.durationSkips < Math.max(1, enumerator.count)) {
        // Longer than the whole window: it can never play here; the order moves past it.
        this.takeUnit(enumerator);
        this.snap.durationSkips++;
        return;
      }
      if (!tooLong && discardable && this.snap.durationDiscards < item.discardToFillAttempts) {
        this.takeUnit(enumerator);
        this.snap.durationDiscards++;
        return;
      }
    }
    const remaining = finish - this.snap.cursor;
    const tailMode = item.tailMode ?? TailMode.None;
    if (remaining > 0 && tailMode === TailMode.Filler) this.emit(this.tailAndFallback(item, remaining, item.tail), item, false);
    if (remaining > 0 && tailMode === TailMode.Offline) this.emit(this.filler.loopTrimmed(item.fallback, remaining), item, false);
    this.snap.durationFinish = null;
    this.advance();
  }

  /** Plans the next unit with its filler and keeps it when `fits(length)`; otherwise takes every move back. */
  private tryUnit(item: ClassicScheduleItem, enumerator: UndoableEnumerator, fits: (lengthMs: number) => boolean): Piece[] | null {
    const draws = this.snap.draws;
    this.pool.begin();
    const unit = this.takeUnit(enumerator);
    const pieces = unit ? planUnit(this.unitContext, item, unit, this.snap.cursor) : null;
    if (pieces && fits(totalLength(pieces))) {
      this.pool.commit();
      return pieces;
    }
    this.pool.undo();
    this.snap.draws = draws;
    return null;
  }

  /** Whole tail filler items that fit, then the fallback filler cut to end exactly `remainingMs` later. */
  private tailAndFallback(item: ClassicScheduleItem, remainingMs: number, tail: ClassicScheduleItem["tail"]): Piece[] {
    const pieces = tail ? this.filler.wholeUpTo(tail, FillerKind.Tail, remainingMs) : [];
    pieces.push(...this.filler.loopTrimmed(item.fallback, remainingMs - totalLength(pieces)));
    return pieces;
  }

  /** The next media item, with the following parts of a multi-part episode when the schedule keeps them together. */
  private takeUnit(enumerator: UndoableEnumerator): MediaItem[] | null {
    const { keepMultiPartEpisodesTogether, treatCollectionsAsShows } = this.input.schedule;
    const unit = takeUnit(enumerator, { keepMultiPartEpisodesTogether, treatCollectionsAsShows }, (message) => this.warnings.add(message));
    // A live stream plays for the rest of a Duration window or until a Flood's next fixed start; elsewhere for its own duration.
    return unit?.map((media) => {
      if (!media.live) return media;
      const span = this.liveSpanMs ?? media.durationMs;
      if (!(span > 0)) throw liveWithoutDuration(media, "a schedule item of mode One, Multiple or an open Flood");
      return { ...media, durationMs: span };
    }) ?? null;
  }

  /** Places pieces at the cursor as timeline items and moves the cursor past them. */
  private emit(pieces: readonly Piece[], item: ClassicScheduleItem, programme: boolean): void {
    if (!pieces.length) return;
    const group = programme ? this.guideGroupFor(item) : this.snap.lastGuideGroup;
    const hidden = item.guideMode === GuideMode.Filler;
    for (const piece of pieces) {
      const start = this.snap.cursor;
      const finish = start + (piece.outPointMs - piece.inPointMs);
      this.snap.cursor = finish;
      if (piece.mediaItemId === null) {
        this.out.push({ start, finish, mediaItemId: null, inPointMs: 0, outPointMs: finish - start, fillerKind: FillerKind.None, guideGroup: 0, disableWatermarks: false, contentKey: null });
        continue;
      }
      const timeline: TimelineItem = {
        start,
        finish,
        mediaItemId: piece.mediaItemId,
        inPointMs: piece.inPointMs,
        outPointMs: piece.outPointMs,
        fillerKind: piece.fillerKind,
        guideGroup: group,
        disableWatermarks: piece.disableWatermarks,
        contentKey: piece.contentKey,
      };
      if (item.customTitle) timeline.customTitle = item.customTitle;
      if (hidden) timeline.hiddenFromGuide = true;
      if (item.watermarkIds?.length && !piece.disableWatermarks) timeline.watermarkIds = item.watermarkIds;
      if (item.graphicsIds?.length || item.graphicsMode === "Replace") Object.assign(timeline, { graphicsIds: item.graphicsIds ?? [], graphicsMode: item.graphicsMode ?? "Add" });
      if (item.preferredAudioLanguageCode) timeline.preferredAudioLanguageCode = item.preferredAudioLanguageCode;
      if (item.preferredSubtitleLanguageCode) timeline.preferredSubtitleLanguageCode = item.preferredSubtitleLanguageCode;
      if (item.subtitleMode) timeline.subtitleMode = item.subtitleMode;
      this.out.push(timeline);
    }
  }

  /**
   * A new guide entry per programme; consecutive programmes of one item with a custom title share one; items in
   * guide mode Filler are hidden and merge into the programme before them.
   */
  private guideGroupFor(item: ClassicScheduleItem): number {
    const snap = this.snap;
    if (item.guideMode === GuideMode.Filler && snap.lastGuideGroup > 0) return snap.lastGuideGroup;
    if (item.customTitle && snap.customTitleItem === item.id && snap.lastGuideGroup > 0) return snap.lastGuideGroup;
    snap.lastGuideGroup = snap.nextGuideGroup++;
    snap.customTitleItem = item.customTitle ? item.id : null;
    return snap.lastGuideGroup;
  }

  private fixedStart(item: ClassicScheduleItem): number {
    const behavior = item.fixedStartTimeBehavior ?? this.input.schedule.fixedStartTimeBehavior;
    const { at, waitsADay } = fixedStartAt(this.zone, this.snap.cursor, item.startTimeSeconds!, behavior);
    if (waitsADay) {
      this.warnings.add(`schedule item ${item.index + 1}: its fixed start ${formatTime(item.startTimeSeconds!)} had passed (Strict), so the channel is offline until the next day's start`);
    }
    return at;
  }

  /** Where a flood ends: the following item's next fixed start, or never (dynamic next item). */
  private nextFixedStart(current: ClassicScheduleItem): number | null {
    const next = this.order.after(this.snap.pass, this.snap.index);
    return next.startTimeSeconds === null ? null : floodEndAt(this.zone, this.snap.cursor, next.startTimeSeconds, next === current);
  }

  private draw(maxExclusive: number): number {
    return positionStream(this.drawSeed, this.snap.draws++).nextInt(Math.max(1, Math.floor(maxExclusive)));
  }

  /** A Refresh over an edited schedule may resume inside a block of another mode: that block is over. */
  private dropForeignBlock(item: ClassicScheduleItem): void {
    if (item.playoutMode !== PlayoutMode.Multiple) this.snap.multipleRemaining = null;
    if (item.playoutMode !== PlayoutMode.Duration) this.snap.durationFinish = null;
    if (item.playoutMode !== PlayoutMode.Flood) {
      this.snap.inFlood = false;
      this.snap.floodLimit = null;
    }
  }

  private inBlock(): boolean {
    return this.snap.multipleRemaining !== null || this.snap.durationFinish !== null || this.snap.inFlood;
  }

  /** A schedule item's enumerator, looked up in the pool once per build (its key is a canonical JSON text). */
  private enumerator(item: ClassicScheduleItem): UndoableEnumerator {
    let enumerator = this.itemEnumerators.get(item);
    if (!enumerator) {
      enumerator = this.pool.get({ contentKey: item.contentKey, order: item.playbackOrder, marathon: item.marathon });
      this.itemEnumerators.set(item, enumerator);
    }
    return enumerator;
  }

  private currentItem(): ClassicScheduleItem {
    return this.order.at(this.snap.pass, this.snap.index);
  }

  private advance(): void {
    this.snap.index++;
    if (this.snap.index >= this.items.length) {
      this.snap.index = 0;
      this.snap.pass++;
    }
  }

  private snapshot(): ClassicSnapshot {
    return cloneSnapshot({ ...this.snap, enumerators: this.pool.states() });
  }
}
