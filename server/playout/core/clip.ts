import type { TimelineItem } from "../timeline-item";

/** The timeline from `from`: items that end after it, the first cut to start there. */
export function clip(items: readonly TimelineItem[], from: number): TimelineItem[] {
  const kept = items.filter((item) => item.finish > from);
  const first = kept[0];
  if (first && first.start < from) {
    const cut = from - first.start;
    kept[0] = first.mediaItemId === null ? { ...first, start: from, outPointMs: first.outPointMs - cut } : { ...first, start: from, inPointMs: first.inPointMs + cut };
  }
  return kept;
}
