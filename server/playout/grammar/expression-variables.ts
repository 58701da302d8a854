import type { VariableTypesOf } from "./expression";

/**
 * Variables of a `skip_items` expression (reference §2.6).
 * - `count`: number of items in the content (for playlists/marathons the builder decides which count, §5.7).
 * - `random`: a pseudo-random integer in [0, count); pass a function to draw a new value at each use.
 */
export type SkipItemsVariables = {
  count: number;
  random: number | (() => number);
};

export const SKIP_ITEMS_VARIABLES: VariableTypesOf<SkipItemsVariables> = { count: "number", random: "number" };

/**
 * Variables of a `pad_until.tomorrow` expression (reference §2.3).
 * - `now`: the cursor's local time of day in decimal hours (10:30 is 10.5).
 */
export type TomorrowVariables = {
  now: number;
};

export const TOMORROW_VARIABLES: VariableTypesOf<TomorrowVariables> = { now: "number" };

/**
 * Variables of a `mid_roll.expression`, evaluated once per candidate split point, i.e. the end of
 * every chapter but the last, in chapter order (reference §2.7). Times are seconds.
 */
export type ChapterVariables = {
  /** Offset of the candidate point from the start of the media. */
  point: number;
  /** 1-based index of the candidate. */
  num: number;
  /** Title of the chapter that ends at this point ('' if none). */
  title: string;
  /** Number of chapters minus one. */
  total_points: number;
  /** Duration of the item. */
  total_duration: number;
  /** `point` divided by the end of the last chapter (0..1). */
  total_progress: number;
  /** `total_duration - point`. */
  remaining_duration: number;
  /** How many earlier candidates matched. */
  matched_points: number;
  /** Seconds since the previous matched point; very large before the first match. */
  last_mid_filler: number;
};

export const CHAPTER_VARIABLES: VariableTypesOf<ChapterVariables> = {
  point: "number",
  num: "number",
  title: "string",
  total_points: "number",
  total_duration: "number",
  total_progress: "number",
  remaining_duration: "number",
  matched_points: "number",
  last_mid_filler: "number",
};
