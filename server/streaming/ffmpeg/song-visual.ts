/**
 * The picture of a song: its cover fitted on the left over a blurred, darkened copy of itself filling the
 * frame, with title, artist and album drawn to its right; without a cover, a generated background with the
 * same text centred. The picture is composed once (one frame) and repeated at the output frame rate, so a
 * song costs little more to encode than the audio.
 */
import { filterValue } from "./filter-escaping";
import type { Resolution, SongVisual } from "./types";

/** Background of a song without cover art (a dark slate blue). */
export const SONG_BACKGROUND_COLOR = "0x1c2a3a";

/** Approximate advance of a DejaVu Sans glyph, as a share of the font size (for truncating long lines). */
const GLYPH_WIDTH = 0.6;

/**
 * Graph segments that turn `[coverInput]` (a still picture; absent: the generated background input) into
 * `[outputLabel]`, a `frameRate` fps stream of the finished picture in `target` size.
 */
export function songVisualSegments(
  song: SongVisual,
  target: Resolution,
  frameRate: number,
  coverInput: string | undefined,
  outputLabel: string,
): string[] {
  const { width: W, height: H } = target;
  // `fps` also declares the frame rate on the link: without it a constant-frame-rate muxer (HLS) takes the
  // cover's nominal rate (90000 for MJPEG) and floods the output with duplicates.
  const repeat = `trim=end_frame=1,loop=loop=-1:size=1:start=0,setpts=N/(${frameRate}*TB),fps=${frameRate}`;
  if (coverInput === undefined) {
    const lines = textLines(song, W, H, Math.round(W * 0.1), W - Math.round(W * 0.2), true);
    return [`color=c=${SONG_BACKGROUND_COLOR}:s=${W}x${H}:r=${frameRate},${[...lines, repeat].join(",")}[${outputLabel}]`];
  }
  const side = even(H * 0.6);
  const coverX = Math.round(W * 0.07);
  const textX = coverX + side + Math.round(W * 0.05);
  const lines = textLines(song, W, H, textX, W - textX - Math.round(W * 0.04), false);
  return [
    `[${coverInput}]format=yuv420p,split=2[songbg0][songfg0]`,
    `[songbg0]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},gblur=sigma=${Math.max(2, Math.round(H / 30))},eq=brightness=-0.22:saturation=0.8[songbg]`,
    `[songfg0]scale=${side}:${side}:force_original_aspect_ratio=decrease[songfg]`,
    `[songbg][songfg]overlay=x=${coverX}:y=(H-h)/2,${[...lines, repeat].join(",")}[${outputLabel}]`,
  ];
}

/** drawtext filters for title (bold, larger), artist and album, stacked around the vertical middle. */
function textLines(song: SongVisual, W: number, H: number, x: number, maxWidth: number, centred: boolean): string[] {
  const rows = [
    { text: song.title, size: Math.max(10, Math.round(H / 15)), font: song.fonts.bold },
    { text: song.artist, size: Math.max(8, Math.round(H / 22)), font: song.fonts.regular },
    { text: song.album, size: Math.max(8, Math.round(H / 26)), font: song.fonts.regular },
  ].filter((r): r is { text: string; size: number; font: string } => !!r.text && r.text.trim() !== "");
  const gap = Math.round(H / 40);
  const total = rows.reduce((sum, r) => sum + r.size, 0) + gap * Math.max(0, rows.length - 1);
  let y = Math.round((H - total) / 2);
  return rows.map((row) => {
    const filter = [
      `drawtext=fontfile=${filterValue(row.font)}`,
      `text=${filterValue(fitText(row.text, maxWidth, row.size))}`,
      "expansion=none",
      "fontcolor=white",
      `fontsize=${row.size}`,
      "shadowcolor=black@0.6",
      `shadowx=${Math.max(1, Math.round(row.size / 16))}`,
      `shadowy=${Math.max(1, Math.round(row.size / 16))}`,
      `x=${centred ? "(w-text_w)/2" : x}`,
      `y=${y}`,
    ].join(":");
    y += row.size + gap;
    return filter;
  });
}

/** One line of plain text that fits `maxWidth` pixels: control characters become spaces, long text ends in `…`. */
export function fitText(text: string, maxWidth: number, fontSize: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();
  const maxChars = Math.max(4, Math.floor(maxWidth / (fontSize * GLYPH_WIDTH)));
  const chars = [...clean];
  return chars.length <= maxChars ? clean : `${chars.slice(0, maxChars - 1).join("").trimEnd()}…`;
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}
