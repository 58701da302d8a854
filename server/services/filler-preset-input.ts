import type { FillerKind, FillerMode } from "../domain/enums";
import type { ContentTargetInput } from "./content-targets";

/**
 * What a client sends for a filler preset. The body is shaped by `fillerKind` and `fillerMode`: a field
 * that only another mode (or kind) uses is refused, not ignored. PUT replaces every field.
 */
export type FillerPresetInput = ContentTargetInput & {
  /** 1–50 characters, unique without regard to letter case. */
  name: string;
  /** PreRoll, MidRoll, PostRoll, Tail or Fallback. */
  fillerKind: FillerKind;
  /** Required for PreRoll, MidRoll and PostRoll; must be absent for Tail and Fallback (they have no mode). */
  fillerMode?: FillerMode | null;
  /** Duration mode only, required: `hh:mm:ss`, more than zero and at most 24:00:00. */
  duration?: string | null;
  /**
   * Count mode (that many items) and RandomCount mode (a random number of items up to this), required: 1–1000.
   * @isInt
   */
  count?: number | null;
  /**
   * Pad mode only, required: pad until the wall-clock minute is a multiple of this; one of 5, 10, 15, 30, 60.
   * @isInt
   */
  padToNearestMinute?: number | null;
  /** False hides watermarks while this filler plays (default true). */
  allowWatermarks?: boolean | null;
  /**
   * MidRoll only: which chapter breaks get filler, a true/false expression over `point`, `num`, `title`,
   * `total_points`, `total_duration`, `total_progress`, `remaining_duration`, `matched_points` and
   * `last_mid_filler` (seconds), e.g. `point >= 600 and last_mid_filler >= 900`. Up to 500 characters.
   */
  expression?: string | null;
  /** Play each chapter of the filler content as its own item (default false); not for Fallback. */
  useChaptersAsMediaItems?: boolean | null;
};
