import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { ChannelPlayoutMode, StreamingMode, SubtitleDelivery, SubtitleMode, VersionPreference } from "../../domain/enums";
import { FFmpegProfile } from "./ffmpeg-profile";
import { FillerPreset } from "./filler-preset";
import { Watermark } from "./watermark";

@ObjectType({ description: "A live TV channel." })
@Entity("channel")
export class Channel {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field({ description: "Stable GUID, used by media players as the channel's identity." })
  @Column({ type: "varchar", length: 36, unique: true })
  uniqueId: string;

  @Field({ description: 'Channel number such as "4" or "4.1".' })
  @Column({ type: "varchar", length: 8, unique: true })
  number: string;

  /** The number as a decimal, for numeric ordering (2 before 10, 4 before 4.1). */
  @Index("IDX_channel_sortNumber")
  @Column({ type: "real" })
  sortNumber: number;

  @Field()
  @Column({ type: "varchar", length: 50 })
  name: string;

  @Field()
  @Column({ type: "varchar", length: 50 })
  group: string;

  @Field(() => [String])
  @Column({ type: "simple-json" })
  categories: string[];

  @Field(() => Int)
  @Column({ type: "integer" })
  ffmpegProfileId: number;

  @ManyToOne(() => FFmpegProfile, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "ffmpegProfileId" })
  ffmpegProfile?: Relation<FFmpegProfile>;

  @Field(() => StreamingMode)
  @Column({ type: "varchar", length: 40 })
  streamingMode: StreamingMode;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 2048, nullable: true })
  logoUrl: string | null;

  @Field()
  @Column({ type: "boolean" })
  isEnabled: boolean;

  @Field()
  @Column({ type: "boolean" })
  showInEpg: boolean;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  mirrorSourceChannelId: number | null;

  @ManyToOne(() => Channel, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "mirrorSourceChannelId" })
  mirrorSourceChannel?: Relation<Channel>;

  @Field(() => ChannelPlayoutMode, { description: "Continuous, or OnDemand: the timeline advances only while someone watches." })
  @Column({ type: "varchar", length: 20, default: ChannelPlayoutMode.Continuous })
  playoutMode: ChannelPlayoutMode;

  /** Seconds added to the mirror source's timeline; only with a mirror source. */
  @Column({ type: "integer", nullable: true })
  playoutOffsetSeconds: number | null;

  @Field(() => String, { nullable: true, description: "ISO 639-2 code (639-1 accepted on input)." })
  @Column({ type: "varchar", length: 3, nullable: true })
  preferredAudioLanguageCode: string | null;

  @Field(() => String, { nullable: true, description: "ISO 639-2 code (639-1 accepted on input)." })
  @Column({ type: "varchar", length: 3, nullable: true })
  preferredSubtitleLanguageCode: string | null;

  @Field(() => SubtitleMode)
  @Column({ type: "varchar", length: 20 })
  subtitleMode: SubtitleMode;

  @Field(() => SubtitleDelivery, { description: "BurnIn (default), or Soft: text subtitles as WebVTT renditions HLS viewers switch; picture subtitles and MPEG-TS viewers keep burn-in." })
  @Column({ type: "varchar", length: 20, default: SubtitleDelivery.BurnIn })
  subtitleDelivery: SubtitleDelivery;

  @Field(() => [String], { description: "Soft subtitles: one WebVTT rendition per language (ISO 639-2), in this order." })
  @Column({ type: "simple-json", default: "[]" })
  subtitleLanguageCodes: string[];

  @Field(() => [String], { description: "Audio tracks the channel carries, one per language (ISO 639-2), the first the default; empty: one track by preferredAudioLanguageCode." })
  @Column({ type: "simple-json", default: "[]" })
  audioLanguageCodes: string[];

  @Field(() => VersionPreference, { description: "Which version of an item with several plays: MatchProfile (default: one the profile can copy, else the nearest resolution at or above the profile's), HighestResolution or LowestResolution." })
  @Column({ type: "varchar", length: 30, default: VersionPreference.MatchProfile })
  versionPreference: VersionPreference;

  @Field(() => Int, { nullable: true, description: "Watermark shown on the channel's programmes (items may override)." })
  @Column({ type: "integer", nullable: true })
  watermarkId: number | null;

  /** Graphics elements drawn on the channel's programmes, in drawing order (items may add to or replace them). */
  @Field(() => [Int], { description: "Graphics elements drawn on the channel's programmes, in drawing order." })
  @Column({ type: "simple-json", default: "[]" })
  graphicsIds: number[];

  @ManyToOne(() => Watermark, { onDelete: "SET NULL" })
  @JoinColumn({ name: "watermarkId" })
  watermark?: Relation<Watermark>;

  @Field(() => Int, { nullable: true, description: "Fallback filler preset that plays in the channel's gaps instead of the offline slate." })
  @Column({ type: "integer", nullable: true })
  fallbackFillerId: number | null;

  @ManyToOne(() => FillerPreset, { onDelete: "SET NULL" })
  @JoinColumn({ name: "fallbackFillerId" })
  fallbackFiller?: Relation<FillerPreset>;
}
