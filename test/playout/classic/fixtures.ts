import { FillerKind, FillerMode, FixedStartTimeBehavior, GuideMode, PlaybackOrder, PlayoutMode } from "../../../server/domain/enums";
import { buildClassicPlayout, type ClassicBuildResult, type ClassicBuildState, type ClassicFiller, type ClassicSchedule, type ClassicScheduleItem } from "../../../server/playout/classic";
import type { MediaItem } from "../../../server/playout/content";
import type { ResolvedContent } from "../../../server/playout/core";

export const MIN = 60_000;
export const HOUR = 3_600_000;
/** Monday 2026-03-02 00:00 UTC. */
export const T0 = Date.UTC(2026, 2, 2);

export function movie(id: number, minutes: number, extra: Partial<MediaItem> = {}): MediaItem {
  return { id, kind: "movie", title: `Movie ${id}`, durationMs: minutes * MIN, releaseDate: `20${String(id % 100).padStart(2, "0")}-01-01`, ...extra };
}

export function episode(id: number, show: number, season: number, number: number, minutes: number, extra: Partial<MediaItem> = {}): MediaItem {
  return { id, kind: "episode", title: `Show ${show} S${season}E${number}`, showId: show, showTitle: `Show ${show}`, seasonNumber: season, episodeNumber: number, durationMs: minutes * MIN, releaseDate: `2001-${String(season).padStart(2, "0")}-${String(number).padStart(2, "0")}`, ...extra };
}

export function scheduleItem(id: number, fields: Partial<ClassicScheduleItem> = {}): ClassicScheduleItem {
  return {
    id,
    index: id,
    startTimeSeconds: null,
    fixedStartTimeBehavior: null,
    playoutMode: PlayoutMode.One,
    contentKey: "main",
    playbackOrder: PlaybackOrder.Chronological,
    marathon: null,
    multipleMode: null,
    multipleCount: null,
    playoutDurationMs: null,
    tailMode: null,
    discardToFillAttempts: 0,
    customTitle: null,
    guideMode: GuideMode.Normal,
    preRoll: null,
    midRoll: null,
    postRoll: null,
    tail: null,
    fallback: null,
    watermarkIds: null,
    preferredAudioLanguageCode: null,
    preferredAudioTitle: null,
    preferredSubtitleLanguageCode: null,
    subtitleMode: null,
    ...fields,
  };
}

export function filler(id: number, kind: FillerKind, fields: Partial<ClassicFiller> = {}): ClassicFiller {
  return {
    id,
    kind,
    mode: kind === FillerKind.Tail || kind === FillerKind.Fallback ? null : FillerMode.Count,
    durationMs: null,
    count: 1,
    padToNearestMinute: null,
    allowWatermarks: true,
    contentKey: `filler${id}`,
    expression: null,
    useChaptersAsMediaItems: false,
    ...fields,
  };
}

export function schedule(items: ClassicScheduleItem[], fields: Partial<ClassicSchedule> = {}): ClassicSchedule {
  return {
    keepMultiPartEpisodesTogether: false,
    treatCollectionsAsShows: false,
    shuffleScheduleItems: false,
    randomStartPoint: false,
    fixedStartTimeBehavior: FixedStartTimeBehavior.Strict,
    items,
    ...fields,
  };
}

export interface BuildOptions {
  mode?: "Reset" | "Refresh" | "Continue";
  start?: number;
  hours?: number;
  seed?: number;
  zone?: string;
  previousState?: ClassicBuildState;
  maxItems?: number;
}

export function build(def: ClassicSchedule, content: Record<string, readonly MediaItem[] | ResolvedContent>, options: BuildOptions = {}): ClassicBuildResult {
  const resolved: Record<string, ResolvedContent> = {};
  for (const [key, value] of Object.entries(content)) resolved[key] = Array.isArray(value) ? { items: value as MediaItem[] } : (value as ResolvedContent);
  return buildClassicPlayout({
    schedule: def,
    content: { content: resolved },
    previousState: options.previousState,
    mode: options.mode ?? "Reset",
    start: options.start ?? T0,
    horizonMs: (options.hours ?? 24) * HOUR,
    timeZone: options.zone ?? "UTC",
    seed: options.seed ?? 7,
    budget: options.maxItems ? { maxItems: options.maxItems } : undefined,
  });
}

/** "HH:MM" (UTC) of an instant, for readable expectations. */
export function hhmm(instant: number): string {
  return new Date(instant).toISOString().slice(11, 16);
}

/** A compact view of a timeline: "HH:MM id" per item (gaps as "-"), with the filler kind when not None. */
export function timeline(result: ClassicBuildResult, count = 12): string[] {
  return result.items.slice(0, count).map((i) => `${hhmm(i.start)} ${i.mediaItemId ?? "-"}${i.fillerKind !== FillerKind.None ? ` ${i.fillerKind}` : ""}`);
}
