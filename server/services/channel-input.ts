import type { ChannelPlayoutMode, StreamingMode, SubtitleDelivery, SubtitleMode, VersionPreference } from "../domain/enums";

/**
 * What a client may set on a channel. On create, omitted fields take their defaults; on a full
 * update (PUT) likewise; on a partial update (PATCH, GraphQL `updateChannel`) omitted fields keep
 * their current value and `null` clears a clearable field.
 */
export interface ChannelInput {
  /** `1`–`99999`, optionally with up to two decimals for a sub-channel (`4.1`). Defaults to the next free whole number. */
  number?: string;
  /** 1–50 characters. */
  name?: string;
  /** M3U group title, 1–50 characters; default `Airwave`. */
  group?: string;
  /** Guide categories. */
  categories?: string[];
  /**
   * Defaults to the default FFmpeg profile.
   * @isInt
   */
  ffmpegProfileId?: number;
  streamingMode?: StreamingMode;
  /** Absolute http(s) URL of an external logo. */
  logoUrl?: string | null;
  isEnabled?: boolean;
  /** Must be false while `isEnabled` is false. */
  showInEpg?: boolean;
  /**
   * A channel that is not itself a mirror; this channel then shows the source's timeline.
   * @isInt
   */
  mirrorSourceChannelId?: number | null;
  /**
   * `Continuous` (default): the timeline runs with the clock. `OnDemand`: it advances only while someone
   * watches (Sequential and ExternalJson playouts; not on a mirror channel).
   */
  playoutMode?: ChannelPlayoutMode;
  /** `hh:mm:ss`, optionally signed, within ±12 hours; only with a mirror source. */
  playoutOffset?: string | null;
  /** ISO 639-1 or 639-2 code. */
  preferredAudioLanguageCode?: string | null;
  /** ISO 639-1 or 639-2 code. */
  preferredSubtitleLanguageCode?: string | null;
  /** Which subtitles are shown: `None` turns subtitles off; the others pick a stream (see `subtitleDelivery`). */
  subtitleMode?: SubtitleMode;
  /**
   * `BurnIn` (default): the selected subtitle is burned into the picture. `Soft`: text subtitles become WebVTT
   * renditions of the HLS stream, one per `subtitleLanguageCodes` language, which viewers switch on and off;
   * picture subtitles (PGS, DVD, DVB) are still burned in, and MPEG-TS viewers get the selected subtitle burned in.
   * Needs a `subtitleMode` other than `None`.
   */
  subtitleDelivery?: SubtitleDelivery;
  /** Soft subtitles: ISO 639-1 or 639-2 codes, one WebVTT rendition each, in order (at most 8); empty: `preferredSubtitleLanguageCode`. */
  subtitleLanguageCodes?: string[];
  /**
   * Several audio tracks: ISO 639-1 or 639-2 codes, one track each in this order (at most 8), tagged in the MPEG-TS
   * PMT and listed as HLS audio renditions; the first is the default track. A programme without a language gets its
   * best match in that track. Empty (default): one track chosen by `preferredAudioLanguageCode`, as before.
   */
  audioLanguageCodes?: string[];
  /**
   * Which version of an item with several (a 1080p and a 720p file, a server's two media) plays: `MatchProfile`
   * (default) one the channel's FFmpeg profile can copy without transcoding, else the smallest at or above the
   * profile's resolution, else the largest below it; `HighestResolution`; `LowestResolution`.
   */
  versionPreference?: VersionPreference;
  /**
   * Watermark shown on the channel's programmes.
   * @isInt
   */
  watermarkId?: number | null;
  /** Graphics elements drawn on the channel's programmes, in drawing order (later ones over earlier ones); default none. */
  graphicsIds?: number[] | null;
  /**
   * A filler preset of kind Fallback: plays in gaps instead of the offline slate.
   * @isInt
   */
  fallbackFillerId?: number | null;
}
