import { Field, InputType, Int } from "type-graphql";
import { PlayoutKind } from "../../../domain/enums";
import type { PlayoutCreateInput, PlayoutUpdateInput } from "../../../services/playout-input";
import { PlayoutTemplateAssignmentInputType } from "./block-inputs";

@InputType("PlayoutCreateInput", { description: "A new playout; which source fields it takes depends on kind." })
export class PlayoutCreateInputType implements PlayoutCreateInput {
  @Field(() => Int)
  channelId: number;

  @Field(() => PlayoutKind)
  kind: PlayoutKind;

  @Field(() => Int, { nullable: true, description: "Classic: the schedule (it must have items)." })
  scheduleId?: number;

  @Field(() => String, { nullable: true, description: "Absolute path of a YAML definition on the server (imports resolve next to it)." })
  scheduleFile?: string;

  @Field(() => String, { nullable: true, description: "YAML definition text stored with the playout (imports resolve under <data>/definitions/)." })
  definition?: string;

  @Field(() => [PlayoutTemplateAssignmentInputType], { nullable: true, description: "Block: which block templates play on which dates." })
  templates?: PlayoutTemplateAssignmentInputType[];
}

@InputType("PlayoutUpdateInput", { description: "Replaces a playout's source (the kind stays)." })
export class PlayoutUpdateInputType implements PlayoutUpdateInput {
  @Field(() => Int, { nullable: true, description: "Classic: the schedule (it must have items)." })
  scheduleId?: number;

  @Field(() => String, { nullable: true })
  scheduleFile?: string;

  @Field(() => String, { nullable: true })
  definition?: string;

  @Field(() => [PlayoutTemplateAssignmentInputType], { nullable: true, description: "Block: which block templates play on which dates." })
  templates?: PlayoutTemplateAssignmentInputType[];
}
