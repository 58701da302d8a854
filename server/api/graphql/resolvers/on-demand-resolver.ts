import { Arg, Ctx, Field, Float, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { toOnDemandStateDto, toSkipResultDto } from "../../views/on-demand-view";
import type { GraphqlContext } from "../context";

@ObjectType("OnDemandCheckpoint", { description: "Where a paused on-demand channel resumes." })
export class OnDemandCheckpointType {
  @Field(() => Int, { nullable: true, description: "The playout item; null when it paused in a gap." })
  itemId?: number;

  @Field(() => String, { nullable: true })
  title?: string;

  @Field(() => Float, { description: "Seconds into the item." })
  offsetSeconds: number;
}

@ObjectType("OnDemandState", { description: "An on-demand channel: playing, or paused since when and where it resumes." })
export class OnDemandStateType {
  @Field(() => Int)
  channelId: number;

  @Field(() => String)
  channelNumber: string;

  @Field(() => String)
  channelName: string;

  @Field(() => Boolean, { description: "True while someone watches (the timeline runs)." })
  playing: boolean;

  @Field(() => String, { nullable: true, description: "ISO 8601 time the last viewer left; null while playing." })
  pausedSince?: string;

  @Field(() => OnDemandCheckpointType, { nullable: true })
  checkpoint?: OnDemandCheckpointType;
}

@ObjectType("SkipResult", { description: "What a skip did." })
export class SkipResultType {
  @Field(() => Int)
  channelId: number;

  @Field(() => String, { description: "ISO 8601 time the next item starts (now, or a paused channel's checkpoint)." })
  at: string;

  @Field(() => Float, { description: "Seconds skipped: every later item moved this much earlier." })
  skippedSeconds: number;

  @Field(() => Int, { nullable: true, description: "The playout item that plays from `at`." })
  nextItemId?: number;

  @Field(() => String, { nullable: true })
  nextTitle?: string;
}

@Resolver()
export class OnDemandResolver {
  @Query(() => [OnDemandStateType], { description: "Every on-demand channel with a playout and its state." })
  async onDemandStates(@Ctx() ctx: GraphqlContext): Promise<OnDemandStateType[]> {
    return (await ctx.services.onDemand.states()).map(toOnDemandStateDto);
  }

  @Mutation(() => SkipResultType, { description: "Ends the programme on air for every viewer; the next item starts now and later ones move earlier." })
  async skipChannel(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<SkipResultType> {
    const result = toSkipResultDto(await ctx.services.onDemand.skip(id));
    return { channelId: result.channelId, at: result.at, skippedSeconds: result.skippedSeconds, nextItemId: result.next?.id, nextTitle: result.next?.customTitle ?? result.next?.title };
  }
}
