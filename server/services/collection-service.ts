import type { Database } from "../db/database";
import { Collection } from "../db/entities/collection";
import type { MediaItem } from "../db/entities/media-item";
import type { Repositories } from "../db/repositories";
import { DomainError } from "./domain-error";
import { Violations } from "./validation/violations";

export interface CollectionInput {
  /** 1–50 characters, unique without regard to letter case. */
  name?: string;
}

export interface CollectionView {
  collection: Collection;
  itemCount: number;
}

export const MAX_ITEMS_PER_REQUEST = 10_000;

export class CollectionService {
  constructor(private readonly db: Database) {}

  async list(): Promise<CollectionView[]> {
    return this.db.read(async (repos) => {
      const [collections, counts] = await Promise.all([repos.collections.list(), repos.collections.itemCounts()]);
      return collections.map((collection) => ({ collection, itemCount: counts.get(collection.id) ?? 0 }));
    });
  }

  async get(id: number): Promise<CollectionView> {
    return this.db.read((repos) => this.view(repos, id));
  }

  async members(id: number): Promise<MediaItem[]> {
    return this.db.read(async (repos) => {
      if (!(await repos.collections.findById(id))) throw DomainError.notFound("Collection", id);
      return repos.collections.members(id);
    });
  }

  create(input: CollectionInput): Promise<CollectionView> {
    return this.db.write(async (repos) => {
      const name = await this.checkName(repos, input.name);
      const saved = await repos.collections.save(Object.assign(new Collection(), { name, useCustomPlaybackOrder: false }));
      return this.view(repos, saved.id);
    });
  }

  update(id: number, input: CollectionInput): Promise<CollectionView> {
    return this.db.write(async (repos) => {
      const collection = await repos.collections.findById(id);
      if (!collection) throw DomainError.notFound("Collection", id);
      collection.name = await this.checkName(repos, input.name ?? collection.name, id);
      await repos.collections.save(collection);
      return this.view(repos, id);
    });
  }

  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      if (!(await repos.collections.findById(id))) throw DomainError.notFound("Collection", id);
      const usages = await repos.collections.usages(id);
      const v = new Violations();
      if (usages.multiCollections) v.add("id", `the collection is part of ${usages.multiCollections} multi collection(s)`);
      if (usages.playlists) v.add("id", `the collection is used by ${usages.playlists} playlist item(s)`);
      if (usages.scheduleItems) v.add("id", `the collection is used by ${usages.scheduleItems} schedule item(s)`);
      if (usages.fillerPresets) v.add("id", `the collection is used by ${usages.fillerPresets} filler preset(s)`);
      v.throwIfAny();
      await repos.collections.delete(id);
    });
  }

  /**
   * Adds media items; a show or season is added as a unit (its episodes, including future ones,
   * belong to the collection). All ids must exist, or nothing is added.
   */
  addItems(id: number, mediaItemIds: readonly number[]): Promise<CollectionView & { added: number }> {
    return this.db.write(async (repos) => {
      if (!(await repos.collections.findById(id))) throw DomainError.notFound("Collection", id);
      const v = new Violations();
      if (mediaItemIds.length === 0) v.add("mediaItemIds", "must name at least one media item");
      if (mediaItemIds.length > MAX_ITEMS_PER_REQUEST) v.add("mediaItemIds", `must not name more than ${MAX_ITEMS_PER_REQUEST} items at once`);
      v.throwIfAny();
      const unique = [...new Set(mediaItemIds)];
      const found = new Set((await repos.mediaItems.findByIds(unique)).map((i) => i.id));
      const missing = unique.filter((mid) => !found.has(mid));
      if (missing.length) {
        throw DomainError.invalid("mediaItemIds", `unknown media item id(s): ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? ` and ${missing.length - 20} more` : ""}`);
      }
      const added = await repos.collections.addMembers(id, unique);
      return { ...(await this.view(repos, id)), added };
    });
  }

  removeItem(id: number, mediaItemId: number): Promise<void> {
    return this.db.write(async (repos) => {
      if (!(await repos.collections.findById(id))) throw DomainError.notFound("Collection", id);
      if (!(await repos.collections.removeMember(id, mediaItemId))) throw DomainError.notFound(`Media item ${mediaItemId} in collection`, id);
    });
  }

  private async view(repos: Repositories, id: number): Promise<CollectionView> {
    const collection = await repos.collections.findById(id);
    if (!collection) throw DomainError.notFound("Collection", id);
    const counts = await repos.collections.itemCounts();
    return { collection, itemCount: counts.get(id) ?? 0 };
  }

  private async checkName(repos: Repositories, raw: string | undefined, exceptId?: number): Promise<string> {
    const v = new Violations();
    const name = v.text("name", raw, 1, 50);
    if (!v.has("name") && (await repos.collections.isNameTaken(name, exceptId))) v.add("name", `a collection named "${name}" already exists`);
    v.throwIfAny();
    return name;
  }
}
