import type { WatermarkImageSource, WatermarkMode, WatermarkPosition, WatermarkSize } from "../domain/enums";

/**
 * What a client sends for a watermark. Fields that only another image source, size or mode uses are
 * refused, not ignored. PUT replaces every field (absent ones take their defaults).
 */
export interface WatermarkSettingsInput {
  /** 1–50 characters, unique without regard to letter case. */
  name: string;
  /** Custom (an image file, default) or ChannelLogo (the logo of the channel the watermark plays on). */
  imageSource?: WatermarkImageSource | null;
  /**
   * Custom only, the image itself: a `data:` URL (`data:image/png;base64,…`) of a PNG, JPEG, GIF or
   * WebP image of at most 5 MB (decoded) that ffprobe reads as a picture. It is written into the data
   * folder's `watermarks/`; the watermark names that copy. Give this or imagePath, not both.
   */
  imageData?: string | null;
  /**
   * Custom only, instead of imageData: absolute path of a .png, .jpg/.jpeg, .gif or .webp image inside
   * the data folder or a library folder (symbolic links followed; any other place is refused, upload
   * the image instead); `..` segments are refused. It is copied into `watermarks/` like an upload.
   */
  imagePath?: string | null;
  /** Corner or centre of the frame (default BottomRight). */
  position?: WatermarkPosition | null;
  /** Scaled (to widthPercent of the frame width, default) or ActualSize. */
  size?: WatermarkSize | null;
  /** Scaled only: 1–100 (default 15). */
  widthPercent?: number | null;
  /** 0–50 (default 5). */
  horizontalMarginPercent?: number | null;
  /** 0–50 (default 5). */
  verticalMarginPercent?: number | null;
  /**
   * 0 (invisible) – 100 (opaque, default).
   * @isInt
   */
  opacity?: number | null;
  /** Permanent (default) or Intermittent (shown for durationSeconds every frequencyMinutes). */
  mode?: WatermarkMode | null;
  /**
   * Intermittent only, required: 1–60.
   * @isInt
   */
  frequencyMinutes?: number | null;
  /**
   * Intermittent only, required: 1–600, and shorter than the frequency.
   * @isInt
   */
  durationSeconds?: number | null;
  /** Place within the source content rather than the padded output frame (default false). */
  placeWithinSourceContent?: boolean | null;
}
