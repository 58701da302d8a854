import type { Watermark } from "../../../db/entities/watermark";
import { WatermarkSize, type WatermarkImageSource, type WatermarkMode, type WatermarkPosition } from "../../../domain/enums";
import type { WatermarkSettingsInput } from "../../../services/watermark-input";

export interface WatermarkDto {
  /** @isInt */
  id: number;
  name: string;
  imageSource: WatermarkImageSource;
  /** Custom source: the copy of the chosen image inside the data folder (watermarks/). */
  imagePath?: string;
  position: WatermarkPosition;
  size: WatermarkSize;
  /** Scaled size: percentage of the frame width. */
  widthPercent?: number;
  horizontalMarginPercent: number;
  verticalMarginPercent: number;
  /** @isInt */
  opacity: number;
  mode: WatermarkMode;
  /** Intermittent: minutes between appearances. @isInt */
  frequencyMinutes?: number;
  /** Intermittent: seconds shown each time. @isInt */
  durationSeconds?: number;
  placeWithinSourceContent: boolean;
}

/** Body of POST and PUT; PUT replaces every field (absent ones take their defaults). */
export type WatermarkRequest = WatermarkSettingsInput;

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function toWatermarkDto(w: Watermark): WatermarkDto {
  return {
    id: w.id,
    name: w.name,
    imageSource: w.imageSource,
    imagePath: opt(w.imagePath),
    position: w.position,
    size: w.size,
    widthPercent: w.size === WatermarkSize.Scaled ? w.widthPercent : undefined,
    horizontalMarginPercent: w.horizontalMarginPercent,
    verticalMarginPercent: w.verticalMarginPercent,
    opacity: w.opacity,
    mode: w.mode,
    frequencyMinutes: opt(w.frequencyMinutes),
    durationSeconds: opt(w.durationSeconds),
    placeWithinSourceContent: w.placeWithinSourceContent,
  };
}
