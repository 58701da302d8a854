import { Field, Int, ObjectType } from "type-graphql";
import { Targeted } from "../../../db/entities/content-target";
import type { FillerPreset } from "../../../db/entities/filler-preset";
import { FillerKind, FillerMode } from "../../../domain/enums";
import { formatTimeSpan } from "../../../services/validation/time-span";

@ObjectType("FillerPreset", { description: "Content played around, inside or instead of scheduled items.", implements: Targeted })
export class FillerPresetType extends Targeted {
  @Field(() => Int)
  id: number;

  @Field(() => String)
  name: string;

  @Field(() => FillerKind)
  fillerKind: FillerKind;

  @Field(() => FillerMode, { nullable: true, description: "Null for Tail and Fallback." })
  fillerMode: FillerMode | null;

  @Field(() => String, { nullable: true, description: "Duration mode: hh:mm:ss." })
  duration: string | null;

  @Field(() => Int, { nullable: true, description: "Count and RandomCount modes." })
  count: number | null;

  @Field(() => Int, { nullable: true, description: "Pad mode: minutes." })
  padToNearestMinute: number | null;

  @Field(() => Boolean)
  allowWatermarks: boolean;

  @Field(() => String, { nullable: true, description: "MidRoll: which chapter breaks get filler." })
  expression: string | null;

  @Field(() => Boolean)
  useChaptersAsMediaItems: boolean;
}

export function toFillerPresetType(f: FillerPreset): FillerPresetType {
  return Object.assign(new FillerPresetType(), {
    id: f.id,
    name: f.name,
    fillerKind: f.kind,
    fillerMode: f.mode,
    duration: f.durationSeconds === null ? null : formatTimeSpan(f.durationSeconds),
    count: f.count,
    padToNearestMinute: f.padToNearestMinute,
    allowWatermarks: f.allowWatermarks,
    target: f.target,
    expression: f.expression,
    useChaptersAsMediaItems: f.useChaptersAsMediaItems,
  });
}
