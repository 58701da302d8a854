import { checkGraphicsIds, checkGraphicsMode, knownGraphics } from "./graphics/graphics-list";
import type { ScheduleItem } from "../db/entities/schedule";
import type { Repositories } from "../db/repositories";
import type { ScheduleItemRow } from "../db/repositories/schedule-repository";
import { CollectionType, FillerKind, FillerMode, FixedStartTimeBehavior, GuideMode, MarathonGroupBy, MultipleMode, PlaybackOrder, PlayoutMode, SubtitleMode, TailMode } from "../domain/enums";
import { compileIntegerExpression } from "../playout/grammar/expression";
import { checkTarget, contentTargetKey, lookUpTargets, SCHEDULE_TARGETS, type KnownTargets } from "./content-targets";
import type { ScheduleItemInput } from "./schedule-input";
import { parseTimeSpan } from "./validation/time-span";
import type { Violations } from "./validation/violations";

/** The filler slots of a schedule item and the kind each needs. */
export const FILLER_SLOTS = [
  ["preRollFillerId", FillerKind.PreRoll],
  ["midRollFillerId", FillerKind.MidRoll],
  ["postRollFillerId", FillerKind.PostRoll],
  ["tailFillerId", FillerKind.Tail],
  ["fallbackFillerId", FillerKind.Fallback],
] as const;

/** Fields that only one playout mode uses; any other mode must not send them. */
const MODE_ONLY_FIELDS: ReadonlyArray<readonly [keyof ScheduleItemInput, PlayoutMode]> = [
  ["multipleMode", PlayoutMode.Multiple],
  ["count", PlayoutMode.Multiple],
  ["playoutDuration", PlayoutMode.Duration],
  ["tailMode", PlayoutMode.Duration],
  ["discardToFillAttempts", PlayoutMode.Duration],
  ["tailFillerId", PlayoutMode.Duration],
];

const MARATHON_FIELDS = ["marathonGroupBy", "marathonShuffleGroups", "marathonShuffleItems", "marathonBatchSize"] as const;

export const MAX_SCHEDULE_ITEMS = 500;
export const MAX_DISCARD_TO_FILL_ATTEMPTS = 1000;
const DAY_SECONDS = 24 * 3600;
const LANGUAGE_CODE = /^[A-Za-z]{3}$/;

/** Everything an item may point at, looked up once for a whole list. */
interface Known extends KnownTargets {
  fillers: Map<number, { kind: FillerKind; mode: FillerMode | null }>;
  watermarks: Set<number>;
  graphics: Set<number>;
}

/** Everything a list of items points at, looked up at once. */
export async function lookUpScheduleItemRefs(repos: Repositories, inputs: readonly ScheduleItemInput[]): Promise<Known> {
  const fillerIds = [...new Set(inputs.flatMap((i) => FILLER_SLOTS.map(([f]) => i[f])).filter((id): id is number => Number.isInteger(id)))];
  const watermarkIds = [...new Set(inputs.flatMap((i) => (Array.isArray(i.watermarkIds) ? i.watermarkIds : [])).filter((id) => Number.isInteger(id)))];
  const [targets, fillers, watermarks, graphics] = await Promise.all([
    lookUpTargets(repos, inputs, SCHEDULE_TARGETS),
    repos.schedules.fillerPresetsByIds(fillerIds),
    repos.schedules.watermarksByIds(watermarkIds),
    knownGraphics(repos, inputs.map((i) => i.graphicsIds)),
  ]);
  return {
    ...targets,
    fillers: new Map(fillers.map((f) => [f.id, { kind: f.kind, mode: f.mode }])),
    watermarks: new Set(watermarks.map((w) => w.id)),
    graphics,
  };
}

