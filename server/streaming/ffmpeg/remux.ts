/**
 * HLS direct: the current item's video and audio copied (not transcoded) into MPEG-TS from the seek
 * offset, paced at real time, for the rest of the item.
 */
import { globalArgs, inputFlags, networkInputArgs, pacingArgs, seekArgs } from "./input-args";
import { muxerArgs } from "./output-muxer";
import { formatFfmpegDuration } from "./time-format";
import { HardwareAcceleration } from "../../domain/enums";
import type { EncoderCapabilities, FFmpegCommand } from "./types";

export interface RemuxRequest {
  inputPath: string;
  seekMs: number;
  durationMs?: number;
  channelName?: string;
  /** Pace reading at real time (`-readrate 1.0`: copying needs no head start). */
  realtime: boolean;
}

export function buildRemuxArgs(request: RemuxRequest, caps: EncoderCapabilities): FFmpegCommand {
  const software = { encoder: "copy", acceleration: HardwareAcceleration.None, bitDepth: 8 as const, pixelFormat: "yuv420p", warnings: [] };
  const args = [
    ...globalArgs(software),
    ...inputFlags(false),
    ...seekArgs(request.seekMs),
    ...pacingArgs(request.realtime, caps, "1.0"),
    ...networkInputArgs(request.inputPath),
    "-i",
    request.inputPath,
    "-map", "0:v:0?",
    "-map", "0:a:0?",
    "-c", "copy",
    ...(request.durationMs !== undefined ? ["-t", formatFfmpegDuration(request.durationMs)] : []),
    ...muxerArgs({ output: { kind: "mpegts" }, channelName: request.channelName }),
  ];
  return { args, warnings: [] };
}
