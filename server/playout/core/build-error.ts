import type { SourceLocation } from "../definition/model";

/** Why a build was stopped. */
export type BuildErrorCode =
  /** A full pass of the playout (index 0 → `repeat`) did not move the cursor forward. */
  | "loop"
  /** Too many instructions in a row ran without moving the cursor forward. */
  | "no-progress"
  /** `budget.maxItems` exceeded. */
  | "too-many-items"
  /** `budget.maxMs` exceeded (measured with the injected `elapsedMs`). */
  | "time-budget"
  /** Bad input: unknown time zone, non-finite times, negative horizon. */
  | "invalid-input"
  /** An instruction that plays items for their length met a live remote stream without one. */
  | "live-without-duration";

/**
 * A build that cannot complete. Nothing of a failed build should be saved: the caller keeps the
 * previous state and items. `location` points at the instruction that was running, when there is one.
 */
export class BuildError extends Error {
  override readonly name = "BuildError";

  constructor(
    readonly code: BuildErrorCode,
    message: string,
    readonly location?: SourceLocation,
  ) {
    super(location ? `${message} (${location.file}:${location.line}:${location.column})` : message);
  }
}

/** `count`/`all`/a Classic count slot met a live stream that has no `duration`: name it and say what fits. */
export function liveWithoutDuration(item: { id: number; title: string }, instruction: string, location?: SourceLocation): BuildError {
  return new BuildError(
    "live-without-duration",
    `"${item.title}" (media item ${item.id}) is a live stream without a duration, so ${instruction} cannot play it for its length; give the stream a \`duration\` or schedule it with duration or pad_until`,
    location,
  );
}
