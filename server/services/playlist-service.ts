import type { Database } from "../db/database";
import type { MediaItem } from "../db/entities/media-item";
import { Playlist, PlaylistGroup, type PlaylistItem } from "../db/entities/playlist";
import type { Repositories } from "../db/repositories";
import type { PlaylistEntryRow } from "../db/repositories/playlist-repository";
import { CollectionType, MediaItemKind, PlaybackOrder } from "../domain/enums";
import { DomainError } from "./domain-error";
import { Violations } from "./validation/violations";

export interface PlaylistGroupInput {
  /** 1–50 characters, unique without regard to letter case. */
  name: string;
}

/** One entry of a playlist: the id matching `collectionType` is required, the others must be absent. */
export interface PlaylistItemInput {
  /** Collection, TelevisionShow, TelevisionSeason, SmartCollection, MultiCollection or MediaItem. */
  collectionType: CollectionType;
  /**
   * With `Collection`.
   * @isInt
   */
  collectionId?: number | null;
  /**
   * With `TelevisionShow` (a show), `TelevisionSeason` (a season) and `MediaItem` (a playable item).
   * @isInt
   */
  mediaItemId?: number | null;
  /**
   * With `MultiCollection`.
   * @isInt
   */
  multiCollectionId?: number | null;
  /**
   * With `SmartCollection`.
   * @isInt
   */
  smartCollectionId?: number | null;
  playbackOrder: PlaybackOrder;
  /**
   * Items to play from this entry each pass, at least 1 (default 1); must be absent with `playAll`.
   * @isInt
   */
  count?: number | null;
  /** Play every item of the entry each pass. */
  playAll: boolean;
  includeInProgramGuide: boolean;
}

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

type TargetField = "collectionId" | "mediaItemId" | "multiCollectionId" | "smartCollectionId";

const TARGET_FIELDS: readonly TargetField[] = ["collectionId", "mediaItemId", "multiCollectionId", "smartCollectionId"];

/** The kinds of entry a playlist may hold, and the id each one needs. */
export const PLAYLIST_TARGET_FIELD: Readonly<Partial<Record<CollectionType, TargetField>>> = {
  [CollectionType.Collection]: "collectionId",
  [CollectionType.TelevisionShow]: "mediaItemId",
  [CollectionType.TelevisionSeason]: "mediaItemId",
  [CollectionType.SmartCollection]: "smartCollectionId",
  [CollectionType.MultiCollection]: "multiCollectionId",
  [CollectionType.MediaItem]: "mediaItemId",
};

export const PLAYLIST_COLLECTION_TYPES = Object.keys(PLAYLIST_TARGET_FIELD) as CollectionType[];

/** Kinds a `MediaItem` entry may name: things that play on their own. */
const PLAYABLE_KINDS: readonly MediaItemKind[] = [MediaItemKind.Movie, MediaItemKind.Episode, MediaItemKind.OtherVideo, MediaItemKind.MusicVideo, MediaItemKind.Song];

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

    const wanted = (field: TargetField) =>
      [...new Set(items.filter((i) => PLAYLIST_TARGET_FIELD[i.collectionType] === field).map((i) => i[field]).filter((id): id is number => id != null))];
    const [collections, multiCollections, smartCollections, mediaItems] = await Promise.all([
      repos.collections.findByIds(wanted("collectionId")),
      repos.multiCollections.findByIds(wanted("multiCollectionId")),
      repos.multiCollections.smartCollectionsByIds(wanted("smartCollectionId")),
      repos.mediaItems.findByIds(wanted("mediaItemId")),
    ]);
    const known = {
      collectionId: new Set(collections.map((c) => c.id)),
      multiCollectionId: new Set(multiCollections.map((m) => m.id)),
      smartCollectionId: new Set(smartCollections.map((s) => s.id)),
    };
    const mediaById = new Map(mediaItems.map((m) => [m.id, m]));

    const rows = items.map((item, index): PlaylistEntryRow => {
      const at = `items[${index}]`;
      const target = PLAYLIST_TARGET_FIELD[item.collectionType];
      if (!target) {
        v.add(`${at}.collectionType`, `must be one of ${PLAYLIST_COLLECTION_TYPES.join(", ")}`);
      } else {
        for (const field of TARGET_FIELDS) {
          const id = item[field] ?? null;
          if (field !== target) {
            if (id !== null) v.add(`${at}.${field}`, `must not be given for collectionType ${item.collectionType}`);
          } else if (id === null) {
            v.add(`${at}.${field}`, `is required for collectionType ${item.collectionType}`);
          } else {
            const problem = field === "mediaItemId" ? mediaItemProblem(item.collectionType, id, mediaById.get(id)) : known[field].has(id) ? undefined : `${TARGET_LABEL[field]} ${id} does not exist`;
            if (problem) v.add(`${at}.${field}`, problem);
          }
        }
      }
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
        collectionType: item.collectionType,
        collectionId: target === "collectionId" ? item.collectionId ?? null : null,
        mediaItemId: target === "mediaItemId" ? item.mediaItemId ?? null : null,
        multiCollectionId: target === "multiCollectionId" ? item.multiCollectionId ?? null : null,
        smartCollectionId: target === "smartCollectionId" ? item.smartCollectionId ?? null : null,
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

const TARGET_LABEL: Record<Exclude<TargetField, "mediaItemId">, string> = {
  collectionId: "collection",
  multiCollectionId: "multi collection",
  smartCollectionId: "smart collection",
};

/** Why a media item cannot be the target of an entry of this type, if it cannot. */
function mediaItemProblem(type: CollectionType, id: number, item: MediaItem | undefined): string | undefined {
  if (!item) return `media item ${id} does not exist`;
  if (type === CollectionType.TelevisionShow) return item.kind === MediaItemKind.Show ? undefined : `media item ${id} is a ${item.kind}, not a Show`;
  if (type === CollectionType.TelevisionSeason) return item.kind === MediaItemKind.Season ? undefined : `media item ${id} is a ${item.kind}, not a Season`;
  if (PLAYABLE_KINDS.includes(item.kind)) return undefined;
  const hint = item.kind === MediaItemKind.Show ? "; use collectionType TelevisionShow" : item.kind === MediaItemKind.Season ? "; use collectionType TelevisionSeason" : "";
  return `media item ${id} is a ${item.kind}, which does not play on its own${hint}`;
}
