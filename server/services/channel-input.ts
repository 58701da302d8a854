import type { ChannelPlayoutMode, StreamingMode, SubtitleMode } from "../domain/enums";

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
  subtitleMode?: SubtitleMode;
  /**
   * Watermark shown on the channel's programmes.
   * @isInt
   */
  watermarkId?: number | null;
  /**
   * A filler preset of kind Fallback: plays in gaps instead of the offline slate.
   * @isInt
   */
  fallbackFillerId?: number | null;
}
