import { Field, InputType, Int } from "type-graphql";
import { ChannelPlayoutMode, StreamingMode, SubtitleDelivery, SubtitleMode, VersionPreference } from "../../../domain/enums";
import type { ChannelInput } from "../../../services/channel-input";

@InputType({ description: "Fields of a channel; omitted ones keep their value (or default, on create)." })
export class ChannelUpdateInput implements ChannelInput {
  @Field(() => String, { nullable: true })
  number?: string;

  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  group?: string;

  @Field(() => [String], { nullable: true })
  categories?: string[];

  @Field(() => Int, { nullable: true })
  ffmpegProfileId?: number;

  @Field(() => StreamingMode, { nullable: true })
  streamingMode?: StreamingMode;

  @Field(() => String, { nullable: true })
  logoUrl?: string | null;

  @Field(() => Boolean, { nullable: true })
  isEnabled?: boolean;

  @Field(() => Boolean, { nullable: true })
  showInEpg?: boolean;

  @Field(() => Int, { nullable: true })
  mirrorSourceChannelId?: number | null;

  @Field(() => ChannelPlayoutMode, { nullable: true, description: "OnDemand: the timeline advances only while someone watches (Sequential and ExternalJson playouts; not mirrors)." })
  playoutMode?: ChannelPlayoutMode;

  @Field(() => String, { nullable: true, description: "hh:mm:ss within ±12 h; mirrors only." })
  playoutOffset?: string | null;

  @Field(() => String, { nullable: true })
  preferredAudioLanguageCode?: string | null;

  @Field(() => String, { nullable: true })
  preferredSubtitleLanguageCode?: string | null;

  @Field(() => SubtitleMode, { nullable: true })
  subtitleMode?: SubtitleMode;

  @Field(() => SubtitleDelivery, { nullable: true, description: "BurnIn, or Soft: text subtitles as WebVTT renditions HLS viewers switch (picture subtitles and MPEG-TS viewers: burned in)." })
  subtitleDelivery?: SubtitleDelivery;

  @Field(() => [String], { nullable: true, description: "Soft subtitles: one WebVTT rendition per language (ISO 639-1 or 639-2), in order." })
  subtitleLanguageCodes?: string[];

  @Field(() => [String], { nullable: true, description: "One audio track per language (ISO 639-1 or 639-2), the first the default; empty: one track as before." })
  audioLanguageCodes?: string[];

  @Field(() => VersionPreference, { nullable: true, description: "Which version of an item with several plays: MatchProfile (default), HighestResolution or LowestResolution." })
  versionPreference?: VersionPreference;

  @Field(() => Int, { nullable: true, description: "Watermark shown on the channel's programmes." })
  watermarkId?: number | null;

  @Field(() => [Int], { nullable: true, description: "Graphics elements drawn on the channel's programmes, in drawing order." })
  graphicsIds?: number[] | null;

  @Field(() => Int, { nullable: true, description: "A Fallback filler preset played in gaps instead of the offline slate." })
  fallbackFillerId?: number | null;
}

@InputType({ description: "A new channel: name is required." })
export class ChannelCreateInput extends ChannelUpdateInput {
  @Field(() => String)
  override name: string;
}
