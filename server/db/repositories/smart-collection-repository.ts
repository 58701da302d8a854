import { EntityManager } from "typeorm";
import { MultiCollectionItem, SmartCollection } from "../entities/collection";

export class SmartCollectionRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<SmartCollection[]> {
    return this.manager.find(SmartCollection, { order: { name: "ASC" } });
  }

  findById(id: number): Promise<SmartCollection | null> {
    return this.manager.findOneBy(SmartCollection, { id });
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
}
