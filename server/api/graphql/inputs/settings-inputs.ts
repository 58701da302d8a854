import { Field, InputType, Int } from "type-graphql";
import type { SettingsChange } from "../../../services/settings-service";

@InputType({ description: "Settings to change: a value overrides it in settings.json, null removes the override, absent leaves it." })
export class SettingsInput implements SettingsChange {
  @Field(() => String, { nullable: true })
  timeZone?: string | null;

  @Field(() => Int, { nullable: true })
  playoutDaysToBuild?: number | null;

  @Field(() => Int, { nullable: true })
  guideDaysToBuild?: number | null;

  @Field(() => Int, { nullable: true })
  hdhomerunTunerCount?: number | null;

  @Field(() => Int, { nullable: true })
  backupIntervalHours?: number | null;

  @Field(() => Int, { nullable: true })
  backupKeep?: number | null;

  @Field(() => String, { nullable: true, description: "Logging:Level: debug, info, warn or error." })
  logLevel?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Logging:IptvAccessLog" })
  iptvAccessLog?: boolean | null;

  @Field(() => String, { nullable: true })
  ffmpegPath?: string | null;

  @Field(() => String, { nullable: true })
  ffprobePath?: string | null;

  @Field(() => String, { nullable: true, description: "Api:WriteKey (applies at once; replacing or removing one that is set needs it as X-Api-Key, or currentPassword)." })
  writeKey?: string | null;

  @Field(() => String, { nullable: true, description: "JWT:IssuerSigningKey (applies after a restart)." })
  iptvTokenKey?: string | null;

  @Field(() => String, { nullable: true, description: "The owner password, as proof for replacing or removing a write key that is set (instead of X-Api-Key); not stored." })
  currentPassword?: string | null;
}
