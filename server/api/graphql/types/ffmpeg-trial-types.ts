import { Field, Float, Int, ObjectType } from "type-graphql";
import type { AccelerationStatus, ProfileTrialResult } from "../../../domain/ffmpeg-info";
import { HardwareAcceleration } from "../../../domain/enums";

@ObjectType("ProfileTestResult", { description: "What encoding a generated test pattern with a profile did." })
export class ProfileTestResultType implements ProfileTrialResult {
  @Field()
  ok: boolean;

  @Field(() => Int, { description: "Media encoded, ms." })
  encodedMs: number;

  @Field(() => Int, { description: "Wall-clock time it took, ms." })
  elapsedMs: number;

  @Field(() => Float, { nullable: true, description: "Media time per wall-clock time (above 1 keeps up with live); null when FFmpeg failed." })
  speed: number | null;

  @Field(() => String)
  videoEncoder: string;

  @Field(() => HardwareAcceleration, { description: "The acceleration in effect (None after a fallback to software)." })
  acceleration: HardwareAcceleration;

  @Field(() => [String])
  warnings: string[];

  @Field(() => String, { nullable: true, description: "FFmpeg's error output when it failed." })
  error?: string;
}

@ObjectType("HardwareAccelerationStatus", { description: "Whether a hardware acceleration can encode on this machine." })
export class HardwareAccelerationStatusType implements AccelerationStatus {
  @Field(() => HardwareAcceleration)
  acceleration: HardwareAcceleration;

  @Field()
  usable: boolean;

  @Field(() => String, { nullable: true, description: "Why it cannot be used." })
  reason?: string;
}
