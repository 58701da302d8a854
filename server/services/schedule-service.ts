import type { Database } from "../db/database";
import type { MediaItem } from "../db/entities/media-item";
import { Schedule, type ScheduleItem } from "../db/entities/schedule";
import type { Repositories } from "../db/repositories";
import type { ScheduleItemRow } from "../db/repositories/schedule-repository";
import {
  CollectionType,
  FillerKind,
  FillerMode,
  FixedStartTimeBehavior,
  GuideMode,
  MarathonGroupBy,
  MediaItemKind,
  MultipleMode,
  PlaybackOrder,
  PlayoutMode,
  SubtitleMode,
  TailMode,
} from "../domain/enums";
import { compileIntegerExpression } from "../playout/grammar/expression";
import { checkTarget, lookUpTargets, type KnownTargets } from "./content-targets";
import { DomainError } from "./domain-error";
import { parseSearchQuery } from "./search";
import { parseTimeSpan } from "./validation/time-span";
import { Violations } from "./validation/violations";

export interface ScheduleInput {
  /** 1–50 characters, unique without regard to letter case. */
  name: string;
  /** Keep multi-part episodes together when shuffling (default false). */
  keepMultiPartEpisodesTogether?: boolean;
  /** Only with keepMultiPartEpisodesTogether (default false). */
  treatCollectionsAsShows?: boolean;
  /** Visit the items in shuffled order (default false). */
  shuffleScheduleItems?: boolean;
  /** On reset, ordered items start at a random point (default false). */
  randomStartPoint?: boolean;
  /** What fixed-start items do when the previous item runs late, unless they override it (default Strict). */
  fixedStartTimeBehavior?: FixedStartTimeBehavior;
}

/**
 * One schedule item. The body is shaped by `playoutMode`: `multipleMode`/`count` only with Multiple,
 * `playoutDuration`/`tailMode`/`discardToFillAttempts`/`tailFillerId` only with Duration.
 */
export interface ScheduleItemInput {
  /**
   * Ordering key. On replace, items are renumbered 0..n-1 by ascending index (list order when absent);
   * on add, the position to insert at (default: the end).
   * @isInt
   */
  index?: number | null;
  /** Fixed start `hh:mm:ss` after local midnight (values from 24:00:00 lose a day); absent for a dynamic start. */
  startTime?: string | null;
  /** Only with a fixed start; absent means the schedule's behaviour. */
  fixedStartTimeBehavior?: FixedStartTimeBehavior | null;
  playoutMode: PlayoutMode;
  /** Collection, TelevisionShow, TelevisionSeason, Artist, MultiCollection, SmartCollection, Playlist or SearchQuery. */
  collectionType: CollectionType;
  /**
   * With `Collection`.
   * @isInt
   */
  collectionId?: number | null;
  /**
   * With `TelevisionShow` (a show), `TelevisionSeason` (a season) and `Artist` (an artist).
   * @isInt
   */
  mediaItemId?: number | null;
  /**
   * With `MultiCollection`.
   * @isInt
   */
  multiCollectionId?: number | null;
  /**
   * With `SmartCollection`.
   * @isInt
   */
  smartCollectionId?: number | null;
  /**
   * With `Playlist`.
   * @isInt
   */
  playlistId?: number | null;
  /** With `SearchQuery`: a query in the search language. */
  searchQuery?: string | null;
  playbackOrder: PlaybackOrder;
  /** Required with the Marathon order, absent otherwise. */
  marathonGroupBy?: MarathonGroupBy | null;
  /** Marathon only (default false). */
  marathonShuffleGroups?: boolean | null;
  /** Marathon only (default false). */
  marathonShuffleItems?: boolean | null;
  /**
   * Marathon only: groups played per visit, at least 1.
   * @isInt
   */
  marathonBatchSize?: number | null;
  /** Multiple only (default Count); PlaylistItemSize only with a Playlist. */
  multipleMode?: MultipleMode | null;
  /** Multiple with Count: an expression with `count` (collection size) and `random`, e.g. `3` or `random % 3 + 1`. */
  count?: string | null;
  /** Duration only, required: `hh:mm:ss`, more than zero and at most 24:00:00. */
  playoutDuration?: string | null;
  /** Duration only (default None); Filler needs tailFillerId. */
  tailMode?: TailMode | null;
  /**
   * Duration only, at least 0 (default 0); above 0 only with Random or Shuffle.
   * @isInt
   */
  discardToFillAttempts?: number | null;
  /** Up to 200 characters; groups items under one guide entry. */
  customTitle?: string | null;
  /** Filler hides the items from the guide (default Normal). */
  guideMode?: GuideMode | null;
  /** @isInt */
  preRollFillerId?: number | null;
  /** @isInt */
  midRollFillerId?: number | null;
  /** @isInt */
  postRollFillerId?: number | null;
  /**
   * Duration with tailMode Filler only, then required.
   * @isInt
   */
  tailFillerId?: number | null;
  /**
   * Required when a pre/mid/post filler pads.
   * @isInt
   */
  fallbackFillerId?: number | null;
  watermarkIds?: number[] | null;
  /** Three-letter language code. */
  preferredAudioLanguageCode?: string | null;
  /** Up to 200 characters. */
  preferredAudioTitle?: string | null;
  /** Three-letter language code. */
  preferredSubtitleLanguageCode?: string | null;
  subtitleMode?: SubtitleMode | null;
}

