import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import sqlite3 from "sqlite3";
import { makeCountingClip } from "../../streaming/support/stream-fixtures";

/**
 * An ErsatzTV data folder built by hand from the facts of ErsatzTV's public sources: `ersatztv.sqlite3` with the
 * tables and columns of its SQLite schema as of migration 20260429142552_Add_ChannelNextEngineTextSubtitleMode
 * (TvContextModelSnapshot; table per type, so a LocalLibrary, PlexMovie or ProgramScheduleFloodItem row shares
 * its id with its base table's row). Only the tables the importer reads are made, each with all its columns; the
 * SQL is ours. Enums are ErsatzTV's numbers, booleans 0/1, TimeSpans `hh:mm:ss` text.
 */
const SCHEMA = `
CREATE TABLE MediaSource (Id INTEGER PRIMARY KEY AUTOINCREMENT);
CREATE TABLE LocalMediaSource (Id INTEGER PRIMARY KEY REFERENCES MediaSource (Id));
CREATE TABLE PlexMediaSource (Id INTEGER PRIMARY KEY REFERENCES MediaSource (Id), ClientIdentifier TEXT, LastCollectionsScan TEXT, Platform TEXT, PlatformVersion TEXT, ProductVersion TEXT, ServerName TEXT);
CREATE TABLE PlexConnection (Id INTEGER PRIMARY KEY AUTOINCREMENT, IsActive INTEGER NOT NULL, PlexMediaSourceId INTEGER NOT NULL REFERENCES PlexMediaSource (Id), Uri TEXT);
CREATE TABLE Library (Id INTEGER PRIMARY KEY AUTOINCREMENT, LastScan TEXT, MediaKind INTEGER NOT NULL, MediaSourceId INTEGER NOT NULL REFERENCES MediaSource (Id), Name TEXT);
CREATE TABLE LocalLibrary (Id INTEGER PRIMARY KEY REFERENCES Library (Id));
CREATE TABLE PlexLibrary (Id INTEGER PRIMARY KEY REFERENCES Library (Id), "Key" TEXT, LastNetworksScan TEXT, ShouldSyncItems INTEGER NOT NULL);
CREATE TABLE LibraryPath (Id INTEGER PRIMARY KEY AUTOINCREMENT, LastScan TEXT, LibraryId INTEGER NOT NULL REFERENCES Library (Id), Path TEXT);
CREATE TABLE MediaItem (Id INTEGER PRIMARY KEY AUTOINCREMENT, LibraryPathId INTEGER NOT NULL REFERENCES LibraryPath (Id), State INTEGER NOT NULL);
CREATE TABLE Movie (Id INTEGER PRIMARY KEY REFERENCES MediaItem (Id));
CREATE TABLE PlexMovie (Id INTEGER PRIMARY KEY REFERENCES Movie (Id), Etag TEXT, "Key" TEXT);
CREATE TABLE Show (Id INTEGER PRIMARY KEY REFERENCES MediaItem (Id));
CREATE TABLE Season (Id INTEGER PRIMARY KEY REFERENCES MediaItem (Id), SeasonNumber INTEGER NOT NULL, ShowId INTEGER NOT NULL REFERENCES Show (Id));
CREATE TABLE Episode (Id INTEGER PRIMARY KEY REFERENCES MediaItem (Id), SeasonId INTEGER NOT NULL REFERENCES Season (Id));
CREATE TABLE MediaVersion (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, DateAdded TEXT NOT NULL, DateUpdated TEXT NOT NULL, DisplayAspectRatio TEXT, Duration TEXT NOT NULL, EpisodeId INTEGER,
  Height INTEGER NOT NULL, ImageId INTEGER, InterlacedRatio REAL, MovieId INTEGER, MusicVideoId INTEGER, Name TEXT, OtherVideoId INTEGER, RFrameRate TEXT,
  RemoteStreamId INTEGER, SampleAspectRatio TEXT, SongId INTEGER, VideoScanKind INTEGER NOT NULL, Width INTEGER NOT NULL
);
CREATE TABLE MediaFile (Id INTEGER PRIMARY KEY AUTOINCREMENT, LibraryFolderId INTEGER, MediaVersionId INTEGER NOT NULL REFERENCES MediaVersion (Id), Path TEXT, PathHash TEXT);
CREATE TABLE MovieMetadata (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, ContentRating TEXT, DateAdded TEXT NOT NULL, DateUpdated TEXT NOT NULL, MetadataKind INTEGER NOT NULL, MovieId INTEGER NOT NULL,
  OriginalTitle TEXT, Outline TEXT, Plot TEXT, ReleaseDate TEXT, SortTitle TEXT, Tagline TEXT, Title TEXT, Year INTEGER
);
CREATE TABLE ShowMetadata (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, ContentRating TEXT, DateAdded TEXT NOT NULL, DateUpdated TEXT NOT NULL, MetadataKind INTEGER NOT NULL, OriginalTitle TEXT,
  Outline TEXT, Plot TEXT, ReleaseDate TEXT, ShowId INTEGER NOT NULL, SortTitle TEXT, Tagline TEXT, Title TEXT, Year INTEGER
);
CREATE TABLE Resolution (Id INTEGER PRIMARY KEY AUTOINCREMENT, Height INTEGER NOT NULL, IsCustom INTEGER NOT NULL, Name TEXT, Width INTEGER NOT NULL);
CREATE TABLE FFmpegProfile (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, AllowBFrames INTEGER NOT NULL, AudioBitrate INTEGER NOT NULL, AudioBufferSize INTEGER NOT NULL, AudioChannels INTEGER NOT NULL,
  AudioFormat INTEGER NOT NULL, AudioSampleRate INTEGER NOT NULL, BitDepth INTEGER NOT NULL, DeinterlaceVideo INTEGER, HardwareAcceleration INTEGER NOT NULL, Name TEXT,
  NormalizeAudio INTEGER NOT NULL, NormalizeColors INTEGER NOT NULL, NormalizeFramerate INTEGER NOT NULL, NormalizeLoudnessMode INTEGER NOT NULL, NormalizeVideo INTEGER NOT NULL,
  PadMode INTEGER NOT NULL, QsvExtraHardwareFrames INTEGER, ResolutionId INTEGER NOT NULL REFERENCES Resolution (Id), ScalingBehavior INTEGER NOT NULL, TargetLoudness REAL,
  ThreadCount INTEGER NOT NULL, TonemapAlgorithm INTEGER NOT NULL, VaapiDevice TEXT, VaapiDisplay TEXT, VaapiDriver INTEGER NOT NULL, VideoBitrate INTEGER NOT NULL,
  VideoBufferSize INTEGER NOT NULL, VideoFormat INTEGER NOT NULL, VideoPreset TEXT, VideoProfile TEXT
);
CREATE TABLE ChannelWatermark (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, DurationSeconds INTEGER NOT NULL, FrequencyMinutes INTEGER NOT NULL, HorizontalMarginPercent REAL NOT NULL, Image TEXT,
  ImageSource INTEGER NOT NULL, Location INTEGER NOT NULL, Mode INTEGER NOT NULL, Name TEXT, Opacity INTEGER NOT NULL, OpacityExpression TEXT, OriginalContentType TEXT,
  PlaceWithinSourceContent INTEGER NOT NULL, Size INTEGER NOT NULL, VerticalMarginPercent REAL NOT NULL, WidthPercent REAL NOT NULL, ZIndex INTEGER NOT NULL
);
CREATE TABLE Collection (Id INTEGER PRIMARY KEY AUTOINCREMENT, Name TEXT, UseCustomPlaybackOrder INTEGER NOT NULL);
CREATE TABLE CollectionItem (CollectionId INTEGER NOT NULL REFERENCES Collection (Id), MediaItemId INTEGER NOT NULL REFERENCES MediaItem (Id), CustomIndex INTEGER, PRIMARY KEY (CollectionId, MediaItemId));
CREATE TABLE SmartCollection (Id INTEGER PRIMARY KEY AUTOINCREMENT, Name TEXT, Query TEXT);
CREATE TABLE MultiCollection (Id INTEGER PRIMARY KEY AUTOINCREMENT, Name TEXT);
CREATE TABLE MultiCollectionItem (MultiCollectionId INTEGER NOT NULL, CollectionId INTEGER NOT NULL, PlaybackOrder INTEGER NOT NULL, ScheduleAsGroup INTEGER NOT NULL, PRIMARY KEY (MultiCollectionId, CollectionId));
CREATE TABLE MultiCollectionSmartItem (MultiCollectionId INTEGER NOT NULL, SmartCollectionId INTEGER NOT NULL, PlaybackOrder INTEGER NOT NULL, ScheduleAsGroup INTEGER NOT NULL, PRIMARY KEY (MultiCollectionId, SmartCollectionId));
CREATE TABLE FillerPreset (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, AllowWatermarks INTEGER NOT NULL, CollectionId INTEGER, CollectionType INTEGER NOT NULL, Count INTEGER, Duration TEXT, Expression TEXT,
  FillerKind INTEGER NOT NULL, FillerMode INTEGER NOT NULL, MediaItemId INTEGER, MultiCollectionId INTEGER, Name TEXT, PadToNearestMinute INTEGER, PlaylistId INTEGER,
  SmartCollectionId INTEGER, UseChaptersAsMediaItems INTEGER NOT NULL
);
CREATE TABLE Channel (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, Categories TEXT, FFmpegProfileId INTEGER NOT NULL REFERENCES FFmpegProfile (Id), FallbackFillerId INTEGER, "Group" TEXT,
  IdleBehavior INTEGER NOT NULL, IsEnabled INTEGER NOT NULL, MirrorSourceChannelId INTEGER, MusicVideoCreditsMode INTEGER NOT NULL, MusicVideoCreditsTemplate TEXT, Name TEXT,
  NextEngineTextSubtitleMode INTEGER NOT NULL, Number TEXT, PlayoutMode INTEGER NOT NULL, PlayoutOffset TEXT, PlayoutSource INTEGER NOT NULL, PreferredAudioLanguageCode TEXT,
  PreferredAudioTitle TEXT, PreferredSubtitleLanguageCode TEXT, ShowInEpg INTEGER NOT NULL, SlugSeconds REAL, SongVideoMode INTEGER NOT NULL, SortNumber REAL NOT NULL,
  StreamSelector TEXT, StreamSelectorMode INTEGER NOT NULL, StreamingEngine INTEGER NOT NULL, StreamingMode INTEGER NOT NULL, SubtitleMode INTEGER NOT NULL,
  TranscodeMode INTEGER NOT NULL, UniqueId TEXT NOT NULL, WatermarkId INTEGER
);
CREATE TABLE Artwork (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, ArtistMetadataId INTEGER, ArtworkKind INTEGER NOT NULL, BlurHash43 TEXT, BlurHash54 TEXT, BlurHash64 TEXT, ChannelId INTEGER,
  DateAdded TEXT NOT NULL, DateUpdated TEXT NOT NULL, EpisodeMetadataId INTEGER, ImageMetadataId INTEGER, IsMetadataOrphan INTEGER, MovieMetadataId INTEGER,
  MusicVideoMetadataId INTEGER, OriginalContentType TEXT, OtherVideoMetadataId INTEGER, Path TEXT, RemoteStreamMetadataId INTEGER, SeasonMetadataId INTEGER,
  ShowMetadataId INTEGER, SongMetadataId INTEGER, SourcePath TEXT
);
CREATE TABLE ProgramSchedule (Id INTEGER PRIMARY KEY AUTOINCREMENT, FixedStartTimeBehavior INTEGER NOT NULL, KeepMultiPartEpisodesTogether INTEGER NOT NULL, Name TEXT, RandomStartPoint INTEGER NOT NULL, ShuffleScheduleItems INTEGER NOT NULL, TreatCollectionsAsShows INTEGER NOT NULL);
CREATE TABLE ProgramScheduleItem (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, CollectionId INTEGER, CollectionType INTEGER NOT NULL, CustomTitle TEXT, FakeCollectionKey TEXT, FallbackFillerId INTEGER,
  FillWithGroupMode INTEGER NOT NULL, FixedStartTimeBehavior INTEGER, GuideMode INTEGER NOT NULL, "Index" INTEGER NOT NULL, MarathonBatchSize INTEGER,
  MarathonGroupBy INTEGER NOT NULL, MarathonShuffleGroups INTEGER NOT NULL, MarathonShuffleItems INTEGER NOT NULL, MediaItemId INTEGER, MidRollFillerId INTEGER,
  MultiCollectionId INTEGER, PlaybackOrder INTEGER NOT NULL, PlaylistId INTEGER, PostRollFillerId INTEGER, PreRollFillerId INTEGER, PreferredAudioLanguageCode TEXT,
  PreferredAudioTitle TEXT, PreferredSubtitleLanguageCode TEXT, ProgramScheduleId INTEGER NOT NULL REFERENCES ProgramSchedule (Id), RerunCollectionId INTEGER,
  SearchQuery TEXT, SearchTitle TEXT, SmartCollectionId INTEGER, StartTime TEXT, SubtitleMode INTEGER, TailFillerId INTEGER
);
CREATE TABLE ProgramScheduleFloodItem (Id INTEGER PRIMARY KEY REFERENCES ProgramScheduleItem (Id));
CREATE TABLE ProgramScheduleOneItem (Id INTEGER PRIMARY KEY REFERENCES ProgramScheduleItem (Id));
CREATE TABLE ProgramScheduleMultipleItem (Id INTEGER PRIMARY KEY REFERENCES ProgramScheduleItem (Id), Count TEXT, MultipleMode INTEGER NOT NULL);
CREATE TABLE ProgramScheduleDurationItem (Id INTEGER PRIMARY KEY REFERENCES ProgramScheduleItem (Id), DiscardToFillAttempts INTEGER NOT NULL, PlayoutDuration TEXT NOT NULL, TailMode INTEGER NOT NULL);
CREATE TABLE ProgramScheduleItemWatermark (ProgramScheduleItemId INTEGER NOT NULL, WatermarkId INTEGER NOT NULL, PRIMARY KEY (ProgramScheduleItemId, WatermarkId));
CREATE TABLE ProgramScheduleAlternate (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, DaysOfMonth TEXT, DaysOfWeek TEXT, EndDay INTEGER NOT NULL, EndMonth INTEGER NOT NULL, EndYear INTEGER, "Index" INTEGER NOT NULL,
  LimitToDateRange INTEGER NOT NULL, MonthsOfYear TEXT, PlayoutId INTEGER NOT NULL, ProgramScheduleId INTEGER NOT NULL, StartDay INTEGER NOT NULL, StartMonth INTEGER NOT NULL, StartYear INTEGER
);
CREATE TABLE BlockGroup (Id INTEGER PRIMARY KEY AUTOINCREMENT, Name TEXT);
CREATE TABLE Block (Id INTEGER PRIMARY KEY AUTOINCREMENT, BlockGroupId INTEGER NOT NULL REFERENCES BlockGroup (Id), DateUpdated TEXT NOT NULL, Minutes INTEGER NOT NULL, Name TEXT, StopScheduling INTEGER NOT NULL);
CREATE TABLE BlockItem (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, BlockId INTEGER NOT NULL REFERENCES Block (Id), CollectionId INTEGER, CollectionType INTEGER NOT NULL, DisableWatermarks INTEGER NOT NULL,
  IncludeInProgramGuide INTEGER NOT NULL, "Index" INTEGER NOT NULL, MediaItemId INTEGER, MultiCollectionId INTEGER, PlaybackOrder INTEGER NOT NULL, SearchQuery TEXT,
  SearchTitle TEXT, SmartCollectionId INTEGER
);
CREATE TABLE TemplateGroup (Id INTEGER PRIMARY KEY AUTOINCREMENT, Name TEXT);
CREATE TABLE Template (Id INTEGER PRIMARY KEY AUTOINCREMENT, DateUpdated TEXT NOT NULL, Name TEXT, TemplateGroupId INTEGER NOT NULL REFERENCES TemplateGroup (Id));
CREATE TABLE TemplateItem (Id INTEGER PRIMARY KEY AUTOINCREMENT, BlockId INTEGER NOT NULL REFERENCES Block (Id), StartTime TEXT NOT NULL, TemplateId INTEGER NOT NULL REFERENCES Template (Id));
CREATE TABLE Deco (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, BreakContentMode INTEGER NOT NULL, DeadAirFallbackCollectionId INTEGER, DeadAirFallbackCollectionType INTEGER NOT NULL,
  DeadAirFallbackMediaItemId INTEGER, DeadAirFallbackMode INTEGER NOT NULL, DeadAirFallbackMultiCollectionId INTEGER, DeadAirFallbackSmartCollectionId INTEGER,
  DecoGroupId INTEGER NOT NULL, DefaultFillerCollectionId INTEGER, DefaultFillerCollectionType INTEGER NOT NULL, DefaultFillerMediaItemId INTEGER, DefaultFillerMode INTEGER NOT NULL,
  DefaultFillerMultiCollectionId INTEGER, DefaultFillerSmartCollectionId INTEGER, DefaultFillerTrimToFit INTEGER NOT NULL, GraphicsElementsMode INTEGER NOT NULL, Name TEXT,
  UseGraphicsElementsDuringFiller INTEGER NOT NULL, UseWatermarkDuringFiller INTEGER NOT NULL, WatermarkMode INTEGER NOT NULL
);
CREATE TABLE Playout (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, ChannelId INTEGER NOT NULL REFERENCES Channel (Id), DailyRebuildTime TEXT, DecoId INTEGER, OnDemandCheckpoint TEXT,
  ProgramScheduleId INTEGER, ScheduleFile TEXT, ScheduleKind INTEGER NOT NULL, Seed INTEGER NOT NULL
);
CREATE TABLE PlayoutTemplate (
  Id INTEGER PRIMARY KEY AUTOINCREMENT, DateUpdated TEXT NOT NULL, DaysOfMonth TEXT, DaysOfWeek TEXT, DecoTemplateId INTEGER, EndDay INTEGER NOT NULL, EndMonth INTEGER NOT NULL,
  EndYear INTEGER, "Index" INTEGER NOT NULL, LimitToDateRange INTEGER NOT NULL, MonthsOfYear TEXT, PlayoutId INTEGER NOT NULL REFERENCES Playout (Id), StartDay INTEGER NOT NULL,
  StartMonth INTEGER NOT NULL, StartYear INTEGER, TemplateId INTEGER NOT NULL REFERENCES Template (Id)
);
`;

