import { Field, InputType, Int } from "type-graphql";
import { PlayoutKind } from "../../../domain/enums";
import type { PlayoutCreateInput, PlayoutUpdateInput } from "../../../services/playout-input";

@InputType("PlayoutCreateInput", { description: "A new playout. Sequential playouts take exactly one of scheduleFile and definition." })
export class PlayoutCreateInputType implements PlayoutCreateInput {
  @Field(() => Int)
  channelId: number;

  @Field(() => PlayoutKind)
  kind: PlayoutKind;

  @Field(() => String, { nullable: true, description: "Absolute path of a YAML definition on the server (imports resolve next to it)." })
  scheduleFile?: string;

  @Field(() => String, { nullable: true, description: "YAML definition text stored with the playout (imports resolve under <data>/definitions/)." })
  definition?: string;
}

@InputType("PlayoutUpdateInput", { description: "Replaces a Sequential playout's definition (exactly one of the two)." })
export class PlayoutUpdateInputType implements PlayoutUpdateInput {
  @Field(() => String, { nullable: true })
  scheduleFile?: string;

  @Field(() => String, { nullable: true })
  definition?: string;
}
