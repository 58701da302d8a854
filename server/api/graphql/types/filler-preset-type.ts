import { Field, Int, ObjectType } from "type-graphql";
import type { FillerPreset } from "../../../db/entities/filler-preset";
import { CollectionType, FillerKind, FillerMode } from "../../../domain/enums";
import { formatTimeSpan } from "../../../services/validation/time-span";

@ObjectType("FillerPreset", { description: "Content played around, inside or instead of scheduled items." })
export class FillerPresetType {
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

  @Field(() => CollectionType)
  collectionType: CollectionType;

  @Field(() => Int, { nullable: true })
  collectionId: number | null;

  @Field(() => Int, { nullable: true })
  mediaItemId: number | null;

  @Field(() => Int, { nullable: true })
  multiCollectionId: number | null;

  @Field(() => Int, { nullable: true })
  smartCollectionId: number | null;

  @Field(() => Int, { nullable: true })
  playlistId: number | null;

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
    collectionType: f.collectionType,
    collectionId: f.collectionId,
    mediaItemId: f.mediaItemId,
    multiCollectionId: f.multiCollectionId,
    smartCollectionId: f.smartCollectionId,
    playlistId: f.playlistId,
    expression: f.expression,
    useChaptersAsMediaItems: f.useChaptersAsMediaItems,
  });
}
