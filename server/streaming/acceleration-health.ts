/**
 * Which FFmpeg profiles' hardware acceleration failed lately. A hardware piece whose FFmpeg dies on
 * its device before the first segment marks the profile failing for `FAILING_FOR_MS`; meanwhile its
 * pieces are encoded in software, after that the hardware path is tried again. The clock is injected.
 */
import { HardwareAcceleration } from "../domain/enums";
import type { FFmpegProfile } from "../domain/ffmpeg-profile";
import type { AccelerationFailure } from "../domain/stream-session";

export const ACCELERATION_FAILING_FOR_MS = 10 * 60_000;

export class AccelerationHealth {
  private readonly failing = new Map<string, AccelerationFailure>();

  constructor(private readonly clock: () => number) {}

  markFailing(profile: FFmpegProfile, reason: string): AccelerationFailure {
    const failure = { acceleration: profile.hardwareAcceleration, failingUntil: this.clock() + ACCELERATION_FAILING_FOR_MS, reason };
    this.failing.set(key(profile), failure);
    return failure;
  }

  /** The profile's current failure, if it has not expired (and the profile still uses that acceleration). */
  failure(profile: Pick<FFmpegProfile, "id" | "hardwareAcceleration">): AccelerationFailure | undefined {
    const k = key(profile);
    const found = this.failing.get(k);
    if (!found) return undefined;
    if (found.failingUntil <= this.clock() || found.acceleration !== profile.hardwareAcceleration) {
      this.failing.delete(k);
      return undefined;
    }
    return found;
  }

  /** The profile to encode with now: software while its acceleration is marked failing. */
  effective(profile: FFmpegProfile): FFmpegProfile {
    return this.failure(profile) ? software(profile) : profile;
  }
}

export function software(profile: FFmpegProfile): FFmpegProfile {
  return { ...profile, hardwareAcceleration: HardwareAcceleration.None };
}

function key(profile: Pick<FFmpegProfile, "id" | "hardwareAcceleration">): string {
  return profile.id === undefined ? `unsaved:${profile.hardwareAcceleration}` : String(profile.id);
}
