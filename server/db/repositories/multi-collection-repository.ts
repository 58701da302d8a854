import { EntityManager, In } from "typeorm";
import { MultiCollection, MultiCollectionItem, SmartCollection } from "../entities/collection";
import { FillerPreset } from "../entities/filler-preset";
import { PlaylistItem } from "../entities/playlist";
import { ScheduleItem } from "../entities/schedule";
import { isStoredId, storedIds } from "./stored-id";

/** A member as it is stored: position is the order given by the client. */
export type MultiCollectionMemberRow = Pick<MultiCollectionItem, "collectionId" | "smartCollectionId" | "scheduleAsGroup" | "playbackOrder">;

export interface MultiCollectionUsages {
  playlistItems: number;
  scheduleItems: number;
  fillerPresets: number;
}

export class MultiCollectionRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<MultiCollection[]> {
    return this.manager.find(MultiCollection, { order: { name: "ASC", id: "ASC" } });
  }

  findById(id: number): Promise<MultiCollection | null> {
    return isStoredId(id) ? this.manager.findOneBy(MultiCollection, { id }) : Promise.resolve(null);
  }

  findByIds(ids: readonly number[]): Promise<MultiCollection[]> {
    ids = storedIds(ids);
    return ids.length ? this.manager.findBy(MultiCollection, { id: In([...ids]) }) : Promise.resolve([]);
  }

  async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(MultiCollection, "m").where("m.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("m.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  save(multiCollection: MultiCollection): Promise<MultiCollection> {
    return this.manager.save(MultiCollection, multiCollection);
  }

  /** Deletes the multi collection; its members go with it (foreign key cascade). */
  async delete(id: number): Promise<void> {
    await this.manager.delete(MultiCollection, { id });
  }

  /** Members of many multi collections at once, in their order, with the collection or smart collection joined. */
  members(multiCollectionIds: readonly number[]): Promise<MultiCollectionItem[]> {
    if (!multiCollectionIds.length) return Promise.resolve([]);
    return this.manager.find(MultiCollectionItem, {
      where: { multiCollectionId: In([...multiCollectionIds]) },
      relations: { collection: true, smartCollection: true },
      order: { multiCollectionId: "ASC", position: "ASC" },
    });
  }

  /** Replaces every member with `rows`, numbered in the given order. Call inside a write transaction. */
  async replaceMembers(multiCollectionId: number, rows: readonly MultiCollectionMemberRow[]): Promise<void> {
    await this.manager.delete(MultiCollectionItem, { multiCollectionId });
    for (let i = 0; i < rows.length; i += 100) {
      const chunk = rows.slice(i, i + 100).map((row, j) => ({ ...row, multiCollectionId, position: i + j }));
      await this.manager.insert(MultiCollectionItem, chunk);
    }
  }

  smartCollectionsByIds(ids: readonly number[]): Promise<SmartCollection[]> {
    return ids.length ? this.manager.findBy(SmartCollection, { id: In([...ids]) }) : Promise.resolve([]);
  }

  /** Where a multi collection is used by other definitions (blocks deletion). */
  async usages(multiCollectionId: number): Promise<MultiCollectionUsages> {
    const [playlistItems, scheduleItems, fillerPresets] = await Promise.all([
      this.manager.countBy(PlaylistItem, { target: { multiCollectionId } }),
      this.manager.countBy(ScheduleItem, { target: { multiCollectionId } }),
      this.manager.countBy(FillerPreset, { target: { multiCollectionId } }),
    ]);
    return { playlistItems, scheduleItems, fillerPresets };
  }
}
