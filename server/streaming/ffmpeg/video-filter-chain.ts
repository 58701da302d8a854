/**
 * The video half of `-filter_complex`: deinterlace → picture-subtitle overlay → scale/pad/crop →
 * frame-rate normalisation → HDR tone map (after scaling: a quarter of the pixels of a 4K source) →
 * text-subtitle burn-in → watermark → graphics → pixel format (→ hardware upload).
 */
import { HardwareAcceleration } from "../../domain/enums";
import type { VideoEncoderChoice } from "./encoder-choice";
import { scalingFilters } from "./scaling-filters";
import type { ToneMapPlan } from "./tone-mapping";
import { pictureSubtitleOverlay, textSubtitleFilters } from "./subtitle-filter";
import type { FFmpegProfile, ProbedSubtitleStream, ProbedVideoStream, Watermark } from "./types";
import { watermarkSegments } from "./watermark-filter";
import { graphicsSegments, type GraphicsLayer } from "./graphics/graphics-filter";

export interface VideoChainOptions {
  profile: FFmpegProfile;
  /** The source video stream. */
  video: ProbedVideoStream;
  /** Graph input specifier of the video, e.g. `0:1`. */
  videoInput: string;
  encoder: VideoEncoderChoice;
  /** Frame rate to normalise to, when the profile asks for it. */
  frameRate: number;
  inputPath: string;
  seekMs: number;
  subtitle?: {
    stream: ProbedSubtitleStream;
    /** Picture subtitles: graph input specifier (`0:3`, or `2:0` for a sidecar input). */
    input?: string;
    /** Text subtitles: position among the file's subtitle streams. */
    ordinal: number;
  };
  watermark?: { watermark: Watermark; input: string };
  /** Graphics elements, drawn after the watermark. */
  graphics?: GraphicsLayer;
  /** HDR source: the tone-map filters (software, or VAAPI ending in GPU frames). */
  toneMap?: ToneMapPlan;
}

export interface FilterChain {
  /** Graph segments, to be joined with `;`. */
  segments: string[];
  /** Label (without brackets) of the chain's output pad, for `-map [label]`. */
  outputLabel: string;
}

export const VIDEO_OUTPUT_LABEL = "vout";

export function buildVideoFilterChain(options: VideoChainOptions): FilterChain {
  const { profile, video, subtitle } = options;
  const segments: string[] = [];
  let current = options.videoInput;

  const pre: string[] = deinterlaceFilters(profile, video);
  if (subtitle && subtitle.stream.kind === "Picture" && subtitle.input) {
    if (pre.length > 0) {
      segments.push(`[${current}]${pre.join(",")}[vdeint]`);
      current = "vdeint";
      pre.length = 0;
    }
    segments.push(pictureSubtitleOverlay(current, subtitle.input, "vsub"));
    current = "vsub";
  }

  const main: string[] = [...pre, ...scalingFilters(video, profile.resolution, profile.scalingBehavior)];
  if (profile.normalizeFramerate) main.push(`fps=${options.frameRate}`);
  if (options.toneMap) main.push(...options.toneMap.filters);
  const final = options.toneMap?.endsOnGpu ? [] : finalVideoFilters(options.encoder);
  if (subtitle && subtitle.stream.kind === "Text") {
    main.push(...textSubtitleFilters(subtitle.stream, options.inputPath, subtitle.ordinal, options.seekMs));
  }

  // Overlays in drawing order, each with the label of its output.
  const overlays: Array<{ label: string; segments: (input: string) => string[] }> = [];
  const { watermark, graphics } = options;
  if (watermark) overlays.push({ label: "vwm", segments: (input) => watermarkSegments(watermark.watermark, profile.resolution, watermark.input, input, "vwm") });
  if (graphics?.graphics.length) overlays.push({ label: "vgfx", segments: (input) => graphicsSegments(graphics, profile.resolution, options.frameRate, input, "vgfx") });
  if (overlays.length) {
    segments.push(`[${current}]${main.join(",")}[vmain]`);
    current = "vmain";
    for (const overlay of overlays) {
      segments.push(...overlay.segments(current));
      current = overlay.label;
    }
    segments.push(`[${current}]${(final.length ? final : ["null"]).join(",")}[${VIDEO_OUTPUT_LABEL}]`);
  } else {
    segments.push(`[${current}]${[...main, ...final].join(",")}[${VIDEO_OUTPUT_LABEL}]`);
  }
  return { segments, outputLabel: VIDEO_OUTPUT_LABEL };
}

/** `yadif` when the profile deinterlaces and the source is interlaced. */
export function deinterlaceFilters(profile: FFmpegProfile, video: ProbedVideoStream): string[] {
  return profile.deinterlaceVideo && video.scanKind === "Interlaced" ? ["yadif=mode=send_frame:parity=auto:deint=all"] : [];
}

/** The pixel format the encoder needs, then the upload to the GPU for VAAPI. */
export function finalVideoFilters(encoder: VideoEncoderChoice): string[] {
  const filters = [`format=${encoder.pixelFormat}`];
  if (encoder.acceleration === HardwareAcceleration.Vaapi) filters.push("hwupload");
  return filters;
}