export interface ScheduleView {
  schedule: Schedule;
}

/** Called after the items of a schedule changed wholesale, with the Classic playouts that use it. */
export type ScheduleRebuildHook = (playoutIds: number[]) => Promise<void>;


const FILLER_FIELDS = [
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
}

/** Classic schedules and their items: every rule lives here, shared by REST and GraphQL. */
export class ScheduleService {
  constructor(
    private readonly db: Database,
    /** Runs a Refresh build of each playout; today no Classic playouts exist, so it is never called with ids. */
    private readonly rebuild: ScheduleRebuildHook = async () => {},
  ) {}

  list(): Promise<Schedule[]> {
    return this.db.read((repos) => repos.schedules.list());
  }

  get(id: number): Promise<Schedule> {
    return this.db.read((repos) => this.find(repos, id));
  }

  /** The items of a schedule (which must exist), in order. */
  items(id: number): Promise<ScheduleItem[]> {
    return this.db.read(async (repos) => {
      await this.find(repos, id);
      return repos.schedules.items([id]);
    });
  }

  /** Items of many schedules at once (GraphQL). */
  itemsOf(scheduleIds: readonly number[]): Promise<ScheduleItem[]> {
    return this.db.read((repos) => repos.schedules.items(scheduleIds));
  }

  create(input: ScheduleInput): Promise<Schedule> {
    return this.db.write(async (repos) => repos.schedules.save(Object.assign(new Schedule(), await this.validateSchedule(repos, input))));
  }

  update(id: number, input: ScheduleInput): Promise<Schedule> {
    return this.db.write(async (repos) => {
      const schedule = await this.find(repos, id);
      return repos.schedules.save(Object.assign(schedule, await this.validateSchedule(repos, input, id)));
    });
  }

