import { ContentHistory } from "../content/history";
import type { EnumeratorState } from "../content/state";
import type { SourceLocation } from "../definition/model";
import { BuildContext, type Limits } from "./context";
import { BuildError } from "../core/build-error";
import { executeAt, executeReset, runRoll } from "./execute";
import { definitionFingerprint } from "./fingerprint";
import { flattenPlayout } from "./flatten";
import { createSources } from "./sources";
import { readSavedState, restoreContext, saveState } from "./state";
import type { BuildWarning, SequentialBuildInput, SequentialBuildResult } from "./types";
import { ZoneClock } from "../core/zone-clock";

/**
 * Builds (or extends) a YAML ("sequential") playout. Pure and deterministic: the same input gives
 * byte-identical JSON of items and state. See README.md for the contract.
 *
 * - Reset (or eraseHistory, or a Continue over a changed definition): start at `start`, index 0,
 *   fresh guide/roll/watermark state; content positions come back from the history of items that
 *   finished before `start` (§5.9, §6.2); then the `reset` list runs.
 * - Continue / Refresh (identical, §3.1): resume at the saved CURSOR with every saved setting and
 *   the live content positions, so consecutive builds join without gap, overlap or drift.
 * Then instructions run until the cursor reaches `start + horizonMs`; the running instruction
 * always completes (§3.3). Throws `BuildError` on loops, budget overruns and bad input.
 */
export function buildSequentialPlayout(input: SequentialBuildInput): SequentialBuildResult {
  const { definition, start, horizonMs, seed } = input;
  if (!Number.isSafeInteger(start) || !Number.isFinite(horizonMs) || horizonMs < 0 || !Number.isSafeInteger(seed)) {
    throw new BuildError("invalid-input", "start and seed must be integers and horizonMs a non-negative number");
  }
  const clock = new ZoneClock(input.timeZone);
  const flat = flattenPlayout(definition);
  const fingerprint = definitionFingerprint(definition);
  const early: BuildWarning[] = [];

  const previous = input.eraseHistory ? undefined : readSavedState(input.previousState);
  let reset = input.mode === "Reset";
  if (!reset && previous && previous.fingerprint !== fingerprint) {
    early.push({ code: "definition-changed", message: "the definition changed since the last build: building as a Reset" });
    reset = true;
  }
  const resume = reset ? undefined : previous;
  const history = new ContentHistory(previous?.history ?? []);
  if (reset) history.forgetFromNow(start);
  const cursor = resume ? resume.cursor : start;
  const savedPosition = (historyKey: string): EnumeratorState | undefined =>
    resume ? resume.positions[historyKey] : history.stateBefore(historyKey, start);
  const sources = createSources(definition, input.content, seed, savedPosition, (warning) => early.push(warning));

  const ctx = new BuildContext(definition, flat, sources, history, clock, seed, limitsOf(input, flat.entries.length), cursor);
  ctx.warnings.push(...early);
  ctx.runRoll = (key, kind) => runRoll(ctx, key, kind);
  if (resume) {
    restoreContext(ctx, resume);
    if (resume.cursor < start) {
      ctx.warnings.push({
        code: "cursor-behind-start",
        message: "the saved cursor is before the build start: the schedule continues from the saved cursor",
      });
    }
  }
  if (reset) executeReset(ctx, definition.reset);

  runMainLoop(ctx, start + horizonMs);
  history.cleanUp(start);
  return { items: ctx.items, state: saveState(ctx, fingerprint, sources), warnings: ctx.warnings };
}

function limitsOf(input: SequentialBuildInput, flatLength: number): Limits {
  const budget = input.budget ?? {};
  return {
    maxItems: budget.maxItems ?? 250_000,
    maxInstructionsWithoutProgress: budget.maxInstructionsWithoutProgress ?? 2 * flatLength + 1_000,
    maxMs: budget.maxMs ?? 10_000,
    elapsedMs: budget.elapsedMs,
  };
}

/**
 * Guards (§7, §10 item 11):
 * - a full pass (from index 0 to a `repeat`) that does not move the cursor forward is a loop → BuildError;
 * - more than `maxInstructionsWithoutProgress` instructions in a row without moving the cursor → BuildError;
 * - `maxItems` and the time budget are checked while items are produced and before every instruction.
 */
function runMainLoop(ctx: BuildContext, finish: number): void {
  const entries = ctx.flat.entries;
  let passStart: number | null = ctx.instructionIndex === 0 ? ctx.cursor : null;
  let progressCursor = ctx.cursor;
  let withoutProgress = 0;
  while (ctx.cursor < finish) {
    if (ctx.instructionIndex >= entries.length) {
      ctx.warnings.push({
        code: "end-of-playout",
        message: "reached the end of the playout (no repeat): nothing more is scheduled until a Reset",
      });
      break;
    }
    const instruction = entries[ctx.order[ctx.instructionIndex]].instruction;
    const location: SourceLocation = instruction.location;
    ctx.checkTime(location);
    const next = executeAt(ctx, ctx.instructionIndex);
    if (ctx.cursor > progressCursor) {
      progressCursor = ctx.cursor;
      withoutProgress = 0;
    } else if (++withoutProgress > ctx.limits.maxInstructionsWithoutProgress) {
      throw new BuildError("no-progress", `${withoutProgress} instructions ran without moving the schedule forward`, location);
    }
    if (instruction.kind === "repeat" && next === 0) {
      if (passStart !== null && ctx.cursor <= passStart) {
        throw new BuildError("loop", "playout loop detected: a full pass of the playout schedules nothing", location);
      }
      passStart = ctx.cursor;
    }
    ctx.instructionIndex = next;
  }
}
