/** When a graphics element shows within a piece, as FFmpeg expressions of the piece's output time `t`. */
import type { GraphicTiming } from "../../../domain/stream-plan";

const seconds = (ms: number) => `${Math.round(ms) / 1000}`;

/** False when the element never shows during a piece of `limitMs` (a window before or after it). */
export function showsWithin(when: GraphicTiming, limitMs: number | undefined): boolean {
  if (when.kind !== "window") return true;
  return when.toMs > 0 && when.toMs > when.fromMs && (limitMs === undefined || when.fromMs < limitMs);
}

/** `:enable='…'` for the filter, or nothing when the element always shows. Quoted: the expression holds commas. */
export function enableOption(when: GraphicTiming): string {
  switch (when.kind) {
    case "always":
      return "";
    case "window":
      return `:enable='between(t,${seconds(when.fromMs)},${seconds(when.toMs)})'`;
    case "cycle":
      return `:enable='lt(${cycleTime(when)},${seconds(when.showMs)})'`;
  }
}

/**
 * An alpha expression (0..1) that fades the element in over `fadeMs` after it appears and out over `fadeMs`
 * before it goes; undefined when nothing fades (no fade, or an element that is always there).
 */
export function fadeAlpha(when: GraphicTiming, fadeMs: number): string | undefined {
  if (fadeMs <= 0 || when.kind === "always") return undefined;
  const f = seconds(fadeMs);
  if (when.kind === "window") return `clip(min((t-${seconds(when.fromMs)})/${f},(${seconds(when.toMs)}-t)/${f}),0,1)`;
  const u = cycleTime(when);
  return `clip(min(${u}/${f},(${seconds(when.showMs)}-${u})/${f}),0,1)`;
}

/** Seconds into the wall-clock cycle at output time `t`. */
function cycleTime(when: Extract<GraphicTiming, { kind: "cycle" }>): string {
  return `mod(t+${seconds(when.phaseMs)},${seconds(when.periodMs)})`;
}