const NOW = "2026-01-01 00:00:00";
const ALL_DAYS = JSON.stringify(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
const ALL_MONTHS = "1,2,3,4,5,6,7,8,9,10,11,12";

export interface ErsatzTvFolder {
  dir: string;
  database: string;
  movies: string;
  shows: string;
  /** Unique ids of the channels, by number. */
  channelIds: Record<string, string>;
}

/** `INSERT INTO table (columns) VALUES (…)` from an object (our helper; column names are ErsatzTV's). */
function insert(table: string, row: Record<string, unknown>): [string, unknown[]] {
  const columns = Object.keys(row);
  return [`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, Object.values(row)];
}

/**
 * A representative ErsatzTV setup over two local libraries of generated media (a Movies folder, a Shows folder)
 * and a Plex server: 7 channels (Classic with flood/one/multiple/duration items, Block, YAML, external JSON, an
 * on-demand Classic one, a mirror, a Scripted one), filler presets, three watermarks, collections, a
 * multi-collection, two smart collections (one query Airwave cannot read).
 */
export async function makeErsatzTvFolder(root: string): Promise<ErsatzTvFolder> {
  const dir = path.join(root, "ersatztv");
  const movies = path.join(root, "media", "movies");
  const shows = path.join(root, "media", "shows");
  fs.mkdirSync(path.join(dir, "cache", "artwork", "watermarks"), { recursive: true });
  const movieFile = (name: string) => path.join(movies, name, `${name}.mkv`);
  const episodeFile = (n: number) => path.join(shows, "Counting Show (2010)", "Season 01", `Counting Show (2010) - S01E0${n}.mkv`);
  makeCountingClip(movieFile("Counting A (2001)"), 10, 100);
  makeCountingClip(movieFile("Counting B (2002)"), 10, 160);
  makeCountingClip(movieFile("Bumper (2003)"), 5, 128);
  makeCountingClip(episodeFile(1), 8, 90);
  makeCountingClip(episodeFile(2), 8, 140);
  // A watermark image where ErsatzTV keeps uploaded ones (its artwork cache, by a hash name).
  execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=red:s=32x32", "-frames:v", "1", "-y", path.join(dir, "cache", "artwork", "watermarks", "5f2a9c.png")]);

  const yaml = path.join(root, "etv-yaml", "channel3.yaml");
  fs.mkdirSync(path.dirname(yaml), { recursive: true });
  fs.writeFileSync(yaml, 'content:\n  - collection: "Counting Movies"\n    key: movies\n    order: chronological\nplayout:\n  - count: 1\n    content: movies\n  - repeat: true\n');
  const json = path.join(root, "etv-json", "channel4.json");
  fs.mkdirSync(path.dirname(json), { recursive: true });
  fs.writeFileSync(json, JSON.stringify({
    startTime: new Date(Date.now() - 3_600_000).toISOString(),
    programs: Array.from({ length: 2000 }, (_, i) => ({ title: i % 2 ? "Counting B" : "Counting A", duration: 10_000, file: movieFile(i % 2 ? "Counting B (2002)" : "Counting A (2001)") })),
  }));

  const channelIds = { "1": "6a3c1f52-1a0e-4d7c-9a51-2f8b0c6d7e01", "2": "6a3c1f52-1a0e-4d7c-9a51-2f8b0c6d7e02", "3": "6a3c1f52-1a0e-4d7c-9a51-2f8b0c6d7e03", "4": "6a3c1f52-1a0e-4d7c-9a51-2f8b0c6d7e04", "5": "6a3c1f52-1a0e-4d7c-9a51-2f8b0c6d7e05", "6": "6a3c1f52-1a0e-4d7c-9a51-2f8b0c6d7e06", "7": "6a3c1f52-1a0e-4d7c-9a51-2f8b0c6d7e07", "8": "6a3c1f52-1a0e-4d7c-9a51-2f8b0c6d7e08" };
  const version = (column: string, id: number, seconds: number) => ["MediaVersion", { DateAdded: NOW, DateUpdated: NOW, Duration: `00:00:${String(seconds).padStart(2, "0")}`, [column]: id, Height: 90, Width: 160, Name: "Main", VideoScanKind: 1 }] as const;
  const scheduleItem = (id: number, schedule: number, index: number, row: Record<string, unknown>) => ["ProgramScheduleItem", {
    Id: id, ProgramScheduleId: schedule, Index: index, CollectionType: 0, FillWithGroupMode: 0, GuideMode: 0, MarathonGroupBy: 0, MarathonShuffleGroups: 0, MarathonShuffleItems: 0, PlaybackOrder: 1, ...row,
  }] as const;
  const channel = (id: number, number: string, row: Record<string, unknown>) => ["Channel", {
    Id: id, Number: number, SortNumber: Number(number), UniqueId: channelIds[number as keyof typeof channelIds], FFmpegProfileId: 1, IdleBehavior: 0, IsEnabled: 1, MusicVideoCreditsMode: 0,
    NextEngineTextSubtitleMode: 0, PlayoutMode: 0, PlayoutSource: 0, ShowInEpg: 1, SongVideoMode: 0, StreamSelectorMode: 0, StreamingEngine: 0, StreamingMode: 5, SubtitleMode: 0, TranscodeMode: 0, ...row,
  }] as const;

  const rows: (readonly [string, Record<string, unknown>])[] = [
    ["MediaSource", { Id: 1 }], ["LocalMediaSource", { Id: 1 }],
    ["MediaSource", { Id: 2 }], ["PlexMediaSource", { Id: 2, ServerName: "Home Plex", ClientIdentifier: "f00dcafe1234", Platform: "Linux", ProductVersion: "1.40" }],
    ["PlexConnection", { Id: 1, IsActive: 1, PlexMediaSourceId: 2, Uri: "http://192.0.2.10:32400" }],
    ["Library", { Id: 1, MediaKind: 1, MediaSourceId: 1, Name: "Movies" }], ["LocalLibrary", { Id: 1 }],
    ["Library", { Id: 2, MediaKind: 2, MediaSourceId: 1, Name: "Shows" }], ["LocalLibrary", { Id: 2 }],
    ["Library", { Id: 3, MediaKind: 1, MediaSourceId: 2, Name: "Plex Films" }], ["PlexLibrary", { Id: 3, Key: "1", ShouldSyncItems: 1 }],
    ["LibraryPath", { Id: 1, LibraryId: 1, Path: movies }], ["LibraryPath", { Id: 2, LibraryId: 2, Path: shows }], ["LibraryPath", { Id: 3, LibraryId: 3, Path: "/library/sections/1" }],
    // Movies 1-3, the show 10 with season 11 and episodes 12-13, and a Plex film 20.
    ...[[1, "Counting A (2001)", "Counting A", 2001], [2, "Counting B (2002)", "Counting B", 2002], [3, "Bumper (2003)", "Bumper", 2003]].flatMap(([id, folder, title, year]) => [
      ["MediaItem", { Id: id, LibraryPathId: 1, State: 0 }] as const, ["Movie", { Id: id }] as const,
      version("MovieId", id as number, id === 3 ? 5 : 10), ["MediaFile", { MediaVersionId: id, Path: movieFile(folder as string) }] as const,
      ["MovieMetadata", { MovieId: id, Title: title, Year: year, DateAdded: NOW, DateUpdated: NOW, MetadataKind: 0 }] as const,
    ]),
    ["MediaItem", { Id: 10, LibraryPathId: 2, State: 0 }], ["Show", { Id: 10 }], ["ShowMetadata", { ShowId: 10, Title: "Counting Show", Year: 2010, DateAdded: NOW, DateUpdated: NOW, MetadataKind: 0 }],
    ["MediaItem", { Id: 11, LibraryPathId: 2, State: 0 }], ["Season", { Id: 11, SeasonNumber: 1, ShowId: 10 }],
    ...[12, 13].flatMap((id) => [
      ["MediaItem", { Id: id, LibraryPathId: 2, State: 0 }] as const, ["Episode", { Id: id, SeasonId: 11 }] as const,
      version("EpisodeId", id, 8), ["MediaFile", { MediaVersionId: id === 12 ? 4 : 5, Path: episodeFile(id - 11) }] as const,
    ]),
    ["MediaItem", { Id: 20, LibraryPathId: 3, State: 0 }], ["Movie", { Id: 20 }], ["PlexMovie", { Id: 20, Key: "/library/metadata/555", Etag: "x" }],
    version("MovieId", 20, 59), ["MediaFile", { MediaVersionId: 6, Path: "/data/plex/Far Away (1999)/Far Away (1999).mkv" }],
    ["MovieMetadata", { MovieId: 20, Title: "Far Away", Year: 1999, DateAdded: NOW, DateUpdated: NOW, MetadataKind: 0 }],

    ["Resolution", { Id: 1, Name: "1920x1080", Width: 1920, Height: 1080, IsCustom: 0 }], ["Resolution", { Id: 2, Name: "Tiny", Width: 320, Height: 180, IsCustom: 1 }],
    ...[[1, "ETV Small", 2, 1, 600], [2, "ETV AV1", 1, 4, 4000]].map(([id, name, resolution, format, bitrate]) => ["FFmpegProfile", {
      Id: id, Name: name, ResolutionId: resolution, VideoFormat: format, VideoBitrate: bitrate, VideoBufferSize: (bitrate as number) * 2, AudioFormat: 1, AudioBitrate: 96, AudioBufferSize: 192,
      AudioChannels: 2, AudioSampleRate: 48, BitDepth: 0, DeinterlaceVideo: 1, HardwareAcceleration: 0, ThreadCount: 2, AllowBFrames: 0, NormalizeAudio: 1, NormalizeColors: 1,
      NormalizeFramerate: 0, NormalizeLoudnessMode: 0, NormalizeVideo: 1, PadMode: 0, ScalingBehavior: 0, TonemapAlgorithm: 0, VaapiDriver: 0,
    }] as const),

    ["ChannelWatermark", { Id: 1, Name: "Red corner", ImageSource: 0, Image: "5f2a9c", OriginalContentType: "image/png", Location: 0, Mode: 1, Size: 0, WidthPercent: 10, HorizontalMarginPercent: 3, VerticalMarginPercent: 3, Opacity: 80, FrequencyMinutes: 15, DurationSeconds: 15, PlaceWithinSourceContent: 0, ZIndex: 0 }],
    ["ChannelWatermark", { Id: 2, Name: "Logo bug", ImageSource: 1, Image: null, Location: 4, Mode: 2, Size: 0, WidthPercent: 12, HorizontalMarginPercent: 5, VerticalMarginPercent: 5, Opacity: 100, FrequencyMinutes: 10, DurationSeconds: 20, PlaceWithinSourceContent: 0, ZIndex: 0 }],
    ["ChannelWatermark", { Id: 3, Name: "Built-in", ImageSource: 100, Image: "ErsatzTV.png", Location: 0, Mode: 1, Size: 1, WidthPercent: 15, HorizontalMarginPercent: 5, VerticalMarginPercent: 5, Opacity: 100, FrequencyMinutes: 15, DurationSeconds: 15, PlaceWithinSourceContent: 0, ZIndex: 0 }],

    ["Collection", { Id: 1, Name: "Counting Movies", UseCustomPlaybackOrder: 0 }], ["Collection", { Id: 2, Name: "Bumpers", UseCustomPlaybackOrder: 0 }],
    ["CollectionItem", { CollectionId: 1, MediaItemId: 1 }], ["CollectionItem", { CollectionId: 1, MediaItemId: 2 }], ["CollectionItem", { CollectionId: 1, MediaItemId: 20 }],
    ["CollectionItem", { CollectionId: 2, MediaItemId: 3 }],
    ["SmartCollection", { Id: 1, Name: "All films", Query: "type:movie AND minutes:<60" }],
    ["SmartCollection", { Id: 2, Name: "Happy films", Query: "mood:happy AND type:movie" }],
    ["MultiCollection", { Id: 1, Name: "Everything" }],
    ["MultiCollectionItem", { MultiCollectionId: 1, CollectionId: 1, PlaybackOrder: 3, ScheduleAsGroup: 0 }],
    ["MultiCollectionSmartItem", { MultiCollectionId: 1, SmartCollectionId: 1, PlaybackOrder: 1, ScheduleAsGroup: 0 }],
    ["FillerPreset", { Id: 1, Name: "Bumper fallback", FillerKind: 5, FillerMode: 0, CollectionType: 0, CollectionId: 2, AllowWatermarks: 1, UseChaptersAsMediaItems: 0 }],
    ["FillerPreset", { Id: 2, Name: "One bumper before", FillerKind: 1, FillerMode: 2, Count: 1, CollectionType: 0, CollectionId: 2, AllowWatermarks: 0, UseChaptersAsMediaItems: 0 }],
    ["FillerPreset", { Id: 3, Name: "Guide filler", FillerKind: 99, FillerMode: 0, CollectionType: 0, CollectionId: 2, AllowWatermarks: 0, UseChaptersAsMediaItems: 0 }],

    // Classic schedule 1: one film, two of the collection, 30 s of the smart collection, then the show to the end.
    ["ProgramSchedule", { Id: 1, Name: "Evening", FixedStartTimeBehavior: 0, KeepMultiPartEpisodesTogether: 0, RandomStartPoint: 0, ShuffleScheduleItems: 0, TreatCollectionsAsShows: 0 }],
    scheduleItem(1, 1, 0, { CollectionType: 10, MediaItemId: 1, PreRollFillerId: 2 }), ["ProgramScheduleOneItem", { Id: 1 }],
    scheduleItem(2, 1, 1, { CollectionType: 0, CollectionId: 1, PlaybackOrder: 3 }), ["ProgramScheduleMultipleItem", { Id: 2, Count: "2", MultipleMode: 0 }],
    scheduleItem(3, 1, 2, { CollectionType: 5, SmartCollectionId: 1, PlaybackOrder: 2 }), ["ProgramScheduleDurationItem", { Id: 3, PlayoutDuration: "00:00:30", TailMode: 1, DiscardToFillAttempts: 0 }],
    scheduleItem(4, 1, 3, { CollectionType: 1, MediaItemId: 10, PlaybackOrder: 6, CustomTitle: "Counting Show marathon" }), ["ProgramScheduleFloodItem", { Id: 4 }],
    ["ProgramScheduleItemWatermark", { ProgramScheduleItemId: 4, WatermarkId: 1 }],
    // Schedule 2 (on demand): the multi-collection, flooded; schedule 3 plays a smart collection Airwave cannot read.
    ["ProgramSchedule", { Id: 2, Name: "Any time", FixedStartTimeBehavior: 1, KeepMultiPartEpisodesTogether: 0, RandomStartPoint: 0, ShuffleScheduleItems: 0, TreatCollectionsAsShows: 0 }],
    scheduleItem(5, 2, 0, { CollectionType: 4, MultiCollectionId: 1 }), ["ProgramScheduleFloodItem", { Id: 5 }],
    ["ProgramSchedule", { Id: 3, Name: "Weekends", FixedStartTimeBehavior: 0, KeepMultiPartEpisodesTogether: 0, RandomStartPoint: 0, ShuffleScheduleItems: 0, TreatCollectionsAsShows: 0 }],
    scheduleItem(6, 3, 0, { CollectionType: 5, SmartCollectionId: 2 }), ["ProgramScheduleFloodItem", { Id: 6 }],

    ["BlockGroup", { Id: 1, Name: "Blocks" }],
    ["Block", { Id: 1, BlockGroupId: 1, DateUpdated: NOW, Minutes: 30, Name: "Half hour of films", StopScheduling: 0 }],
    ["BlockItem", { Id: 1, BlockId: 1, Index: 0, CollectionType: 4, MultiCollectionId: 1, PlaybackOrder: 3, IncludeInProgramGuide: 1, DisableWatermarks: 0 }],
    ["BlockItem", { Id: 2, BlockId: 1, Index: 1, CollectionType: 9, SearchQuery: "type:episode", PlaybackOrder: 1, IncludeInProgramGuide: 1, DisableWatermarks: 1 }],
    ["TemplateGroup", { Id: 1, Name: "Templates" }],
    ["Template", { Id: 1, DateUpdated: NOW, Name: "Every half hour", TemplateGroupId: 1 }],
    ...Array.from({ length: 48 }, (_, i) => ["TemplateItem", { BlockId: 1, TemplateId: 1, StartTime: `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}:00` }] as const),
    ["Deco", { Id: 1, Name: "Evening deco", BreakContentMode: 0, DeadAirFallbackCollectionType: 0, DeadAirFallbackMode: 0, DecoGroupId: 1, DefaultFillerCollectionType: 0, DefaultFillerMode: 0, DefaultFillerTrimToFit: 0, GraphicsElementsMode: 0, UseGraphicsElementsDuringFiller: 0, UseWatermarkDuringFiller: 0, WatermarkMode: 0 }],

    channel(1, "1", { Name: "Classic Films", Group: "Films", Categories: "Movies,Family", WatermarkId: 1, FallbackFillerId: 1, PreferredAudioLanguageCode: "eng" }),
    channel(2, "2", { Name: "Block Party", Group: "Blocks", FFmpegProfileId: 2, WatermarkId: 2 }),
    channel(3, "3", { Name: "Yaml Movies", Group: "Films", StreamingMode: 4 }),
    channel(4, "4", { Name: "Json Channel", Group: "Imported", StreamingMode: 1 }),
    channel(5, "5", { Name: "On Demand", Group: "Films", PlayoutMode: 1 }),
    channel(6, "6", { Name: "Films Later", Group: "Films", PlayoutSource: 1, MirrorSourceChannelId: 1, PlayoutOffset: "00:05:00" }),
    channel(7, "7", { Name: "Scripted", Group: "Other" }),
    channel(8, "8", { Name: "Weekend Moods", Group: "Other" }),
    ["Artwork", { ArtworkKind: 2, ChannelId: 1, Path: "https://example.com/logos/classic.png", DateAdded: NOW, DateUpdated: NOW }],
    ["Artwork", { ArtworkKind: 2, ChannelId: 2, Path: "b1946ac92492d2347c6235b4d2611184", DateAdded: NOW, DateUpdated: NOW }],

    ["Playout", { Id: 1, ChannelId: 1, ScheduleKind: 1, ProgramScheduleId: 1, Seed: 12345 }],
    ["ProgramScheduleAlternate", { PlayoutId: 1, ProgramScheduleId: 3, Index: 1, DaysOfWeek: JSON.stringify(["Saturday", "Sunday"]), DaysOfMonth: "", MonthsOfYear: ALL_MONTHS, LimitToDateRange: 0, StartDay: 1, StartMonth: 1, EndDay: 31, EndMonth: 12 }],
    ["Playout", { Id: 2, ChannelId: 2, ScheduleKind: 2, Seed: 23456, DecoId: 1 }],
    ["PlayoutTemplate", { PlayoutId: 2, TemplateId: 1, Index: 0, DateUpdated: NOW, DaysOfWeek: ALL_DAYS, DaysOfMonth: "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31", MonthsOfYear: ALL_MONTHS, LimitToDateRange: 0, StartDay: 1, StartMonth: 1, EndDay: 31, EndMonth: 12 }],
    ["Playout", { Id: 3, ChannelId: 3, ScheduleKind: 3, ScheduleFile: yaml, Seed: 34567 }],
    ["Playout", { Id: 4, ChannelId: 4, ScheduleKind: 20, ScheduleFile: json, Seed: 45678 }],
    ["Playout", { Id: 5, ChannelId: 5, ScheduleKind: 1, ProgramScheduleId: 2, Seed: 56789 }],
    ["Playout", { Id: 7, ChannelId: 7, ScheduleKind: 4, ScheduleFile: "/config/scripts/channel7.py", Seed: 67890 }],
    ["Playout", { Id: 8, ChannelId: 8, ScheduleKind: 1, ProgramScheduleId: 3, Seed: 78901 }],
  ];

  const database = path.join(dir, "ersatztv.sqlite3");
  const db = new sqlite3.Database(database);
  const exec = (sql: string) => new Promise<void>((resolve, reject) => db.exec(sql, (error) => (error ? reject(error) : resolve())));
  const run = (sql: string, params: unknown[]) => new Promise<void>((resolve, reject) => db.run(sql, params, (error) => (error ? reject(error) : resolve())));
  try {
    await exec(SCHEMA);
    await exec("BEGIN");
    for (const [table, row] of rows) await run(...insert(table, row));
    await exec("COMMIT");
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
  return { dir, database, movies, shows, channelIds };
}
