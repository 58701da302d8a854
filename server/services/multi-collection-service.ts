import type { Database } from "../db/database";
import type { Collection, MultiCollectionItem, SmartCollection } from "../db/entities/collection";
import { MultiCollection } from "../db/entities/collection";
import type { Repositories } from "../db/repositories";
import type { MultiCollectionMemberRow } from "../db/repositories/multi-collection-repository";
import { PlaybackOrder } from "../domain/enums";
import { DomainError } from "./domain-error";
import { Violations } from "./validation/violations";

/** One member of a multi collection: exactly one of `collectionId` and `smartCollectionId`. */
export interface MultiCollectionMemberInput {
  /**
   * A collection; give this or `smartCollectionId`.
   * @isInt
   */
  collectionId?: number | null;
  /**
   * A smart collection; give this or `collectionId`.
   * @isInt
   */
  smartCollectionId?: number | null;
  /** Keep the member's items together as one group when the multi collection is shuffled. */
  scheduleAsGroup: boolean;
  /** Order of the member's own items when it is scheduled as a group. */
  playbackOrder: PlaybackOrder;
}

export interface MultiCollectionInput {
  /** 1–50 characters, unique without regard to letter case. */
  name: string;
  /** The members in their order; each collection or smart collection at most once. */
  items: MultiCollectionMemberInput[];
}

export interface MultiCollectionView {
  multiCollection: MultiCollection;
  /** In order, each with its collection or smart collection loaded. */
  items: MultiCollectionItem[];
}

export const MAX_MULTI_COLLECTION_MEMBERS = 500;

const PLAYBACK_ORDERS = Object.values(PlaybackOrder);

export class MultiCollectionService {
  constructor(private readonly db: Database) {}

  list(): Promise<MultiCollectionView[]> {
    return this.db.read(async (repos) => {
      const multiCollections = await repos.multiCollections.list();
      const members = await repos.multiCollections.members(multiCollections.map((m) => m.id));
      return multiCollections.map((multiCollection) => ({ multiCollection, items: members.filter((i) => i.multiCollectionId === multiCollection.id) }));
    });
  }

  get(id: number): Promise<MultiCollectionView> {
    return this.db.read((repos) => this.view(repos, id));
  }

  getMany(ids: readonly number[]): Promise<MultiCollection[]> {
    return this.db.read((repos) => repos.multiCollections.findByIds(ids));
  }

  /** Members of many multi collections at once (GraphQL batches). */
  membersOf(multiCollectionIds: readonly number[]): Promise<MultiCollectionItem[]> {
    return this.db.read((repos) => repos.multiCollections.members(multiCollectionIds));
  }

  collectionsByIds(ids: readonly number[]): Promise<Collection[]> {
    return this.db.read((repos) => repos.collections.findByIds(ids));
  }

  smartCollectionsByIds(ids: readonly number[]): Promise<SmartCollection[]> {
    return this.db.read((repos) => repos.multiCollections.smartCollectionsByIds(ids));
  }

  create(input: MultiCollectionInput): Promise<MultiCollectionView> {
    return this.db.write(async (repos) => {
      const { name, rows } = await this.validate(repos, input);
      const saved = await repos.multiCollections.save(Object.assign(new MultiCollection(), { name }));
      await repos.multiCollections.replaceMembers(saved.id, rows);
      return this.view(repos, saved.id);
    });
  }

  /** Renames and replaces every member at once; a single broken rule changes nothing. */
  update(id: number, input: MultiCollectionInput): Promise<MultiCollectionView> {
    return this.db.write(async (repos) => {
      const multiCollection = await repos.multiCollections.findById(id);
      if (!multiCollection) throw DomainError.notFound("Multi collection", id);
      const { name, rows } = await this.validate(repos, input, id);
      multiCollection.name = name;
      await repos.multiCollections.save(multiCollection);
      await repos.multiCollections.replaceMembers(id, rows);
      return this.view(repos, id);
    });
  }

  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      if (!(await repos.multiCollections.findById(id))) throw DomainError.notFound("Multi collection", id);
      const usages = await repos.multiCollections.usages(id);
      const v = new Violations();
      if (usages.playlistItems) v.add("id", `the multi collection is used by ${usages.playlistItems} playlist item(s)`);
      if (usages.scheduleItems) v.add("id", `the multi collection is used by ${usages.scheduleItems} schedule item(s)`);
      if (usages.fillerPresets) v.add("id", `the multi collection is used by ${usages.fillerPresets} filler preset(s)`);
      v.throwIfAny();
      await repos.multiCollections.delete(id);
    });
  }

  private async view(repos: Repositories, id: number): Promise<MultiCollectionView> {
    const multiCollection = await repos.multiCollections.findById(id);
    if (!multiCollection) throw DomainError.notFound("Multi collection", id);
    return { multiCollection, items: await repos.multiCollections.members([id]) };
  }

  /** Checks every rule of the input and reports all broken ones at once. */
  private async validate(repos: Repositories, input: MultiCollectionInput, exceptId?: number): Promise<{ name: string; rows: MultiCollectionMemberRow[] }> {
    const v = new Violations();
    const name = v.text("name", input.name, 1, 50);
    if (!v.has("name") && (await repos.multiCollections.isNameTaken(name, exceptId))) v.add("name", `a multi collection named "${name}" already exists`);

    const items = input.items ?? [];
    if (items.length > MAX_MULTI_COLLECTION_MEMBERS) v.add("items", `must not have more than ${MAX_MULTI_COLLECTION_MEMBERS} members`);
    const collectionIds = items.map((i) => i.collectionId).filter((id): id is number => id != null);
    const smartIds = items.map((i) => i.smartCollectionId).filter((id): id is number => id != null);
    const [collections, smartCollections] = await Promise.all([
      repos.collections.findByIds([...new Set(collectionIds)]),
      repos.multiCollections.smartCollectionsByIds([...new Set(smartIds)]),
    ]);
    const knownCollections = new Set(collections.map((c) => c.id));
    const knownSmart = new Set(smartCollections.map((s) => s.id));
    const seen = new Map<string, number>();

    const rows = items.map((item, index): MultiCollectionMemberRow => {
      const at = `items[${index}]`;
      const collectionId = item.collectionId ?? null;
      const smartCollectionId = item.smartCollectionId ?? null;
      if (collectionId === null && smartCollectionId === null) {
        v.add(`${at}.collectionId`, "give either collectionId or smartCollectionId");
      } else if (collectionId !== null && smartCollectionId !== null) {
        v.add(`${at}.collectionId`, "give either collectionId or smartCollectionId, not both");
      } else {
        const [field, key, label, known] =
          collectionId !== null
            ? (["collectionId", `c${collectionId}`, `collection ${collectionId}`, knownCollections.has(collectionId)] as const)
            : (["smartCollectionId", `s${smartCollectionId}`, `smart collection ${smartCollectionId}`, knownSmart.has(smartCollectionId as number)] as const);
        const earlier = seen.get(key);
        if (!known) v.add(`${at}.${field}`, `${label} does not exist`);
        else if (earlier !== undefined) v.add(`${at}.${field}`, `${label} is already a member (items[${earlier}])`);
        else seen.set(key, index);
      }
      v.oneOf(`${at}.playbackOrder`, item.playbackOrder, PLAYBACK_ORDERS);
      if (typeof item.scheduleAsGroup !== "boolean") v.add(`${at}.scheduleAsGroup`, "must be true or false");
      return { collectionId, smartCollectionId, scheduleAsGroup: item.scheduleAsGroup, playbackOrder: item.playbackOrder };
    });
    v.throwIfAny();
    return { name, rows };
  }
}
