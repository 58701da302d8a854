import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { DomainError } from "../../../services/domain-error";
import type { SettingsService, SettingsView } from "../../../services/settings-service";
import type { GraphqlContext } from "../context";
import { SettingsInput } from "../inputs/settings-inputs";
import { SettingsType } from "../types/settings-type";

function settingsOf(ctx: GraphqlContext): SettingsService {
  if (!ctx.services.settings) throw new DomainError("NotFound", "settings are not available on this server");
  return ctx.services.settings;
}

function toSettingsType(view: SettingsView, baseUrl: string): SettingsType {
  return { ...view, m3uUrl: `${baseUrl}/iptv/channels.m3u`, xmltvUrl: `${baseUrl}/iptv/xmltv.xml`, hdhomerunUrl: baseUrl };
}

@Resolver(() => SettingsType)
export class SettingsResolver {
  @Query(() => SettingsType)
  settings(@Ctx() ctx: GraphqlContext): SettingsType {
    return toSettingsType(settingsOf(ctx).get(), ctx.baseUrl);
  }

  @Mutation(() => SettingsType, { description: "Validates and saves every given setting (all or nothing); see restartRequired." })
  updateSettings(@Arg("input", () => SettingsInput) input: SettingsInput, @Ctx() ctx: GraphqlContext): SettingsType {
    return toSettingsType(settingsOf(ctx).update({ ...input }), ctx.baseUrl);
  }
}
