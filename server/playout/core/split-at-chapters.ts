import type { MediaItem } from "../content/types";
import type { ChapterVariables, CompiledExpression } from "../definition/model";

/** One piece of a split item: media offsets and the title of the chapter that ends it. */
export interface Segment {
  inPointMs: number;
  outPointMs: number;
  chapterTitle?: string;
}

/** Upstream's "no match yet" previous point: far enough back that `last_mid_filler` is huge. */
const NO_PREVIOUS_POINT_S = -99_999;

/**
 * Splits a media item at the chapter ends chosen by the mid-roll expression (§2.7, §4.11).
 * Candidates are the ends of all chapters but the last, in chapter start order; the expression is
 * evaluated once per candidate. Returns null when the item stays whole (fewer than 2 chapters, or no
 * candidate matched).
 *
 * Decision: the first segment starts at 0 and the last ends at the media's duration (upstream uses
 * the first chapter's start and the last chapter's end, silently dropping media outside the chapter
 * table). Candidates outside (0, duration) or not after the previous split are ignored.
 */
export function splitAtChapters(media: MediaItem, filter: CompiledExpression<ChapterVariables, boolean>): Segment[] | null {
  const chapters = media.chapters;
  if (!chapters || chapters.length < 2) return null;
  const sorted = [...chapters].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const lastEndMs = sorted[sorted.length - 1].endMs;
  const totalS = media.durationMs / 1000;
  const points: Array<{ ms: number; title: string | undefined }> = [];
  let previousS = NO_PREVIOUS_POINT_S;
  for (let i = 0; i < sorted.length - 1; i++) {
    const chapter = sorted[i];
    const pointS = chapter.endMs / 1000;
    const matched = filter.evaluate({
      point: pointS,
      num: i + 1,
      title: chapter.title ?? "",
      total_points: sorted.length - 1,
      total_duration: totalS,
      total_progress: lastEndMs > 0 ? chapter.endMs / lastEndMs : 0,
      remaining_duration: totalS - pointS,
      matched_points: points.length,
      last_mid_filler: pointS - previousS,
    });
    if (!matched) continue;
    const after = points.length > 0 ? points[points.length - 1].ms : 0;
    if (chapter.endMs <= after || chapter.endMs >= media.durationMs) continue;
    points.push({ ms: chapter.endMs, title: chapter.title });
    previousS = pointS;
  }
  if (points.length === 0) return null;
  const segments: Segment[] = [];
  let from = 0;
  for (const point of points) {
    const segment: Segment = { inPointMs: from, outPointMs: point.ms };
    if (point.title !== undefined && point.title !== "") segment.chapterTitle = point.title;
    segments.push(segment);
    from = point.ms;
  }
  segments.push({ inPointMs: from, outPointMs: media.durationMs });
  return segments;
}
