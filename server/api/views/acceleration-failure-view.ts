/** A profile's failing hardware acceleration, as REST and GraphQL return it (sessions and FFmpeg profiles). */
import type { HardwareAcceleration } from "../../domain/enums";
import type { AccelerationFailure } from "../../domain/stream-session";

export interface AccelerationFailureDto {
  acceleration: HardwareAcceleration;
  /** Until when pieces are encoded in software (then the hardware is tried again). */
  failingUntil: string;
  /** FFmpeg's last line. */
  reason: string;
}

export function toAccelerationFailureDto(failure: AccelerationFailure | null): AccelerationFailureDto | null {
  return failure && { acceleration: failure.acceleration, failingUntil: new Date(failure.failingUntil).toISOString(), reason: failure.reason };
}
