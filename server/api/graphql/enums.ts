import { registerEnumType } from "type-graphql";
import {
  ArtworkKind,
  AudioFormat,
  BuildMode,
  ChannelPlayoutMode,
  CollectionType,
  FixedStartTimeBehavior,
  GuideMode,
  MarathonGroupBy,
  MultipleMode,
  PlayoutMode,
  TailMode,
  HardwareAcceleration,
  LibraryKind,
  MediaItemKind,
  MediaServerKind,
  MediaItemState,
  MediaStreamKind,
  PlaybackOrder,
  PlayoutKind,
  ScalingBehavior,
  StreamingMode,
  SubtitleDelivery,
  VersionPreference,
  SubtitleMode,
  VideoFormat,
  DayOfWeek,
  FillerKind,
  FillerMode,
  WatermarkImageSource,
  GraphicKind,
  GraphicPosition,
  GraphicShow,
  GraphicTimeFormat,
  GraphicsMode,
  WatermarkMode,
  WatermarkPosition,
  WatermarkSize,
  BlockStopScheduling,
  ChannelGrouping,
  GeneratedPlayoutStyle,
} from "../../domain/enums";

let registered = false;

/** Makes the domain enums known to the GraphQL schema (by their string names). */
export function registerEnums(): void {
  if (registered) return;
  registered = true;
  registerEnumType(StreamingMode, { name: "StreamingMode" });
  registerEnumType(SubtitleMode, { name: "SubtitleMode" });
  registerEnumType(SubtitleDelivery, { name: "SubtitleDelivery" });
  registerEnumType(VersionPreference, { name: "VersionPreference" });
  registerEnumType(HardwareAcceleration, { name: "HardwareAcceleration" });
  registerEnumType(ScalingBehavior, { name: "ScalingBehavior" });
  registerEnumType(VideoFormat, { name: "VideoFormat" });
  registerEnumType(AudioFormat, { name: "AudioFormat" });
  registerEnumType(LibraryKind, { name: "LibraryKind" });
  registerEnumType(MediaItemKind, { name: "MediaItemKind" });
  registerEnumType(MediaServerKind, { name: "MediaServerKind" });
  registerEnumType(ArtworkKind, { name: "ArtworkKind" });
  registerEnumType(MediaItemState, { name: "MediaItemState" });
  registerEnumType(MediaStreamKind, { name: "MediaStreamKind" });
  registerEnumType(CollectionType, { name: "CollectionType" });
  registerEnumType(PlaybackOrder, { name: "PlaybackOrder" });
  registerEnumType(PlayoutKind, { name: "PlayoutKind" });
  registerEnumType(ChannelPlayoutMode, { name: "ChannelPlayoutMode" });
  registerEnumType(BuildMode, { name: "BuildMode" });
  registerEnumType(FixedStartTimeBehavior, { name: "FixedStartTimeBehavior" });
  registerEnumType(PlayoutMode, { name: "PlayoutMode" });
  registerEnumType(TailMode, { name: "TailMode" });
  registerEnumType(GuideMode, { name: "GuideMode" });
  registerEnumType(MarathonGroupBy, { name: "MarathonGroupBy" });
  registerEnumType(MultipleMode, { name: "MultipleMode" });
  registerEnumType(DayOfWeek, { name: "DayOfWeek" });
  registerEnumType(BlockStopScheduling, { name: "BlockStopScheduling" });
  registerEnumType(ChannelGrouping, { name: "ChannelGrouping", description: "One made channel per network (studio), genre, release decade, collection or show." });
  registerEnumType(GeneratedPlayoutStyle, { name: "GeneratedPlayoutStyle", description: "ShuffledShows: Classic, shows shuffled, episodes in order. BlockDay: a day of equal slots." });
  registerEnumType(FillerKind, { name: "FillerKind" });
  registerEnumType(FillerMode, { name: "FillerMode" });
  registerEnumType(WatermarkImageSource, { name: "WatermarkImageSource" });
  registerEnumType(WatermarkMode, { name: "WatermarkMode" });
  registerEnumType(WatermarkPosition, { name: "WatermarkPosition" });
  registerEnumType(WatermarkSize, { name: "WatermarkSize" });
  registerEnumType(GraphicKind, { name: "GraphicKind" });
  registerEnumType(GraphicPosition, { name: "GraphicPosition" });
  registerEnumType(GraphicShow, { name: "GraphicShow" });
  registerEnumType(GraphicTimeFormat, { name: "GraphicTimeFormat" });
  registerEnumType(GraphicsMode, { name: "GraphicsMode" });
}
