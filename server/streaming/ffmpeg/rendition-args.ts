/**
 * Two small FFmpeg jobs of HLS renditions: a subtitle stream converted to WebVTT (embedded text streams by
 * their index, sidecar files as they are), and one audio track of a finished MPEG-TS segment copied into an
 * audio-only segment with its timestamps unchanged (`-copyts`), so it plays in step with the video.
 */
import { networkInputArgs } from "./input-args";
import type { ProbedSubtitleStream } from "./types";

export function subtitleToWebVttArgs(input: string, stream: ProbedSubtitleStream, output: string): string[] {
  const source = stream.externalPath ?? input;
  const map = stream.externalPath ? "0:s:0" : `0:${stream.index}`;
  return ["-nostdin", "-hide_banner", "-nostats", "-loglevel", "error", ...networkInputArgs(source), "-i", source, "-map", map, "-c:s", "webvtt", "-f", "webvtt", "-y", output];
}

export function audioRenditionArgs(segment: string, track: number, output: string): string[] {
  return ["-nostdin", "-hide_banner", "-nostats", "-loglevel", "error", "-copyts", "-i", segment, "-map", `0:a:${track}`, "-c", "copy", "-muxdelay", "0", "-muxpreload", "0", "-f", "mpegts", "-y", output];
}
