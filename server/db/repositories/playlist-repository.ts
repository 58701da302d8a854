import { EntityManager, In } from "typeorm";
import type { WithoutTargetGetters } from "../entities/content-target";
import { FillerPreset } from "../entities/filler-preset";
import { Playlist, PlaylistGroup, PlaylistItem } from "../entities/playlist";
import { ScheduleItem } from "../entities/schedule";
import { isStoredId, storedIds } from "./stored-id";

/** An entry as it is stored: position is the order given by the client. */
export type PlaylistEntryRow = Omit<WithoutTargetGetters<PlaylistItem>, "id" | "playlist" | "position">;

export interface PlaylistUsages {
  scheduleItems: number;
  fillerPresets: number;
}

/** Playlist groups, playlists and their entries. */
export class PlaylistRepository {
  constructor(private readonly manager: EntityManager) {}

  listGroups(): Promise<PlaylistGroup[]> {
    return this.manager.find(PlaylistGroup, { order: { name: "ASC", id: "ASC" } });
  }

  findGroupById(id: number): Promise<PlaylistGroup | null> {
    return this.manager.findOneBy(PlaylistGroup, { id });
  }

  async isGroupNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(PlaylistGroup, "g").where("g.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("g.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  saveGroup(group: PlaylistGroup): Promise<PlaylistGroup> {
    return this.manager.save(PlaylistGroup, group);
  }

  /** Deletes the group; its playlists and their entries go with it (foreign key cascade). */
  async deleteGroup(id: number): Promise<void> {
    await this.manager.delete(PlaylistGroup, { id });
  }

  /** Playlists by name, all or those of one group. */
  list(playlistGroupId?: number): Promise<Playlist[]> {
    return this.manager.find(Playlist, {
      where: playlistGroupId === undefined ? {} : { playlistGroupId },
      order: { name: "ASC", id: "ASC" },
    });
  }

  findById(id: number): Promise<Playlist | null> {
    return isStoredId(id) ? this.manager.findOneBy(Playlist, { id }) : Promise.resolve(null);
  }

  findByIds(ids: readonly number[]): Promise<Playlist[]> {
    ids = storedIds(ids);
    return ids.length ? this.manager.findBy(Playlist, { id: In([...ids]) }) : Promise.resolve([]);
  }

  /** A playlist name is unique within its group, without regard to letter case. */
  async isNameTaken(playlistGroupId: number, name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager
      .createQueryBuilder(Playlist, "p")
      .where("p.playlistGroupId = :playlistGroupId", { playlistGroupId })
      .andWhere("p.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("p.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  save(playlist: Playlist): Promise<Playlist> {
    return this.manager.save(Playlist, playlist);
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(Playlist, { id });
  }

  /** Entries of many playlists at once, in their order. */
  entries(playlistIds: readonly number[]): Promise<PlaylistItem[]> {
    if (!playlistIds.length) return Promise.resolve([]);
    return this.manager.find(PlaylistItem, { where: { playlistId: In([...playlistIds]) }, order: { playlistId: "ASC", position: "ASC" } });
  }

  /** Replaces every entry with `rows`, numbered in the given order. Call inside a write transaction. */
  async replaceEntries(playlistId: number, rows: readonly PlaylistEntryRow[]): Promise<void> {
    await this.manager.delete(PlaylistItem, { playlistId });
    for (let i = 0; i < rows.length; i += 100) {
      const chunk = rows.slice(i, i + 100).map((row, j) => ({ ...row, playlistId, position: i + j }));
      await this.manager.insert(PlaylistItem, chunk);
    }
  }

  /** Where playlists are used by other definitions (blocks deletion). */
  async usages(playlistIds: readonly number[]): Promise<PlaylistUsages> {
    if (!playlistIds.length) return { scheduleItems: 0, fillerPresets: 0 };
    const ids = In([...playlistIds]);
    const [scheduleItems, fillerPresets] = await Promise.all([
      this.manager.countBy(ScheduleItem, { target: { playlistId: ids } }),
      this.manager.countBy(FillerPreset, { target: { playlistId: ids } }),
    ]);
    return { scheduleItems, fillerPresets };
  }
}
