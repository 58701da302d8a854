/**
 * Placement shared by every overlay (watermarks, graphics elements): x and y expressions that put an item
 * at one of the frame's anchors, `mx`/`my` pixels in from the edges it touches.
 */
import type { GraphicPosition, WatermarkPosition } from "../../domain/enums";

/** How the filter names the frame's and the item's sizes (overlay: W H w h; drawtext: w h text_w text_h). */
export interface SizeNames {
  frameW: string;
  frameH: string;
  itemW: string;
  itemH: string;
}

export const OVERLAY_NAMES: SizeNames = { frameW: "W", frameH: "H", itemW: "w", itemH: "h" };
export const DRAWTEXT_NAMES: SizeNames = { frameW: "w", frameH: "h", itemW: "text_w", itemH: "text_h" };

/** `TopLeft` … `BottomRight`, `Center`: Left/Right and Top/Bottom in the name pick the edge, anything else centres. */
export function anchorExpressions(where: GraphicPosition | WatermarkPosition, mx: number, my: number, names: SizeNames = OVERLAY_NAMES): [string, string] {
  const { frameW: W, frameH: H, itemW: w, itemH: h } = names;
  const x = where.endsWith("Left") ? `${mx}` : where.endsWith("Right") ? `${W}-${w}-${mx}` : `(${W}-${w})/2`;
  const y = where.startsWith("Top") ? `${my}` : where.startsWith("Bottom") ? `${H}-${h}-${my}` : `(${H}-${h})/2`;
  return [x, y];
}
