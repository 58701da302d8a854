/** Shared vocabulary of the product. Every layer and engine may import this file; it imports nothing. */

export enum StreamingMode {
  TransportStream = "TransportStream",
  TransportStreamHybrid = "TransportStreamHybrid",
  HttpLiveStreamingSegmenter = "HttpLiveStreamingSegmenter",
  HttpLiveStreamingDirect = "HttpLiveStreamingDirect",
}

export enum SubtitleMode {
  None = "None",
  Forced = "Forced",
  Default = "Default",
  Any = "Any",
}

/**
 * How a channel delivers the subtitles `SubtitleMode` selects: burned into the picture for everyone
 * (`BurnIn`, as before), or `Soft`: text subtitles become WebVTT renditions HLS viewers switch on and off
 * (one per language of the channel's `subtitleLanguageCodes`); picture subtitles (PGS, DVD, DVB) are still
 * burned in, and MPEG-TS viewers (who cannot switch) get the selected subtitle burned in by their own FFmpeg.
 */
export enum SubtitleDelivery {
  BurnIn = "BurnIn",
  Soft = "Soft",
}

/**
 * Which version of an item with several (a 1080p and a 720p file, a server's two media) a channel plays:
 * MatchProfile (default) the one the channel's profile can copy without transcoding, else the smallest at or
 * above the profile's resolution, else the largest below it; or the highest or lowest resolution.
 */
export enum VersionPreference {
  MatchProfile = "MatchProfile",
  HighestResolution = "HighestResolution",
  LowestResolution = "LowestResolution",
}

export enum HardwareAcceleration {
  None = "None",
  Qsv = "Qsv",
  Nvenc = "Nvenc",
  Vaapi = "Vaapi",
  VideoToolbox = "VideoToolbox",
  Amf = "Amf",
}

export enum ScalingBehavior {
  ScaleAndPad = "ScaleAndPad",
  Stretch = "Stretch",
  Crop = "Crop",
}

export enum VideoFormat {
  H264 = "H264",
  Hevc = "Hevc",
  Mpeg2Video = "Mpeg2Video",
}

export enum AudioFormat {
  Aac = "Aac",
  Ac3 = "Ac3",
}

export enum LibraryKind {
  Movies = "Movies",
  Shows = "Shows",
  OtherVideos = "OtherVideos",
  Music = "Music",
  /** Remote and live streams: item files (`*.yml`, `*.json`) naming a URL, or an IPTV M3U playlist. */
  RemoteStreams = "RemoteStreams",
}

/** Which kind of media server a media source is. */
export enum MediaServerKind {
  Plex = "Plex",
  Jellyfin = "Jellyfin",
  Emby = "Emby",
}

export enum MediaItemKind {
  Movie = "Movie",
  Show = "Show",
  Season = "Season",
  Episode = "Episode",
  OtherVideo = "OtherVideo",
  Artist = "Artist",
  MusicVideo = "MusicVideo",
  Song = "Song",
  /** A URL played as it streams (a RemoteStreams library's item). */
  RemoteStream = "RemoteStream",
}

/** Which picture an episode's programme shows in the guide (`Guide:EpisodeArtwork`). */
export enum GuideEpisodeArtwork {
  ShowPoster = "ShowPoster",
  EpisodeThumbnail = "EpisodeThumbnail",
}

/** What a picture of an item shows (Kodi's art types): grids use Poster/Cover, lists Thumbnail, pages Fanart. */
export enum ArtworkKind {
  Poster = "Poster",
  Fanart = "Fanart",
  Banner = "Banner",
  Logo = "Logo",
  Thumbnail = "Thumbnail",
  /** Album art of a song (square). */
  Cover = "Cover",
}

export enum MediaItemState {
  Normal = "Normal",
  Trashed = "Trashed",
  Unavailable = "Unavailable",
}

export enum MediaStreamKind {
  Video = "Video",
  Audio = "Audio",
  Subtitle = "Subtitle",
  Attachment = "Attachment",
}

/** How a channel's timeline advances: always (`Continuous`), or only while someone watches (`OnDemand`). */
export enum ChannelPlayoutMode {
  Continuous = "Continuous",
  OnDemand = "OnDemand",
}

export enum PlayoutKind {
  Classic = "Classic",
  Block = "Block",
  Sequential = "Sequential",
  Scripted = "Scripted",
  ExternalJson = "ExternalJson",
}

export enum PlayoutMode {
  One = "One",
  Multiple = "Multiple",
  Flood = "Flood",
  Duration = "Duration",
}

export enum CollectionType {
  Collection = "Collection",
  TelevisionShow = "TelevisionShow",
  TelevisionSeason = "TelevisionSeason",
  Artist = "Artist",
  MultiCollection = "MultiCollection",
  SmartCollection = "SmartCollection",
  Playlist = "Playlist",
  SearchQuery = "SearchQuery",
  MediaItem = "MediaItem",
}

