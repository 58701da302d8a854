import { Field, InputType, Int } from "type-graphql";
import { FillerKind, FillerMode } from "../../../domain/enums";
import type { FillerPresetInput } from "../../../services/filler-preset-input";
import { ContentTargetInputType } from "./content-target-input";

@InputType("FillerPresetInput", {
  description: "A filler preset, shaped by fillerKind and fillerMode: duration only with Duration, count with Count/RandomCount, padToNearestMinute with Pad; Tail and Fallback have no mode. Update replaces every field.",
})
export class FillerPresetInputType extends ContentTargetInputType implements FillerPresetInput {
  @Field(() => String)
  name: string;

  @Field(() => FillerKind)
  fillerKind: FillerKind;

  @Field(() => FillerMode, { nullable: true })
  fillerMode?: FillerMode | null;

  @Field(() => String, { nullable: true, description: "hh:mm:ss, more than zero and at most 24:00:00." })
  duration?: string | null;

  @Field(() => Int, { nullable: true, description: "1–1000." })
  count?: number | null;

  @Field(() => Int, { nullable: true, description: "5, 10, 15, 30 or 60." })
  padToNearestMinute?: number | null;

  @Field(() => Boolean, { nullable: true, description: "Default true." })
  allowWatermarks?: boolean | null;

  @Field(() => String, { nullable: true, description: "MidRoll only: a true/false expression over the chapter variables." })
  expression?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Default false; not for Fallback." })
  useChaptersAsMediaItems?: boolean | null;
}
