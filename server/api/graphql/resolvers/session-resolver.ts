import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import type { SessionInfo } from "../../../domain/stream-session";
import type { GraphqlContext } from "../context";

@ObjectType("StreamSession", { description: "A channel being streamed: one shared FFmpeg transcode for all its viewers." })
export class StreamSessionType {
  @Field(() => String)
  channelNumber: string;

  @Field(() => String, { description: "starting, running or stopping" })
  state: string;

  @Field(() => Int, { description: "Connected MPEG-TS viewers plus HLS clients seen within the idle timeout." })
  viewers: number;

  @Field(() => String, { nullable: true, description: "ISO 8601 wall-clock time transcoded up to; null before the first segment." })
  transcodedUntil: string | null;

  @Field(() => String, { description: "ISO 8601 time of the last request that touched the session." })
  lastAccess: string;
}

function toType(info: SessionInfo): StreamSessionType {
  return {
    channelNumber: info.channelNumber,
    state: info.state,
    viewers: info.viewers,
    transcodedUntil: info.transcodedUntil === null ? null : new Date(info.transcodedUntil).toISOString(),
    lastAccess: new Date(info.lastAccess).toISOString(),
  };
}

@Resolver(() => StreamSessionType)
export class SessionResolver {
  @Query(() => [StreamSessionType], { description: "The channels being streamed now." })
  sessions(@Ctx() ctx: GraphqlContext): StreamSessionType[] {
    return ctx.services.streamSessions.list().map(toType);
  }

  @Mutation(() => Boolean, { description: "Stops the channel's streaming at once; NOT_FOUND when nothing streams it." })
  async stopSession(@Arg("channelNumber", () => String) channelNumber: string, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    await ctx.services.streamSessions.stop(channelNumber);
    return true;
  }
}
