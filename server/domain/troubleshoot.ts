import type { StreamPlan } from "./stream-plan";

/** What the stream troubleshooter found: the plan, the input probe, and each FFmpeg run it made. */
export interface TroubleshootRun {
  /** What the run made: the media, the offline slate, or an error slate. */
  kind: "media" | "offline" | "error";
  /** The command as one line (credentials and tokens redacted). */
  commandLine: string;
  /** What the command asked FFmpeg to use: `-map` values, the filter graph, the encoders. */
  maps: string[];
  filters: string | null;
  videoEncoder: string | null;
  audioEncoder: string | null;
  /** An HDR source: how it is tone-mapped (`HDR10 → BT.709 SDR: zscale+tonemap mobius, …`); null for SDR. */
  toneMapping: string | null;
  /** An item with several versions: the one played, why, and how each one fits the profile; null otherwise. */
  version: string | null;
  /** Copy or transcode per stream, and why (`video transcode: tone mapping HDR10 to BT.709 SDR`); null for slates. */
  copyDecision: string | null;
  warnings: string[];
  exitCode: number | null;
  stderr: string;
  /** Wall-clock ms from the start until the first segment was written; null when none was. */
  firstSegmentMs: number | null;
  encodedMs: number;
  elapsedMs: number;
  /** Media time per wall-clock time; null when FFmpeg failed. */
  speed: number | null;
}

export interface TroubleshootFindings {
  /** What plays now: `media` with its file and position, `offline`, or `error` with the reason. */
  plan: { kind: "media" | "offline" | "error"; path?: string; seekMs?: number; limitMs: number; reason?: string };
  /** ffprobe of the input: a summary, or ffprobe's error. Null when there is no input file. */
  probe: { ok: boolean; summary?: string; error?: string } | null;
  runs: TroubleshootRun[];
}

/** Runs a channel's real pipeline for a short while without viewers (server/streaming implements it). */
export interface StreamTroubleshooter {
  run(plan: StreamPlan, maxMs: number): Promise<TroubleshootFindings>;
}
