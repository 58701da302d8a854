/**
 * ffprobe: the argument array to run it with, and its JSON output turned into what a media version
 * stores (duration, picture geometry, scan kind, streams, chapters). Pure: the caller spawns ffprobe.
 */
import { MediaStreamKind } from "../../domain/enums";
import { normalizeLanguageCode } from "../../domain/language-code";

export type ScanKind = "progressive" | "interlaced" | "unknown";

export interface ProbeStream {
  /** ffprobe's stream index inside the file. */
  index: number;
  kind: MediaStreamKind;
  codec: string | null;
  /** Lowercase (`high`, `lc`, `main 10`). */
  profile: string | null;
  /** Video: ffprobe's `level` (H.264 41 = 4.1; HEVC 123 = 4.1 × 30); absent when unknown. */
  level?: number | null;
  /** Video: the stream reorders frames (B-frames). */
  hasBFrames?: boolean;
  /** Audio: Hz. */
  sampleRate?: number | null;
  /** ISO 639-2/B (`eng`, `ger`), or null when untagged, `und` or unknown. */
  language: string | null;
  title: string | null;
  channels: number | null;
  width: number | null;
  height: number | null;
  pixelFormat: string | null;
  bitDepth: number | null;
  isDefault: boolean;
  isForced: boolean;
  /** Video: colour tags and HDR metadata, when the file has them (see `videoColour`). */
  colour?: VideoColour;
}

/** What tells HDR from SDR: transfer, primaries, a Dolby Vision record, the brightest nits. */
export interface VideoColour {
  transfer?: string;
  primaries?: string;
  dolbyVision?: { profile: number; compatibility: number };
  maxLuminanceNits?: number;
}

export interface ProbeChapter {
  /** 0..n-1 in start order (ffprobe's ids are not used). */
  index: number;
  startMs: number;
  endMs: number;
  title: string | null;
}

export interface ProbeInfo {
  /** From the container; else the longest stream; 0 when nothing says (the caller may measure it). */
  durationMs: number;
  /** ffprobe's `format_name` (`matroska,webm`, `mov,mp4,m4a,3gp,3g2,mj2`). */
  container?: string;
  /** Geometry and timing of the main video stream (the first video stream that is not cover art). */
  width?: number;
  height?: number;
  /** `n:d`; `0:1`/missing is computed from the display ratio, else taken as `1:1`. */
  sampleAspectRatio?: string;
  /** `n:d`; `0:1`/missing is computed from size and sample ratio. */
  displayAspectRatio?: string;
  /** `r_frame_rate` (`24000/1001`), else `avg_frame_rate`; `0/0` is absent. */
  frameRate?: string;
  scanKind: ScanKind;
  streams: ProbeStream[];
  chapters: ProbeChapter[];
  /**
   * Audio-only files: the container's tags (title, artist, album, track, …) with keys lowercased; the first
   * audio stream's tags fill in keys the container lacks (Ogg/Opus keep Vorbis comments there). Absent when
   * there are none or the file has a picture of its own.
   */
  tags?: Record<string, string>;
}

export type ProbeResult = { ok: true; value: ProbeInfo } | { ok: false; reason: string };

/** The server's own loopback proxy of a media-source stream: the one URL ffprobe and FFmpeg are given. */
const LOOPBACK_STREAM = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(:\d+)?\/internal\/media-source-stream\?/;

/** What ffprobe opens for a file: the loopback stream URL as is, anything else that looks like a protocol as `file:`. */
export function probeInput(file: string): string {
  if (LOOPBACK_STREAM.test(file)) return file;
  return /^[A-Za-z][A-Za-z0-9+.-]+:/.test(file) ? `file:${file}` : file;
}

/**
 * Arguments for `ffprobe` (to pass to execFile/spawn, never a shell). A relative name that looks like a
 * protocol (`name:part.mkv`) is prefixed with `file:` so ffprobe opens the file.
 */