/** Checks one item (field names start with `at`) and returns the row to store. */
export function checkScheduleItem(v: Violations, at: string, item: ScheduleItemInput, known: Known): ScheduleItemRow {
  const mode = item.playoutMode;
  v.oneOf(`${at}playoutMode`, mode, Object.values(PlayoutMode));

  // fields that only another playout mode uses
  for (const [field, owner] of MODE_ONLY_FIELDS) {
    if (item[field] != null && mode !== owner && Object.values(PlayoutMode).includes(mode)) v.add(`${at}${field}`, `must not be given for playoutMode ${mode} (only ${owner} uses it)`);
  }

  // start
  let startTimeSeconds: number | null = null;
  if (item.startTime != null) {
    const seconds = typeof item.startTime === "string" ? parseTimeSpan(item.startTime) : undefined;
    if (seconds === undefined || seconds < 0 || seconds >= 2 * DAY_SECONDS) v.add(`${at}startTime`, "must be a time of day hh:mm:ss (from 00:00:00 to 47:59:59)");
    else startTimeSeconds = seconds % DAY_SECONDS;
  }
  const fixedStartTimeBehavior = item.fixedStartTimeBehavior ?? null;
  if (fixedStartTimeBehavior !== null) {
    if (item.startTime == null) v.add(`${at}fixedStartTimeBehavior`, "must not be given for a dynamic start (no startTime)");
    else v.oneOf(`${at}fixedStartTimeBehavior`, fixedStartTimeBehavior, Object.values(FixedStartTimeBehavior));
  }

  // target
  const target = checkTarget(v, at, item, known, SCHEDULE_TARGETS);

  // playback order
  const order = item.playbackOrder;
  v.oneOf(`${at}playbackOrder`, order, Object.values(PlaybackOrder));
  if (item.collectionType === CollectionType.MultiCollection && order !== PlaybackOrder.Shuffle && order !== PlaybackOrder.ShuffleInOrder) {
    v.add(`${at}playbackOrder`, "must be Shuffle or ShuffleInOrder for a MultiCollection");
  }
  let marathon: ScheduleItem["marathon"] = null;
  if (order === PlaybackOrder.Marathon) {
    if (item.marathonGroupBy == null) v.add(`${at}marathonGroupBy`, "is required for playbackOrder Marathon");
    else v.oneOf(`${at}marathonGroupBy`, item.marathonGroupBy, Object.values(MarathonGroupBy));
    for (const field of ["marathonShuffleGroups", "marathonShuffleItems"] as const) {
      if (item[field] != null && typeof item[field] !== "boolean") v.add(`${at}${field}`, "must be true or false");
    }
    if (item.marathonBatchSize != null) v.integer(`${at}marathonBatchSize`, item.marathonBatchSize, 1, 10_000);
    marathon = {
      groupBy: item.marathonGroupBy ?? MarathonGroupBy.Show,
      shuffleGroups: item.marathonShuffleGroups ?? false,
      shuffleItems: item.marathonShuffleItems ?? false,
      batchSize: item.marathonBatchSize ?? null,
    };
  } else {
    for (const field of MARATHON_FIELDS) {
      if (item[field] != null) v.add(`${at}${field}`, "must not be given unless playbackOrder is Marathon");
    }
  }

  // Multiple
  let multipleMode: MultipleMode | null = null;
  let multipleCount: string | null = null;
  if (mode === PlayoutMode.Multiple) {
    multipleMode = item.multipleMode ?? MultipleMode.Count;
    v.oneOf(`${at}multipleMode`, multipleMode, Object.values(MultipleMode));
    if (multipleMode === MultipleMode.PlaylistItemSize && item.collectionType !== CollectionType.Playlist) {
      v.add(`${at}multipleMode`, "PlaylistItemSize is only for collectionType Playlist");
    }
    if (multipleMode === MultipleMode.Count) {
      if (item.count == null || String(item.count).trim() === "") v.add(`${at}count`, "is required for playoutMode Multiple with multipleMode Count");
      else {
        multipleCount = String(item.count).trim();
        if (multipleCount.length > 200) v.add(`${at}count`, "must not be longer than 200 characters");
        else {
          const compiled = compileIntegerExpression<{ count: number; random: number }>(multipleCount, { count: "number", random: "number" });
          if (!compiled.ok) v.add(`${at}count`, `is not a valid count expression: ${compiled.message}`);
        }
      }
    } else if (item.count != null) {
      v.add(`${at}count`, `must not be given with multipleMode ${multipleMode}`);
    }
  }

  // Duration
  let playoutDurationSeconds: number | null = null;
  let tailMode: TailMode | null = null;
  let discardToFillAttempts: number | null = null;
  if (mode === PlayoutMode.Duration) {
    if (item.playoutDuration == null) v.add(`${at}playoutDuration`, "is required for playoutMode Duration");
    else {
      const seconds = typeof item.playoutDuration === "string" ? parseTimeSpan(item.playoutDuration) : undefined;
      if (seconds === undefined || seconds <= 0 || seconds > DAY_SECONDS) v.add(`${at}playoutDuration`, "must be hh:mm:ss, more than 00:00:00 and at most 24:00:00");
      else playoutDurationSeconds = seconds;
    }
    tailMode = item.tailMode ?? TailMode.None;
    v.oneOf(`${at}tailMode`, tailMode, Object.values(TailMode));
    if (tailMode === TailMode.Filler && item.tailFillerId == null) v.add(`${at}tailFillerId`, "is required with tailMode Filler");
    if (tailMode !== TailMode.Filler && item.tailFillerId != null) v.add(`${at}tailFillerId`, "must not be given unless tailMode is Filler");
    discardToFillAttempts = item.discardToFillAttempts ?? 0;
    v.integer(`${at}discardToFillAttempts`, discardToFillAttempts, 0, MAX_DISCARD_TO_FILL_ATTEMPTS);
    if (discardToFillAttempts > 0 && order !== PlaybackOrder.Random && order !== PlaybackOrder.Shuffle) {
      v.add(`${at}discardToFillAttempts`, "must be 0 unless playbackOrder is Random or Shuffle");
    }
  }

  // guide
  let customTitle: string | null = null;
  if (item.customTitle != null) {
    customTitle = typeof item.customTitle === "string" ? item.customTitle.trim() : "";
    if (customTitle.length > 200) v.add(`${at}customTitle`, "must not be longer than 200 characters");
    if (!customTitle) customTitle = null;
  }
  const guideMode = item.guideMode ?? GuideMode.Normal;
  v.oneOf(`${at}guideMode`, guideMode, Object.values(GuideMode));

  // fillers
  let pads = 0;
  for (const [field, kind] of FILLER_SLOTS) {
    const id = item[field];
    if (id == null) continue;
    const filler = known.fillers.get(id);
    if (!filler) v.add(`${at}${field}`, `filler preset ${id} does not exist`);
    else if (filler.kind !== kind) v.add(`${at}${field}`, `filler preset ${id} is a ${filler.kind} filler, not ${kind}`);
    else if (filler.mode === FillerMode.Pad && kind !== FillerKind.Tail && kind !== FillerKind.Fallback) pads++;
  }
  if (pads > 1) v.add(`${at}preRollFillerId`, "at most one of the pre-roll, mid-roll and post-roll fillers may pad");
  if (pads > 0 && item.fallbackFillerId == null) v.add(`${at}fallbackFillerId`, "is required when a pre-roll, mid-roll or post-roll filler pads");

  // watermarks
  let watermarkIds: number[] | null = null;
  if (item.watermarkIds != null) {
    if (!Array.isArray(item.watermarkIds)) v.add(`${at}watermarkIds`, "must be a list of watermark ids");
    else {
      watermarkIds = [];
      for (const [i, id] of item.watermarkIds.entries()) {
        if (!Number.isInteger(id)) v.add(`${at}watermarkIds[${i}]`, "must be a whole number");
        else if (!known.watermarks.has(id)) v.add(`${at}watermarkIds[${i}]`, `watermark ${id} does not exist`);
        else if (watermarkIds.includes(id)) v.add(`${at}watermarkIds[${i}]`, `watermark ${id} is listed twice`);
        else watermarkIds.push(id);
      }
      if (!watermarkIds.length) watermarkIds = null;
    }
  }

  // languages and subtitles
  const language = (field: "preferredAudioLanguageCode" | "preferredSubtitleLanguageCode"): string | null => {
    const value = item[field];
    if (value == null) return null;
    if (typeof value !== "string" || !LANGUAGE_CODE.test(value.trim())) {
      v.add(`${at}${field}`, "must be a three-letter language code");
      return null;
    }
    return value.trim().toLowerCase();
  };
  const preferredAudioLanguageCode = language("preferredAudioLanguageCode");
  const preferredSubtitleLanguageCode = language("preferredSubtitleLanguageCode");
  let preferredAudioTitle: string | null = null;
  if (item.preferredAudioTitle != null) {
    preferredAudioTitle = String(item.preferredAudioTitle).trim() || null;
    if ((preferredAudioTitle ?? "").length > 200) v.add(`${at}preferredAudioTitle`, "must not be longer than 200 characters");
  }
  const subtitleMode = item.subtitleMode ?? null;
  if (subtitleMode !== null) v.oneOf(`${at}subtitleMode`, subtitleMode, Object.values(SubtitleMode));

  return {
    startTimeSeconds,
    fixedStartTimeBehavior: startTimeSeconds === null ? null : fixedStartTimeBehavior,
    playoutMode: mode,
    target,
    playbackOrder: order,
    marathon,
    multipleMode,
    multipleCount,
    playoutDurationSeconds,
    tailMode,
    discardToFillAttempts,
    customTitle,
    guideMode,
    preRollFillerId: item.preRollFillerId ?? null,
    midRollFillerId: item.midRollFillerId ?? null,
    postRollFillerId: item.postRollFillerId ?? null,
    tailFillerId: mode === PlayoutMode.Duration ? item.tailFillerId ?? null : null,
    fallbackFillerId: item.fallbackFillerId ?? null,
    watermarkIds,
    graphicsIds: item.graphicsIds == null ? null : checkGraphicsIds(v, `${at}graphicsIds`, item.graphicsIds, known.graphics),
    graphicsMode: checkGraphicsMode(v, `${at}graphicsMode`, item.graphicsMode),
    preferredAudioLanguageCode,
    preferredAudioTitle,
    preferredSubtitleLanguageCode,
    subtitleMode,
  };
}

/** The same content must use one playback order across the schedule; `at` null marks items already stored. */
export function checkConsistentOrders(v: Violations, entries: ReadonlyArray<{ at: string | null; item: Pick<ScheduleItemRow, "target" | "playbackOrder"> }>): void {
  const seen = new Map<string, PlaybackOrder>();
  for (const { at, item } of entries) {
    const key = contentTargetKey(item.target);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, item.playbackOrder);
    else if (first !== item.playbackOrder && at !== null) {
      v.add(`${at}playbackOrder`, `must be ${first}: the same ${item.target.collectionType} is already scheduled with playbackOrder ${first}`);
    }
  }
}
