import type { PlaylistGroup } from "../../../db/entities/playlist";
import type { PlaybackOrder } from "../../../domain/enums";
import type { ContentRefInput } from "../../../services/content-targets";
import type { PlaylistGroupInput, PlaylistView } from "../../../services/playlist-service";
import { toContentRefDto, type ContentRefDto } from "./content-target-dto";

export interface PlaylistGroupDto {
  /** @isInt */
  id: number;
  name: string;
}

export type PlaylistItemDto = ContentRefDto & {
  playbackOrder: PlaybackOrder;
  /** Absent with playAll. @isInt */
  count?: number;
  playAll: boolean;
  includeInProgramGuide: boolean;
};

export interface PlaylistDto {
  /** @isInt */
  id: number;
  name: string;
  /** @isInt */
  playlistGroupId: number;
  /** The entries in their order. */
  items: PlaylistItemDto[];
}

export type PlaylistGroupRequest = PlaylistGroupInput;

/** One entry: its content (the shared ContentRefInput: the id matching `collectionType`, the others absent) and how much of it plays. */
export type PlaylistItemRequest = ContentRefInput & {
  playbackOrder: PlaybackOrder;
  /**
   * Items to play from this entry each pass, at least 1 (default 1); must be omitted with `playAll`.
   * @isInt
   */
  count?: number;
  /** Play every item of the entry each pass. */
  playAll: boolean;
  includeInProgramGuide: boolean;
};

/** Body of POST and PUT; PUT replaces every entry. */
export interface PlaylistRequest {
  /** 1–50 characters, unique within the group without regard to letter case. */
  name: string;
  /** @isInt */
  playlistGroupId: number;
  /** The entries in their order; at least one. */
  items: PlaylistItemRequest[];
}

export function toPlaylistGroupDto(group: PlaylistGroup): PlaylistGroupDto {
  return { id: group.id, name: group.name };
}

export function toPlaylistDto({ playlist, items }: PlaylistView): PlaylistDto {
  return {
    id: playlist.id,
    name: playlist.name,
    playlistGroupId: playlist.playlistGroupId,
    items: items.map((item) => ({
      ...toContentRefDto(item.target),
      playbackOrder: item.playbackOrder,
      count: item.count ?? undefined,
      playAll: item.playAll,
      includeInProgramGuide: item.includeInProgramGuide,
    })),
  };
}
