/**
 * What the repositories of small named configuration rows (watermarks, graphics elements) share: list by
 * name, find by ids, a name check without regard to case, save and delete, and which schedule items list
 * a row's id in a JSON array column.
 */
import { In, type EntityManager, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from "typeorm";
import { ScheduleItem } from "../entities/schedule";
import type { ScheduleItemUse } from "./filler-preset-repository";
import { databaseKindOf } from "../raw-query";
import { isStoredId, storedIds } from "./stored-id";

export class NamedRows<T extends ObjectLiteral & { id: number; name: string }> {
  constructor(
    protected readonly manager: EntityManager,
    private readonly entity: EntityTarget<T>,
  ) {}

  list(): Promise<T[]> {
    return this.manager.find(this.entity, { order: { name: "ASC", id: "ASC" } as never });
  }

  findById(id: number): Promise<T | null> {
    return isStoredId(id) ? this.manager.findOneBy(this.entity, { id } as FindOptionsWhere<T>) : Promise.resolve(null);
  }

  findByIds(ids: readonly number[]): Promise<T[]> {
    ids = storedIds(ids);
    return ids.length ? this.manager.findBy(this.entity, { id: In([...ids]) } as FindOptionsWhere<T>) : Promise.resolve([]);
  }

  async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(this.entity, "w").where("w.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("w.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  save(row: T): Promise<T> {
    return this.manager.save(this.entity, row);
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(this.entity, { id } as FindOptionsWhere<T>);
  }

  /** Schedule items whose `column` (a JSON array of ids) names `id`. */
  protected async scheduleItemsListing(column: "watermarkIds" | "graphicsIds", id: number): Promise<ScheduleItemUse[]> {
    const rows = await this.manager
      .createQueryBuilder(ScheduleItem, "i")
      .select("i.id", "itemId")
      .addSelect("i.scheduleId", "scheduleId")
      .where(
        databaseKindOf(this.manager) === "postgres"
          ? `i."${column}" IS NOT NULL AND EXISTS (SELECT 1 FROM json_array_elements_text(i."${column}"::json) AS w WHERE w = CAST(:id AS text))`
          : `i.${column} IS NOT NULL AND json_valid(i.${column}) AND EXISTS (SELECT 1 FROM json_each(i.${column}) AS w WHERE w.value = :id)`,
        { id },
      )
      .orderBy("i.scheduleId", "ASC")
      .addOrderBy("i.position", "ASC")
      .getRawMany<{ itemId: number; scheduleId: number }>();
    return rows.map((r) => ({ scheduleId: Number(r.scheduleId), itemId: Number(r.itemId) }));
  }
}
