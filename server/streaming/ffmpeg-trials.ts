/**
 * Short FFmpeg encodes of a generated test pattern: "test this profile" in the UI and the health
 * check of each hardware acceleration. The processes belong to the session manager's registry.
 */
import { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../domain/enums";
import type { AccelerationStatus, FFmpegTrialRunner, ProfileTrialResult } from "../domain/ffmpeg-info";
import { buildSlateArgs, chooseVideoEncoder, meaningfulErrorLines, type EncoderCapabilities, type FFmpegProfile } from "./ffmpeg";
import type { ProcessRegistry } from "./process-registry";

const ACCELERATION_TRIAL_MS = 500;

/** A small H.264 profile each hardware acceleration is tried with. */
function probeProfile(acceleration: HardwareAcceleration): FFmpegProfile {
  return {
    threadCount: 0,
    hardwareAcceleration: acceleration,
    resolution: { width: 640, height: 360 },
    scalingBehavior: ScalingBehavior.ScaleAndPad,
    videoFormat: VideoFormat.H264,
    bitDepth: 8,
    videoBitrate: 1000,
    videoBufferSize: 2000,
    audioFormat: AudioFormat.Aac,
    audioBitrate: 128,
    audioBufferSize: 256,
    audioChannels: 2,
    audioSampleRate: 48,
    normalizeFramerate: false,
    deinterlaceVideo: false,
    normalizeLoudness: false,
  };
}

/** The meaningful end of FFmpeg's error output (it ends with the line that says what went wrong). */
function errorText(stderr: string, code: number | null): string {
  const lines = meaningfulErrorLines(stderr);
  return lines.slice(-6).join("\n") || `FFmpeg exited with ${code === null ? "a signal" : `code ${code}`}`;
}

export class FFmpegTrials implements FFmpegTrialRunner {
  private accelerationStatus: Promise<AccelerationStatus[]> | undefined;

  constructor(
    private readonly registry: ProcessRegistry,
    private readonly capabilities: () => Promise<EncoderCapabilities>,
    private readonly clock: () => number = Date.now,
  ) {}

  async tryProfile(profile: FFmpegProfile, durationMs: number): Promise<ProfileTrialResult> {
    const failed = (error: string, videoEncoder = "", warnings: string[] = []): ProfileTrialResult => ({
      ok: false, encodedMs: durationMs, elapsedMs: 0, speed: null, videoEncoder, acceleration: HardwareAcceleration.None, warnings, error,
    });
    let command;
    try {
      const caps = await this.capabilities();
      command = buildSlateArgs(profile, "Airwave test pattern", { durationMs, realtime: false, output: { kind: "mpegts" }, testPattern: true }, caps);
    } catch (error) {
      return failed(error instanceof Error ? error.message : String(error));
    }
    const started = this.clock();
    const process = this.registry.spawn(command.args, "profile trial");
    const timeout = setTimeout(() => void this.registry.kill(process), Math.max(30_000, durationMs * 10));
    const code = await process.exited;
    clearTimeout(timeout);
    const elapsedMs = Math.max(1, this.clock() - started);
    if (code !== 0) return { ...failed(errorText(process.stderr(), code), command.videoEncoder, command.warnings), elapsedMs, acceleration: command.acceleration };
    return { ok: true, encodedMs: durationMs, elapsedMs, speed: Math.round((durationMs / elapsedMs) * 100) / 100, videoEncoder: command.videoEncoder, acceleration: command.acceleration, warnings: command.warnings };
  }

  accelerations(): Promise<AccelerationStatus[]> {
    this.accelerationStatus ??= this.tryAccelerations();
    return this.accelerationStatus;
  }

  private async tryAccelerations(): Promise<AccelerationStatus[]> {
    let caps: EncoderCapabilities;
    try {
      caps = await this.capabilities();
    } catch (error) {
      this.accelerationStatus = undefined;
      const reason = error instanceof Error ? error.message : String(error);
      return Object.values(HardwareAcceleration).filter((a) => a !== HardwareAcceleration.None).map((acceleration) => ({ acceleration, usable: false, reason }));
    }
    const result: AccelerationStatus[] = [];
    for (const acceleration of Object.values(HardwareAcceleration)) {
      if (acceleration === HardwareAcceleration.None) continue;
      // What this FFmpeg lacks is known without running it; only the rest is tried on the device.
      const choice = chooseVideoEncoder(probeProfile(acceleration), caps);
      if (choice.acceleration !== acceleration) {
        result.push({ acceleration, usable: false, reason: choice.warnings[0] });
        continue;
      }
      const trial = await this.tryProfile(probeProfile(acceleration), ACCELERATION_TRIAL_MS);
      if (!trial.ok) result.push({ acceleration, usable: false, reason: trial.warnings[0] ?? trial.error?.split("\n")[0] });
      else if (trial.acceleration !== acceleration) result.push({ acceleration, usable: false, reason: trial.warnings[0] ?? "FFmpeg fell back to software encoding" });
      else result.push({ acceleration, usable: true });
    }
    return result;
  }
}
