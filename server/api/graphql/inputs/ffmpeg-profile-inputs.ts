import { Field, Float, InputType, Int } from "type-graphql";
import { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../../../domain/enums";
import type { FFmpegProfileInput, ResolutionInput } from "../../../services/ffmpeg-profile-input";

@InputType("ResolutionInput")
export class ResolutionInputType implements ResolutionInput {
  @Field(() => Int)
  width: number;

  @Field(() => Int)
  height: number;
}

@InputType({ description: "Fields of an FFmpeg profile; omitted ones keep their value (or default, on create)." })
export class FFmpegProfileUpdateInput implements FFmpegProfileInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => Int, { nullable: true })
  threadCount?: number;

  @Field(() => HardwareAcceleration, { nullable: true })
  hardwareAcceleration?: HardwareAcceleration;

  @Field(() => String, { nullable: true })
  vaapiDevice?: string | null;

  @Field(() => ResolutionInputType, { nullable: true })
  resolution?: ResolutionInputType;

  @Field(() => ScalingBehavior, { nullable: true })
  scalingBehavior?: ScalingBehavior;

  @Field(() => VideoFormat, { nullable: true })
  videoFormat?: VideoFormat;

  @Field(() => String, { nullable: true })
  videoProfile?: string;

  @Field(() => Int, { nullable: true })
  bitDepth?: number;

  @Field(() => Int, { nullable: true })
  videoBitrate?: number;

  @Field(() => Int, { nullable: true })
  videoBufferSize?: number;

  @Field(() => AudioFormat, { nullable: true })
  audioFormat?: AudioFormat;

  @Field(() => Int, { nullable: true })
  audioBitrate?: number;

  @Field(() => Int, { nullable: true })
  audioBufferSize?: number;

  @Field(() => Int, { nullable: true })
  audioChannels?: number;

  @Field(() => Float, { nullable: true })
  audioSampleRate?: number;

  @Field(() => Boolean, { nullable: true })
  normalizeFramerate?: boolean;

  @Field(() => Boolean, { nullable: true })
  deinterlaceVideo?: boolean;

  @Field(() => Boolean, { nullable: true })
  normalizeLoudness?: boolean;

  @Field(() => Boolean, { nullable: true, description: "Copy video and/or audio that already fit the profile; default true." })
  copyWhenCompatible?: boolean;
}

@InputType({ description: "A new FFmpeg profile: name is required." })
export class FFmpegProfileCreateInput extends FFmpegProfileUpdateInput {
  @Field(() => String)
  override name: string;
}
