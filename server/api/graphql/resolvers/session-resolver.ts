import { Arg, Ctx, Field, Float, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { toSessionDto } from "../../views/session-view";
import { AccelerationFailureType, StreamHandlingType } from "../types/stream-handling-types";
import type { GraphqlContext } from "../context";
import { ChannelPlayoutMode } from "../../../domain/enums";
import { OnDemandCheckpointType } from "./on-demand-resolver";

@ObjectType("StreamSessionViewer", { description: "Someone watching a session." })
export class StreamSessionViewerType {
  @Field(() => String, { description: "hls (fetches playlists and segments) or mpegts (holds one connection)" })
  kind: string;

  @Field(() => String)
  address: string;

  @Field(() => String, { nullable: true })
  userAgent: string | null;

  @Field(() => String, { description: "ISO 8601 time the viewer arrived." })
  since: string;

  @Field(() => String, { description: "ISO 8601 time of its last request." })
  lastSeen: string;
}

@ObjectType("StreamSessionPiece", { description: "The piece of a channel on air now." })
export class StreamSessionPieceType {
  @Field(() => String, { description: "media, offline or error" })
  kind: string;

  @Field(() => String, { description: "The file's name for media, else what the slate says." })
  title: string;

  @Field(() => Int, { description: "Position in the file (or slate) now, seconds." })
  offsetSeconds: number;

  @Field(() => Int, { description: "Where the piece ends in the file, seconds." })
  durationSeconds: number;

  @Field(() => StreamHandlingType, { nullable: true, description: "Media: the video copied or transcoded, and why." })
  video: StreamHandlingType | null;

  @Field(() => StreamHandlingType, { nullable: true, description: "Media: the audio copied or transcoded, and why." })
  audio: StreamHandlingType | null;

  @Field(() => Int, { nullable: true, description: "A copied piece starts on the keyframe at or before its planned offset: this many ms earlier." })
  earlyMs: number | null;

  @Field(() => String, { nullable: true, description: "The hardware acceleration the piece's encoder used (None: software or copy)." })
  acceleration: string | null;
}

@ObjectType("StreamSession", { description: "A channel being streamed: its shared FFmpeg transcode, or one viewer's own FFmpeg." })
export class StreamSessionType {
  @Field(() => String)
  channelNumber: string;

  @Field(() => String, { nullable: true, description: "Null when the channel was deleted while streaming." })
  channelName: string | null;

  @Field(() => String, { description: "segmenter (shared), ts-legacy or hls-direct (one FFmpeg per viewer)" })
  mode: string;

  @Field(() => String, { description: "starting, running or stopping" })
  state: string;

  @Field(() => String, { description: "ISO 8601 time the session started." })
  startedAt: string;

  @Field(() => Int, { description: "Connected MPEG-TS viewers plus HLS clients seen within the idle timeout." })
  viewers: number;

  @Field(() => [StreamSessionViewerType])
  viewerList: StreamSessionViewerType[];

  @Field(() => StreamSessionPieceType, { nullable: true })
  nowPlaying: StreamSessionPieceType | null;

  @Field(() => Float, { nullable: true, description: "Media time per wall-clock time of the latest FFmpeg run (1 = real time)." })
  speed: number | null;

  @Field(() => Int, { description: "FFmpeg runs that failed and were followed by an error slate or a retry." })
  restarts: number;

  @Field(() => AccelerationFailureType, { nullable: true, description: "The profile's hardware acceleration is failing: pieces are encoded in software." })
  acceleration: AccelerationFailureType | null;

  @Field(() => String, { nullable: true, description: "ISO 8601 wall-clock time transcoded up to; null before the first segment." })
  transcodedUntil: string | null;

  @Field(() => String, { description: "ISO 8601 time of the last request that touched the session." })
  lastAccess: string;

  @Field(() => ChannelPlayoutMode, { nullable: true, description: "The channel's playout mode (OnDemand: its timeline runs only while watched); null when the channel was deleted while streaming." })
  playoutMode: ChannelPlayoutMode | null;

  @Field(() => String, { nullable: true, description: "On-demand channels: ISO 8601 time the timeline paused (the last viewer left); null while playing." })
  pausedSince?: string;

  @Field(() => OnDemandCheckpointType, { nullable: true, description: "On-demand channels: where the channel resumes; null while playing." })
  checkpoint?: OnDemandCheckpointType;
}

@Resolver(() => StreamSessionType)
export class SessionResolver {
  @Query(() => [StreamSessionType], { description: "The channels being streamed now." })
  async sessions(@Ctx() ctx: GraphqlContext): Promise<StreamSessionType[]> {
    return (await ctx.services.streamSessions.list()).map(toSessionDto);
  }

  @Mutation(() => Boolean, { description: "Stops the channel's streaming at once; NOT_FOUND when nothing streams it." })
  async stopSession(@Arg("channelNumber", () => String) channelNumber: string, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    await ctx.services.streamSessions.stop(channelNumber);
    return true;
  }
}
