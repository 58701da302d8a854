export { buildClassicPlayout } from "./build";
export type {
  ClassicBuildInput,
  ClassicBuildResult,
  ClassicBuildState,
  ClassicContent,
  ClassicFiller,
  ClassicMarathon,
  ClassicSchedule,
  ClassicScheduleItem,
  ClassicSnapshot,
} from "./types";
