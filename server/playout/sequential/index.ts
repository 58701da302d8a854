/**
 * The YAML ("sequential") playout builder engine: a pure function from a validated definition,
 * resolved library content and the previous build's state to the next stretch of the channel's
 * timeline and the state to save. See README.md.
 */
export { buildSequentialPlayout } from "./build";
export { BuildError, type BuildErrorCode, type BuildBudget, type BuildMode, type ResolvedContent } from "../core";
export { historyKeyOf } from "./sources";
export { definitionFingerprint } from "./fingerprint";
export type {
  BuildWarning,
  RollState,
  SequentialBuildInput,
  SequentialBuildResult,
  SequentialBuildState,
  SequentialItem,
} from "./types";
