import type { Database } from "../db/database";
import { Schedule, type ScheduleItem } from "../db/entities/schedule";
import type { Repositories } from "../db/repositories";
import type { ScheduleItemRow } from "../db/repositories/schedule-repository";
import { FixedStartTimeBehavior } from "../domain/enums";
import { DomainError } from "./domain-error";
import type { ScheduleInput, ScheduleItemInput } from "./schedule-input";
import { checkConsistentOrders, checkScheduleItem, lookUpScheduleItemRefs, MAX_SCHEDULE_ITEMS } from "./schedule-item-rules";
import { Violations } from "./validation/violations";

export type { ScheduleInput, ScheduleItemInput } from "./schedule-input";

export interface ScheduleView {
  schedule: Schedule;
}

/** Called after the items of a schedule changed wholesale, with the Classic playouts that use it. */
export type ScheduleRebuildHook = (playoutIds: number[]) => Promise<void>;


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

  /** Creates a schedule with its items inside the caller's transaction, by the rules of `create` and `replaceItems`. */
  async createWithItemsIn(repos: Repositories, input: ScheduleInput, items: readonly ScheduleItemInput[]): Promise<Schedule> {
    const schedule = await repos.schedules.save(Object.assign(new Schedule(), await this.validateSchedule(repos, input)));
    const v = new Violations();
    if (items.length > MAX_SCHEDULE_ITEMS) v.add("items", `must not contain more than ${MAX_SCHEDULE_ITEMS} items`);
    const known = await lookUpScheduleItemRefs(repos, items);
    const rows = items.map((item, position) => checkScheduleItem(v, `items[${position}].`, item, known));
    checkConsistentOrders(v, rows.map((row, position) => ({ at: `items[${position}].`, item: row })));
    v.throwIfAny();
    await repos.schedules.replaceItems(schedule.id, rows);
    return schedule;
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
      const known = await lookUpScheduleItemRefs(repos, [input]);
      const row = checkScheduleItem(v, "", input, known);
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
      const known = await lookUpScheduleItemRefs(repos, list);
      const checked = list.map((input, position) => {
        const at = `items[${position}]`;
        if (input.index != null) v.integer(`${at}.index`, input.index, 0, Number.MAX_SAFE_INTEGER);
        return { at, position, sortKey: input.index ?? position, row: checkScheduleItem(v, `${at}.`, input, known) };
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
}
