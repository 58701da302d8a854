import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Schedule, ScheduleItem } from "../../../db/entities/schedule";
import { GraphicsMode, MarathonGroupBy } from "../../../domain/enums";
import { formatTimeSpan } from "../../../services/validation/time-span";
import type { GraphqlContext } from "../context";
import { ScheduleInputType, ScheduleItemInputType } from "../inputs/schedule-inputs";

@Resolver(() => Schedule)
export class ScheduleResolver {
  @Query(() => [Schedule], { description: "Every classic schedule, by name." })
  schedules(@Ctx() ctx: GraphqlContext): Promise<Schedule[]> {
    return ctx.services.schedules.list();
  }

  @Query(() => Schedule)
  schedule(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<Schedule> {
    return ctx.services.schedules.get(id);
  }

  @Mutation(() => Schedule)
  createSchedule(@Arg("input", () => ScheduleInputType) input: ScheduleInputType, @Ctx() ctx: GraphqlContext): Promise<Schedule> {
    return ctx.services.schedules.create(input);
  }

  @Mutation(() => Schedule)
  updateSchedule(@Arg("id", () => Int) id: number, @Arg("input", () => ScheduleInputType) input: ScheduleInputType, @Ctx() ctx: GraphqlContext): Promise<Schedule> {
    return ctx.services.schedules.update(id, input);
  }

  @Mutation(() => ID, { description: "Deletes the schedule with its items (refused while a playout uses it); returns the id." })
  async deleteSchedule(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.schedules.delete(id);
    return id;
  }

  @Mutation(() => ScheduleItem, { description: "Adds one item at its index (default: the end)." })
  addScheduleItem(
    @Arg("scheduleId", () => Int) scheduleId: number,
    @Arg("input", () => ScheduleItemInputType) input: ScheduleItemInputType,
    @Ctx() ctx: GraphqlContext,
  ): Promise<ScheduleItem> {
    return ctx.services.schedules.addItem(scheduleId, input);
  }

  @Mutation(() => [ScheduleItem], { description: "Replaces every item at once: all valid, or nothing changes." })
  replaceScheduleItems(
    @Arg("scheduleId", () => Int) scheduleId: number,
    @Arg("items", () => [ScheduleItemInputType]) items: ScheduleItemInputType[],
    @Ctx() ctx: GraphqlContext,
  ): Promise<ScheduleItem[]> {
    return ctx.services.schedules.replaceItems(scheduleId, items);
  }

  @Mutation(() => ID, { description: "Removes one item; the rest are renumbered. Returns the item id." })
  async deleteScheduleItem(@Arg("scheduleId", () => Int) scheduleId: number, @Arg("itemId", () => Int) itemId: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.schedules.deleteItem(scheduleId, itemId);
    return itemId;
  }

  @FieldResolver(() => [ScheduleItem], { description: "The items in their order." })
  items(@Root() schedule: Schedule, @Ctx() ctx: GraphqlContext): Promise<ScheduleItem[]> {
    return ctx.services.schedules.itemsOf([schedule.id]);
  }
}

/** Values stored in another form than they are shown. */
@Resolver(() => ScheduleItem)
export class ScheduleItemResolver {
  @FieldResolver(() => String, { description: "Dynamic or Fixed." })
  startType(@Root() item: ScheduleItem): string {
    return item.startTimeSeconds === null ? "Dynamic" : "Fixed";
  }

  @FieldResolver(() => String, { nullable: true, description: "Fixed start hh:mm:ss; null for a dynamic start." })
  startTime(@Root() item: ScheduleItem): string | null {
    return item.startTimeSeconds === null ? null : formatTimeSpan(item.startTimeSeconds);
  }

  @FieldResolver(() => String, { nullable: true, description: "Multiple with Count: the count expression." })
  count(@Root() item: ScheduleItem): string | null {
    return item.multipleCount;
  }

  @FieldResolver(() => String, { nullable: true, description: "Duration: hh:mm:ss." })
  playoutDuration(@Root() item: ScheduleItem): string | null {
    return item.playoutDurationSeconds === null ? null : formatTimeSpan(item.playoutDurationSeconds);
  }

  @FieldResolver(() => MarathonGroupBy, { nullable: true })
  marathonGroupBy(@Root() item: ScheduleItem): MarathonGroupBy | null {
    return (item.marathon?.groupBy as MarathonGroupBy | undefined) ?? null;
  }

  @FieldResolver(() => Boolean, { nullable: true })
  marathonShuffleGroups(@Root() item: ScheduleItem): boolean | null {
    return item.marathon?.shuffleGroups ?? null;
  }

  @FieldResolver(() => Boolean, { nullable: true })
  marathonShuffleItems(@Root() item: ScheduleItem): boolean | null {
    return item.marathon?.shuffleItems ?? null;
  }

  @FieldResolver(() => Int, { nullable: true })
  marathonBatchSize(@Root() item: ScheduleItem): number | null {
    return item.marathon?.batchSize ?? null;
  }

  @FieldResolver(() => [Int])
  watermarkIds(@Root() item: ScheduleItem): number[] {
    return item.watermarkIds ?? [];
  }

  @FieldResolver(() => [Int], { description: "Graphics elements for this item's programmes, in drawing order." })
  graphicsIds(@Root() item: ScheduleItem): number[] {
    return item.graphicsIds ?? [];
  }

  @FieldResolver(() => GraphicsMode, { description: "Add (drawn after the channel's elements) or Replace (instead of them)." })
  graphicsMode(@Root() item: ScheduleItem): GraphicsMode {
    return item.graphicsMode;
  }
}
