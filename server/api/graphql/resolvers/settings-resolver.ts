import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { settingsService, toSettingsDto } from "../../views/settings-view";
import type { GraphqlContext } from "../context";
import { SettingsInput } from "../inputs/settings-inputs";
import { SettingsType } from "../types/settings-type";

@Resolver(() => SettingsType)
export class SettingsResolver {
  @Query(() => SettingsType)
  settings(@Ctx() ctx: GraphqlContext): SettingsType {
    return toSettingsDto(settingsService(ctx.services).get(), ctx.baseUrl);
  }

  @Mutation(() => SettingsType, {
    description: "Validates and saves every given setting (all or nothing); see restartRequired. Replacing or removing a write key that is set needs it (X-Api-Key) or currentPassword.",
  })
  async updateSettings(@Arg("input", () => SettingsInput) input: SettingsInput, @Ctx() ctx: GraphqlContext): Promise<SettingsType> {
    const { currentPassword, ...change } = input;
    return toSettingsDto(await settingsService(ctx.services).update(change, { ...ctx.proof, currentPassword: currentPassword ?? undefined }), ctx.baseUrl);
  }
}
