/**
 * HDR to SDR. A source whose transfer is PQ (`smpte2084`, HDR10, Dolby Vision profile 8.1 with its HDR10
 * base) or HLG (`arib-std-b67`, DV 8.4) is tone-mapped to BT.709 8-bit; SDR gets no filter at all.
 *
 * Software (`zscale` + `tonemap`): linearise with the source's transfer, primaries and matrix given
 * explicitly (not read from frame tags, which remuxes often lose), with SDR reference white at
 * REFERENCE_WHITE_NITS; convert primaries to BT.709 in linear light; then `tonemap=mobius` with a knee at
 * MOBIUS_KNEE (30 % of reference white): everything below the knee (shadows and mid-tones, the SDR part of
 * a grade) stays linear and unchanged, highlights up to the peak are rolled off smoothly instead of
 * clipped; `desat=0` keeps highlight colours. The peak is the source's MaxCLL or mastering-display maximum
 * when ffprobe reports one, else DEFAULT_PEAK_NITS. Then BT.709 transfer and matrix, limited range.
 *
 * VAAPI (`tonemap_vaapi`, where FFmpeg has it and the piece draws nothing on the picture after the tone
 * map): frames are uploaded as P010 and the GPU maps them to NV12 BT.709. A failing hardware piece is rerun
 * in software by the session's hardware fallback, which then takes the software path here.
 */
import { HardwareAcceleration } from "../../domain/enums";
import type { EncoderCapabilities, ProbedVideoStream } from "./types";

export type DynamicRange = "sdr" | "hdr10" | "hlg" | "dolby-vision-8.1" | "dolby-vision-8.4";

/** SDR white maps to this many nits (ITU-R BT.2408 graphics white is 203; 100 keeps SDR grades unchanged). */
export const REFERENCE_WHITE_NITS = 100;
/** Peak assumed when the file states none (the mastering peak of most HDR10 releases). */
export const DEFAULT_PEAK_NITS = 1000;
/** Mobius knee, as a share of reference white: linear below, rolled off above. */
export const MOBIUS_KNEE = 0.3;
export const TONE_MAP_ALGORITHM = "mobius";

/** How a piece's picture is tone-mapped (shown in the troubleshooter's command report and on the Sessions page). */
export interface ToneMapping {
  source: DynamicRange;
  /** `software` (zscale+tonemap) or `vaapi` (tonemap_vaapi). */
  path: "software" | "vaapi";
  algorithm: string;
  peakNits: number;
  /** One line for reports: `HDR10 → BT.709 SDR: zscale+tonemap mobius, peak 1000 nits`. */
  summary: string;
}

/** The source's dynamic range from its colour tags and Dolby Vision configuration. */
export function dynamicRangeOf(video: ProbedVideoStream | undefined): DynamicRange {
  if (!video) return "sdr";
  const dv = video.dolbyVision;
  if (dv && dv.profile === 8) {
    if (dv.compatibility === 1) return "dolby-vision-8.1";
    if (dv.compatibility === 4) return "dolby-vision-8.4";
  }
  const transfer = video.colorTransfer?.toLowerCase();
  if (transfer === "smpte2084") return "hdr10";
  if (transfer === "arib-std-b67") return "hlg";
  return "sdr";
}

const LABEL: Record<DynamicRange, string> = {
  sdr: "SDR",
  hdr10: "HDR10",
  hlg: "HLG",
  "dolby-vision-8.1": "Dolby Vision 8.1 (HDR10 base)",
  "dolby-vision-8.4": "Dolby Vision 8.4 (HLG base)",
};

export function dynamicRangeLabel(range: DynamicRange): string {
  return LABEL[range];
}

function isHlg(range: DynamicRange): boolean {
  return range === "hlg" || range === "dolby-vision-8.4";
}

/** The peak (nits) the curve maps to SDR white's ceiling. */
export function sourcePeakNits(video: ProbedVideoStream): number {
  const stated = video.maxLuminanceNits;
  return stated !== undefined && stated > REFERENCE_WHITE_NITS && stated <= 10_000 ? Math.round(stated) : DEFAULT_PEAK_NITS;
}

export interface ToneMapPlan {
  mapping: ToneMapping;
  /** Filters to chain after scaling (software), each a filter string. */
  filters: string[];
  /** True when the filters end in GPU frames ready for the VAAPI encoder (no final format/hwupload). */
  endsOnGpu: boolean;
}

/**
 * The tone-map filters for a source, or undefined for SDR. `drawsAfter` is true when subtitles or a
 * watermark are drawn in software after the tone map (the hardware path is then not used).
 */
export function toneMapPlan(video: ProbedVideoStream | undefined, acceleration: HardwareAcceleration, caps: EncoderCapabilities, drawsAfter: boolean): ToneMapPlan | undefined {
  const range = dynamicRangeOf(video);
  if (range === "sdr" || !video) return undefined;
  const peakNits = sourcePeakNits(video);
  const label = `${LABEL[range]} → BT.709 SDR`;
  if (acceleration === HardwareAcceleration.Vaapi && caps.filters.has("tonemap_vaapi") && !drawsAfter) {
    return {
      mapping: { source: range, path: "vaapi", algorithm: "tonemap_vaapi", peakNits, summary: `${label}: tonemap_vaapi (GPU), peak from the stream's metadata` },
      filters: ["format=p010le", "hwupload", "tonemap_vaapi=format=nv12:matrix=bt709:primaries=bt709:transfer=bt709"],
      endsOnGpu: true,
    };
  }
  const transfer = isHlg(range) ? "arib-std-b67" : "smpte2084";
  const peak = (peakNits / REFERENCE_WHITE_NITS).toFixed(2);
  return {
    mapping: {
      source: range,
      path: "software",
      algorithm: TONE_MAP_ALGORITHM,
      peakNits,
      summary: `${label}: zscale+tonemap ${TONE_MAP_ALGORITHM} (knee ${MOBIUS_KNEE}, desat 0), peak ${peakNits} nits, reference white ${REFERENCE_WHITE_NITS} nits`,
    },
    filters: [
      `zscale=tin=${transfer}:min=bt2020nc:pin=bt2020:rin=tv:t=linear:npl=${REFERENCE_WHITE_NITS}`,
      "format=gbrpf32le",
      "zscale=p=bt709",
      `tonemap=tonemap=${TONE_MAP_ALGORITHM}:param=${MOBIUS_KNEE}:desat=0:peak=${peak}`,
      "zscale=t=bt709:m=bt709:r=tv",
    ],
    endsOnGpu: false,
  };
}

/** What the software path needs from FFmpeg. */
export const SOFTWARE_TONE_MAP_FILTERS = ["zscale", "tonemap"] as const;

/** Why a source that needs tone mapping cannot get it from this FFmpeg, or undefined. */
export function toneMapUnavailable(caps: EncoderCapabilities): string | undefined {
  const missing = SOFTWARE_TONE_MAP_FILTERS.filter((f) => !caps.filters.has(f));
  return missing.length ? `FFmpeg has no ${missing.join(" or ")} filter; HDR shown without tone mapping` : undefined;
}
