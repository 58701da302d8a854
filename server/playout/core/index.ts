/**
 * What every playout builder (sequential, classic, block) shares: the build error, the zone clock,
 * build inputs and budget, chapter splitting and timeline clipping. Builders import from here, never
 * from each other.
 */
export { BuildError, type BuildErrorCode } from "./build-error";
export type { BuildBudget, BuildMode, ResolvedContent } from "./build-input";
export { clip } from "./clip";
export { splitAtChapters, type Segment } from "./split-at-chapters";
export { ZoneClock, type LocalDate } from "./zone-clock";
