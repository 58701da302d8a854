import { Field, Float, Int, ObjectType } from "type-graphql";
import { PlayoutKind } from "../../../domain/enums";

@ObjectType("GeneratedChannelBuild")
export class GeneratedChannelBuild {
  @Field(() => Boolean)
  success: boolean;

  @Field(() => String)
  message: string;

  @Field(() => Int)
  itemCount: number;
}

@ObjectType("GeneratedChannel", { description: "A channel made (or, in a dry run, that would be made) from the library." })
export class GeneratedChannelType {
  @Field(() => String)
  number: string;

  @Field(() => String)
  name: string;

  @Field(() => String)
  group: string;

  @Field(() => String, { nullable: true, description: "The search that keeps it current (a smart collection); null for a collection or show." })
  query: string | null;

  @Field(() => Int)
  itemCount: number;

  @Field(() => Float)
  estimatedHours: number;

  @Field(() => String, { description: "The generated logo until one is set." })
  logoUrl: string;

  @Field(() => PlayoutKind)
  playoutKind: PlayoutKind;

  @Field(() => Int, { nullable: true })
  channelId?: number;

  @Field(() => Int, { nullable: true })
  playoutId?: number;

  @Field(() => GeneratedChannelBuild, { nullable: true })
  build?: GeneratedChannelBuild;
}

@ObjectType("SkippedChannelGroup")
export class SkippedGroupType {
  @Field(() => String)
  name: string;

  @Field(() => Int)
  itemCount: number;

  @Field(() => String)
  reason: string;
}

@ObjectType("ChannelGenerationReport")
export class ChannelGenerationReportType {
  @Field(() => Boolean, { description: "False for a dry run: nothing was created." })
  applied: boolean;

  @Field(() => [GeneratedChannelType])
  channels: GeneratedChannelType[];

  @Field(() => [SkippedGroupType])
  skipped: SkippedGroupType[];
}
