import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { FFmpegProfile } from "../../../db/entities/ffmpeg-profile";
import { toAccelerationFailureDto } from "../../views/acceleration-failure-view";
import type { GraphqlContext } from "../context";
import { AccelerationFailureType } from "../types/stream-handling-types";
import { FFmpegProfileCreateInput, FFmpegProfileUpdateInput } from "../inputs/ffmpeg-profile-inputs";
import { HardwareAccelerationStatusType, ProfileTestResultType } from "../types/ffmpeg-trial-types";

@Resolver(() => FFmpegProfile)
export class FFmpegProfileResolver {
  @Query(() => [FFmpegProfile])
  async ffmpegProfiles(@Ctx() ctx: GraphqlContext): Promise<FFmpegProfile[]> {
    return (await ctx.services.ffmpegProfiles.list()).map((view) => view.profile);
  }

  @Query(() => FFmpegProfile, { description: "What a new profile gets for every field not given (id 0, empty name): a starting point for a new-profile form." })
  ffmpegProfileDefaults(@Ctx() ctx: GraphqlContext): FFmpegProfile {
    return ctx.services.ffmpegProfiles.defaults();
  }

  @Query(() => FFmpegProfile)
  async ffmpegProfile(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<FFmpegProfile> {
    return (await ctx.services.ffmpegProfiles.get(id)).profile;
  }

  @Mutation(() => FFmpegProfile)
  async createFFmpegProfile(
    @Arg("input", () => FFmpegProfileCreateInput) input: FFmpegProfileCreateInput,
    @Ctx() ctx: GraphqlContext,
  ): Promise<FFmpegProfile> {
    return (await ctx.services.ffmpegProfiles.create(input)).profile;
  }

  @Mutation(() => FFmpegProfile, { description: "Changes only the fields given." })
  async updateFFmpegProfile(
    @Arg("id", () => Int) id: number,
    @Arg("input", () => FFmpegProfileUpdateInput) input: FFmpegProfileUpdateInput,
    @Ctx() ctx: GraphqlContext,
  ): Promise<FFmpegProfile> {
    return (await ctx.services.ffmpegProfiles.patch(id, input)).profile;
  }

  @Mutation(() => ID, { description: "Deletes an unused, non-default profile; returns the id." })
  async deleteFFmpegProfile(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<number> {
    await ctx.services.ffmpegProfiles.delete(id);
    return id;
  }

  @Mutation(() => FFmpegProfile, { description: 'A copy named "<name> (copy)".' })
  async duplicateFFmpegProfile(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<FFmpegProfile> {
    return (await ctx.services.ffmpegProfiles.duplicate(id)).profile;
  }

  @Mutation(() => ProfileTestResultType, { description: "Encodes 5 s of a generated test pattern with the profile: speed and any FFmpeg error." })
  testFFmpegProfile(@Arg("id", () => Int) id: number, @Ctx() ctx: GraphqlContext): Promise<ProfileTestResultType> {
    return ctx.services.ffmpegProfiles.tryOut(id);
  }

  @Query(() => [HardwareAccelerationStatusType], { description: "Each hardware acceleration: usable here, or why not." })
  hardwareAccelerations(@Ctx() ctx: GraphqlContext): Promise<HardwareAccelerationStatusType[]> {
    return ctx.services.ffmpegProfiles.accelerations();
  }

  @FieldResolver(() => AccelerationFailureType, { nullable: true, description: "Its hardware acceleration failed lately: pieces are encoded in software until failingUntil." })
  accelerationFailure(@Root() profile: FFmpegProfile, @Ctx() ctx: GraphqlContext): AccelerationFailureType | null {
    return toAccelerationFailureDto(ctx.services.ffmpegProfiles.accelerationFailure(profile));
  }

  @FieldResolver(() => Boolean, { description: "New channels use the default profile when none is named." })
  async isDefault(@Root() profile: FFmpegProfile, @Ctx() ctx: GraphqlContext): Promise<boolean> {
    return (await ctx.loaders.defaultProfileId()) === profile.id;
  }
}
