import { EntityManager, In } from "typeorm";
import { PlayoutKind } from "../../domain/enums";
import type { WithoutTargetGetters } from "../entities/content-target";
import { FillerPreset } from "../entities/filler-preset";
import { Playout } from "../entities/playout";
import { Schedule, ScheduleItem } from "../entities/schedule";
import { Watermark } from "../entities/watermark";
import { isStoredId } from "./stored-id";

/** An item as it is stored, before it has an id, schedule and position. */
export type ScheduleItemRow = Omit<WithoutTargetGetters<ScheduleItem>, "id" | "scheduleId" | "schedule" | "position">;

/** Classic schedules and their items. */
export class ScheduleRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<Schedule[]> {
    return this.manager.find(Schedule, { order: { name: "ASC", id: "ASC" } });
  }

  findById(id: number): Promise<Schedule | null> {
    return isStoredId(id) ? this.manager.findOneBy(Schedule, { id }) : Promise.resolve(null);
  }

  async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(Schedule, "s").where("s.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("s.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  save(schedule: Schedule): Promise<Schedule> {
    return this.manager.save(Schedule, schedule);
  }

  /** Deletes the schedule with its items. */
  async delete(id: number): Promise<void> {
    await this.manager.delete(ScheduleItem, { scheduleId: id });
    await this.manager.delete(Schedule, { id });
  }

  /** Items of many schedules at once, in their order. */
  items(scheduleIds: readonly number[]): Promise<ScheduleItem[]> {
    if (!scheduleIds.length) return Promise.resolve([]);
    return this.manager.find(ScheduleItem, { where: { scheduleId: In([...scheduleIds]) }, order: { scheduleId: "ASC", position: "ASC" } });
  }

  findItem(scheduleId: number, itemId: number): Promise<ScheduleItem | null> {
    return this.manager.findOneBy(ScheduleItem, { id: itemId, scheduleId });
  }

  /** Replaces every item with `rows`, numbered 0..n-1 in the given order. Call inside a write transaction. */
  async replaceItems(scheduleId: number, rows: readonly ScheduleItemRow[]): Promise<ScheduleItem[]> {
    await this.manager.delete(ScheduleItem, { scheduleId });
    const saved: ScheduleItem[] = [];
    for (const [position, row] of rows.entries()) {
      saved.push(await this.manager.save(ScheduleItem, Object.assign(new ScheduleItem(), row, { scheduleId, position })));
    }
    return saved;
  }

  /** Puts existing items (by id) and new rows into one order, numbered 0..n-1. */
  async reorder(scheduleId: number, ordered: ReadonlyArray<ScheduleItem | ScheduleItemRow>): Promise<ScheduleItem[]> {
    const saved: ScheduleItem[] = [];
    for (const [position, item] of ordered.entries()) {
      saved.push(await this.manager.save(ScheduleItem, Object.assign(new ScheduleItem(), item, { scheduleId, position })));
    }
    return saved;
  }

  async deleteItem(itemId: number): Promise<void> {
    await this.manager.delete(ScheduleItem, { id: itemId });
  }

  /** Playouts that use the schedule, with their kind. */
  playoutsUsing(scheduleId: number): Promise<Array<Pick<Playout, "id" | "kind">>> {
    return this.manager.find(Playout, { select: { id: true, kind: true }, where: { scheduleId }, order: { id: "ASC" } });
  }

  /** Classic playouts that use the schedule (those a change of its items must rebuild). */
  async classicPlayoutIds(scheduleId: number): Promise<number[]> {
    return (await this.manager.find(Playout, { select: { id: true }, where: { scheduleId, kind: PlayoutKind.Classic } })).map((p) => p.id);
  }

  fillerPresetsByIds(ids: readonly number[]): Promise<FillerPreset[]> {
    return ids.length ? this.manager.findBy(FillerPreset, { id: In([...ids]) }) : Promise.resolve([]);
  }

  watermarksByIds(ids: readonly number[]): Promise<Watermark[]> {
    return ids.length ? this.manager.findBy(Watermark, { id: In([...ids]) }) : Promise.resolve([]);
  }
}
