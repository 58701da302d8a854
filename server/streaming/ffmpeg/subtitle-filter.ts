/**
 * Subtitle burn-in. Picture subtitles (PGS, DVD, DVB) are overlaid onto the picture before scaling,
 * so their canvas matches the source. Text subtitles are rendered by libass (`subtitles` filter) after
 * scaling; because that filter reads the file itself from time 0, timestamps are shifted by the seek
 * offset around it.
 */
import { filterValue } from "./filter-escaping";
import { formatSeconds } from "./time-format";
import type { ProbedSubtitleStream } from "./types";

/**
 * Graph segment overlaying a picture subtitle stream `[subtitleInput]` onto `[videoLabel]`,
 * producing `[outputLabel]`.
 */
export function pictureSubtitleOverlay(videoLabel: string, subtitleInput: string, outputLabel: string): string {
  return `[${videoLabel}][${subtitleInput}]overlay=eof_action=pass[${outputLabel}]`;
}

/**
 * Filters (to be chained with `,`) that burn a text subtitle stream in.
 * @param inputPath the media file (used when the stream is embedded)
 * @param streamOrdinal the stream's position among the file's subtitle streams (`si`)
 * @param seekMs how far the input was seeked with `-ss`
 */
export function textSubtitleFilters(
  stream: ProbedSubtitleStream,
  inputPath: string,
  streamOrdinal: number,
  seekMs: number,
): string[] {
  const source = stream.externalPath
    ? `subtitles=filename=${filterValue(stream.externalPath)}`
    : `subtitles=filename=${filterValue(inputPath)}:si=${streamOrdinal}`;
  if (seekMs <= 0) return [source];
  const seconds = formatSeconds(seekMs);
  return [`setpts=PTS+${seconds}/TB`, source, "setpts=PTS-STARTPTS"];
}
