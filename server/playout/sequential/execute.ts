import type { FillerKind } from "../../domain/enums";
import type { ResetInstruction } from "../definition/model";
import type { BuildContext } from "./context";
import { epgGroup, skipItems, skipToItem, waitUntil, watermark } from "./control";
import { fill } from "./fill";
import type { FlatInstruction } from "./flatten";
import { playCounted, type RollScope } from "./play-item";
import { shuffleSequence } from "./shuffle-sequence";
import { padToNextTarget, timeOfDayTarget } from "./targets";

/**
 * Runs the playout instruction at `position` of the current order and returns the next position
 * (`repeat` jumps to 0, everything else moves on by one).
 */
export function executeAt(ctx: BuildContext, position: number): number {
  const flatIndex = ctx.order[position];
  const instruction = ctx.flat.entries[flatIndex].instruction;
  switch (instruction.kind) {
    case "repeat":
      if (!instruction.enabled) return position + 1; // `repeat: false` is a no-op (§10 item 8)
      ctx.repeats += 1;
      return 0;
    case "preRoll":
      ctx.rolls = { ...ctx.rolls, preRoll: instruction.sequence };
      break;
    case "postRoll":
      ctx.rolls = { ...ctx.rolls, postRoll: instruction.sequence };
      break;
    case "midRoll":
      ctx.rolls = { ...ctx.rolls, midRoll: instruction.sequence === null ? null : flatIndex };
      break;
    case "shuffleSequence":
      shuffleSequence(ctx, instruction.sequence);
      break;
    case "skipItems":
      skipItems(ctx, instruction, `playout:${flatIndex}`);
      break;
    case "skipToItem":
      skipToItem(ctx, instruction);
      break;
    case "waitUntil":
      waitUntil(ctx, instruction, false);
      break;
    default:
      executeShared(ctx, instruction, "withRolls");
  }
  return position + 1;
}

/** Instructions that may run both in the playout and inside a roll sequence. */
function executeShared(ctx: BuildContext, instruction: FlatInstruction, scope: RollScope): void {
  switch (instruction.kind) {
    case "all":
    case "count":
      playCounted(ctx, instruction, scope);
      break;
    case "duration":
      fill(ctx, instruction, ctx.cursor + instruction.durationMs, scope);
      break;
    case "padToNext":
      fill(ctx, instruction, padToNextTarget(ctx.clock, ctx.cursor, instruction.minutes), scope);
      break;
    case "padUntil": {
      const now = ctx.clock.decimalHours(ctx.cursor);
      const target = timeOfDayTarget(ctx.clock, ctx.cursor, instruction.time, () => instruction.tomorrow.evaluate({ now }));
      if (target !== null) fill(ctx, instruction, target, scope);
      break;
    }
    case "epgGroup":
      epgGroup(ctx, instruction);
      break;
    case "watermark":
      watermark(ctx, instruction);
      break;
    default:
      break;
  }
}

/**
 * Plays a pre/post/mid-roll sequence (§4.7): its items in definition order (never shuffled), with the
 * roll's filler kind, and without rolls of their own. Validation allows only content, `epg_group`
 * and `watermark` instructions in roll sequences (§4.7 recommendation); anything else is ignored.
 */
export function runRoll(ctx: BuildContext, sequenceKey: string, kind: FillerKind): void {
  const sequence = ctx.definition.sequences.get(sequenceKey);
  if (!sequence) return;
  ctx.withFillerKind(kind, () => {
    for (const instruction of sequence.items) {
      if (instruction.kind !== "sequence") executeShared(ctx, instruction, "noRolls");
    }
  });
}

/** Runs the `reset` list of a Reset build (§3.2 step 7), after content positions were restored. */
export function executeReset(ctx: BuildContext, instructions: readonly ResetInstruction[]): void {
  instructions.forEach((instruction, index) => {
    switch (instruction.kind) {
      case "rewind":
        ctx.cursor -= instruction.ms;
        break;
      case "skipItems":
        skipItems(ctx, instruction, `reset:${index}`);
        break;
      case "skipToItem":
        skipToItem(ctx, instruction);
        break;
      case "waitUntil":
        waitUntil(ctx, instruction, true);
        break;
    }
  });
}