export function ffprobeArgs(file: string): string[] {
  const input = probeInput(file);
  return ["-hide_banner", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", "-show_chapters", "-i", input];
}

type Json = { [key: string]: unknown };

/** Reads `ffprobe -print_format json -show_format -show_streams -show_chapters` output. Never throws. */
export function parseFfprobeJson(text: string): ProbeResult {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `ffprobe output is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isObject(root)) return { ok: false, reason: "ffprobe output is not a JSON object" };
  if (isObject(root.error)) {
    const message = str(root.error.string) ?? `code ${String(root.error.code)}`;
    return { ok: false, reason: `ffprobe error: ${message}` };
  }
  const format = isObject(root.format) ? root.format : undefined;
  const rawStreams = Array.isArray(root.streams) ? root.streams.filter(isObject) : undefined;
  if (!format && !rawStreams) return { ok: false, reason: "ffprobe output has neither format nor streams" };

  const streams = (rawStreams ?? []).map((s, position) => toStream(s, position)).filter((s): s is ProbeStream => s !== undefined);
  const durationMs = duration(format, rawStreams ?? []);
  const info: ProbeInfo = {
    durationMs,
    scanKind: "unknown",
    streams,
    chapters: chapters(Array.isArray(root.chapters) ? root.chapters.filter(isObject) : [], durationMs),
  };
  const container = str(format?.format_name);
  if (container !== undefined) info.container = container;

  const main = (rawStreams ?? []).find((s) => s.codec_type === "video" && !isCoverArt(s));
  if (main) applyVideo(info, main);
  else {
    const firstAudio = (rawStreams ?? []).find((s) => s.codec_type === "audio");
    const tags = { ...lowercaseTags(firstAudio), ...lowercaseTags(format) };
    if (Object.keys(tags).length) info.tags = tags;
  }
  return { ok: true, value: info };
}

function applyVideo(info: ProbeInfo, video: Json): void {
  const width = positiveInt(video.width);
  const height = positiveInt(video.height);
  if (width !== undefined) info.width = width;
  if (height !== undefined) info.height = height;

  let sar = ratio(video.sample_aspect_ratio);
  let dar = ratio(video.display_aspect_ratio);
  if (width !== undefined && height !== undefined) {
    if (!sar) sar = dar ? reduce(dar[0] * height, dar[1] * width) : [1, 1];
    if (!dar) dar = reduce(width * sar[0], height * sar[1]);
  }
  if (sar) info.sampleAspectRatio = `${sar[0]}:${sar[1]}`;
  if (dar) info.displayAspectRatio = `${dar[0]}:${dar[1]}`;

  const rate = frameRate(video.r_frame_rate) ?? frameRate(video.avg_frame_rate);
  if (rate !== undefined) info.frameRate = rate;

  const fieldOrder = str(video.field_order)?.toLowerCase();
  info.scanKind =
    fieldOrder === "progressive" ? "progressive" : fieldOrder !== undefined && ["tt", "bb", "tb", "bt"].includes(fieldOrder) ? "interlaced" : "unknown";
}

function toStream(s: Json, position: number): ProbeStream | undefined {
  const kind = streamKind(s);
  if (kind === undefined) return undefined;
  const disposition = isObject(s.disposition) ? s.disposition : {};
  const isVideo = kind === MediaStreamKind.Video;
  const pixelFormat = isVideo ? (str(s.pix_fmt) ?? null) : null;
  const profile = str(s.profile)?.toLowerCase();
  const language = tag(s, "language");
  return {
    index: nonNegativeInt(s.index) ?? position,
    kind,
    codec: str(s.codec_name) ?? null,
    profile: profile !== undefined && profile !== "unknown" ? profile : null,
    language: language !== undefined ? (normalizeLanguageCode(language) ?? null) : null,
    title: tag(s, "title") ?? null,
    channels: kind === MediaStreamKind.Audio ? (positiveInt(s.channels) ?? null) : null,
    ...(isVideo ? { level: positiveInt(s.level) ?? null, hasBFrames: (positiveInt(s.has_b_frames) ?? 0) > 0 } : {}),
    ...(kind === MediaStreamKind.Audio ? { sampleRate: positiveInt(s.sample_rate) ?? null } : {}),
    width: isVideo ? (positiveInt(s.width) ?? null) : null,
    height: isVideo ? (positiveInt(s.height) ?? null) : null,
    pixelFormat,
    bitDepth: kind === MediaStreamKind.Video || kind === MediaStreamKind.Audio ? (positiveInt(s.bits_per_raw_sample) ?? (pixelFormat !== null ? bitDepthOf(pixelFormat) : undefined) ?? null) : null,
    isDefault: disposition.default === 1 || disposition.default === "1",
    isForced: disposition.forced === 1 || disposition.forced === "1",
    ...(isVideo ? colourOf(s) : {}),
  };
}

/** Colour tags, a Dolby Vision configuration record, and MaxCLL (else the mastering display's peak). */
function colourOf(s: Json): { colour?: VideoColour } {
  const colour: VideoColour = {};
  const transfer = str(s.color_transfer);
  const primaries = str(s.color_primaries);
  if (transfer && transfer !== "unknown") colour.transfer = transfer;
  if (primaries && primaries !== "unknown") colour.primaries = primaries;
  const sideData = Array.isArray(s.side_data_list) ? s.side_data_list.filter(isObject) : [];
  let mastering: number | undefined;
  for (const d of sideData) {
    const type = str(d.side_data_type)?.toLowerCase() ?? "";
    if (type.startsWith("dovi configuration")) {
      const profile = nonNegativeInt(d.dv_profile);
      const compatibility = nonNegativeInt(d.dv_bl_signal_compatibility_id);
      if (profile !== undefined && compatibility !== undefined) colour.dolbyVision = { profile, compatibility };
    } else if (type.startsWith("content light level")) {
      const max = positiveInt(d.max_content);
      if (max !== undefined) colour.maxLuminanceNits = max;
    } else if (type.startsWith("mastering display")) {
      const r = ratio(d.max_luminance, "/");
      if (r && r[1] > 0) mastering = r[0] / r[1];
    }
  }
  if (colour.maxLuminanceNits === undefined && mastering !== undefined && mastering > 0) colour.maxLuminanceNits = Math.round(mastering);
  return Object.keys(colour).length ? { colour } : {};
}

/** Cover art (`attached_pic`) is listed as a video stream by ffprobe but is an attachment to us. */
function streamKind(s: Json): MediaStreamKind | undefined {
  switch (s.codec_type) {
    case "video":
      return isCoverArt(s) ? MediaStreamKind.Attachment : MediaStreamKind.Video;
    case "audio":
      return MediaStreamKind.Audio;
    case "subtitle":
      return MediaStreamKind.Subtitle;
    case "attachment":
      return MediaStreamKind.Attachment;
    default:
      return undefined;
  }
}

function isCoverArt(s: Json): boolean {
  const disposition = isObject(s.disposition) ? s.disposition : {};
  return disposition.attached_pic === 1 || disposition.attached_pic === "1";
}

/** Bits per component from a pixel format name when ffprobe gives no `bits_per_raw_sample`. */
function bitDepthOf(pixelFormat: string): number | undefined {
  const value = pixelFormat.toLowerCase();
  const planar = /p(\d{2})(?:le|be)?$/.exec(value);
  if (planar) return Number(planar[1]);
  if (/^p0(\d{2})(?:le|be)?$/.test(value)) return Number(value.slice(2, 4));
  if (/^(?:yuv|yuvj|nv|gray)\w*$/.test(value) && !/\d{2}(?:le|be)$/.test(value)) return 8;
  return undefined;
}

function duration(format: Json | undefined, streams: Json[]): number {
  const fromFormat = seconds(format?.duration);
  if (fromFormat !== undefined && fromFormat > 0) return Math.round(fromFormat * 1000);
  let longest = 0;
  for (const s of streams) {
    const value = seconds(s.duration) ?? clockSeconds(tag(s, "DURATION"));
    if (value !== undefined && value > longest) longest = value;
  }
  return Math.round(longest * 1000);
}

function chapters(raw: Json[], durationMs: number): ProbeChapter[] {
  const timed = raw
    .map((c) => ({ start: chapterMs(c, "start"), end: chapterMs(c, "end"), title: tag(c, "title") ?? null }))
    .filter((c): c is { start: number; end: number | undefined; title: string | null } => c.start !== undefined)
    .sort((a, b) => a.start - b.start);
  return timed.map((c, index) => {
    const fallbackEnd = timed[index + 1]?.start ?? Math.max(durationMs, c.start);
    return { index, startMs: c.start, endMs: Math.max(c.end ?? fallbackEnd, c.start), title: c.title };
  });
}

/** `start_time`/`end_time` in seconds, else `start`/`end` in `time_base` units. */
function chapterMs(chapter: Json, which: "start" | "end"): number | undefined {
  const direct = seconds(chapter[`${which}_time`]);
  if (direct !== undefined) return Math.max(0, Math.round(direct * 1000));
  const ticks = seconds(chapter[which]);
  const base = ratio(chapter.time_base, "/");
  if (ticks === undefined || !base) return undefined;
  return Math.max(0, Math.round((ticks * base[0] * 1000) / base[1]));
}

/** A tag value, matching the key case-insensitively (`language`, `LANGUAGE`); undefined when empty. */
function tag(node: Json, key: string): string | undefined {
  if (!isObject(node.tags)) return undefined;
  const wanted = key.toLowerCase();
  for (const [name, value] of Object.entries(node.tags)) {
    if (name.toLowerCase() === wanted) return str(value);
  }
  return undefined;
}

function lowercaseTags(node: Json | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!node || !isObject(node.tags)) return out;
  for (const [name, value] of Object.entries(node.tags)) {
    const text = str(value);
    if (text !== undefined) out[name.toLowerCase()] = text;
  }
  return out;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A non-empty trimmed string (numbers are stringified); `N/A` counts as absent. */
function str(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" || trimmed === "N/A" ? undefined : trimmed;
}

function seconds(value: unknown): number | undefined {
  const text = str(value);
  if (text === undefined || !/^-?\d+(?:\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** `00:42:10.123000000` (Matroska DURATION tags) → seconds. */
function clockSeconds(value: string | undefined): number | undefined {
  const match = value !== undefined ? /^(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(value) : null;
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : undefined;
}

function positiveInt(value: unknown): number | undefined {
  const n = nonNegativeInt(value);
  return n !== undefined && n > 0 ? n : undefined;
}

function nonNegativeInt(value: unknown): number | undefined {
  const text = str(value);
  if (text === undefined || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

/** `16:9` (or `24000/1001` with `/`) with both parts positive; `0:1`, `0/0`, `N/A` are undefined. */
function ratio(value: unknown, separator: ":" | "/" = ":"): [number, number] | undefined {
  const text = str(value);
  if (text === undefined) return undefined;
  const parts = text.split(separator);
  if (parts.length !== 2 || !parts.every((p) => /^\d{1,9}$/.test(p))) return undefined;
  const [n, d] = parts.map(Number);
  return n > 0 && d > 0 ? [n, d] : undefined;
}

function frameRate(value: unknown): string | undefined {
  const parsed = ratio(value, "/");
  return parsed ? `${parsed[0]}/${parsed[1]}` : undefined;
}

function reduce(n: number, d: number): [number, number] {
  let [a, b] = [n, d];
  while (b !== 0) [a, b] = [b, a % b];
  return [n / a, d / a];
}
