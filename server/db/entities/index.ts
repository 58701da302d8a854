import { Block, BlockItem, BlockTemplate, BlockTemplateItem, PlayoutTemplate } from "./block";
import { Channel } from "./channel";
import { Collection, CollectionItem, MultiCollection, MultiCollectionItem, SmartCollection } from "./collection";
import { FFmpegProfile } from "./ffmpeg-profile";
import { FillerPreset } from "./filler-preset";
import { Library } from "./library";
import { LibraryPath } from "./library-path";
import { MediaItem } from "./media-item";
import { Artwork, MediaGuid, MediaTag } from "./media-metadata";
import { MediaSource, MediaSourceCollection, MediaSourceLibrary } from "./media-source";
import { MediaChapter, MediaStream, MediaVersion } from "./media-version";
import { Playlist, PlaylistGroup, PlaylistItem } from "./playlist";
import { Playout, PlayoutBuild, PlayoutItem } from "./playout";
import { Resolution } from "./resolution";
import { Schedule, ScheduleItem } from "./schedule";
import { OwnerSession } from "./owner-session";
import { Setting } from "./setting";
import { Watermark } from "./watermark";
import { Graphic } from "./graphic";

export {
  Artwork, Block, BlockItem, BlockTemplate, BlockTemplateItem, PlayoutTemplate, Channel, Collection, CollectionItem, FFmpegProfile, FillerPreset, Library, LibraryPath, MediaChapter,
  MediaGuid, MediaItem, MediaSource, MediaSourceCollection, MediaSourceLibrary, MediaStream, MediaTag, MediaVersion, MultiCollection, MultiCollectionItem, OwnerSession, Playlist,
  PlaylistGroup, PlaylistItem, Playout, PlayoutBuild, PlayoutItem, Resolution, Schedule, ScheduleItem, Setting,
  SmartCollection, Watermark, Graphic,
};

export const ALL_ENTITIES = [
  Artwork, Block, BlockItem, BlockTemplate, BlockTemplateItem, PlayoutTemplate, Channel, Collection, CollectionItem, FFmpegProfile, FillerPreset, Library, LibraryPath, MediaChapter,
  MediaGuid, MediaItem, MediaSource, MediaSourceCollection, MediaSourceLibrary, MediaStream, MediaTag, MediaVersion, MultiCollection, MultiCollectionItem, OwnerSession, Playlist,
  PlaylistGroup, PlaylistItem, Playout, PlayoutBuild, PlayoutItem, Resolution, Schedule, ScheduleItem, Setting,
  SmartCollection, Watermark, Graphic,
];
