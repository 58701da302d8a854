import { LibraryKind } from "../../domain/enums";
import type { ScannedChapter, ScannedStream, ScannedStreamKind } from "../../domain/scan-protocol";
import type { MediaServerLibraryKind, RemoteArtwork, RemoteArtworkKind, RemoteItem, RemoteItemKind, RemoteLibrary, RemoteMediaFacts } from "../types";
import type { BaseItemDto, BaseItemKind, ChapterInfo, EmbyItemExtras, MediaSourceInfo, MediaStreamDto } from "./dto";

const TICKS_PER_MS = 10_000;

/** Library kinds Airwave uses, by the server's collection type; other libraries (books, photos…) are not listed. */
const LIBRARY_KINDS: Record<string, MediaServerLibraryKind> = { movies: LibraryKind.Movies, tvshows: LibraryKind.Shows, homevideos: LibraryKind.OtherVideos, music: LibraryKind.Music };

/** What a library of each kind is made of, parents first. */
export const ITEM_TYPES: Record<LibraryKind, BaseItemKind[]> = {
  [LibraryKind.Movies]: ["Movie"],
  [LibraryKind.Shows]: ["Series", "Season", "Episode"],
  [LibraryKind.OtherVideos]: ["Video"],
  [LibraryKind.Music]: ["Audio"],
  [LibraryKind.RemoteStreams]: [],
};

const ITEM_KINDS: Partial<Record<string, RemoteItemKind>> = { Movie: "Movie", Series: "Show", Season: "Season", Episode: "Episode", Video: "OtherVideo", MusicVideo: "MusicVideo", Audio: "Song" };

export function toRemoteLibrary(folder: BaseItemDto): RemoteLibrary | null {
  const kind = folder.CollectionType ? LIBRARY_KINDS[folder.CollectionType] : undefined;
  if (!kind || !folder.Id) return null;
  return { id: folder.Id, name: folder.Name ?? folder.Id, kind };
}

/** A server item in Airwave's shape; null for item types Airwave does not keep. */
export function toRemoteItem(dto: BaseItemDto & EmbyItemExtras): RemoteItem | null {
  const kind = dto.Type ? ITEM_KINDS[dto.Type] : undefined;
  if (!kind || !dto.Id) return null;
  const playable = kind !== "Show" && kind !== "Season";
  const item: RemoteItem = {
    kind,
    remoteId: dto.Id,
    parentId: kind === "Season" ? (dto.SeriesId ?? dto.ParentId ?? null) : kind === "Episode" ? (dto.SeasonId ?? null) : null,
    showId: kind === "Episode" ? (dto.SeriesId ?? null) : null,
    title: dto.Name?.trim() || dto.Id,
    sortTitle: dto.SortName ?? null,
    originalTitle: dto.OriginalTitle ?? null,
    year: dto.ProductionYear ?? null,
    releaseDate: dto.PremiereDate ? dto.PremiereDate.slice(0, 10) : null,
    seasonNumber: kind === "Season" ? (dto.IndexNumber ?? null) : kind === "Episode" ? (dto.ParentIndexNumber ?? null) : null,
    episodeNumber: kind === "Episode" ? (dto.IndexNumber ?? null) : null,
    episodeEndNumber: kind === "Episode" ? (dto.IndexNumberEnd ?? null) : null,
    genres: dto.Genres ?? [],
    tags: dto.Tags?.length ? dto.Tags : (dto.TagItems ?? []).flatMap((t) => (t.Name ? [t.Name] : [])),
    studios: (dto.Studios ?? []).map((s: { Name?: string | null }) => s.Name ?? "").filter(Boolean),
    contentRating: dto.OfficialRating ?? null,
    plot: dto.Overview ?? null,
    media: playable ? mediaFacts(dto) : null,
    filePath: playable ? (dto.Path ?? null) : null,
    mediaKey: playable ? `${kind === "Song" ? "Audio" : "Videos"}/${dto.Id}` : null,
    ...(playable ? versionsOf(dto, kind) : {}),
    artwork: artwork(dto, kind),
    guids: guids(dto.ProviderIds),
    updatedAt: null,
  };
  if (kind === "Song") {
    item.song = { artist: dto.Artists?.[0] ?? null, albumArtist: dto.AlbumArtist ?? null, album: dto.Album ?? null, track: dto.IndexNumber ?? null, disc: dto.ParentIndexNumber ?? null };
  }
  return item;
}

function mediaFacts(dto: BaseItemDto): RemoteMediaFacts {
  return facts(dto.RunTimeTicks, dto.Container, dto.MediaStreams ?? [], dto);
}

