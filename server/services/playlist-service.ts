import type { Database } from "../db/database";
import { Playlist, PlaylistGroup, type PlaylistItem } from "../db/entities/playlist";
import type { Repositories } from "../db/repositories";
import type { PlaylistEntryRow } from "../db/repositories/playlist-repository";
import { PlaybackOrder } from "../domain/enums";
import { checkTarget, lookUpTargets, PLAYLIST_TARGETS, type ContentRefInput } from "./content-targets";
import { DomainError } from "./domain-error";
import { Violations } from "./validation/violations";

export interface PlaylistGroupInput {
  /** 1–50 characters, unique without regard to letter case. */
  name: string;
}

/** One entry of a playlist: the id matching `collectionType` is required, the others must be absent. */
export type PlaylistItemInput = ContentRefInput & {
  playbackOrder: PlaybackOrder;
  /**
   * Items to play from this entry each pass, at least 1 (default 1); must be absent with `playAll`.
   * @isInt
   */
  count?: number | null;
  /** Play every item of the entry each pass. */
  playAll: boolean;
  includeInProgramGuide: boolean;
};

export interface PlaylistInput {
  /** 1–50 characters, unique within the group without regard to letter case. */
  name: string;
  /** @isInt */
  playlistGroupId: number;
  /** The entries in their order; at least one. */
  items: PlaylistItemInput[];
}

export interface PlaylistView {
  playlist: Playlist;
  /** In order. */
  items: PlaylistItem[];
}

export const MAX_PLAYLIST_ITEMS = 500;
export const MAX_PLAYLIST_ITEM_COUNT = 100_000;

const PLAYBACK_ORDERS = Object.values(PlaybackOrder);

export class PlaylistService {
  constructor(private readonly db: Database) {}

  // ---- groups ----

  listGroups(): Promise<PlaylistGroup[]> {
    return this.db.read((repos) => repos.playlists.listGroups());
  }

  getGroup(id: number): Promise<PlaylistGroup> {
    return this.db.read(async (repos) => {
      const group = await repos.playlists.findGroupById(id);
      if (!group) throw DomainError.notFound("Playlist group", id);
      return group;
    });
  }

  createGroup(input: PlaylistGroupInput): Promise<PlaylistGroup> {
    return this.db.write(async (repos) => {
      const name = await this.checkGroupName(repos, input.name);
      return repos.playlists.saveGroup(Object.assign(new PlaylistGroup(), { name }));
    });
  }

  updateGroup(id: number, input: PlaylistGroupInput): Promise<PlaylistGroup> {
    return this.db.write(async (repos) => {
      const group = await repos.playlists.findGroupById(id);
      if (!group) throw DomainError.notFound("Playlist group", id);
      group.name = await this.checkGroupName(repos, input.name, id);
      return repos.playlists.saveGroup(group);
    });
  }

