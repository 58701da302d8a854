import type { HardwareAcceleration } from "./enums";
import type { FFmpegProfile } from "./ffmpeg-profile";

/** What the installed FFmpeg is and can do, for the API and the UI's settings page. */
export interface FFmpegInfo {
  ffmpegPath: string;
  ffprobePath: string;
  /** configured, path, bundled (the desktop app's), npm (the npm package `npm install` brings) or missing. */
  ffmpegSource: string;
  ffprobeSource: string;
  available: boolean;
  /** First line of `ffmpeg -version`. */
  version?: string;
  /** Why FFmpeg could not be asked. */
  error?: string;
  /** First line of `ffprobe -version`. */
  ffprobeVersion?: string;
  /** Why ffprobe could not be asked. */
  ffprobeError?: string;
  supportsReadrate: boolean;
  /** What Airwave uses that this FFmpeg lacks (probed filters, encoders and options), with what is lost. */
  missingFeatures: string[];
  videoEncoders: string[];
  audioEncoders: string[];
  hardwareAccelerations: string[];
}

/** Implemented by the process owner that runs FFmpeg (server/streaming). */
export interface FFmpegInfoSource {
  info(): Promise<FFmpegInfo>;
}

/** What trying a profile out did: `encodedMs` of a generated test pattern in `elapsedMs` of wall time. */
export interface ProfileTrialResult {
  ok: boolean;
  encodedMs: number;
  elapsedMs: number;
  /** Encoded media time per wall-clock time (2 = twice as fast as real time); null when FFmpeg failed. */
  speed: number | null;
  /** The video encoder used and the acceleration actually in effect (None after a fallback). */
  videoEncoder: string;
  acceleration: HardwareAcceleration;
  warnings: string[];
  /** FFmpeg's error output, when it failed. */
  error?: string;
}

/** Whether a kind of hardware acceleration can encode here, and why not. */
export interface AccelerationStatus {
  acceleration: HardwareAcceleration;
  usable: boolean;
  /** Why it cannot be used (no encoder in this FFmpeg, no device, …); absent when usable. */
  reason?: string;
}

/** Runs short FFmpeg encodes to try profiles out (server/streaming implements it). */
export interface FFmpegTrialRunner {
  tryProfile(profile: FFmpegProfile, durationMs: number): Promise<ProfileTrialResult>;
  /** Every hardware acceleration, tried once per server run with a short H.264 encode. */
  accelerations(): Promise<AccelerationStatus[]>;
}
