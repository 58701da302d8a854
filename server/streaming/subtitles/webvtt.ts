/**
 * WebVTT text (pure): FFmpeg's conversion of a subtitle stream read into cues, and one HLS subtitle segment
 * written from them. Segment cue times are on the MPEG-TS clock of the video segments (seconds of PTS), so
 * every segment says `X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000`: a cue at 3723.5 s shows with the video
 * frame whose PTS is 3723.5 × 90000.
 */

export interface Cue {
  /** ms on the source's clock (the media file's own time). */
  startMs: number;
  endMs: number;
  /** The cue's text lines (WebVTT markup kept: `<i>`, `<b>`). */
  text: string;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})/;

/** Cues of a WebVTT document, in start order; blocks that are not cues (NOTE, STYLE, REGION) are skipped. */
export function parseWebVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.replace(/\r\n?/g, "\n").split(/\n{2,}/)) {
    const lines = block.split("\n").filter((l) => l !== "");
    const at = lines.findIndex((l) => TIMING.test(l));
    if (at < 0) continue;
    const match = TIMING.exec(lines[at]!)!;
    const startMs = parseTimestamp(match[1]!);
    const endMs = parseTimestamp(match[2]!);
    const body = lines.slice(at + 1).join("\n").trim();
    if (endMs > startMs && body) cues.push({ startMs, endMs, text: body });
  }
  return cues.sort((a, b) => a.startMs - b.startMs);
}

function parseTimestamp(value: string): number {
  const parts = value.split(":");
  const seconds = Number(parts.pop());
  const minutes = Number(parts.pop());
  const hours = parts.length ? Number(parts.pop()) : 0;
  return Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000);
}

export function formatTimestamp(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor(total / 60_000) % 60;
  const s = Math.floor(total / 1000) % 60;
  const rest = total % 1000;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${String(rest).padStart(3, "0")}`;
}

/** A segment's cues, already on the MPEG-TS clock (ms of PTS). */
export interface SegmentCue {
  startMs: number;
  endMs: number;
  text: string;
}

/** One HLS WebVTT segment. */
export function webVttSegment(cues: readonly SegmentCue[]): string {
  const lines = ["WEBVTT", "X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000", ""];
  for (const cue of cues) {
    // A text line of its own must not read as a cue end; WebVTT forbids "-->" in cue text.
    lines.push(`${formatTimestamp(cue.startMs)} --> ${formatTimestamp(cue.endMs)}`, cue.text.replace(/-->/g, "->"), "");
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The cues of one video segment: every cue on screen during it, moved from the source's clock to the MPEG-TS
 * clock. `sourceStartMs` is the source time shown at `runStartPtsMs` (the run's first frame); `segment` is the
 * segment's PTS span; cues are cut to the run (`runStartPtsMs` … `runEndPtsMs`: what follows is another
 * run's). A cue that spans segments is in each of them with the same times, so a player that joins, seeks or
 * switches subtitles on mid-cue shows it, and one that already has it sees the same cue again.
 */
export function cuesForSegment(cues: readonly Cue[], sourceStartMs: number, runStartPtsMs: number, segment: { startMs: number; endMs: number }, runEndPtsMs: number): SegmentCue[] {
  const shift = runStartPtsMs - sourceStartMs;
  const out: SegmentCue[] = [];
  for (const cue of cues) {
    const from = Math.max(cue.startMs + shift, runStartPtsMs);
    const to = Math.min(cue.endMs + shift, runEndPtsMs);
    if (cue.startMs + shift >= segment.endMs) break;
    if (to > from && to > segment.startMs && from < segment.endMs) out.push({ startMs: from, endMs: to, text: cue.text });
  }
  return out;
}
