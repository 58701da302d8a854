/** Which of a piece's graphics elements its command draws: those that show during it and that this FFmpeg can draw. */
import type { StreamGraphic } from "../../../domain/stream-plan";
import type { EncoderCapabilities } from "../types";
import { drawsSomething } from "./graphics-filter";
import { showsWithin } from "./timing";

export function drawableGraphics(elements: readonly StreamGraphic[], limitMs: number | undefined, caps: EncoderCapabilities): { elements: StreamGraphic[]; warnings: string[] } {
  const warnings: string[] = [];
  const drawn = elements.filter((graphic) => {
    if (!showsWithin(graphic.when, limitMs) || !drawsSomething(graphic)) return false;
    const filter = graphic.draw.kind === "text" ? "drawtext" : "overlay";
    if (caps.filters.has(filter)) return true;
    warnings.push(`FFmpeg has no ${filter} filter; a graphics element skipped`);
    return false;
  });
  return { elements: drawn, warnings };
}
