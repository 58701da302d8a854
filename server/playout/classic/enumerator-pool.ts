import { PlaybackOrder } from "../../domain/enums";
import { classicMarathonItemOrder, multiCollectionOptions, SIMPLE_ORDER, type MarathonGroupBy } from "../content";
import type { SimpleOrder, SimpleOrderOptions } from "../content/enumerators/simple";
import { createEnumerator, type EnumeratorSpec } from "../content/factory";
import type { EnumeratorState } from "../content/state";
import type { MediaItem } from "../content/types";
import { historyKey } from "../content/history";
import { contentSeed } from "../random";
import { UndoableEnumerator } from "./undoable-enumerator";
import type { ClassicContent, ClassicMarathon, ClassicSchedule } from "./types";


/** What one enumerator walks: a content key in an order (filler always shuffles). */
export interface EnumeratorRequest {
  contentKey: string;
  order: PlaybackOrder;
  marathon?: ClassicMarathon | null;
  /** Filler content keeps its own progress, apart from the same content scheduled as primary content. */
  filler?: boolean;
}

export function enumeratorKey(request: EnumeratorRequest): string {
  const m = request.order === PlaybackOrder.Marathon ? request.marathon : null;
  return historyKey({
    key: request.contentKey,
    order: request.filler ? "filler" : request.order,
    groupBy: m?.groupBy,
    shuffleItems: m?.shuffleItems,
  });
}

/**
 * The live enumerators of one build, keyed by `enumeratorKey`, created lazily from the saved positions.
 * `begin()`/`undo()` let a scheduler try a unit and take it back when it does not fit.
 */
export class EnumeratorPool {
  private readonly live = new Map<string, UndoableEnumerator>();
  private readonly saved: Record<string, EnumeratorState>;
  private trying = false;

  constructor(
    private readonly schedule: ClassicSchedule,
    private readonly content: ClassicContent,
    private readonly seed: number,
    saved: Record<string, EnumeratorState>,
  ) {
    this.saved = { ...saved };
  }

  get(request: EnumeratorRequest): UndoableEnumerator {
    const key = enumeratorKey(request);
    let enumerator = this.live.get(key);
    if (!enumerator) {
      enumerator = new UndoableEnumerator(createEnumerator(this.spec(request), { seed: contentSeed(this.seed, key), state: this.saved[key] }));
      if (this.trying) enumerator.begin();
      this.live.set(key, enumerator);
    }
    return enumerator;
  }

  /** Positions of every enumerator, live or saved. */
  states(): Record<string, EnumeratorState> {
    const out: Record<string, EnumeratorState> = { ...this.saved };
    for (const [key, enumerator] of this.live) out[key] = enumerator.state();
    return out;
  }

  /** Starts a try: moves from here on can be taken back with `undo()` or kept with `commit()`. */
  begin(): void {
    this.trying = true;
    for (const enumerator of this.live.values()) enumerator.begin();
  }

  commit(): void {
    this.trying = false;
    for (const enumerator of this.live.values()) enumerator.commit();
  }

  undo(): void {
    this.trying = false;
    for (const enumerator of this.live.values()) enumerator.undo();
  }

  private spec(request: EnumeratorRequest): EnumeratorSpec<MediaItem> {
    const resolved = this.content.content[request.contentKey];
    if (resolved && "entries" in resolved) return { order: "playlist", entries: resolved.entries };
    const items = resolved?.items ?? [];
    if (request.filler) return { order: "shuffle", items };
    if (request.order === PlaybackOrder.Marathon) {
      const m = request.marathon ?? { groupBy: "Show", shuffleGroups: false, shuffleItems: false, batchSize: null };
      const groupBy = m.groupBy.toLowerCase() as MarathonGroupBy;
      return {
        order: "marathon",
        items,
        options: {
          groupBy,
          itemOrder: classicMarathonItemOrder(groupBy, m.shuffleItems),
          playAllItems: true,
          shuffleGroups: m.shuffleGroups,
          ...(m.batchSize ? { batchSize: m.batchSize } : {}),
        },
      };
    }
    const order = SIMPLE_ORDER[request.order];
    return { order, items, options: this.options(order, request.contentKey) };
  }

  private options(order: SimpleOrder, contentKey: string): SimpleOrderOptions<MediaItem> {
    const options: SimpleOrderOptions<MediaItem> = {
      keepMultiPartEpisodesTogether: this.schedule.keepMultiPartEpisodesTogether,
      treatCollectionsAsShows: this.schedule.treatCollectionsAsShows,
      // Applies only to content without a saved position: after a Reset, or content first played later.
      randomStartPoint: this.schedule.randomStartPoint,
    };
    const groups = this.content.groups?.[contentKey];
    if (groups) Object.assign(options, multiCollectionOptions(order, groups));
    return options;
  }
}