  /** Deletes the group with all its playlists, unless one of them is in use. */
  deleteGroup(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      if (!(await repos.playlists.findGroupById(id))) throw DomainError.notFound("Playlist group", id);
      const playlists = await repos.playlists.list(id);
      this.refuseIfUsed(await repos.playlists.usages(playlists.map((p) => p.id)), "a playlist of this group");
      await repos.playlists.deleteGroup(id);
    });
  }

  // ---- playlists ----

  /** All playlists, or those of one group (which must exist). */
  list(playlistGroupId?: number): Promise<PlaylistView[]> {
    return this.db.read(async (repos) => {
      if (playlistGroupId !== undefined && !(await repos.playlists.findGroupById(playlistGroupId))) throw DomainError.notFound("Playlist group", playlistGroupId);
      const playlists = await repos.playlists.list(playlistGroupId);
      const entries = await repos.playlists.entries(playlists.map((p) => p.id));
      return playlists.map((playlist) => ({ playlist, items: entries.filter((e) => e.playlistId === playlist.id) }));
    });
  }

  get(id: number): Promise<PlaylistView> {
    return this.db.read((repos) => this.view(repos, id));
  }

  /** Entries of many playlists at once (GraphQL batches). */
  itemsOf(playlistIds: readonly number[]): Promise<PlaylistItem[]> {
    return this.db.read((repos) => repos.playlists.entries(playlistIds));
  }

  create(input: PlaylistInput): Promise<PlaylistView> {
    return this.db.write(async (repos) => {
      const { name, rows } = await this.validate(repos, input);
      const saved = await repos.playlists.save(Object.assign(new Playlist(), { name, playlistGroupId: input.playlistGroupId }));
      await repos.playlists.replaceEntries(saved.id, rows);
      return this.view(repos, saved.id);
    });
  }

  /** Renames, moves and replaces every entry at once; a single broken rule changes nothing. */
  update(id: number, input: PlaylistInput): Promise<PlaylistView> {
    return this.db.write(async (repos) => {
      const playlist = await repos.playlists.findById(id);
      if (!playlist) throw DomainError.notFound("Playlist", id);
      const { name, rows } = await this.validate(repos, input, id);
      Object.assign(playlist, { name, playlistGroupId: input.playlistGroupId });
      await repos.playlists.save(playlist);
      await repos.playlists.replaceEntries(id, rows);
      return this.view(repos, id);
    });
  }

  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      if (!(await repos.playlists.findById(id))) throw DomainError.notFound("Playlist", id);
      this.refuseIfUsed(await repos.playlists.usages([id]), "the playlist");
      await repos.playlists.delete(id);
    });
  }

  private refuseIfUsed(usages: { scheduleItems: number; fillerPresets: number }, subject: string): void {
    const v = new Violations();
    if (usages.scheduleItems) v.add("id", `${subject} is used by ${usages.scheduleItems} schedule item(s)`);
    if (usages.fillerPresets) v.add("id", `${subject} is used by ${usages.fillerPresets} filler preset(s)`);
    v.throwIfAny();
  }

  private async view(repos: Repositories, id: number): Promise<PlaylistView> {
    const playlist = await repos.playlists.findById(id);
    if (!playlist) throw DomainError.notFound("Playlist", id);
    return { playlist, items: await repos.playlists.entries([id]) };
  }

  private async checkGroupName(repos: Repositories, raw: string | undefined, exceptId?: number): Promise<string> {
    const v = new Violations();
    const name = v.text("name", raw, 1, 50);
    if (!v.has("name") && (await repos.playlists.isGroupNameTaken(name, exceptId))) v.add("name", `a playlist group named "${name}" already exists`);
    v.throwIfAny();
    return name;
  }

  /** Checks every rule of the input and reports all broken ones at once. */
  private async validate(repos: Repositories, input: PlaylistInput, exceptId?: number): Promise<{ name: string; rows: PlaylistEntryRow[] }> {
    const v = new Violations();
    const name = v.text("name", input.name, 1, 50);
    const group = await repos.playlists.findGroupById(input.playlistGroupId);
    if (!group) v.add("playlistGroupId", `playlist group ${input.playlistGroupId} does not exist`);
    else if (!v.has("name") && (await repos.playlists.isNameTaken(group.id, name, exceptId))) {
      v.add("name", `a playlist named "${name}" already exists in the group "${group.name}"`);
    }

    const items = input.items ?? [];
    if (items.length === 0) v.add("items", "must contain at least one item");
    if (items.length > MAX_PLAYLIST_ITEMS) v.add("items", `must not contain more than ${MAX_PLAYLIST_ITEMS} items`);

    const known = await lookUpTargets(repos, items, PLAYLIST_TARGETS);

    const rows = items.map((item, index): PlaylistEntryRow => {
      const at = `items[${index}]`;
      const { collectionType, collectionId, mediaItemId, multiCollectionId, smartCollectionId } = checkTarget(v, `${at}.`, item, known, PLAYLIST_TARGETS);
      const target = { collectionType, collectionId, mediaItemId, multiCollectionId, smartCollectionId };
      v.oneOf(`${at}.playbackOrder`, item.playbackOrder, PLAYBACK_ORDERS);
      if (typeof item.playAll !== "boolean") v.add(`${at}.playAll`, "must be true or false");
      if (typeof item.includeInProgramGuide !== "boolean") v.add(`${at}.includeInProgramGuide`, "must be true or false");
      const count = item.count ?? null;
      if (item.playAll) {
        if (count !== null) v.add(`${at}.count`, "must not be given when playAll is true");
      } else if (count !== null) {
        v.integer(`${at}.count`, count, 1, MAX_PLAYLIST_ITEM_COUNT);
      }
      return {
        target,
        playbackOrder: item.playbackOrder,
        count: item.playAll ? null : count ?? 1,
        playAll: item.playAll,
        includeInProgramGuide: item.includeInProgramGuide,
      };
    });
    v.throwIfAny();
    return { name, rows };
  }
}
