/**
 * Which watermark a piece of a stream shows: none when the playout item disables watermarks, else the
 * first usable one of the item's own list, else the channel's. The image is handed to FFmpeg only when
 * its real path (symbolic links followed) lies inside the data folder (which holds the artwork and logo
 * caches); a watermark whose image is elsewhere, missing, or the channel logo is not drawn.
 */
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { Channel } from "../db/entities/channel";
import type { Watermark } from "../db/entities/watermark";
import type { Repositories } from "../db/repositories";
import { WatermarkImageSource } from "../domain/enums";
import type { StreamWatermark } from "../domain/stream-plan";

/** The real path of an image FFmpeg may read, or undefined when it may not (or it is not a file). */
export type WatermarkImageCheck = (imagePath: string) => Promise<string | undefined>;

/** Allows only files whose real path is inside `root`. */
export function imageInsideFolder(root: string): WatermarkImageCheck {
  return async (imagePath) => {
    try {
      const [realRoot, real] = await Promise.all([realpath(root), realpath(imagePath)]);
      const relative = path.relative(realRoot, real);
      if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
      return (await stat(real)).isFile() ? real : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The item's watermark settings (a playout row); absent for filler and gaps. */
export interface ItemWatermarks {
  watermarkIds: number[] | null;
  disableWatermarks: boolean;
}

export async function streamWatermark(repos: Repositories, channel: Channel, item: ItemWatermarks | undefined, check: WatermarkImageCheck): Promise<StreamWatermark | undefined> {
  if (item?.disableWatermarks) return undefined;
  const ids = item?.watermarkIds?.length ? item.watermarkIds : channel.watermarkId !== null ? [channel.watermarkId] : [];
  const found = await repos.watermarks.findByIds(ids);
  for (const id of ids) {
    const watermark = found.find((w) => w.id === id);
    const drawn = watermark ? await toStreamWatermark(watermark, check) : undefined;
    if (drawn) return drawn;
  }
  return undefined;
}

async function toStreamWatermark(w: Watermark, check: WatermarkImageCheck): Promise<StreamWatermark | undefined> {
  if (w.imageSource !== WatermarkImageSource.Custom || !w.imagePath) return undefined;
  const imagePath = await check(w.imagePath);
  if (!imagePath) return undefined;
  return {
    imagePath,
    position: w.position,
    widthPercent: w.widthPercent,
    opacityPercent: w.opacity,
    horizontalMarginPercent: w.horizontalMarginPercent,
    verticalMarginPercent: w.verticalMarginPercent,
  };
}