  /** Deletes the schedule with its items; refused while a playout uses it. */
  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      await this.find(repos, id);
      const playouts = await repos.schedules.playoutsUsing(id);
      if (playouts.length) {
        throw DomainError.invalid("id", `the schedule is used by ${playouts.length} playout(s): ${playouts.map((p) => `${p.kind} playout ${p.id}`).join(", ")}`);
      }
      await repos.schedules.delete(id);
    });
  }

  /** Adds one item at `index` (default: the end); the items are renumbered 0..n-1. */
  addItem(scheduleId: number, input: ScheduleItemInput): Promise<ScheduleItem> {
    return this.db.write(async (repos) => {
      await this.find(repos, scheduleId);
      const existing = await repos.schedules.items([scheduleId]);
      const v = new Violations();
      if (existing.length >= MAX_SCHEDULE_ITEMS) v.add("items", `a schedule must not have more than ${MAX_SCHEDULE_ITEMS} items`);
      const index = input.index ?? existing.length;
      v.integer("index", index, 0, existing.length);
      const known = await this.lookUp(repos, [input]);
      const row = this.validateItem(v, "", input, known);
      checkConsistentOrders(v, [...existing.map((item) => ({ at: null, item })), { at: "", item: row }]);
      v.throwIfAny();
      const ordered: Array<ScheduleItem | ScheduleItemRow> = [...existing];
      ordered.splice(index, 0, row);
      const saved = await repos.schedules.reorder(scheduleId, ordered);
      return saved[index];
    });
  }

  /** Replaces every item at once: all valid, or nothing changes. Then rebuilds the Classic playouts using the schedule. */
  async replaceItems(scheduleId: number, inputs: readonly ScheduleItemInput[]): Promise<ScheduleItem[]> {
    const { items, playoutIds } = await this.db.write(async (repos) => {
      await this.find(repos, scheduleId);
      const v = new Violations();
      const list = Array.isArray(inputs) ? inputs : [];
      if (list.length > MAX_SCHEDULE_ITEMS) v.add("items", `must not contain more than ${MAX_SCHEDULE_ITEMS} items`);
      const playoutIds = await repos.schedules.classicPlayoutIds(scheduleId);
      if (list.length === 0 && playoutIds.length) v.add("items", `must not be empty: Classic playout(s) ${playoutIds.join(", ")} use the schedule`);
      const known = await this.lookUp(repos, list);
      const checked = list.map((input, position) => {
        const at = `items[${position}]`;
        if (input.index != null) v.integer(`${at}.index`, input.index, 0, Number.MAX_SAFE_INTEGER);
        return { at, position, sortKey: input.index ?? position, row: this.validateItem(v, `${at}.`, input, known) };
      });
      checkConsistentOrders(v, checked.map((c) => ({ at: `${c.at}.`, item: c.row })));
      v.throwIfAny();
      const ordered = [...checked].sort((a, b) => a.sortKey - b.sortKey || a.position - b.position).map((c) => c.row);
      return { items: await repos.schedules.replaceItems(scheduleId, ordered), playoutIds };
    });
    await this.rebuildPlayouts(playoutIds);
    return items;
  }

  /** Removes one item; the rest are renumbered 0..n-1. */
  deleteItem(scheduleId: number, itemId: number): Promise<void> {
    return this.db.write(async (repos) => {
      await this.find(repos, scheduleId);
      if (!(await repos.schedules.findItem(scheduleId, itemId))) throw new DomainError("NotFound", `Schedule ${scheduleId} has no item ${itemId}`);
      const rest = (await repos.schedules.items([scheduleId])).filter((i) => i.id !== itemId);
      if (rest.length === 0) {
        const playoutIds = await repos.schedules.classicPlayoutIds(scheduleId);
        if (playoutIds.length) throw DomainError.invalid("itemId", `the last item cannot be removed: Classic playout(s) ${playoutIds.join(", ")} use the schedule`);
      }
      await repos.schedules.deleteItem(itemId);
      await repos.schedules.reorder(scheduleId, rest);
    });
  }

  /**
   * Hook for the Classic builder: a Refresh build of every playout using a schedule whose items were
   * replaced. Only Sequential playouts exist today, so `playoutIds` is always empty for now.
   */
  private async rebuildPlayouts(playoutIds: number[]): Promise<void> {
    if (playoutIds.length) await this.rebuild(playoutIds);
  }

  private async find(repos: Repositories, id: number): Promise<Schedule> {
    const schedule = await repos.schedules.findById(id);
    if (!schedule) throw DomainError.notFound("Schedule", id);
    return schedule;
  }

  private async validateSchedule(repos: Repositories, input: ScheduleInput, exceptId?: number): Promise<Omit<Schedule, "id" | "items">> {
    const v = new Violations();
    const name = v.text("name", input.name, 1, 50);
    if (!v.has("name") && (await repos.schedules.isNameTaken(name, exceptId))) v.add("name", `a schedule named "${name}" already exists`);
    const keepMultiPartEpisodesTogether = input.keepMultiPartEpisodesTogether ?? false;
    const treatCollectionsAsShows = input.treatCollectionsAsShows ?? false;
    if (treatCollectionsAsShows && !keepMultiPartEpisodesTogether) v.add("treatCollectionsAsShows", "requires keepMultiPartEpisodesTogether");
    const fixedStartTimeBehavior = input.fixedStartTimeBehavior ?? FixedStartTimeBehavior.Strict;
    v.oneOf("fixedStartTimeBehavior", fixedStartTimeBehavior, Object.values(FixedStartTimeBehavior));
    v.throwIfAny();
    return {
      name,
      keepMultiPartEpisodesTogether,
      treatCollectionsAsShows,
      shuffleScheduleItems: input.shuffleScheduleItems ?? false,
      randomStartPoint: input.randomStartPoint ?? false,
      fixedStartTimeBehavior,
    };
  }

  private async lookUp(repos: Repositories, inputs: readonly ScheduleItemInput[]): Promise<Known> {
    const fillerIds = [...new Set(inputs.flatMap((i) => FILLER_FIELDS.map(([f]) => i[f])).filter((id): id is number => Number.isInteger(id)))];
    const watermarkIds = [...new Set(inputs.flatMap((i) => (Array.isArray(i.watermarkIds) ? i.watermarkIds : [])).filter((id) => Number.isInteger(id)))];
    const [targets, fillers, watermarks] = await Promise.all([
      lookUpTargets(repos, inputs),
      repos.schedules.fillerPresetsByIds(fillerIds),
      repos.schedules.watermarksByIds(watermarkIds),
    ]);
    return {
      ...targets,
      fillers: new Map(fillers.map((f) => [f.id, { kind: f.kind, mode: f.mode }])),
      watermarks: new Set(watermarks.map((w) => w.id)),
    };
  }

  /** Checks one item (field names start with `at`) and returns the row to store. */
  private validateItem(v: Violations, at: string, item: ScheduleItemInput, known: Known): ScheduleItemRow {
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
    const targetRow = checkTarget(v, at, item, known);

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
    for (const [field, kind] of FILLER_FIELDS) {
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
      ...targetRow,
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
      preferredAudioLanguageCode,
      preferredAudioTitle,
      preferredSubtitleLanguageCode,
      subtitleMode,
    };
  }


}

/** The same content must use one playback order across the schedule; `at` null marks items already stored. */
function checkConsistentOrders(v: Violations, entries: ReadonlyArray<{ at: string | null; item: ScheduleItemRow }>): void {
  const seen = new Map<string, PlaybackOrder>();
  for (const { at, item } of entries) {
    const key = `${item.collectionType}:${item.collectionId ?? item.mediaItemId ?? item.multiCollectionId ?? item.smartCollectionId ?? item.playlistId ?? item.searchQuery}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, item.playbackOrder);
    else if (first !== item.playbackOrder && at !== null) {
      v.add(`${at}playbackOrder`, `must be ${first}: the same ${item.collectionType} is already scheduled with playbackOrder ${first}`);
    }
  }
}
