import type { Database } from "../db/database";
import type { Channel } from "../db/entities/channel";
import type { FillerPreset } from "../db/entities/filler-preset";
import type { Schedule, ScheduleItem } from "../db/entities/schedule";
import type { ClassicFiller, ClassicSchedule } from "../playout/classic";
import { contentTargetKey } from "./content-targets";
import type { PlayoutContentService, ResolvedTargetContent } from "./playout-content-service";

/** Everything a Classic build reads from the database, with the content of every item and filler resolved. */
export interface ClassicSource {
  schedule: Schedule;
  items: ScheduleItem[];
  /** Every filler preset an item names, and the channel's fallback filler, by id. */
  fillers: Map<number, FillerPreset>;
  /** The channel's fallback filler (plays in gaps no item's fallback covers). */
  channelFallback: FillerPreset | null;
  content: ResolvedTargetContent;
  /** Content key of each schedule item (by item id) and filler preset (by preset id). */
  itemKeys: Map<number, string>;
  fillerKeys: Map<number, string>;
}

const FILLER_FIELDS = ["preRollFillerId", "midRollFillerId", "postRollFillerId", "tailFillerId", "fallbackFillerId"] as const;

/**
 * Loads a Classic playout's schedule, items and filler presets, and resolves what they point at into the
 * engine's media items. Content is resolved by target (type + id) through PlayoutContentService, so
 * channels sharing collections share one lookup while the library is unchanged.
 */
export class ClassicContentResolver {
  constructor(
    private readonly db: Database,
    private readonly content: PlayoutContentService,
  ) {}

  /** `knownChannel`: the channel as the caller already read it (undefined: read here). */
  async load(channelId: number, scheduleId: number, knownChannel?: Channel | null): Promise<ClassicSource> {
    const loaded = await this.db.read(async (repos) => {
      const [schedule, channel, items] = await Promise.all([
        repos.schedules.findById(scheduleId),
        knownChannel !== undefined ? knownChannel : repos.channels.findById(channelId),
        repos.schedules.items([scheduleId]),
      ]);
      const ids = new Set<number>();
      for (const item of items) for (const field of FILLER_FIELDS) if (item[field] !== null) ids.add(item[field]!);
      const fallbackId = channel?.fallbackFillerId ?? null;
      if (fallbackId !== null) ids.add(fallbackId);
      const presets = await repos.fillerPresets.findByIds([...ids]);
      return { schedule, items, presets, fallbackId };
    });
    if (!loaded.schedule) throw new Error(`schedule ${scheduleId} does not exist`);
    if (!loaded.items.length) throw new Error(`schedule "${loaded.schedule.name}" has no items`);
    const fillers = new Map(loaded.presets.map((p) => [p.id, p]));
    const itemKeys = new Map(loaded.items.map((item) => [item.id, contentTargetKey(item.target)]));
    const fillerKeys = new Map(loaded.presets.map((p) => [p.id, contentTargetKey(p.target)]));
    const content = await this.content.resolveTargets([...loaded.items, ...loaded.presets].map((owner) => owner.target));
    return {
      schedule: loaded.schedule,
      items: loaded.items,
      fillers,
      channelFallback: loaded.fallbackId === null ? null : (fillers.get(loaded.fallbackId) ?? null),
      content,
      itemKeys,
      fillerKeys,
    };
  }
}

/** The schedule as the engine reads it: settings, then items in order with their content key and fillers. */
export function toClassicSchedule(source: ClassicSource): ClassicSchedule {
  const filler = (id: number | null): ClassicFiller | null => {
    const preset = id === null ? undefined : source.fillers.get(id);
    if (!preset) return null;
    return {
      id: preset.id,
      kind: preset.kind,
      mode: preset.mode,
      durationMs: preset.durationSeconds === null ? null : preset.durationSeconds * 1000,
      count: preset.count,
      padToNearestMinute: preset.padToNearestMinute,
      allowWatermarks: preset.allowWatermarks,
      contentKey: source.fillerKeys.get(preset.id)!,
      expression: preset.expression,
      useChaptersAsMediaItems: preset.useChaptersAsMediaItems,
    };
  };
  const { schedule } = source;
  return {
    keepMultiPartEpisodesTogether: schedule.keepMultiPartEpisodesTogether,
    treatCollectionsAsShows: schedule.treatCollectionsAsShows,
    shuffleScheduleItems: schedule.shuffleScheduleItems,
    randomStartPoint: schedule.randomStartPoint,
    fixedStartTimeBehavior: schedule.fixedStartTimeBehavior,
    items: source.items.map((item) => ({
      id: item.id,
      index: item.position,
      startTimeSeconds: item.startTimeSeconds,
      fixedStartTimeBehavior: item.fixedStartTimeBehavior,
      playoutMode: item.playoutMode,
      contentKey: source.itemKeys.get(item.id)!,
      collectionType: item.target.collectionType,
      playbackOrder: item.playbackOrder,
      marathon: item.marathon,
      multipleMode: item.multipleMode,
      multipleCount: item.multipleCount,
      playoutDurationMs: item.playoutDurationSeconds === null ? null : item.playoutDurationSeconds * 1000,
      tailMode: item.tailMode,
      discardToFillAttempts: item.discardToFillAttempts ?? 0,
      customTitle: item.customTitle,
      guideMode: item.guideMode,
      preRoll: filler(item.preRollFillerId),
      midRoll: filler(item.midRollFillerId),
      postRoll: filler(item.postRollFillerId),
      tail: filler(item.tailFillerId),
      fallback: filler(item.fallbackFillerId),
      watermarkIds: item.watermarkIds,
      graphicsIds: item.graphicsIds,
      graphicsMode: item.graphicsMode,
      preferredAudioLanguageCode: item.preferredAudioLanguageCode,
      preferredAudioTitle: item.preferredAudioTitle,
      preferredSubtitleLanguageCode: item.preferredSubtitleLanguageCode,
      subtitleMode: item.subtitleMode,
    })),
  };
}