export enum PlaybackOrder {
  Chronological = "Chronological",
  SeasonEpisode = "SeasonEpisode",
  Random = "Random",
  Shuffle = "Shuffle",
  ShuffleInOrder = "ShuffleInOrder",
  MultiEpisodeShuffle = "MultiEpisodeShuffle",
  RandomRotation = "RandomRotation",
  Marathon = "Marathon",
}

export enum FixedStartTimeBehavior {
  Strict = "Strict",
  Flexible = "Flexible",
}

export enum TailMode {
  None = "None",
  Offline = "Offline",
  Filler = "Filler",
}

export enum GuideMode {
  Normal = "Normal",
  Filler = "Filler",
}

export enum FillerKind {
  None = "None",
  PreRoll = "PreRoll",
  MidRoll = "MidRoll",
  PostRoll = "PostRoll",
  Tail = "Tail",
  Fallback = "Fallback",
}

export enum FillerMode {
  Duration = "Duration",
  Count = "Count",
  RandomCount = "RandomCount",
  Pad = "Pad",
}

export enum WatermarkPosition {
  TopLeft = "TopLeft",
  TopRight = "TopRight",
  BottomLeft = "BottomLeft",
  BottomRight = "BottomRight",
  Center = "Center",
}

/** Where a graphics element sits: the nine anchors of the frame. */
export enum GraphicPosition {
  TopLeft = "TopLeft",
  TopCenter = "TopCenter",
  TopRight = "TopRight",
  MiddleLeft = "MiddleLeft",
  Center = "Center",
  MiddleRight = "MiddleRight",
  BottomLeft = "BottomLeft",
  BottomCenter = "BottomCenter",
  BottomRight = "BottomRight",
}

/** What a graphics element draws. */
export enum GraphicKind {
  /** A template with placeholders (`{{title}}`, `{{next.start}}`, …). */
  Text = "Text",
  /** A PNG, JPEG or WebP image. */
  Image = "Image",
  /** Two lines: what is on, and what comes next with its start time. */
  NowNext = "NowNext",
  /** The channel's local time. */
  Clock = "Clock",
}

/** When a graphics element shows. */
export enum GraphicShow {
  Always = "Always",
  /** The first `seconds` of each programme. */
  ProgrammeStart = "ProgrammeStart",
  /** The last `seconds` of each programme ("up next"). */
  BeforeProgrammeEnd = "BeforeProgrammeEnd",
  /** `seconds` every `everyMinutes` minutes of the clock. */
  EveryMinutes = "EveryMinutes",
}

/** How times are written: 24-hour (`21:05`) or 12-hour (`9:05 PM`). */
export enum GraphicTimeFormat {
  TwentyFourHour = "TwentyFourHour",
  TwelveHour = "TwelveHour",
}

/** How a schedule or block item's graphics combine with the channel's. */
export enum GraphicsMode {
  /** The item's elements are drawn after the channel's. */
  Add = "Add",
  /** Only the item's elements are drawn (none, when its list is empty). */
  Replace = "Replace",
}

export enum WatermarkMode {
  Permanent = "Permanent",
  Intermittent = "Intermittent",
}

/** Where a watermark's image comes from: a file, or the logo of the channel it plays on. */
export enum WatermarkImageSource {
  Custom = "Custom",
  ChannelLogo = "ChannelLogo",
}

/** Scaled to a percentage of the frame width, or drawn at the image's own size. */
export enum WatermarkSize {
  Scaled = "Scaled",
  ActualSize = "ActualSize",
}

export enum BuildMode {
  Continue = "Continue",
  Refresh = "Refresh",
  Reset = "Reset",
}

export enum MarathonGroupBy {
  Show = "Show",
  Season = "Season",
  Artist = "Artist",
  Album = "Album",
  Director = "Director",
}

export enum MultipleMode {
  Count = "Count",
  CollectionSize = "CollectionSize",
  PlaylistItemSize = "PlaylistItemSize",
  MultiEpisodeGroupSize = "MultiEpisodeGroupSize",
}

export enum DayOfWeek {
  Monday = "Monday",
  Tuesday = "Tuesday",
  Wednesday = "Wednesday",
  Thursday = "Thursday",
  Friday = "Friday",
  Saturday = "Saturday",
  Sunday = "Sunday",
}

export enum BlockStopScheduling {
  AfterDurationEnd = "AfterDurationEnd",
  BeforeDurationEnd = "BeforeDurationEnd",
}

/** What "channels made for you" groups a library by: one channel per network, genre, decade, collection or show. */
export enum ChannelGrouping {
  Network = "Network",
  Genre = "Genre",
  Decade = "Decade",
  Collection = "Collection",
  Show = "Show",
}

/** How a made channel plays its content: shows shuffled with each show's episodes in order (Classic), or a Block day of equal slots. */
export enum GeneratedPlayoutStyle {
  ShuffledShows = "ShuffledShows",
  BlockDay = "BlockDay",
}
