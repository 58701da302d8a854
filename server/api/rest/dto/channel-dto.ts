import type { ChannelPlayoutMode, StreamingMode, SubtitleDelivery, SubtitleMode, VersionPreference } from "../../../domain/enums";
import type { ChannelInput } from "../../../services/channel-input";
import { formatPlayoutOffset, type ChannelView } from "../../../services/channel-service";
import { channelStreamPath } from "../../../services/channel-stream-path";

export interface ChannelDto {
  /** @isInt */
  id: number;
  /** Stable GUID; media players know the channel by it. */
  uniqueId: string;
  number: string;
  name: string;
  group: string;
  categories: string[];
  /** @isInt */
  ffmpegProfileId: number;
  streamingMode: StreamingMode;
  logoUrl?: string;
  isEnabled: boolean;
  showInEpg: boolean;
  /** @isInt */
  mirrorSourceChannelId?: number;
  playoutOffset?: string;
  /** `OnDemand`: the timeline advances only while someone watches. */
  playoutMode: ChannelPlayoutMode;
  preferredAudioLanguageCode?: string;
  preferredSubtitleLanguageCode?: string;
  subtitleMode: SubtitleMode;
  /** `BurnIn`, or `Soft`: text subtitles as WebVTT renditions of the HLS stream (picture subtitles and MPEG-TS viewers: burned in). */
  subtitleDelivery: SubtitleDelivery;
  /** Soft subtitles: one WebVTT rendition per language (ISO 639-2), in order. */
  subtitleLanguageCodes: string[];
  /** One audio track per language (ISO 639-2), the first the default; empty: one track by `preferredAudioLanguageCode`. */
  audioLanguageCodes: string[];
  /** Which version of an item with several plays: `MatchProfile` (one the profile can copy, else the nearest resolution at or above the profile's), `HighestResolution`, `LowestResolution`. */
  versionPreference: VersionPreference;
  /** @isInt */
  watermarkId?: number;
  /** Graphics elements drawn on the channel's programmes, in drawing order. */
  graphicsIds: number[];
  /** @isInt */
  fallbackFillerId?: number;
  /** Absolute URL of the channel's stream for its streaming mode. */
  streamUrl: string;
  /** @isInt */
  playoutId?: number;
}

/** Body of POST and PUT: `name` is required, everything else has a default. */
export interface ChannelCreateRequest extends ChannelInput {
  name: string;
}

export function toChannelDto({ channel: c, playoutId }: ChannelView, baseUrl: string): ChannelDto {
  return {
    id: c.id,
    uniqueId: c.uniqueId,
    number: c.number,
    name: c.name,
    group: c.group,
    categories: c.categories,
    ffmpegProfileId: c.ffmpegProfileId,
    streamingMode: c.streamingMode,
    logoUrl: c.logoUrl ?? undefined,
    isEnabled: c.isEnabled,
    showInEpg: c.showInEpg,
    mirrorSourceChannelId: c.mirrorSourceChannelId ?? undefined,
    playoutOffset: formatPlayoutOffset(c) ?? undefined,
    playoutMode: c.playoutMode,
    preferredAudioLanguageCode: c.preferredAudioLanguageCode ?? undefined,
    preferredSubtitleLanguageCode: c.preferredSubtitleLanguageCode ?? undefined,
    subtitleMode: c.subtitleMode,
    subtitleDelivery: c.subtitleDelivery,
    versionPreference: c.versionPreference,
    subtitleLanguageCodes: c.subtitleLanguageCodes,
    audioLanguageCodes: c.audioLanguageCodes,
    watermarkId: c.watermarkId ?? undefined,
    graphicsIds: c.graphicsIds ?? [],
    fallbackFillerId: c.fallbackFillerId ?? undefined,
    streamUrl: baseUrl + channelStreamPath(c.number, c.streamingMode),
    playoutId: playoutId ?? undefined,
  };
}
