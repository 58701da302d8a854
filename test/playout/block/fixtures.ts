import type { BlockBuildInput, BlockDefinition, BlockItemDefinition } from "../../../server/playout/block";
import type { MediaItem } from "../../../server/playout/content";
import type { TimelineItem } from "../../../server/playout/timeline-item";

export const MIN = 60_000;
export const HOUR = 3_600_000;
/** Monday 2026-03-02 00:00 UTC: the fixed build time of these tests. */
export const T0 = Date.UTC(2026, 2, 2);

/** A movie whose release year follows its id (so chronological order is id order unless a date is given). */
export const movie = (id: number, minutes: number, releaseDate = `19${String(id % 100).padStart(2, "0")}-01-01`): MediaItem => ({
  id,
  kind: "movie",
  title: `M${id}`,
  durationMs: minutes * MIN,
  releaseDate,
});

export const episode = (id: number, showId: number, season: number, number: number, minutes = 10): MediaItem => ({
  id,
  kind: "episode",
  title: `S${season}E${number}`,
  showId,
  seasonNumber: season,
  episodeNumber: number,
  durationMs: minutes * MIN,
});

export const blockItem = (id: number, contentKey: string, extra: Partial<BlockItemDefinition> = {}): BlockItemDefinition => ({
  id,
  index: id,
  contentKey,
  playbackOrder: "Chronological",
  includeInProgramGuide: true,
  disableWatermarks: false,
  ...extra,
});

export const block = (id: number, minutes: number, items: BlockItemDefinition[], extra: Partial<BlockDefinition> = {}): BlockDefinition => ({
  id,
  name: `Block ${id}`,
  minutes,
  stopScheduling: "AfterDurationEnd",
  items,
  ...extra,
});

export const content = {
  cartoons: [movie(1, 20), movie(2, 25), movie(3, 15)],
  news: [movie(10, 10), movie(11, 10)],
  long: [movie(20, 50)],
  filler: [movie(90, 7)],
};

/** One template every day: block 1 (60 min of cartoons) at 06:00, block 2 (30 min of news) at 07:00. */
export function input(extra: Partial<BlockBuildInput> = {}): BlockBuildInput {
  return {
    blocks: [block(1, 60, [blockItem(1, "cartoons")]), block(2, 30, [blockItem(2, "news")])],
    templates: [{ id: 1, name: "Every day", items: [{ blockId: 1, startTimeSeconds: 6 * 3600 }, { blockId: 2, startTimeSeconds: 7 * 3600 }] }],
    assignments: [{ templateId: 1, priority: 0 }],
    content,
    mode: "Reset",
    start: T0,
    horizonMs: 24 * HOUR,
    timeZone: "UTC",
    seed: 1,
    ...extra,
  };
}

/** One template with the given blocks at the given local times (seconds after midnight). */
export function oneTemplate(...entries: [blockId: number, startTimeSeconds: number][]): BlockBuildInput["templates"] {
  return [{ id: 1, name: "T", items: entries.map(([blockId, startTimeSeconds]) => ({ blockId, startTimeSeconds })) }];
}

const hhmm = (instant: number) => new Date(instant).toISOString().slice(11, 16);

/** "HH:MM id" per item (UTC), `-` for an offline gap. */
export const view = (items: readonly TimelineItem[], n = 20) => items.slice(0, n).map((i) => `${hhmm(i.start)} ${i.mediaItemId ?? "-"}`);

export const ids = (items: readonly TimelineItem[]) => items.filter((i) => i.contentKey !== null && i.fillerKind === "None").map((i) => i.mediaItemId);

/** A state as the service stores it (JSON text) and reads it back. */
export const stored = <T>(state: T): T => JSON.parse(JSON.stringify(state)) as T;
