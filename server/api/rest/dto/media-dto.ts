import type { MediaItemKind, MediaItemState } from "../../../domain/enums";
import type { MediaItem } from "../../../db/entities/media-item";
import type { MediaItemDetail, Page } from "../../../services/media-service";

export interface MediaItemDto {
  /** @isInt */
  id: number;
  kind: MediaItemKind;
  title: string;
  sortTitle: string;
  originalTitle?: string;
  /** @isInt */
  year?: number;
  releaseDate?: string;
  plot?: string;
  contentRating?: string;
  /** @isInt */
  seasonNumber?: number;
  /** @isInt */
  episodeNumber?: number;
  /** @isInt */
  episodeEndNumber?: number;
  /** Songs: the performing artist. */
  artist?: string;
  /** Songs: the album's artist, when tagged. */
  albumArtist?: string;
  album?: string;
  /** @isInt */
  trackNumber?: number;
  /** @isInt */
  discNumber?: number;
  /** The show of a season, the season of an episode, the artist of a song. @isInt */
  parentId?: number;
  /** @isInt */
  libraryPathId: number;
  state: MediaItemState;
  addedAt: string;
}

export interface MediaStreamDto {
  /** @isInt */
  index: number;
  kind: string;
  codec?: string;
  profile?: string;
  language?: string;
  title?: string;
  /** @isInt */
  channels?: number;
  /** @isInt */
  width?: number;
  /** @isInt */
  height?: number;
  pixelFormat?: string;
  isDefault: boolean;
  isForced: boolean;
}

export interface MediaChapterDto {
  /** @isInt */
  index: number;
  /** @isLong */
  startMs: number;
  /** @isLong */
  endMs: number;
  title?: string;
}

export interface MediaVersionDto {
  /** @isInt */
  id: number;
  path: string;
  /** @isLong */
  size: number;
  /** @isLong */
  durationMs: number;
  container?: string;
  /** @isInt */
  width?: number;
  /** @isInt */
  height?: number;
  frameRate?: string;
  scanKind?: string;
  streams: MediaStreamDto[];
  chapters: MediaChapterDto[];
}

export interface MediaItemDetailDto extends MediaItemDto {
  genres: string[];
  tags: string[];
  studios: string[];
  actors: Array<{ name: string; role?: string }>;
  directors: string[];
  writers: string[];
  guids: Array<{ source: string; value: string }>;
  versions: MediaVersionDto[];
  /** Seasons of a show, episodes of a season, songs of an artist. @isInt */
  childCount: number;
}

export interface MediaItemPageDto {
  /** @isInt */
  pageNumber: number;
  /** @isInt */
  pageSize: number;
  /** @isInt */
  totalCount: number;
  items: MediaItemDto[];
}

export function toMediaItemDto(i: MediaItem): MediaItemDto {
  return {
    id: i.id,
    kind: i.kind,
    title: i.title,
    sortTitle: i.sortTitle,
    originalTitle: i.originalTitle ?? undefined,
    year: i.year ?? undefined,
    releaseDate: i.releaseDate ?? undefined,
    plot: i.plot ?? undefined,
    contentRating: i.contentRating ?? undefined,
    seasonNumber: i.seasonNumber ?? undefined,
    episodeNumber: i.episodeNumber ?? undefined,
    episodeEndNumber: i.episodeEndNumber ?? undefined,
    artist: i.artist ?? undefined,
    albumArtist: i.albumArtist ?? undefined,
    album: i.album ?? undefined,
    trackNumber: i.trackNumber ?? undefined,
    discNumber: i.discNumber ?? undefined,
    parentId: i.parentId ?? undefined,
    libraryPathId: i.libraryPathId,
    state: i.state,
    addedAt: new Date(i.addedAt).toISOString(),
  };
}

export function toMediaItemPageDto(page: Page<MediaItem>): MediaItemPageDto {
  return { pageNumber: page.pageNumber, pageSize: page.pageSize, totalCount: page.totalCount, items: page.items.map(toMediaItemDto) };
}

export function toMediaItemDetailDto(detail: MediaItemDetail): MediaItemDetailDto {
  const names = (kind: string) => detail.tags.filter((t) => t.kind === kind).map((t) => t.name);
  return {
    ...toMediaItemDto(detail.item),
    genres: names("genre"),
    tags: names("tag"),
    studios: names("studio"),
    actors: detail.tags.filter((t) => t.kind === "actor").map((t) => ({ name: t.name, role: t.detail ?? undefined })),
    directors: names("director"),
    writers: names("writer"),
    guids: detail.guids.map((g) => ({ source: g.source, value: g.value })),
    versions: detail.versions.map((v) => ({
      id: v.id,
      path: v.path,
      size: v.size,
      durationMs: v.durationMs,
      container: v.container ?? undefined,
      width: v.width ?? undefined,
      height: v.height ?? undefined,
      frameRate: v.frameRate ?? undefined,
      scanKind: v.scanKind ?? undefined,
      streams: (v.streams ?? []).map((s) => ({
        index: s.streamIndex,
        kind: s.kind,
        codec: s.codec ?? undefined,
        profile: s.profile ?? undefined,
        language: s.language ?? undefined,
        title: s.title ?? undefined,
        channels: s.channels ?? undefined,
        width: s.width ?? undefined,
        height: s.height ?? undefined,
        pixelFormat: s.pixelFormat ?? undefined,
        isDefault: s.isDefault,
        isForced: s.isForced,
      })),
      chapters: (v.chapters ?? []).map((c) => ({ index: c.chapterIndex, startMs: c.startMs, endMs: c.endMs, title: c.title ?? undefined })),
    })),
    childCount: detail.childCount,
  };
}
