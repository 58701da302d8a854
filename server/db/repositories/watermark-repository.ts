import { EntityManager, In } from "typeorm";
import { Channel } from "../entities/channel";
import { ScheduleItem } from "../entities/schedule";
import { Watermark } from "../entities/watermark";
import type { ScheduleItemUse } from "./filler-preset-repository";
import { databaseKindOf } from "../raw-query";
import { isStoredId, storedIds } from "./stored-id";

export class WatermarkRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<Watermark[]> {
    return this.manager.find(Watermark, { order: { name: "ASC", id: "ASC" } });
  }

  findById(id: number): Promise<Watermark | null> {
    return isStoredId(id) ? this.manager.findOneBy(Watermark, { id }) : Promise.resolve(null);
  }

  findByIds(ids: readonly number[]): Promise<Watermark[]> {
    ids = storedIds(ids);
    return ids.length ? this.manager.findBy(Watermark, { id: In([...ids]) }) : Promise.resolve([]);
  }

  async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(Watermark, "w").where("w.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("w.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  save(watermark: Watermark): Promise<Watermark> {
    return this.manager.save(Watermark, watermark);
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(Watermark, { id });
  }

  /** Schedule items whose watermark list (a JSON array) names the watermark. */
  async scheduleItemsUsing(id: number): Promise<ScheduleItemUse[]> {
    const rows = await this.manager
      .createQueryBuilder(ScheduleItem, "i")
      .select("i.id", "itemId")
      .addSelect("i.scheduleId", "scheduleId")
      .where(
        databaseKindOf(this.manager) === "postgres"
          ? `i."watermarkIds" IS NOT NULL AND EXISTS (SELECT 1 FROM json_array_elements_text(i."watermarkIds"::json) AS w WHERE w = CAST(:id AS text))`
          : "i.watermarkIds IS NOT NULL AND json_valid(i.watermarkIds) AND EXISTS (SELECT 1 FROM json_each(i.watermarkIds) AS w WHERE w.value = :id)",
        { id },
      )
      .orderBy("i.scheduleId", "ASC")
      .addOrderBy("i.position", "ASC")
      .getRawMany<{ itemId: number; scheduleId: number }>();
    return rows.map((r) => ({ scheduleId: Number(r.scheduleId), itemId: Number(r.itemId) }));
  }

  /** Numbers of the channels that show the watermark. */
  async channelsUsing(id: number): Promise<Array<{ number: string; name: string }>> {
    const channels = await this.manager.find(Channel, { select: { number: true, name: true }, where: { watermarkId: id }, order: { sortNumber: "ASC" } });
    return channels.map((c) => ({ number: c.number, name: c.name }));
  }
}
