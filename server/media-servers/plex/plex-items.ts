/** Plex metadata → Airwave's normalised `RemoteItem` (pure). */
import type { ScannedChapter, ScannedGuid, ScannedStream, ScannedStreamKind } from "../../domain/scan-protocol";
import type { RemoteArtwork, RemoteItem, RemoteItemKind, RemoteMediaFacts, RemoteVersion } from "../types";
import type { PlexGuid, PlexMedia, PlexMetadata, PlexStream } from "./plex-api";

const STREAM_KINDS: Record<number, ScannedStreamKind> = { 1: "Video", 2: "Audio", 3: "Subtitle" };

/** Legacy agents' guid schemes → the sources YAML `show` keys use. */
const LEGACY_AGENTS: Record<string, string> = {
  "com.plexapp.agents.thetvdb": "tvdb",
  "com.plexapp.agents.themoviedb": "tmdb",
  "com.plexapp.agents.imdb": "imdb",
};

export function remoteKindOf(type: string, otherVideos: boolean): RemoteItemKind | null {
  switch (type) {
    case "movie":
      return otherVideos ? "OtherVideo" : "Movie";
    case "show":
      return "Show";
    case "season":
      return "Season";
    case "episode":
      return "Episode";
    case "artist":
      return "Artist";
    case "track":
      return "Song";
    default:
      return null;
  }
}

export function toRemoteItem(item: PlexMetadata, kind: RemoteItemKind): RemoteItem {
  const media = item.Media?.[0];
  const part = media?.Part?.[0];
  const playable = kind !== "Show" && kind !== "Season" && kind !== "Artist";
  return {
    kind,
    remoteId: item.ratingKey,
    parentId: parentIdOf(item, kind),
    showId: kind === "Episode" ? item.grandparentRatingKey ?? null : undefined,
    title: item.title,
    sortTitle: item.titleSort ?? null,
    originalTitle: item.originalTitle ?? null,
    year: item.year ?? null,
    releaseDate: item.originallyAvailableAt ?? null,
    seasonNumber: kind === "Season" ? item.index ?? null : kind === "Episode" ? item.parentIndex ?? null : null,
    episodeNumber: kind === "Episode" ? item.index ?? null : null,
    genres: tags(item.Genre),
    tags: tags(item.Label),
    studios: item.studio ? [item.studio] : [],
    contentRating: item.contentRating ?? null,
    plot: item.summary ?? null,
    media: playable && media ? mediaFacts(item, media) : null,
    filePath: playable ? part?.file ?? null : null,
    mediaKey: playable ? part?.key ?? null : null,
    ...(playable && (item.Media?.length ?? 0) > 1 ? { versions: item.Media!.map((m) => versionOf(item, m)) } : {}),
    artwork: artworkOf(item, kind),
    guids: guidsOf(item),
    song:
      kind === "Song"
        ? { artist: item.grandparentTitle ?? null, albumArtist: item.grandparentTitle ?? null, album: item.parentTitle ?? null, track: item.index ?? null, disc: item.parentIndex ?? null }
        : undefined,
    updatedAt: item.updatedAt !== undefined ? item.updatedAt * 1000 : null,
  };
}

/** One `Media` of an item with several: Plex names none, so its resolution labels it (`1080p`, `4K`, `SD`). */
function versionOf(item: PlexMetadata, media: PlexMedia): RemoteVersion {
  const part = media.Part?.[0];
  return { key: String(media.id), label: resolutionLabel(media.videoResolution), media: mediaFacts(item, media), filePath: part?.file ?? null, mediaKey: part?.key ?? null };
}

/** Plex's `videoResolution` (`1080`, `720`, `4k`, `sd`) as people write it. */
function resolutionLabel(resolution: string | undefined): string | null {
  if (!resolution) return null;
  if (/^\d+$/.test(resolution)) return `${resolution}p`;
  return resolution.toUpperCase();
}

function parentIdOf(item: PlexMetadata, kind: RemoteItemKind): string | null {
  if (kind === "Season" || kind === "Episode") return item.parentRatingKey ?? null;
  if (kind === "Song") return item.grandparentRatingKey ?? null;
  return null;
}

