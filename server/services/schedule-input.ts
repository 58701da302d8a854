import type { FixedStartTimeBehavior, GraphicsMode, GuideMode, MarathonGroupBy, MultipleMode, PlaybackOrder, PlayoutMode, SubtitleMode, TailMode } from "../domain/enums";
import type { ContentTargetInput } from "./content-targets";

export interface ScheduleInput {
  /** 1–50 characters, unique without regard to letter case. */
  name: string;
  /** Keep multi-part episodes together when shuffling (default false). */
  keepMultiPartEpisodesTogether?: boolean;
  /** Only with keepMultiPartEpisodesTogether (default false). */
  treatCollectionsAsShows?: boolean;
  /** Visit the items in shuffled order (default false). */
  shuffleScheduleItems?: boolean;
  /** On reset, ordered items start at a random point (default false). */
  randomStartPoint?: boolean;
  /** What fixed-start items do when the previous item runs late, unless they override it (default Strict). */
  fixedStartTimeBehavior?: FixedStartTimeBehavior;
}

/**
 * One schedule item. The body is shaped by `playoutMode`: `multipleMode`/`count` only with Multiple,
 * `playoutDuration`/`tailMode`/`discardToFillAttempts`/`tailFillerId` only with Duration.
 */
export type ScheduleItemInput = ContentTargetInput & {
  /**
   * Ordering key. On replace, items are renumbered 0..n-1 by ascending index (list order when absent);
   * on add, the position to insert at (default: the end).
   * @isInt
   */
  index?: number | null;
  /** Fixed start `hh:mm:ss` after local midnight (values from 24:00:00 lose a day); absent for a dynamic start. */
  startTime?: string | null;
  /** Only with a fixed start; absent means the schedule's behaviour. */
  fixedStartTimeBehavior?: FixedStartTimeBehavior | null;
  playoutMode: PlayoutMode;
  playbackOrder: PlaybackOrder;
  /** Required with the Marathon order, absent otherwise. */
  marathonGroupBy?: MarathonGroupBy | null;
  /** Marathon only (default false). */
  marathonShuffleGroups?: boolean | null;
  /** Marathon only (default false). */
  marathonShuffleItems?: boolean | null;
  /**
   * Marathon only: groups played per visit, at least 1.
   * @isInt
   */
  marathonBatchSize?: number | null;
  /** Multiple only (default Count); PlaylistItemSize only with a Playlist. */
  multipleMode?: MultipleMode | null;
  /** Multiple with Count: an expression with `count` (collection size) and `random`, e.g. `3` or `random % 3 + 1`. */
  count?: string | null;
  /** Duration only, required: `hh:mm:ss`, more than zero and at most 24:00:00. */
  playoutDuration?: string | null;
  /** Duration only (default None); Filler needs tailFillerId. */
  tailMode?: TailMode | null;
  /**
   * Duration only, at least 0 (default 0); above 0 only with Random or Shuffle.
   * @isInt
   */
  discardToFillAttempts?: number | null;
  /** Up to 200 characters; groups items under one guide entry. */
  customTitle?: string | null;
  /** Filler hides the items from the guide (default Normal). */
  guideMode?: GuideMode | null;
  /** @isInt */
  preRollFillerId?: number | null;
  /** @isInt */
  midRollFillerId?: number | null;
  /** @isInt */
  postRollFillerId?: number | null;
  /**
   * Duration with tailMode Filler only, then required.
   * @isInt
   */
  tailFillerId?: number | null;
  /**
   * Required when a pre/mid/post filler pads.
   * @isInt
   */
  fallbackFillerId?: number | null;
  watermarkIds?: number[] | null;
  /** Graphics elements for this item's programmes (and its filler), in drawing order. */
  graphicsIds?: number[] | null;
  /** Add (default: drawn after the channel's elements) or Replace (instead of them; with an empty list, none). */
  graphicsMode?: GraphicsMode | null;
  /** Three-letter language code. */
  preferredAudioLanguageCode?: string | null;
  /** Up to 200 characters. */
  preferredAudioTitle?: string | null;
  /** Three-letter language code. */
  preferredSubtitleLanguageCode?: string | null;
  subtitleMode?: SubtitleMode | null;
};
