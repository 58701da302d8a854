/**
 * What the server reports for monitoring, as the layers that see it call it: the HTTP pipeline, the
 * services (builds, scans, guide) and the process owners (FFmpeg). Pure engines never do; they return
 * values the services time. `NO_METRICS` lets code run without a registry (unit tests, the CLI).
 */
export type FFmpegExitReason = "completed" | "failed" | "killed";

export interface MetricsPort {
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  ffmpegStarted(kind: string): void;
  ffmpegExited(kind: string, reason: FFmpegExitReason): void;
  /** A session started another FFmpeg run because the last one failed (`reason`: what it runs instead). */
  ffmpegRestarted(reason: string): void;
  playoutBuild(kind: string, mode: string, success: boolean, seconds: number): void;
  scanFinished(success: boolean, seconds: number): void;
  guideRebuild(fragmentsBuilt: number, seconds: number): void;
}

export const NO_METRICS: MetricsPort = {
  httpRequest: () => undefined,
  ffmpegStarted: () => undefined,
  ffmpegExited: () => undefined,
  ffmpegRestarted: () => undefined,
  playoutBuild: () => undefined,
  scanFinished: () => undefined,
  guideRebuild: () => undefined,
};
