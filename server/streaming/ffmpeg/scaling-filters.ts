/**
 * Fits a source picture into the profile resolution: ScaleAndPad (letterbox/pillarbox, aspect kept),
 * Stretch (fill, aspect ignored) or Crop (fill, edges cut). Sizes are computed here from the display
 * aspect ratio (width × sample aspect ratio), so anamorphic sources come out right, and every filter
 * carries explicit even pixel counts.
 */
import { ScalingBehavior } from "../../domain/enums";
import type { Resolution } from "./types";

export interface SourcePicture {
  width: number;
  height: number;
  /** `num:den`; absent, malformed or `0:1` = square pixels. */
  sampleAspectRatio?: string;
}

export function scalingFilters(source: SourcePicture, target: Resolution, behavior: ScalingBehavior): string[] {
  const { width: W, height: H } = target;
  const displayWidth = source.width * sampleAspect(source.sampleAspectRatio);
  const displayHeight = source.height;
  const alreadyFits = source.width === W && source.height === H;

  switch (behavior) {
    case ScalingBehavior.Stretch:
      return alreadyFits ? ["setsar=1"] : [`scale=${W}:${H}`, "setsar=1"];
    case ScalingBehavior.ScaleAndPad: {
      const factor = Math.min(W / displayWidth, H / displayHeight);
      const w = Math.min(W, even(displayWidth * factor));
      const h = Math.min(H, even(displayHeight * factor));
      const filters = source.width === w && source.height === h ? [] : [`scale=${w}:${h}`];
      filters.push("setsar=1");
      if (w !== W || h !== H) {
        filters.push(`pad=${W}:${H}:${Math.floor((W - w) / 2)}:${Math.floor((H - h) / 2)}:color=black`);
      }
      return filters;
    }
    case ScalingBehavior.Crop: {
      const factor = Math.max(W / displayWidth, H / displayHeight);
      const w = Math.max(W, even(displayWidth * factor));
      const h = Math.max(H, even(displayHeight * factor));
      const filters = source.width === w && source.height === h ? [] : [`scale=${w}:${h}`];
      filters.push("setsar=1");
      if (w !== W || h !== H) {
        filters.push(`crop=${W}:${H}:${Math.floor((w - W) / 2)}:${Math.floor((h - H) / 2)}`);
      }
      return filters;
    }
  }
}

/** Sample aspect ratio as a number; 1 for square or unknown. */
export function sampleAspect(sar: string | undefined): number {
  if (!sar) return 1;
  const [num, den] = sar.split(/[:/]/).map(Number);
  if (num === undefined || den === undefined || !(num > 0) || !(den > 0)) return 1;
  return num / den;
}

/** Nearest even integer, at least 2 (encoders need even 4:2:0 dimensions). */
function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}
