/**
 * One subtitle language of a session as ONE WebVTT document (pure), for players that read HLS through
 * libavformat (mpv, ffprobe, Kodi's ffmpegdirect). FFmpeg before 8 opens a subtitle rendition with its WebVTT
 * demuxer, which reads the whole rendition before it returns, so a live WebVTT playlist blocks it for ever;
 * it also ignores X-TIMESTAMP-MAP. Such players get a finished playlist (`#EXT-X-ENDLIST`) holding one
 * document with the cues of the runs the session made and of the programmes planned over the next hours,
 * each cue at the time of the MPEG-TS clock (seconds of video PTS) its picture shows at.
 */
import { formatTimestamp, type Cue, type SegmentCue } from "./webvtt";

/** MPEG-TS timestamps are 33 bits of 90 kHz ticks: they wrap after about 26.5 hours. */
export const PTS_WRAP_TICKS = 2 ** 33;

/** A run (or a planned programme) whose cues the document holds. */
export interface WholeSpan {
  /** Wall time (ms) the span starts airing. */
  wallStart: number;
  durationMs: number;
  /** Source time (ms) shown at the span's first frame. */
  sourceStartMs: number;
  /** The span's cues on the source's clock. */
  cues: readonly Cue[];
  /** The first frame's PTS (90 kHz ticks, as written: 33 bits) once measured; otherwise it is foreseen from the last measured span. */
  startPts?: number;
}

export interface WholeLimits {
  /** Spans that ended before this wall time are left out (aired long ago). */
  fromWall: number;
  /** Spans starting later than `fromWall + horizonMs` are left out. */
  horizonMs: number;
  maxCues: number;
  /** What each run boundary adds to the PTS clock beyond the wall clock (the session's guard between runs). */
  guardMs: number;
}

/** `raw` (33-bit ticks) moved by whole wraps to lie nearest `near` (ticks on the unwrapped clock). */
export function unwrapPts(raw: number, near: number | undefined): number {
  if (near === undefined) return raw;
  return raw + Math.round((near - raw) / PTS_WRAP_TICKS) * PTS_WRAP_TICKS;
}

/**
 * The document's cues, in order, on one unwrapped PTS clock (ms) continuing from the first measured span:
 * a player that joined before a wrap sees timestamps go on past 2^33 (libavformat unwraps them), so cues do too.
 * A span with no measured start is placed from the last measured one by its wall time (plus `guardMs` per span
 * between); spans before any measured one are left out. Each span's cues are cut to the span.
 */
export function wholeDocumentCues(spans: readonly WholeSpan[], limits: WholeLimits): SegmentCue[] {
  const out: SegmentCue[] = [];
  let anchor: { wall: number; ticks: number; after: number } | undefined;
  for (const span of [...spans].sort((a, b) => a.wallStart - b.wallStart)) {
    let startMs: number;
    if (span.startPts !== undefined) {
      const ticks = unwrapPts(span.startPts, anchor && anchor.ticks + (span.wallStart - anchor.wall) * 90);
      anchor = { wall: span.wallStart, ticks, after: 0 };
      startMs = ticks / 90;
    } else if (anchor) {
      anchor.after += 1;
      startMs = anchor.ticks / 90 + (span.wallStart - anchor.wall) + limits.guardMs * anchor.after;
    } else continue;
    if (span.wallStart + span.durationMs <= limits.fromWall || span.wallStart > limits.fromWall + limits.horizonMs) continue;
    const endMs = startMs + span.durationMs;
    const shift = startMs - span.sourceStartMs;
    for (const cue of span.cues) {
      if (cue.startMs + shift >= endMs) break;
      const from = Math.max(cue.startMs + shift, startMs);
      const to = Math.min(cue.endMs + shift, endMs);
      if (to <= from) continue;
      if (out.length >= limits.maxCues) return out;
      out.push({ startMs: from, endMs: to, text: cue.text });
    }
  }
  return out;
}

/** The WebVTT document (no X-TIMESTAMP-MAP: its readers take cue times as PTS seconds). */
export function wholeWebVtt(cues: readonly SegmentCue[]): string {
  const lines = ["WEBVTT", ""];
  for (const cue of cues) lines.push(`${formatTimestamp(cue.startMs)} --> ${formatTimestamp(cue.endMs)}`, cue.text.replace(/-->/g, "->"), "");
  return `${lines.join("\n")}\n`;
}

/**
 * The finished playlist of one document: a single entry as long as the document reaches, so the player reads
 * it once and never polls it.
 */
export function wholeSubtitlePlaylist(documentUrl: string, cues: readonly SegmentCue[]): string {
  const seconds = Math.max(1, Math.ceil((cues.at(-1)?.endMs ?? 0) / 1000));
  return ["#EXTM3U", "#EXT-X-VERSION:3", `#EXT-X-TARGETDURATION:${seconds}`, "#EXT-X-PLAYLIST-TYPE:VOD", `#EXTINF:${seconds}.0,`, documentUrl, "#EXT-X-ENDLIST", ""].join("\n");
}

/**
 * Players that read HLS through libavformat and so need the whole document: FFmpeg's tools and libraries
 * (`Lavf/59.27.100`) and mpv (`libmpv` by default; some builds send `mpv 0.35.1`).
 */
export function readsWholeSubtitles(userAgent: string | undefined | null): boolean {
  return /^(lavf\/|libmpv|mpv[\s/])/i.test(userAgent ?? "");
}
