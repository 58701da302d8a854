import { FillerKind } from "../../domain/enums";
import type { AllInstruction, CountInstruction, MidRollInstruction } from "../definition/model";
import type { BuildContext, ItemLabels } from "./context";
import { splitAtChapters } from "../core/split-at-chapters";
import { liveWithoutDuration } from "../core/build-error";
import type { Source } from "./sources";

type CountingInstruction = AllInstruction | CountInstruction;

/** Whether pre/post/mid-roll apply: in the playout list yes, inside a roll sequence no (rolls never nest, §4.7). */
export type RollScope = "withRolls" | "noRolls";

export function labelsOf(ctx: BuildContext, instruction: CountingInstruction | { content: string; customTitle?: string; fillerKind?: CountingInstruction["fillerKind"]; disableWatermarks: boolean }): ItemLabels {
  return {
    contentKey: instruction.content,
    fillerKind: ctx.fillerKindFor(instruction.fillerKind),
    customTitle: instruction.customTitle,
    disableWatermarks: instruction.disableWatermarks,
  };
}

/**
 * `all` (§4.1) and `count` (§4.2): n times pre-roll, one item from the current position (split by
 * mid-roll), post-roll. `all` plays the pass length from wherever the content stands (it does not
 * rewind). Empty content schedules nothing, rolls included (upstream still ran the rolls n times).
 */
export function playCounted(ctx: BuildContext, instruction: CountingInstruction, scope: RollScope): void {
  const source = ctx.source(instruction.content, instruction.location);
  if (!source) return;
  const n = instruction.kind === "all" ? source.enumerator.passLength : instruction.count;
  if (n > 0 && source.enumerator.current() === undefined) {
    ctx.warnOnce(`empty:${source.key}`, {
      code: "empty-content",
      message: `content "${source.key}" has no items`,
      location: instruction.location,
    });
    return;
  }
  const labels = labelsOf(ctx, instruction);
  for (let i = 0; i < n; i++) {
    if (scope === "withRolls" && ctx.rolls.preRoll !== null) ctx.runRoll(ctx.rolls.preRoll, FillerKind.PreRoll);
    playWithMidRoll(ctx, source, labels, scope, instruction.location);
    if (scope === "withRolls" && ctx.rolls.postRoll !== null) ctx.runRoll(ctx.rolls.postRoll, FillerKind.PostRoll);
  }
}

/**
 * One item, split at chosen chapter points with the mid-roll sequence played between segments (§4.11).
 * Segments share the item's guide group; the counter advances after the first segment, so every
 * mid-roll filler item gets its own group (upstream let the first filler share the program's group).
 * One history row covers the whole item, from its start to its last segment's finish.
 */
function playWithMidRoll(ctx: BuildContext, source: Source, labels: ItemLabels, scope: RollScope, location: CountingInstruction["location"]): void {
  const media = source.enumerator.current();
  if (!media) return;
  if (media.live && !(media.durationMs > 0)) throw liveWithoutDuration(media, `"count" or "all" of content "${source.key}"`, location);
  const start = ctx.cursor;
  const group = ctx.peekGuideGroup();
  source.enumerator.moveNext();
  const position = source.enumerator.state();
  const midRoll = scope === "withRolls" ? midRollInstruction(ctx) : undefined;
  const segments = midRoll && midRoll.sequence !== null ? splitAtChapters(media, midRoll.filter) : null;
  if (!segments || !midRoll || midRoll.sequence === null) {
    ctx.emit(media, labels, group, 0, media.durationMs);
    ctx.advanceGuideGroup();
  } else {
    segments.forEach((segment, index) => {
      if (index > 0) ctx.runRoll(midRoll.sequence!, FillerKind.MidRoll);
      ctx.emit(media, labels, group, segment.inPointMs, segment.outPointMs, segment.chapterTitle);
      if (index === 0) ctx.advanceGuideGroup();
    });
  }
  ctx.recordHistory(source, media, start, ctx.cursor, position);
}

function midRollInstruction(ctx: BuildContext): MidRollInstruction | undefined {
  const index = ctx.rolls.midRoll;
  if (index === null) return undefined;
  const instruction = ctx.flat.entries[index]?.instruction;
  return instruction?.kind === "midRoll" ? instruction : undefined;
}
