import { FillerKind } from "../../domain/enums";
import type { DurationInstruction, PadToNextInstruction, PadUntilInstruction } from "../definition/model";
import type { BuildContext } from "./context";
import { labelsOf, type RollScope } from "./play-item";

export type FillInstruction = DurationInstruction | PadToNextInstruction | PadUntilInstruction;

/**
 * The fill loop of `duration`, `pad_to_next` and `pad_until` (§4.3 step 5), up to `target`.
 * Per pass: pre-roll (if set), then the current item:
 *   fits (or `stop_before_end: false`) → added, post-roll (if set);
 *   else a discard attempt left → skipped (no item, no history row, no rolls);
 *   else `trim` → added, cut to end exactly at the target; the fill ends;
 *   else `fallback` → the fallback's current item fills [cursor, target) (filler kind Fallback,
 *     out-point = its real played length, its own guide group and history row); the fill ends
 *     (empty fallback: the rest is offline);
 *   else the fill ends and the item stays current.
 * Fixes of §10 item 9: the loop stops as soon as the time is used up (also by a pre-roll); post-roll
 * runs only after a whole item was added (a trimmed or fallback item ends exactly at the target, so
 * nothing follows it inside the block).
 * Resulting cursor: `stop_before_end: false` → after the last item (may overrun); else
 * `offline_tail` → the target (the rest is an offline gap); else after the last item.
 * Items added here are never split by mid-roll (§4.11).
 */
export function fill(ctx: BuildContext, instruction: FillInstruction, target: number, scope: RollScope): void {
  const source = ctx.source(instruction.content, instruction.location);
  if (!source) return;
  const fallback = instruction.fallback !== undefined ? ctx.source(instruction.fallback, instruction.location) : undefined;
  const labels = labelsOf(ctx, instruction);
  let discards = instruction.discardAttempts;
  for (;;) {
    if (ctx.cursor >= target) break;
    const first = source.enumerator.current();
    if (!first) break;
    if (scope === "withRolls" && ctx.rolls.preRoll !== null) {
      ctx.runRoll(ctx.rolls.preRoll, FillerKind.PreRoll);
      if (ctx.cursor >= target) break;
    }
    const media = source.enumerator.current();
    if (!media) break;
    const start = ctx.cursor;
    if (media.live) {
      // A live stream has no end of its own: it plays for the rest of the fill.
      ctx.emit(media, labels, ctx.peekGuideGroup(), 0, target - start);
      ctx.advanceGuideGroup();
      source.enumerator.moveNext();
      ctx.recordHistory(source, media, start, target);
      break;
    }
    if (!instruction.stopBeforeEnd || start + media.durationMs <= target) {
      ctx.emit(media, labels, ctx.peekGuideGroup(), 0, media.durationMs);
      ctx.advanceGuideGroup();
      source.enumerator.moveNext();
      ctx.recordHistory(source, media, start, ctx.cursor);
      if (scope === "withRolls" && ctx.rolls.postRoll !== null) ctx.runRoll(ctx.rolls.postRoll, FillerKind.PostRoll);
      continue;
    }
    if (discards > 0) {
      discards--;
      source.enumerator.moveNext();
      continue;
    }
    if (instruction.trim) {
      ctx.emit(media, labels, ctx.peekGuideGroup(), 0, target - start);
      ctx.advanceGuideGroup();
      source.enumerator.moveNext();
      ctx.recordHistory(source, media, start, target);
      break;
    }
    if (fallback) {
      const filler = fallback.enumerator.current();
      if (filler) {
        ctx.emit(
          filler,
          { ...labels, contentKey: fallback.key, fillerKind: FillerKind.Fallback },
          ctx.peekGuideGroup(),
          0,
          target - start,
        );
        ctx.advanceGuideGroup();
        fallback.enumerator.moveNext();
        ctx.recordHistory(fallback, filler, start, target);
      } else {
        ctx.gapTo(target);
      }
    }
    break;
  }
  if (instruction.stopBeforeEnd && instruction.offlineTail) ctx.gapTo(target);
}
