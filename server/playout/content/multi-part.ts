import { sortItems } from "./sort-keys";
import type { MediaItem } from "./types";

/**
 * Multi-part episodes ("keepMultiPartEpisodesTogether", api-and-streaming §1.2.4 / §5.1): consecutive parts
 * of a story are scheduled as one unit by the shuffle orders.
 *
 * A title marks a part when it ends with one of:
 *   "(2)" or "(2) - Subtitle"        digits in parentheses (at most two digits, so "(1999)" is not a part)
 *   "Part 2" or "(Part 2)"           case-insensitive
 *   "(II)" or "(II) - Subtitle"      Roman numerals I–X
 *   "Part Two" or "(Part Two)"       English words one–ten
 */
const DIGITS_IN_PARENS = /\((\d{1,2})\)(?: - .*)?$/;
const PART_DIGITS = /\(?part (\d{1,2})\)?$/i;
const ROMAN_IN_PARENS = /\(([MDCLXVI]+)\)(?: - .*)?$/;
const PART_WORD = /\(?part (\w+)\)?$/i;

const ROMAN: Readonly<Record<string, number>> = {
  I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7, VIII: 8, IX: 9, X: 10,
};
const WORDS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
};

export function partNumberFromTitle(title: string): number | undefined {
  const digits = DIGITS_IN_PARENS.exec(title) ?? PART_DIGITS.exec(title);
  if (digits) {
    const value = Number(digits[1]);
    return value > 0 ? value : undefined;
  }
  const roman = ROMAN_IN_PARENS.exec(title);
  if (roman && ROMAN[roman[1] as string] !== undefined) return ROMAN[roman[1] as string];
  const word = PART_WORD.exec(title);
  if (word) return WORDS[(word[1] as string).toLowerCase()];
  return undefined;
}

export function partNumberOf(item: MediaItem): number | undefined {
  if (item.kind !== "episode") return undefined;
  if (item.partNumber === null) return undefined;
  return item.partNumber ?? partNumberFromTitle(item.title);
}

/**
 * Splits items into scheduling units. Episodes are walked per show (or across the whole list when
 * `treatCollectionsAsShows`) in season-episode order (chronological order across shows); a run of
 * episodes whose part numbers go n, n+1, n+2… becomes one unit. Anything else is a unit of one.
 * Units come out show by show (shows in first-appearance order), then the non-episodes in input order.
 */
export function groupMultiPartEpisodes<T extends MediaItem>(
  items: readonly T[],
  treatCollectionsAsShows: boolean,
): T[][] {
  const buckets = new Map<string, T[]>();
  const others: T[][] = [];
  for (const item of items) {
    if (item.kind !== "episode") {
      others.push([item]);
      continue;
    }
    const bucketKey = treatCollectionsAsShows ? "all" : `show:${item.showId ?? "none"}`;
    const bucket = buckets.get(bucketKey);
    if (bucket) bucket.push(item);
    else buckets.set(bucketKey, [item]);
  }

  const units: T[][] = [];
  for (const episodes of buckets.values()) {
    const sorted = sortItems(episodes, treatCollectionsAsShows ? "chronological" : "seasonEpisode").items;
    let run: T[] | undefined;
    let lastPart = 0;
    for (const episode of sorted) {
      const part = partNumberOf(episode);
      if (part !== undefined && run !== undefined && part === lastPart + 1) {
        run.push(episode);
        lastPart = part;
        continue;
      }
      if (run) units.push(run);
      run = part === undefined ? undefined : [episode];
      lastPart = part ?? 0;
      if (part === undefined) units.push([episode]);
    }
    if (run) units.push(run);
  }
  return units.concat(others);
}
