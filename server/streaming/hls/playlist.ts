/**
 * The text of the playlists a session serves (pure): the master playlist with one variant, and the
 * sliding-window media playlist built from the session's own segment list (program date-times,
 * discontinuities at run boundaries); plus a reader for the per-run playlist FFmpeg writes.
 */
import { AudioFormat, VideoFormat } from "../../domain/enums";
import { languageName, languageTag } from "../../domain/language-code";
import { DEFAULT_HLS_SEGMENT_SECONDS } from "../ffmpeg/output-muxer";
import type { FFmpegProfile } from "../ffmpeg/types";

export interface SessionSegment {
  /** Global number of the segment in its session (`live%06d.ts`). */
  number: number;
  durationMs: number;
  /** When the segment's first frame is on air (epoch ms). */
  wallStart: number;
  /** First segment of a run after an earlier run: timestamps continue but the source changed. */
  discontinuity: boolean;
  /**
   * Names this segment's content for good (the session's start and how many cuts came before it): a
   * cut reuses numbers, so the URL carries the tag and a cache may keep a segment forever.
   */
  tag?: string;
  /** The run (FFmpeg process of the session) that wrote it. */
  run?: number;
}

export const SEGMENT_PATTERN = /^live(\d{6})\.ts$/;

export function segmentFileName(number: number): string {
  return `live${String(number).padStart(6, "0")}.ts`;
}

/** The name a playlist lists: `live000042-<tag>.ts` (immutable) or, untagged, the file name. */
export function segmentUrlName(segment: Pick<SessionSegment, "number" | "tag">): string {
  return segment.tag ? segmentFileName(segment.number).replace(/\.ts$/, `-${segment.tag}.ts`) : segmentFileName(segment.number);
}

/** Reads a segment URL name: its number and tag (undefined when untagged), or undefined when it is none. */
export function parseSegmentUrlName(name: string): { number: number; tag: string | undefined } | undefined {
  const match = /^live(\d{6})(?:-([a-z0-9-]{1,40}))?\.ts$/.exec(name);
  return match ? { number: Number(match[1]), tag: match[2] } : undefined;
}

/** The complete entries of an FFmpeg HLS playlist that may still be being written. */
export function parseRunPlaylist(text: string): Array<{ number: number; durationMs: number }> {
  const lines = text.split("\n");
  // The last element is unterminated (or empty): it may be a half-written line.
  lines.pop();
  const out: Array<{ number: number; durationMs: number }> = [];
  let duration: number | undefined;
  for (const raw of lines) {
    const line = raw.trim();
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) {
      duration = Number(extinf[1]);
      continue;
    }
    const match = SEGMENT_PATTERN.exec(line.split("/").pop() ?? "");
    if (match && duration !== undefined) {
      out.push({ number: Number(match[1]), durationMs: Math.round(duration * 1000) });
      duration = undefined;
    }
  }
  return out;
}

export interface WindowOptions {
  /** Segments that started more than this long ago are left out. */
  pastMs: number;
  /** Segments starting more than this far ahead of now are not shown yet. */
  aheadMs: number;
  maxSegments: number;
}

export const DEFAULT_WINDOW: WindowOptions = { pastMs: 30_000, aheadMs: 8_000, maxSegments: 10 };

/** The segments to list at `now` (a live window around the wall clock), never empty if any segment is due. */
export function playlistWindow(segments: readonly SessionSegment[], now: number, options: WindowOptions = DEFAULT_WINDOW): SessionSegment[] {
  const due = segments.filter((s) => s.wallStart <= now + options.aheadMs);
  const recent = due.filter((s) => s.wallStart + s.durationMs >= now - options.pastMs);
  const chosen = recent.length ? recent : due.slice(-1);
  return chosen.slice(-options.maxSegments);
}

