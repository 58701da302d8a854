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
  | "invalid-input";

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
