/**
 * The stored side of on-demand timelines, inside the caller's transaction: pausing at a checkpoint,
 * resuming (every item from the checkpoint on moved by the standstill) and skipping, with the kind's
 * saved state moved along so the next build continues the moved timeline. The arithmetic is the pure
 * engine's (`playout/core/time-shift`); this file only reads and writes.
 */
import type { Playout } from "../db/entities/playout";
import type { Repositories } from "../db/repositories";
import { checkpointTime, resumePlan, skipPlan, standstillMs, takeCheckpoint, type Checkpoint, type ShiftableItem, type ShiftPlan } from "../playout/core/time-shift";

export type ShiftState = (state: string | null, deltaMs: number) => string | null;

/** The playout's checkpoint, when it is paused. */
export function storedCheckpoint(playout: Pick<Playout, "pausedAt" | "checkpointItemId" | "checkpointOffsetMs">): Checkpoint | undefined {
  if (playout.pausedAt === null) return undefined;
  return { pausedAt: playout.pausedAt, itemId: playout.checkpointItemId, offsetMs: playout.checkpointOffsetMs ?? 0 };
}

/** The checkpoint's item (when it still exists), as the engine reads items. */
async function checkpointItems(repos: Repositories, checkpoint: Checkpoint): Promise<ShiftableItem[]> {
  const item = checkpoint.itemId === null ? null : await repos.playouts.itemById(checkpoint.itemId);
  return item ? [item] : [];
}

/** How much later than stored a paused playout's timeline shows at `now` (0 while playing). */
export async function pausedShiftMs(repos: Repositories, playout: Pick<Playout, "pausedAt" | "checkpointItemId" | "checkpointOffsetMs">, now: number): Promise<number> {
  const checkpoint = storedCheckpoint(playout);
  return checkpoint ? standstillMs(await checkpointItems(repos, checkpoint), checkpoint, now) : 0;
}

/** The timeline time a paused playout stands at (its checkpoint). */
export async function pausedTimelineTime(repos: Repositories, playout: Playout): Promise<number | undefined> {
  const checkpoint = storedCheckpoint(playout);
  return checkpoint ? checkpointTime(await checkpointItems(repos, checkpoint), checkpoint) : undefined;
}

/** Stores a checkpoint at wall time `at` (the last viewer left then). */
export async function pauseTimeline(repos: Repositories, playout: Playout, at: number): Promise<Checkpoint> {
  const checkpoint = takeCheckpoint(await repos.playouts.itemsFrom(playout.id, at, 1), at);
  Object.assign(playout, { pausedAt: checkpoint.pausedAt, checkpointItemId: checkpoint.itemId, checkpointOffsetMs: checkpoint.offsetMs });
  await repos.playouts.save(playout);
  return checkpoint;
}

async function applyPlan(repos: Repositories, playout: Playout, plan: ShiftPlan, shiftState: ShiftState, now: number): Promise<void> {
  if (plan.truncate) await repos.playouts.truncateItem(plan.truncate.id, plan.truncate.finish, plan.truncate.outPointMs);
  await repos.playouts.shiftItems(playout.id, plan.fromStart, plan.deltaMs);
  playout.buildState = shiftState(playout.buildState, plan.deltaMs);
  playout.shiftedAt = now;
}

/** Resumes a paused playout at `now`: the checkpoint plays then. Returns the shift (0 when nothing moved). */
export async function resumeTimeline(repos: Repositories, playout: Playout, shiftState: ShiftState, now: number): Promise<number> {
  const checkpoint = storedCheckpoint(playout);
  if (!checkpoint) return 0;
  const at = checkpointTime(await checkpointItems(repos, checkpoint), checkpoint);
  const plan = resumePlan(await repos.playouts.itemsFrom(playout.id, at, 1), checkpoint, now);
  if (plan) await applyPlan(repos, playout, plan, shiftState, now);
  Object.assign(playout, { pausedAt: null, checkpointItemId: null, checkpointOffsetMs: null });
  await repos.playouts.save(playout);
  return plan?.deltaMs ?? 0;
}

export type StoredSkip = { ok: true; at: number; skippedMs: number; nextItemId: number } | { ok: false; reason: string };

/**
 * Skips the item on air: at `now` while playing, at the checkpoint while paused (the checkpoint then
 * moves to the start of the next item).
 */
export async function skipTimeline(repos: Repositories, playout: Playout, shiftState: ShiftState, now: number): Promise<StoredSkip> {
  const at = (await pausedTimelineTime(repos, playout)) ?? now;
  const result = skipPlan(await repos.playouts.itemsFrom(playout.id, at, 2), at);
  if (!result.ok) return result;
  await applyPlan(repos, playout, result.plan, shiftState, now);
  if (playout.pausedAt !== null) Object.assign(playout, { checkpointItemId: result.nextItemId, checkpointOffsetMs: 0 });
  await repos.playouts.save(playout);
  return { ok: true, at, skippedMs: result.skippedMs, nextItemId: result.nextItemId };
}
