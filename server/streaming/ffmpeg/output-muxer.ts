/**
 * The muxer end of the command: timing options, MPEG-TS service metadata, and either MPEG-TS to a
 * pipe/file or an HLS segmenter (4 s segments, program date-times, independent segments, appended
 * playlists with a discontinuity for every run after the first).
 */
import { formatSeconds } from "./time-format";
import type { HlsOutput, OutputTarget } from "./types";

export const SERVICE_PROVIDER = "Airwave";
export const DEFAULT_HLS_SEGMENT_SECONDS = 4;

export interface MuxerOptions {
  output: OutputTarget;
  /** Continue timestamps from a previous run (ms). */
  ptsOffsetMs?: number;
  channelName?: string;
  /** ISO 639 code of the selected audio, written as stream metadata. */
  audioLanguage?: string;
  /** Several audio tracks: each one's ISO 639-2 code (in the PMT), the first marked default. Replaces `audioLanguage`. */
  audioTrackLanguages?: readonly string[];
  /** The picture was tone-mapped to SDR: tag the output BT.709. */
  bt709?: boolean;
}

export function muxerArgs(options: MuxerOptions): string[] {
  const offset = options.ptsOffsetMs ?? 0;
  const args = ["-map_metadata", "-1", "-metadata", `service_provider=${SERVICE_PROVIDER}`];
  if (options.channelName) args.push("-metadata", `service_name=${options.channelName}`);
  const tracks = options.audioTrackLanguages;
  if (tracks && tracks.length > 0) {
    tracks.forEach((language, i) => args.push(`-metadata:s:a:${i}`, `language=${language}`, `-disposition:a:${i}`, i === 0 ? "default" : "0"));
  } else if (options.audioLanguage) args.push("-metadata:s:a:0", `language=${options.audioLanguage}`);
  if (options.bt709) args.push("-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709");
  args.push("-muxdelay", "0", "-muxpreload", "0");
  if (offset > 0) args.push("-output_ts_offset", formatSeconds(offset));

  if (options.output.kind === "mpegts") {
    if (offset <= 0) args.push("-mpegts_flags", "+initial_discontinuity");
    args.push("-f", "mpegts", options.output.target ?? "pipe:1");
    return args;
  }
  return [...args, ...hlsArgs(options.output, offset)];
}

/** The length of the output's short first segments (its encoder forces keyframes at their ends), or undefined. */
export function quickStartSeconds(output: OutputTarget): number | undefined {
  return output.kind === "hls" && (output.initialSegmentSeconds ?? 0) > 0 ? output.initialSegmentSeconds : undefined;
}

export function hlsArgs(output: HlsOutput, ptsOffsetMs: number): string[] {
  const quickStart = quickStartSeconds(output) !== undefined;
  // FFmpeg ignores -hls_init_time with append_list; a quick start always writes a fresh playlist.
  const flags = quickStart ? ["program_date_time", "omit_endlist"] : ["program_date_time", "omit_endlist", "append_list"];
  if (output.continuesSession) flags.push("discont_start");
  flags.push("independent_segments");
  if (output.deleteSegments) flags.push("delete_segments");
  const args = ["-f", "hls"];
  // The init length only ends once the list starts sliding: with a one-entry list the segments are
  // init, init, then hls_time (the reader recovers entries that slid past).
  if (quickStart) args.push("-hls_init_time", String(output.initialSegmentSeconds));
  args.push(
    "-hls_time", String(output.segmentSeconds ?? DEFAULT_HLS_SEGMENT_SECONDS),
    "-hls_list_size", String(quickStart ? 1 : (output.listSize ?? 0)),
    "-hls_segment_type", "mpegts",
    "-hls_flags", flags.join("+"),
  );
  if (output.startNumber !== undefined && output.startNumber > 0) args.push("-start_number", String(output.startNumber));
  if (ptsOffsetMs <= 0) args.push("-hls_segment_options", "mpegts_flags=+initial_discontinuity");
  args.push("-hls_segment_filename", output.segmentFilenamePattern, output.playlistPath);
  return args;
}
