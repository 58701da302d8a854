import type { HistoryEntry } from "../content/history";
import type { EnumeratorState } from "../content/state";
import type { BuildContext } from "./context";
import type { Source } from "./sources";
import type { RollState, SequentialBuildState } from "./types";

const isInt = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isKeyOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";

/**
 * Accepts a saved state only when it is well formed (it comes back from storage as untyped JSON).
 * Anything else counts as "no previous state": the build starts fresh instead of failing.
 * Enumerator states are checked later by the content module (a bad one starts that content fresh).
 */
export function readSavedState(value: unknown): SequentialBuildState | undefined {
  if (!isRecord(value) || value.version !== 1 || typeof value.fingerprint !== "string") return undefined;
  if (!isInt(value.cursor) || !isInt(value.instructionIndex) || value.instructionIndex < 0) return undefined;
  if (!isInt(value.guideGroup) || typeof value.guideGroupLocked !== "boolean") return undefined;
  if (!Array.isArray(value.watermarks) || !value.watermarks.every((name) => typeof name === "string")) return undefined;
  const rolls = value.rolls;
  if (!isRecord(rolls) || !isKeyOrNull(rolls.preRoll) || !isKeyOrNull(rolls.postRoll)) return undefined;
  if (!(rolls.midRoll === null || isInt(rolls.midRoll))) return undefined;
  if (!isInt(value.repeats) || !isInt(value.shuffles)) return undefined;
  if (!(value.order === null || (Array.isArray(value.order) && value.order.every(isInt)))) return undefined;
  if (!isRecord(value.positions) || !Array.isArray(value.history)) return undefined;
  const history = value.history.filter(
    (row: unknown) => isRecord(row) && typeof row.key === "string" && isInt(row.when) && isInt(row.finish) && isRecord(row.state),
  ) as HistoryEntry[];
  return { ...(value as unknown as SequentialBuildState), history };
}

/** Restores the Continue part of a saved state into a fresh context (the flattened playout is unchanged: same fingerprint). */
export function restoreContext(ctx: BuildContext, saved: SequentialBuildState): void {
  const size = ctx.flat.entries.length;
  ctx.instructionIndex = Math.min(saved.instructionIndex, size);
  ctx.guideGroup = saved.guideGroup;
  ctx.guideGroupLocked = saved.guideGroupLocked;
  ctx.watermarks = [...saved.watermarks];
  const midRoll = saved.rolls.midRoll;
  ctx.rolls = {
    preRoll: saved.rolls.preRoll !== null && ctx.definition.sequences.has(saved.rolls.preRoll) ? saved.rolls.preRoll : null,
    postRoll: saved.rolls.postRoll !== null && ctx.definition.sequences.has(saved.rolls.postRoll) ? saved.rolls.postRoll : null,
    midRoll: midRoll !== null && ctx.flat.entries[midRoll]?.instruction.kind === "midRoll" ? midRoll : null,
  };
  ctx.repeats = saved.repeats;
  ctx.shuffles = saved.shuffles;
  if (saved.order !== null && isPermutation(saved.order, size)) ctx.order = [...saved.order];
}

function isPermutation(order: readonly number[], size: number): boolean {
  if (order.length !== size) return false;
  const seen = new Uint8Array(size);
  for (const index of order) {
    if (index < 0 || index >= size || seen[index]) return false;
    seen[index] = 1;
  }
  return true;
}

/** The state to save after a build. Key order is fixed, so equal states give equal JSON. */
export function saveState(
  ctx: BuildContext,
  fingerprint: string,
  sources: ReadonlyMap<string, Source>,
): SequentialBuildState {
  const positions: Record<string, EnumeratorState> = {};
  for (const source of sources.values()) positions[source.historyKey] = source.enumerator.state();
  const rolls: RollState = { preRoll: ctx.rolls.preRoll, postRoll: ctx.rolls.postRoll, midRoll: ctx.rolls.midRoll };
  return {
    version: 1,
    fingerprint,
    cursor: ctx.cursor,
    instructionIndex: ctx.instructionIndex,
    guideGroup: ctx.guideGroup,
    guideGroupLocked: ctx.guideGroupLocked,
    watermarks: [...ctx.watermarks],
    rolls,
    repeats: ctx.repeats,
    shuffles: ctx.shuffles,
    order: ctx.order.every((index, position) => index === position) ? null : [...ctx.order],
    positions,
    history: ctx.history.entries(),
  };
}
