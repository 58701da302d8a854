export { buildClassicPlayout } from "./build";
export { scheduleFingerprint } from "./snapshots";
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
