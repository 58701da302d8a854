import { EntityManager, In } from "typeorm";
import { Channel } from "../entities/channel";
import { FillerPreset } from "../entities/filler-preset";
import { ScheduleItem } from "../entities/schedule";
import { isStoredId, storedIds } from "./stored-id";

/** A schedule item that points at a filler preset or watermark. */
export interface ScheduleItemUse {
  scheduleId: number;
  itemId: number;
}

const FILLER_COLUMNS = ["preRollFillerId", "midRollFillerId", "postRollFillerId", "tailFillerId", "fallbackFillerId"] as const;

export class FillerPresetRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<FillerPreset[]> {
    return this.manager.find(FillerPreset, { order: { name: "ASC", id: "ASC" } });
  }

  findById(id: number): Promise<FillerPreset | null> {
    return isStoredId(id) ? this.manager.findOneBy(FillerPreset, { id }) : Promise.resolve(null);
  }

  findByIds(ids: readonly number[]): Promise<FillerPreset[]> {
    ids = storedIds(ids);
    return ids.length ? this.manager.findBy(FillerPreset, { id: In([...ids]) }) : Promise.resolve([]);
  }

  async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(FillerPreset, "f").where("f.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("f.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  save(preset: FillerPreset): Promise<FillerPreset> {
    return this.manager.save(FillerPreset, preset);
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(FillerPreset, { id });
  }

  /** Schedule items that use the preset in any filler slot. */
  async scheduleItemsUsing(id: number): Promise<ScheduleItemUse[]> {
    const items = await this.manager.find(ScheduleItem, {
      select: { id: true, scheduleId: true },
      where: FILLER_COLUMNS.map((column) => ({ [column]: id })),
      order: { scheduleId: "ASC", position: "ASC" },
    });
    return items.map((i) => ({ scheduleId: i.scheduleId, itemId: i.id }));
  }

  /** Numbers of the channels whose fallback filler the preset is. */
  async channelsUsing(id: number): Promise<string[]> {
    const channels = await this.manager.find(Channel, { select: { number: true }, where: { fallbackFillerId: id }, order: { sortNumber: "ASC" } });
    return channels.map((c) => c.number);
  }
}
