import type { BaseItemDto, ChapterInfo, CollectionType, MediaStreamDto } from "../../../../server/media-servers/mediabrowser/dto";

/** One item the fake server holds: its wire DTO, when it was last saved, and the local file it streams. */
export interface FakeItem {
  dto: BaseItemDto;
  /** The library it belongs to (its Id), or undefined for box sets and playlists. */
  libraryId?: string;
  savedAt: number;
  file?: string;
  /** Box sets and playlists: their children's ids, in order. */
  children?: string[];
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
