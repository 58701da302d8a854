import { Field, ObjectType } from "type-graphql";

@ObjectType("StreamHandling", { description: "Whether a piece copies a stream of its file or transcodes it, and why." })
export class StreamHandlingType {
  @Field(() => String, { description: "copy or transcode" })
  mode: string;

  @Field(() => String)
  reason: string;
}

@ObjectType("AccelerationFailure", { description: "A profile's hardware acceleration failed lately: its pieces are encoded in software until failingUntil." })
export class AccelerationFailureType {
  @Field(() => String)
  acceleration: string;

  @Field(() => String, { description: "ISO 8601 time the hardware is tried again." })
  failingUntil: string;

  @Field(() => String, { description: "FFmpeg's last line." })
  reason: string;
}
