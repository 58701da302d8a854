import { Field, Float, Int, ObjectType } from "type-graphql";
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../../domain/enums";
import { Resolution } from "./resolution";

@ObjectType({ description: "How FFmpeg encodes a channel's stream." })
@Entity("ffmpeg_profile")
export class FFmpegProfile {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Field(() => Int, { description: "0 lets FFmpeg decide." })
  @Column({ type: "integer", default: 0 })
  threadCount: number;

  @Field(() => HardwareAcceleration)
  @Column({ type: "varchar", length: 20, default: HardwareAcceleration.None })
  hardwareAcceleration: HardwareAcceleration;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 255, nullable: true })
  vaapiDevice: string | null;

  @Column({ type: "integer" })
  resolutionId: number;

  @Field(() => Resolution)
  @ManyToOne(() => Resolution, { eager: true, onDelete: "RESTRICT" })
  @JoinColumn({ name: "resolutionId" })
  resolution: Relation<Resolution>;

  @Field(() => ScalingBehavior)
  @Column({ type: "varchar", length: 20, default: ScalingBehavior.ScaleAndPad })
  scalingBehavior: ScalingBehavior;

  @Field(() => VideoFormat)
  @Column({ type: "varchar", length: 20, default: VideoFormat.H264 })
  videoFormat: VideoFormat;

  @Field()
  @Column({ type: "varchar", length: 20 })
  videoProfile: string;

  @Field(() => Int)
  @Column({ type: "integer", default: 8 })
  bitDepth: number;

  @Field(() => Int, { description: "kbps" })
  @Column({ type: "integer", default: 2000 })
  videoBitrate: number;

  @Field(() => Int, { description: "kbit" })
  @Column({ type: "integer", default: 4000 })
  videoBufferSize: number;

  @Field(() => AudioFormat)
  @Column({ type: "varchar", length: 20, default: AudioFormat.Aac })
  audioFormat: AudioFormat;

  @Field(() => Int, { description: "kbps" })
  @Column({ type: "integer", default: 192 })
  audioBitrate: number;

  @Field(() => Int, { description: "kbit" })
  @Column({ type: "integer", default: 384 })
  audioBufferSize: number;

  @Field(() => Int)
  @Column({ type: "integer", default: 2 })
  audioChannels: number;

  @Field(() => Float, { description: "kHz" })
  @Column({ type: "real", default: 48 })
  audioSampleRate: number;

  @Field()
  @Column({ type: "boolean", default: false })
  normalizeFramerate: boolean;

  @Field()
  @Column({ type: "boolean", default: true })
  deinterlaceVideo: boolean;

  @Field()
  @Column({ type: "boolean", default: false })
  normalizeLoudness: boolean;

  @Field({ description: "Copy video and/or audio that already fit the profile instead of transcoding them." })
  @Column({ type: "boolean", default: true })
  copyWhenCompatible: boolean;
}
