/**
 * Watermark overlay: image scaled to a share of the output width (or at its own size), faded to an
 * opacity, placed in a corner; an intermittent one is enabled only during the first part of each cycle.
 */
import { anchorExpressions } from "./anchor";
import type { Resolution, Watermark } from "./types";

/**
 * Graph segments that overlay `[imageInput]` (the watermark image input) onto `[videoLabel]` and
 * produce `[outputLabel]`.
 */
export function watermarkSegments(
  watermark: Watermark,
  target: Resolution,
  imageInput: string,
  videoLabel: string,
  outputLabel: string,
): string[] {
  const width = Math.max(2, Math.round((target.width * watermark.widthPercent) / 100 / 2) * 2);
  const alpha = clamp(watermark.opacityPercent, 0, 100) / 100;
  const mx = Math.round((target.width * watermark.horizontalMarginPercent) / 100);
  const my = Math.round((target.height * watermark.verticalMarginPercent) / 100);
  const [x, y] = anchorExpressions(watermark.position, mx, my);
  const scale = watermark.actualSize ? "" : `scale=${width}:-2,`;
  return [`[${imageInput}]${scale}format=rgba,colorchannelmixer=aa=${alpha}[wm]`, `[${videoLabel}][wm]overlay=x=${x}:y=${y}${enableOption(watermark.intermittent)}[${outputLabel}]`];
}

/** `t` is the piece's output time from 0; the phase puts it on the wall-clock cycle. Quoted: the expression holds commas. */
function enableOption(cycle: Watermark["intermittent"]): string {
  if (!cycle) return "";
  const phase = Math.round(cycle.phaseSeconds * 1000) / 1000;
  return `:enable='lt(mod(t+${phase},${cycle.frequencySeconds}),${cycle.durationSeconds})'`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
