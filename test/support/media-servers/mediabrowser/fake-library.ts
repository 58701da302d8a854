import type { BaseItemDto, ChapterInfo, CollectionType, MediaSourceInfo, MediaStreamDto } from "../../../../server/media-servers/mediabrowser/dto";

/** One item the fake server holds: its wire DTO, when it was last saved, and the local file it streams. */
export interface FakeItem {
  dto: BaseItemDto;
  /** The library it belongs to (its Id), or undefined for box sets and playlists. */
  libraryId?: string;
  savedAt: number;
  file?: string;
  /** Box sets and playlists: their children's ids, in order. */
  children?: string[];
  /** An item with alternate versions: the file each other MediaSource (by its Id) streams. */
  sourceFiles?: Map<string, string>;
}

export interface FakeLibrary {
  id: string;
  name: string;
  collectionType: CollectionType;
}

let nextId = 1;

/** A 32-hex-digit id like the servers use. */
export function fakeId(): string {
  return (nextId++).toString(16).padStart(32, "0");
}

const TICKS_PER_SECOND = 10_000_000;

export interface VideoFacts {
  seconds: number;
  audioLanguages?: string[];
  subtitleLanguages?: string[];
  chapters?: Array<{ startSeconds: number; name: string }>;
  path: string;
}

/** Wire-shaped stream facts, as the server reports them for a video file. */
export function videoFields(facts: VideoFacts): Pick<BaseItemDto, "RunTimeTicks" | "MediaStreams" | "Chapters" | "Path" | "Container" | "Width" | "Height"> {
  const streams: MediaStreamDto[] = [
    { Index: 0, Type: "Video", Codec: "h264", Width: 160, Height: 120, RealFrameRate: 25, IsDefault: true, IsForced: false, Profile: "High", PixelFormat: "yuv420p", BitDepth: 8 },
    ...(facts.audioLanguages ?? ["eng"]).map((language, i): MediaStreamDto => ({ Index: i + 1, Type: "Audio", Codec: "aac", Language: language, Channels: 1, IsDefault: i === 0, IsForced: false })),
  ];
  for (const language of facts.subtitleLanguages ?? []) streams.push({ Index: streams.length, Type: "Subtitle", Codec: "subrip", Language: language, IsDefault: false, IsForced: false });
  const chapters: ChapterInfo[] = (facts.chapters ?? []).map((c) => ({ StartPositionTicks: c.startSeconds * TICKS_PER_SECOND, Name: c.name }));
  return { RunTimeTicks: facts.seconds * TICKS_PER_SECOND, MediaStreams: streams, Chapters: chapters, Path: facts.path, Container: "mp4", Width: 160, Height: 120 };
}

/** The one MediaSource the servers report for a video item with a single version (its own id, path and streams). */
export function defaultMediaSource(dto: BaseItemDto): MediaSourceInfo {
  return { Id: dto.Id, Protocol: "File", Type: "Default", Path: dto.Path, Container: dto.Container, Name: dto.Name, RunTimeTicks: dto.RunTimeTicks, MediaStreams: dto.MediaStreams, SupportsDirectPlay: true, SupportsDirectStream: true, SupportsTranscoding: true };
}

export interface VersionFacts {
  /** The MediaSource's Id: the item's own for its first version; an alternate version is an item of its own, hidden from listings. */
  id: string;
  /** What the server names the version after its file's suffix (`1080p`). */
  name: string;
  width: number;
  height: number;
  path: string;
}

/**
 * A film with several versions as Jellyfin and Emby report it: listed once (the alternates are hidden items
 * linked to it), the item's own fields (Path, MediaStreams) those of its first version, and one
 * `MediaSources` entry per version, each with its own Id, Name, Path and streams.
 */
export function versionedVideoFields(seconds: number, versions: VersionFacts[]): Pick<BaseItemDto, "RunTimeTicks" | "MediaStreams" | "Path" | "Container" | "Width" | "Height" | "MediaSources" | "MediaSourceCount"> {
  const streams = (v: VersionFacts): MediaStreamDto[] => [
    { Index: 0, Type: "Video", Codec: "h264", Width: v.width, Height: v.height, RealFrameRate: 25, IsDefault: true, IsForced: false, Profile: "High", PixelFormat: "yuv420p", BitDepth: 8 },
    { Index: 1, Type: "Audio", Codec: "aac", Language: "eng", Channels: 1, IsDefault: true, IsForced: false },
  ];
  const first = versions[0]!;
  return {
    RunTimeTicks: seconds * TICKS_PER_SECOND,
    MediaStreams: streams(first),
    Path: first.path,
    Container: "mkv",
    Width: first.width,
    Height: first.height,
    MediaSourceCount: versions.length,
    MediaSources: versions.map((v) => ({ Id: v.id, Protocol: "File", Type: "Default", Path: v.path, Container: "mkv", Name: v.name, RunTimeTicks: seconds * TICKS_PER_SECOND, MediaStreams: streams(v), SupportsDirectPlay: true, SupportsDirectStream: true, SupportsTranscoding: true })),
  };
}