export function mediaPlaylist(all: readonly SessionSegment[], window: readonly SessionSegment[], query: string, nameOf: (segment: SessionSegment) => string = segmentUrlName): string {
  const first = window[0];
  // A discontinuity tag in front of the first listed segment is dropped, so it counts as already passed.
  const before = first ? all.filter((s) => s.number <= first.number && s.discontinuity).length : 0;
  // Never below the steady segment length: the short first segments must not make it change later.
  const target = Math.max(DEFAULT_HLS_SEGMENT_SECONDS, ...window.map((s) => Math.ceil(s.durationMs / 1000)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:6",
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.number ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${before}`,
    "#EXT-X-INDEPENDENT-SEGMENTS",
  ];
  window.forEach((s, i) => {
    if (s.discontinuity && i > 0) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.wallStart).toISOString()}`);
    lines.push(`#EXTINF:${(s.durationMs / 1000).toFixed(3)},`);
    lines.push(`${nameOf(s)}${query}`);
  });
  return `${lines.join("\n")}\n`;
}

/** Renditions beside the main stream: audio tracks (the first is in the main stream) and WebVTT subtitles. */
export interface MasterRenditions {
  audio: ReadonlyArray<{ language: string; url?: string }>;
  subtitles: ReadonlyArray<{ language: string; url: string; isDefault: boolean; forced: boolean }>;
}

export const AUDIO_GROUP = "audio";
export const SUBTITLE_GROUP = "subs";

export function masterPlaylist(profile: FFmpegProfile, variantUrl: string, renditions?: MasterRenditions): string {
  const audioTracks = renditions?.audio.length ?? 1;
  const bandwidth = Math.round((profile.videoBitrate * 1000 + profile.audioBitrate * 1000 * Math.max(1, audioTracks)) * 1.2);
  const codecs = [videoCodecTag(profile.videoFormat), audioCodecTag(profile.audioFormat)].filter(Boolean).join(",");
  const attributes = [`BANDWIDTH=${bandwidth}`, `RESOLUTION=${profile.resolution.width}x${profile.resolution.height}`];
  if (codecs) attributes.push(`CODECS="${codecs}"`);
  if (!renditions || (!renditions.audio.length && !renditions.subtitles.length)) {
    return ["#EXTM3U", "#EXT-X-VERSION:3", `#EXT-X-STREAM-INF:${attributes.join(",")}`, variantUrl, ""].join("\n");
  }
  const lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS"];
  renditions.audio.forEach((track, i) => {
    const media = [`TYPE=AUDIO`, `GROUP-ID="${AUDIO_GROUP}"`, `LANGUAGE="${languageTag(track.language)}"`, `NAME="${languageName(track.language)}"`, `DEFAULT=${i === 0 ? "YES" : "NO"}`, "AUTOSELECT=YES"];
    // A track without a URI is the main stream's own audio; the session gives every track a playlist of its own.
    if (track.url) media.push(`URI="${track.url}"`);
    lines.push(`#EXT-X-MEDIA:${media.join(",")}`);
  });
  for (const track of renditions.subtitles) {
    const media = [`TYPE=SUBTITLES`, `GROUP-ID="${SUBTITLE_GROUP}"`, `LANGUAGE="${languageTag(track.language)}"`, `NAME="${languageName(track.language)}${track.forced ? " (forced)" : ""}"`, `DEFAULT=${track.isDefault ? "YES" : "NO"}`, "AUTOSELECT=YES", `FORCED=${track.forced ? "YES" : "NO"}`, `URI="${track.url}"`];
    lines.push(`#EXT-X-MEDIA:${media.join(",")}`);
  }
  if (renditions.audio.length) attributes.push(`AUDIO="${AUDIO_GROUP}"`);
  if (renditions.subtitles.length) attributes.push(`SUBTITLES="${SUBTITLE_GROUP}"`);
  lines.push(`#EXT-X-STREAM-INF:${attributes.join(",")}`, variantUrl, "");
  return lines.join("\n");
}

function videoCodecTag(format: VideoFormat): string | undefined {
  if (format === VideoFormat.H264) return "avc1.4D4028";
  if (format === VideoFormat.Hevc) return "hvc1.1.6.L93.B0";
  return undefined;
}

function audioCodecTag(format: AudioFormat): string {
  return format === AudioFormat.Ac3 ? "ac-3" : "mp4a.40.2";
}