function tags(list: { tag: string }[] | undefined): string[] {
  return (list ?? []).map((entry) => entry.tag);
}

/** `Guid` entries (`imdb://tt0111161`), plus a legacy agent's own guid (`com.plexapp.agents.thetvdb://81189/1/2?lang=en`). */
export function guidsOf(item: Pick<PlexMetadata, "guid" | "Guid">): ScannedGuid[] {
  const found = new Map<string, ScannedGuid>();
  for (const entry of item.Guid ?? []) addGuid(found, entry);
  if (item.guid) {
    const legacy = /^([a-z.]+):\/\/([^/?]+)/.exec(item.guid);
    const source = legacy ? LEGACY_AGENTS[legacy[1]] : undefined;
    if (legacy && source && !found.has(source)) found.set(source, { source, value: legacy[2] });
  }
  return [...found.values()];
}

function addGuid(found: Map<string, ScannedGuid>, entry: PlexGuid): void {
  const match = /^([a-z0-9]+):\/\/(.+)$/i.exec(entry.id);
  if (!match) return;
  const source = match[1].toLowerCase();
  if (!found.has(source)) found.set(source, { source, value: match[2] });
}

function artworkOf(item: PlexMetadata, kind: RemoteItemKind): RemoteArtwork[] {
  const artwork: RemoteArtwork[] = [];
  if (item.thumb) artwork.push({ kind: kind === "Episode" ? "Thumbnail" : kind === "Song" ? "Cover" : "Poster", ref: item.thumb });
  if (item.art) artwork.push({ kind: "Fanart", ref: item.art });
  if (item.banner) artwork.push({ kind: "Banner", ref: item.banner });
  return artwork;
}

function mediaFacts(item: PlexMetadata, media: PlexMedia): RemoteMediaFacts {
  const part = media.Part?.[0];
  const streams = part?.Stream ? part.Stream.flatMap(toStream) : summaryStreams(media);
  return {
    durationMs: media.duration ?? part?.duration ?? item.duration ?? 0,
    container: part?.container ?? media.container ?? null,
    width: media.width ?? null,
    height: media.height ?? null,
    frameRate: frameRateOf(part?.Stream),
    streams,
    chapters: (item.Chapter ?? []).map(
      (chapter): ScannedChapter => ({ index: chapter.index, startMs: chapter.startTimeOffset, endMs: chapter.endTimeOffset, title: chapter.tag ?? null }),
    ),
  };
}

function toStream(stream: PlexStream, position: number): ScannedStream[] {
  const kind = STREAM_KINDS[stream.streamType];
  if (!kind) return [];
  return [
    {
      index: stream.index ?? position,
      kind,
      codec: stream.codec ?? null,
      profile: stream.profile ?? null,
      language: stream.languageCode ?? null,
      title: stream.title ?? null,
      channels: stream.channels ?? null,
      width: stream.width ?? null,
      height: stream.height ?? null,
      bitDepth: stream.bitDepth ?? null,
      isDefault: stream.default ?? false,
      isForced: stream.forced ?? false,
    },
  ];
}

/** When the answer had no `Stream` list: what the `Media` summary says (one video, one audio stream). */
function summaryStreams(media: PlexMedia): ScannedStream[] {
  const streams: ScannedStream[] = [];
  const base = { profile: null, language: null, title: null, bitDepth: null, isDefault: true, isForced: false };
  if (media.videoCodec) {
    streams.push({ ...base, index: 0, kind: "Video", codec: media.videoCodec, channels: null, width: media.width ?? null, height: media.height ?? null });
  }
  if (media.audioCodec) {
    streams.push({ ...base, index: streams.length, kind: "Audio", codec: media.audioCodec, channels: media.audioChannels ?? null, width: null, height: null });
  }
  return streams;
}

function frameRateOf(streams: PlexStream[] | undefined): string | null {
  const rate = streams?.find((stream) => stream.streamType === 1)?.frameRate;
  return rate ? String(rate) : null;
}