/**
 * An item with several `MediaSources` (alternate versions: the server lists the item once): each one, the
 * item's own first. A version streams through the item's route with its `mediaSourceId`.
 */
function versionsOf(dto: BaseItemDto, kind: RemoteItemKind): Pick<RemoteItem, "versions"> {
  const sources: MediaSourceInfo[] = (dto.MediaSources ?? []).filter((s: MediaSourceInfo) => s.Id);
  if (sources.length < 2) return {};
  const ordered = [...sources.filter((s) => s.Id === dto.Id), ...sources.filter((s) => s.Id !== dto.Id)];
  const route = `${kind === "Song" ? "Audio" : "Videos"}/${dto.Id}`;
  return {
    versions: ordered.map((s) => ({
      key: s.Id!,
      label: s.Name?.trim() || null,
      media: facts(s.RunTimeTicks ?? dto.RunTimeTicks, s.Container ?? dto.Container, s.MediaStreams ?? [], dto),
      filePath: s.Path ?? null,
      mediaKey: s.Id === dto.Id ? route : `${route}/${s.Id}`,
    })),
  };
}

function facts(ticks: number | null | undefined, container: string | null | undefined, dtoStreams: MediaStreamDto[], dto: BaseItemDto): RemoteMediaFacts {
  const durationMs = Math.round((ticks ?? 0) / TICKS_PER_MS);
  const video = dtoStreams.find((s) => s.Type === "Video");
  return {
    durationMs,
    container: container ?? null,
    width: video?.Width ?? dto.Width ?? null,
    height: video?.Height ?? dto.Height ?? null,
    frameRate: video?.RealFrameRate ? String(video.RealFrameRate) : null,
    streams: dtoStreams.flatMap(toStream),
    chapters: chapters(dto.Chapters ?? [], durationMs),
  };
}

const STREAM_KINDS: Partial<Record<string, ScannedStreamKind>> = { Video: "Video", Audio: "Audio", Subtitle: "Subtitle" };

function toStream(s: MediaStreamDto): ScannedStream[] {
  const kind = s.Type ? STREAM_KINDS[s.Type] : undefined;
  if (!kind || s.Index === undefined) return [];
  return [{
    index: s.Index,
    kind,
    codec: s.Codec ?? null,
    profile: s.Profile ?? null,
    language: s.Language && s.Language.length <= 3 ? s.Language : null,
    title: s.Title ?? null,
    channels: s.Channels ?? null,
    width: s.Width ?? null,
    height: s.Height ?? null,
    pixelFormat: s.PixelFormat ?? null,
    bitDepth: s.BitDepth ?? null,
    isDefault: s.IsDefault ?? false,
    isForced: s.IsForced ?? false,
  }];
}

function chapters(list: ChapterInfo[], durationMs: number): ScannedChapter[] {
  const starts = list.map((c) => Math.round((c.StartPositionTicks ?? 0) / TICKS_PER_MS));
  return list.map((c, index) => ({ index, startMs: starts[index], endMs: starts[index + 1] ?? durationMs, title: c.Name ?? null }));
}

function artwork(dto: BaseItemDto, kind: RemoteItemKind): RemoteArtwork[] {
  const out: RemoteArtwork[] = [];
  const tags: Record<string, string | null> = dto.ImageTags ?? {};
  const primary: RemoteArtworkKind = kind === "Episode" ? "Thumbnail" : kind === "Song" ? "Cover" : "Poster";
  const byType: Array<[string, RemoteArtworkKind]> = [["Primary", primary], ["Logo", "Logo"], ["Banner", "Banner"], ["Thumb", "Thumbnail"]];
  for (const [type, artworkKind] of byType) {
    if (tags[type] && !out.some((a) => a.kind === artworkKind)) out.push({ kind: artworkKind, ref: `Items/${dto.Id}/Images/${type}` });
  }
  if (dto.BackdropImageTags?.length) out.push({ kind: "Fanart", ref: `Items/${dto.Id}/Images/Backdrop` });
  return out;
}

function guids(providerIds: Record<string, string | null> | null | undefined): Array<{ source: string; value: string }> {
  const out: Array<{ source: string; value: string }> = [];
  for (const [source, value] of Object.entries(providerIds ?? {})) {
    const key = source.toLowerCase();
    if (value && (key === "imdb" || key === "tmdb" || key === "tvdb")) out.push({ source: key, value });
  }
  return out;
}

/** An artwork ref this module made (and nothing else: refs never reach other server routes). */
export function isArtworkRef(ref: string): boolean {
  return /^Items\/[A-Za-z0-9-]{1,64}\/Images\/(Primary|Logo|Banner|Thumb|Backdrop)$/.test(ref);
}
