/**
 * What Airwave uses of FFmpeg that a build may lack, checked on the probed capabilities (filters,
 * encoders, options: never the version number, since distributions backport and builds leave parts out).
 * An old FFmpeg (the npm package's 4.1 from 2018) still streams; the health page and the start-up log
 * name what it cannot do.
 */
import type { EncoderCapabilities } from "./types";

export interface FFmpegFeature {
  /** What FFmpeg lacks, in FFmpeg's own terms ("filter zscale"). */
  needs: string;
  /** What the viewer loses without it. */
  loses: string;
  has(caps: EncoderCapabilities): boolean;
}

const filter = (name: string, loses: string): FFmpegFeature => ({ needs: `filter ${name}`, loses, has: (caps) => caps.filters.has(name) });
const encoder = (name: string, loses: string): FFmpegFeature => ({ needs: `encoder ${name}`, loses, has: (caps) => caps.encoders.has(name) });

export const FFMPEG_FEATURES: readonly FFmpegFeature[] = [
  { needs: "option -readrate", loses: "paced reading with a burst at the start (falls back to -re: slower channel starts)", has: (caps) => caps.supportsReadrate },
  encoder("libx264", "H.264 encoding in software"),
  encoder("aac", "AAC audio"),
  filter("drawtext", "text on slates, graphics and song pictures"),
  filter("overlay", "watermarks, image graphics and picture subtitles"),
  filter("subtitles", "burned-in text subtitles"),
  filter("zscale", "HDR to SDR tone mapping (with tonemap)"),
  filter("tonemap", "HDR to SDR tone mapping"),
  filter("loudnorm", "loudness normalisation"),
  filter("yadif", "deinterlacing"),
  filter("gblur", "song pictures"),
];

/** The features this FFmpeg lacks, each as "needs: loses". */
export function missingFFmpegFeatures(caps: EncoderCapabilities): string[] {
  return FFMPEG_FEATURES.filter((feature) => !feature.has(caps)).map((feature) => `${feature.needs} (${feature.loses})`);
}
