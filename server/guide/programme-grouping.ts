/**
 * Turns a channel's playout items into guide programmes (reference §3.4):
 *
 * Item playouts (classic, sequential, scripted, external JSON):
 * 1. Items are taken in start order; filler at the very beginning that is not pre-roll is dropped.
 * 2. A programme starts at a "start item" and shows the metadata of the first non-filler item at or
 *    after it, so leading pre-roll folds into the programme it precedes.
 * 3. It extends over following items that share its guide group, or (when items carry no guide
 *    group) the same custom title, or that are filler of kind PostRoll, Tail, Fallback, GuideMode
 *    or DecoDefault (or items whose guide mode is Filler). Pre-roll and mid-roll do not extend it.
 * 4. Stop = the display item's `guideFinish` when set (Duration blocks; items starting before it are
 *    absorbed too, so programmes never overlap), else the last absorbed item's finish.
 * 5. A custom title on the start (or display) item replaces the programme's metadata.
 *
 * Block playouts: consecutive items sharing (guideStart, guideFinish, guideGroup) form one block; its
 * non-filler items are shown either splitting the block's time evenly or at their actual times.
 */
import { FillerKind, GuideMode } from "../domain/enums";
import type { GuideFillerKind, GuideItem, GuideProgramme } from "./types";

const EXTENDING_FILLER = new Set<GuideFillerKind>([
  FillerKind.PostRoll,
  FillerKind.Tail,
  FillerKind.Fallback,
  "GuideMode",
  "DecoDefault",
]);

/** The item's effective filler kind (`GuideMode` for items hidden by guide mode). */
export function fillerKindOf(item: GuideItem): GuideFillerKind {
  if (item.fillerKind !== undefined && item.fillerKind !== FillerKind.None) return item.fillerKind;
  return item.guideMode === GuideMode.Filler ? "GuideMode" : FillerKind.None;
}

export function isFillerItem(item: GuideItem): boolean {
  return fillerKindOf(item) !== FillerKind.None;
}

export function groupProgrammes(items: readonly GuideItem[]): GuideProgramme[] {
  const sorted = sortByStart(items);
  const programmes: GuideProgramme[] = [];
  let i = 0;
  while (i < sorted.length && isFillerItem(sorted[i] as GuideItem) && fillerKindOf(sorted[i] as GuideItem) !== FillerKind.PreRoll) i++;

  while (i < sorted.length) {
    const start = sorted[i] as GuideItem;
    let displayIndex = i;
    while (displayIndex < sorted.length && isFillerItem(sorted[displayIndex] as GuideItem)) displayIndex++;
    if (displayIndex === sorted.length) displayIndex = i;
    const display = sorted[displayIndex] as GuideItem;

    const guideFinish = display.guideFinish;
    let j = displayIndex + 1;
    while (j < sorted.length) {
      const next = sorted[j] as GuideItem;
      const absorbed =
        (guideFinish !== undefined && next.start < guideFinish) ||
        EXTENDING_FILLER.has(fillerKindOf(next)) ||
        sameGroup(start, next) ||
        sameGroup(display, next);
      if (!absorbed) break;
      j++;
    }
    const last = sorted[j - 1] as GuideItem;
    programmes.push({
      start: start.start,
      stop: guideFinish ?? last.finish,
      item: display,
      customTitle: nonBlank(start.customTitle) ?? nonBlank(display.customTitle),
    });
    i = j;
  }
  return programmes;
}

/** Same guide group; for items without guide groups, the same custom title. */
function sameGroup(a: GuideItem, b: GuideItem): boolean {
  if (a.guideGroup !== undefined && b.guideGroup !== undefined) return a.guideGroup === b.guideGroup;
  if (a.guideGroup !== undefined || b.guideGroup !== undefined) return false;
  const title = nonBlank(a.customTitle);
  return title !== undefined && title === nonBlank(b.customTitle);
}

export type BlockGuideBehavior = "SplitTimeEvenly" | "ActualTimes";

export function groupBlockProgrammes(items: readonly GuideItem[], behavior: BlockGuideBehavior = "SplitTimeEvenly"): GuideProgramme[] {
  const sorted = sortByStart(items);
  const programmes: GuideProgramme[] = [];
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i] as GuideItem;
    let j = i + 1;
    while (j < sorted.length && sameBlock(first, sorted[j] as GuideItem)) j++;
    const block = sorted.slice(i, j);
    i = j;

    const blockStart = first.guideStart ?? first.start;
    const blockStop = first.guideFinish ?? (block[block.length - 1] as GuideItem).finish;
    const visible = block.filter((item) => !isFillerItem(item));
    visible.forEach((item, k) => {
      const next = visible[k + 1];
      const [start, stop] =
        behavior === "SplitTimeEvenly"
          ? [evenSplit(blockStart, blockStop, visible.length, k), evenSplit(blockStart, blockStop, visible.length, k + 1)]
          : [k === 0 ? blockStart : item.start, next ? next.start : blockStop];
      programmes.push({ start, stop, item, customTitle: nonBlank(item.customTitle) });
    });
  }
  return programmes;
}

function sameBlock(a: GuideItem, b: GuideItem): boolean {
  return (
    a.guideStart !== undefined &&
    a.guideStart === b.guideStart &&
    a.guideFinish === b.guideFinish &&
    a.guideGroup === b.guideGroup
  );
}

/** Boundary k of n equal parts of [start, stop], on whole milliseconds. */
function evenSplit(start: number, stop: number, parts: number, k: number): number {
  return k >= parts ? stop : start + Math.floor(((stop - start) * k) / parts);
}

/** Items by start, ties in their given order; items already in order (as the database reads them) are not copied. */
function sortByStart(items: readonly GuideItem[]): readonly GuideItem[] {
  let sorted = true;
  for (let i = 1; i < items.length && sorted; i++) sorted = (items[i - 1] as GuideItem).start <= (items[i] as GuideItem).start;
  if (sorted) return items;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.start - b.item.start || a.index - b.index)
    .map((x) => x.item);
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
