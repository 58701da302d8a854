/**
 * Runs one piece; a hardware piece whose FFmpeg dies on its device or encoder before its first segment
 * marks the profile's acceleration failing (one log line) and is run again at once in software.
 */
import { HardwareAcceleration } from "../../domain/enums";
import type { FFmpegProfile } from "../../domain/ffmpeg-profile";
import { software, type AccelerationHealth } from "../acceleration-health";
import { isHardwareFailure } from "../ffmpeg";
import type { PieceCommand } from "../plan-command";

export interface PieceOutcome {
  ok: boolean;
  producedMs: number;
  reason: string;
}

export interface FallbackContext {
  acceleration: AccelerationHealth;
  log(message: string): void;
  label: string;
  stopping(): boolean;
  /** The command; undefined when the session stopped or was cut while it was built. */
  build(profile: FFmpegProfile): Promise<PieceCommand | undefined>;
  run(command: PieceCommand): Promise<PieceOutcome>;
  /** A run failed on the hardware and is retried in software. */
  retried(): void;
}

/** The outcome with the command that produced it; undefined when the session stopped meanwhile. */
export async function runWithFallback(context: FallbackContext, channelProfile: FFmpegProfile): Promise<{ outcome: PieceOutcome; command: PieceCommand } | undefined> {
  let profile = context.acceleration.effective(channelProfile);
  for (;;) {
    const command = await context.build(profile);
    if (!command || context.stopping()) return undefined;
    const outcome = await context.run(command);
    const hardware = command.acceleration !== undefined && command.acceleration !== HardwareAcceleration.None;
    if (outcome.ok || context.stopping() || outcome.producedMs > 0 || !hardware || !isHardwareFailure(outcome.reason)) return { outcome, command };
    const failure = context.acceleration.markFailing(channelProfile, outcome.reason.split("\n").at(-1) ?? "");
    context.retried();
    context.log(`${context.label}: ${failure.acceleration} encoding failed (${failure.reason}); encoding in software until ${new Date(failure.failingUntil).toISOString()}`);
    profile = software(channelProfile);
  }
}
