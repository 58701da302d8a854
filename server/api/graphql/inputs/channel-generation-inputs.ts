import { Field, InputType, Int } from "type-graphql";
import { ChannelGrouping, GeneratedPlayoutStyle } from "../../../domain/enums";
import type { GenerateChannelsInput } from "../../../services/channel-generation/generation-input";

@InputType({ description: "Channels made from the library: how to group it, how many, numbered from where, played how." })
export class GenerateChannelsGraphqlInput implements GenerateChannelsInput {
  @Field(() => ChannelGrouping)
  grouping: ChannelGrouping;

  @Field(() => Int, { nullable: true, description: "Groups with fewer playable items get no channel (default 5)." })
  minimumItems?: number | null;

  @Field(() => String, { nullable: true, description: "First channel number (default: after the highest); numbers in use are skipped." })
  firstNumber?: string | null;

  @Field(() => GeneratedPlayoutStyle, { nullable: true })
  style?: GeneratedPlayoutStyle | null;

  @Field(() => Int, { nullable: true, description: "BlockDay only: 30 or 60 (default 30)." })
  slotMinutes?: number | null;

  @Field(() => Int, { nullable: true, description: "At most this many channels, largest groups first (default 50)." })
  maxChannels?: number | null;
}
