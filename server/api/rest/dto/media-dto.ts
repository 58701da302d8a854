import type { ArtworkKind, MediaItemKind, MediaItemState } from "../../../domain/enums";
import { artworkLinks } from "../../../services/artwork-service";
import { displayStreamUrl } from "../../../domain/remote-stream";
import type { MediaItem } from "../../../db/entities/media-item";
import type { MediaItemDetail, Page } from "../../../services/media-service";

/** A picture of an item, served from the artwork cache (ETag, long Cache-Control). */
export interface ArtworkDto {
  kind: ArtworkKind;
  /** The full image. */
  url: string;
  /** A copy at most 320 px wide, for lists and grids. */
  listUrl: string;
  /** True when the picture is the item's season's or show's (the item has none of this kind). */
  inherited: boolean;
}

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
  /** The item's pictures, one per kind (list and detail responses). */
  artwork?: ArtworkDto[];
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
  /** What tells this version from the item's others (`1080p`, `Director's Cut`): the file name's suffix or the server's name. */
  label?: string;
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
  /** Remote stream items: what they play. */
  stream?: RemoteStreamSourceDto;
}

/** A remote stream item's source: the URL without its query (which may carry a token), never its header values. */
export interface RemoteStreamSourceDto {
  /** @example "https://example.com/news/index.m3u8" */
  url?: string;
  live: boolean;
  /** Names of the headers sent with it (values are never shown). */
  headerNames: string[];
  /** The last failure to read the source (scan or play), cleared when it plays again. */
  error?: string;
  failedAt?: string;
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

/** A page of items; with `baseUrl`, each item carries its artwork URLs (when the page has artwork). */
export function toMediaItemPageDto(page: Page<MediaItem>, baseUrl?: string): MediaItemPageDto {
  const items = page.items.map((i) => {
    const dto = toMediaItemDto(i);
    const artwork = baseUrl !== undefined ? page.artwork?.get(i.id) : undefined;
    if (artwork) dto.artwork = artworkLinks(artwork, baseUrl!);
    return dto;
  });
  return { pageNumber: page.pageNumber, pageSize: page.pageSize, totalCount: page.totalCount, items };
}

export function toMediaItemDetailDto(detail: MediaItemDetail, baseUrl: string): MediaItemDetailDto {
  const names = (kind: string) => detail.tags.filter((t) => t.kind === kind).map((t) => t.name);
  return {
    ...toMediaItemDto(detail.item),
    artwork: artworkLinks(detail.artwork, baseUrl),
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
      label: v.label ?? undefined,
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
      ...(detail.item.kind === "RemoteStream" ? { stream: toRemoteStreamSourceDto(v) } : {}),
    })),
    childCount: detail.childCount,
  };
}

function toRemoteStreamSourceDto(v: MediaItemDetail["versions"][number]): RemoteStreamSourceDto {
  return {
    url: v.streamUrl ? displayStreamUrl(v.streamUrl) : undefined,
    live: v.streamLive,
    headerNames: v.streamHeaders ? Object.keys(JSON.parse(v.streamHeaders) as object) : [],
    error: v.streamError ?? undefined,
    failedAt: v.streamFailedAt ? new Date(v.streamFailedAt).toISOString() : undefined,
  };
}
