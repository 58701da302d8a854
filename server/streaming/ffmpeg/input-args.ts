/** Global options and input options (seek, pacing) that come before and with each `-i`. */
import { HardwareAcceleration } from "../../domain/enums";
import type { VideoEncoderChoice } from "./encoder-choice";
import { formatFfmpegDuration } from "./time-format";
import type { EncoderCapabilities } from "./types";

/** Read rate while transcoding in real time: slightly faster than real time so output never starves. */
export const REALTIME_READ_RATE = "1.05";

export function globalArgs(encoder: VideoEncoderChoice): string[] {
  const args = ["-nostdin", "-hide_banner", "-nostats", "-loglevel", "error"];
  if (encoder.acceleration === HardwareAcceleration.Vaapi && encoder.vaapiDevice) {
    args.push("-init_hw_device", `vaapi=va:${encoder.vaapiDevice}`, "-filter_hw_device", "va");
  }
  return args;
}

/**
 * `-fflags` for the main input: regenerate missing timestamps (`+genpts`, not for the HLS
 * segmenter), drop corrupt packets, ignore DTS (not when video is copied: its B-frames need their DTS).
 */
export function inputFlags(forHls: boolean, copiesVideo = false): string[] {
  const igndts = copiesVideo ? "" : "+igndts";
  return ["-fflags", forHls ? `+discardcorrupt${igndts}` : `+genpts+discardcorrupt${igndts}`];
}

/** An HTTP input (a media-source stream through the server's loopback proxy): reconnect on drops, give up after a read stalls 15 s. */
export function networkInputArgs(input: string): string[] {
  return /^https?:\/\//.test(input) ? ["-reconnect", "1", "-reconnect_streamed", "1", "-reconnect_on_network_error", "1", "-reconnect_delay_max", "5", "-rw_timeout", "15000000"] : [];
}

/** `-ss` (fast input seek, only when > 0). */
export function seekArgs(seekMs: number): string[] {
  return seekMs > 0 ? ["-ss", formatFfmpegDuration(seekMs)] : [];
}

/** Real-time pacing: `-readrate` where FFmpeg has it, else `-re`. */
export function pacingArgs(realtime: boolean, caps: EncoderCapabilities, rate = REALTIME_READ_RATE): string[] {
  if (!realtime) return [];
  return caps.supportsReadrate ? ["-readrate", rate] : ["-re"];
}

/** A lavfi (generated) input. */
export function lavfiInput(graph: string): string[] {
  return ["-f", "lavfi", "-i", graph];
}
