import { EntityManager, In } from "typeorm";
import { Collection, CollectionItem, MultiCollectionItem } from "../entities/collection";
import { MediaItem } from "../entities/media-item";
import { PlaylistItem } from "../entities/playlist";
import { ScheduleItem } from "../entities/schedule";
import { FillerPreset } from "../entities/filler-preset";
import { CollectionType } from "../../domain/enums";
import { isStoredId, storedIds } from "./stored-id";

export class CollectionRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<Collection[]> {
    return this.manager.find(Collection, { order: { name: "ASC" } });
  }

  findById(id: number): Promise<Collection | null> {
    return isStoredId(id) ? this.manager.findOneBy(Collection, { id }) : Promise.resolve(null);
  }

  findByIds(ids: readonly number[]): Promise<Collection[]> {
    ids = storedIds(ids);
    return ids.length ? this.manager.findBy(Collection, { id: In([...ids]) }) : Promise.resolve([]);
  }

  findByName(name: string): Promise<Collection | null> {
    return this.manager.createQueryBuilder(Collection, "c").where("c.name = :name COLLATE NOCASE", { name }).getOne();
  }

  async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(Collection, "c").where("c.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("c.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  /** Number of members (shows and seasons count once) per collection id. */
  async itemCounts(): Promise<Map<number, number>> {
    const rows = (await this.manager
      .createQueryBuilder(CollectionItem, "ci")
      .select("ci.collectionId", "collectionId")
      .addSelect("COUNT(*)", "count")
      .groupBy("ci.collectionId")
      .getRawMany()) as Array<{ collectionId: number; count: number }>;
    return new Map(rows.map((r) => [Number(r.collectionId), Number(r.count)]));
  }

  save(collection: Collection): Promise<Collection> {
    return this.manager.save(Collection, collection);
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(Collection, { id });
  }

  async memberIds(collectionId: number): Promise<number[]> {
    const rows = await this.manager.find(CollectionItem, { where: { collectionId }, order: { customIndex: "ASC", mediaItemId: "ASC" } });
    return rows.map((r) => r.mediaItemId);
  }

  members(collectionId: number): Promise<MediaItem[]> {
    return this.manager
      .createQueryBuilder(MediaItem, "mi")
      .innerJoin(CollectionItem, "ci", "ci.mediaItemId = mi.id")
      .where("ci.collectionId = :collectionId", { collectionId })
      .orderBy("mi.sortTitle", "ASC")
      .addOrderBy("mi.id", "ASC")
      .getMany();
  }

  async addMembers(collectionId: number, mediaItemIds: readonly number[]): Promise<number> {
    const present = new Set(await this.memberIds(collectionId));
    const added = [...new Set(mediaItemIds)].filter((id) => !present.has(id));
    for (let i = 0; i < added.length; i += 200) {
      await this.manager.insert(CollectionItem, added.slice(i, i + 200).map((mediaItemId) => ({ collectionId, mediaItemId, customIndex: null })));
    }
    return added.length;
  }

  async removeMember(collectionId: number, mediaItemId: number): Promise<boolean> {
    const result = await this.manager.delete(CollectionItem, { collectionId, mediaItemId });
    return (result.affected ?? 0) > 0;
  }

  /** Where a collection is used by other definitions (blocks deletion). */
  async usages(collectionId: number): Promise<{ multiCollections: number; playlists: number; scheduleItems: number; fillerPresets: number }> {
    const target = { target: { collectionType: CollectionType.Collection, collectionId } };
    const [multiCollections, playlists, scheduleItems, fillerPresets] = await Promise.all([
      this.manager.countBy(MultiCollectionItem, { collectionId }),
      this.manager.countBy(PlaylistItem, { target: { collectionId } }),
      this.manager.countBy(ScheduleItem, target),
      this.manager.countBy(FillerPreset, target),
    ]);
    return { multiCollections, playlists, scheduleItems, fillerPresets };
  }
}
