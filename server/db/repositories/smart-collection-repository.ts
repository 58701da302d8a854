import { EntityManager } from "typeorm";
import { ScheduleItem } from "../entities/schedule";
import { FillerPreset } from "../entities/filler-preset";
import { CollectionType } from "../../domain/enums";
import { MultiCollectionItem, SmartCollection } from "../entities/collection";
import { isStoredId } from "./stored-id";

export class SmartCollectionRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<SmartCollection[]> {
    return this.manager.find(SmartCollection, { order: { name: "ASC" } });
  }

  findById(id: number): Promise<SmartCollection | null> {
    return isStoredId(id) ? this.manager.findOneBy(SmartCollection, { id }) : Promise.resolve(null);
  }

  findByName(name: string): Promise<SmartCollection | null> {
    return this.manager.createQueryBuilder(SmartCollection, "s").where("s.name = :name COLLATE NOCASE", { name }).getOne();
  }

  async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(SmartCollection, "s").where("s.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("s.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  save(collection: SmartCollection): Promise<SmartCollection> {
    return this.manager.save(SmartCollection, collection);
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(SmartCollection, { id });
  }

  countInMultiCollections(id: number): Promise<number> {
    return this.manager.countBy(MultiCollectionItem, { smartCollectionId: id });
  }

  /** Schedule items and filler presets that play the smart collection. */
  async countTargets(id: number): Promise<{ scheduleItems: number; fillerPresets: number }> {
    const target = { target: { collectionType: CollectionType.SmartCollection, smartCollectionId: id } };
    const [scheduleItems, fillerPresets] = await Promise.all([this.manager.countBy(ScheduleItem, target), this.manager.countBy(FillerPreset, target)]);
    return { scheduleItems, fillerPresets };
  }
}
