/**
 * Which watermark a piece of a stream shows: none when the playout item disables watermarks, else the
 * first usable one of the item's own list, else the channel's. The image is handed to FFmpeg only when
 * its real path (symbolic links followed) lies inside the data folder (which holds the watermark copies
 * and the artwork and logo caches); a watermark whose image is elsewhere or missing is not drawn.
 */
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { Channel } from "../db/entities/channel";
import type { Watermark } from "../db/entities/watermark";
import type { Repositories } from "../db/repositories";
import { WatermarkImageSource, WatermarkMode, WatermarkSize } from "../domain/enums";
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

/** Where a watermark's image comes from: a checked path of a Custom image, a channel's logo file. */
export interface WatermarkImageFiles {
  check: WatermarkImageCheck;
  channelLogo(channel: { name: string; logoUrl: string | null }): Promise<string | undefined>;
}

/** The item's watermark settings (a playout row); absent for filler and gaps. */
export interface ItemWatermarks {
  watermarkIds: number[] | null;
  disableWatermarks: boolean;
}

/** The watermark a piece of `channel` starting at wall-clock `at` shows. */
export async function streamWatermark(repos: Repositories, channel: Channel, item: ItemWatermarks | undefined, at: number, images: WatermarkImageFiles): Promise<StreamWatermark | undefined> {
  if (item?.disableWatermarks) return undefined;
  const ids = item?.watermarkIds?.length ? item.watermarkIds : channel.watermarkId !== null ? [channel.watermarkId] : [];
  const found = await repos.watermarks.findByIds(ids);
  for (const id of ids) {
    const watermark = found.find((w) => w.id === id);
    const drawn = watermark ? await toStreamWatermark(watermark, channel, at, images) : undefined;
    if (drawn) return drawn;
  }
  return undefined;
}

/** The builder's form of a watermark, or undefined when its image may not or cannot be read. */
export async function toStreamWatermark(w: Watermark, channel: { name: string; logoUrl: string | null }, at: number, images: WatermarkImageFiles): Promise<StreamWatermark | undefined> {
  const source = w.imageSource === WatermarkImageSource.ChannelLogo ? await images.channelLogo(channel) : w.imagePath ? w.imagePath : undefined;
  const imagePath = source ? await images.check(source) : undefined;
  if (!imagePath) return undefined;
  const drawn: StreamWatermark = {
    imagePath,
    position: w.position,
    widthPercent: w.widthPercent,
    opacityPercent: w.opacity,
    horizontalMarginPercent: w.horizontalMarginPercent,
    verticalMarginPercent: w.verticalMarginPercent,
  };
  if (w.size === WatermarkSize.ActualSize) drawn.actualSize = true;
  if (w.mode === WatermarkMode.Intermittent && w.frequencyMinutes && w.durationSeconds) {
    const frequencySeconds = w.frequencyMinutes * 60;
    drawn.intermittent = { frequencySeconds, durationSeconds: w.durationSeconds, phaseSeconds: (((at / 1000) % frequencySeconds) + frequencySeconds) % frequencySeconds };
  }
  return drawn;
}
