import { Field, Float, Int, ObjectType } from "type-graphql";
import { BuildMode, DayOfWeek, PlayoutKind } from "../../../domain/enums";
import { PageType } from "./page-type";

@ObjectType("PlayoutBuildStatus", { description: "The outcome of a playout's last build." })
export class PlayoutBuildStatusType {
  @Field(() => String, { nullable: true, description: "When the last build ran (ISO 8601)." })
  lastBuild?: string;

  @Field(() => Boolean, { nullable: true })
  success?: boolean;

  @Field(() => String, { nullable: true })
  message?: string;
}

@ObjectType("PlayoutTemplateAssignment", { description: "Block playouts: a template and the dates it plays." })
export class PlayoutTemplateAssignmentType {
  @Field(() => Int)
  templateId: number;

  @Field(() => Int)
  priority: number;

  @Field(() => [DayOfWeek], { nullable: true })
  daysOfWeek?: DayOfWeek[];

  @Field(() => [Int], { nullable: true })
  daysOfMonth?: number[];

  @Field(() => [Int], { nullable: true })
  monthsOfYear?: number[];

  @Field(() => String, { nullable: true })
  startDate?: string;

  @Field(() => String, { nullable: true })
  endDate?: string;
}

@ObjectType("Playout", { description: "A channel's timeline generator; a channel has at most one." })
export class PlayoutType {
  @Field(() => Int)
  id: number;

  @Field(() => Int)
  channelId: number;

  @Field(() => PlayoutKind)
  kind: PlayoutKind;

  @Field(() => Int, { nullable: true, description: "Classic: the schedule it cycles through." })
  scheduleId?: number;

  @Field(() => [PlayoutTemplateAssignmentType], { nullable: true, description: "Block: which block templates play on which dates." })
  templates?: PlayoutTemplateAssignmentType[];

  @Field(() => String, { nullable: true, description: "Absolute path of the YAML definition on the server." })
  scheduleFile?: string;

  @Field(() => String, { nullable: true, description: "YAML definition text stored with the playout." })
  definition?: string;

  @Field(() => PlayoutBuildStatusType)
  buildStatus: PlayoutBuildStatusType;
}

@ObjectType("PlayoutBuildSummary", { description: "The outcome of one build (a failed build keeps the previous items)." })
export class PlayoutBuildSummaryType {
  @Field(() => Int)
  playoutId: number;

  @Field(() => BuildMode)
  mode: BuildMode;

  @Field(() => Boolean)
  success: boolean;

  @Field(() => String)
  message: string;

  @Field(() => Int)
  itemCount: number;

  @Field(() => String, { description: "ISO 8601" })
  builtAt: string;

  @Field(() => String, { nullable: true, description: "Where the timeline now ends (ISO 8601), when it has items." })
  coversUntil?: string;
}

@ObjectType("PlayoutChange", { description: "A created or updated playout and the build that followed." })
export class PlayoutChangeType {
  @Field(() => PlayoutType)
  playout: PlayoutType;

  @Field(() => PlayoutBuildSummaryType)
  build: PlayoutBuildSummaryType;
}

@ObjectType("PlayoutPreviewItem")
export class PlayoutPreviewItemType {
  @Field(() => String, { description: "ISO 8601" })
  start: string;

  @Field(() => String, { description: "ISO 8601" })
  finish: string;

  @Field(() => Int, { nullable: true })
  mediaItemId?: number;

  @Field(() => Int)
  inPointMs: number;

  @Field(() => Int)
  outPointMs: number;

  @Field(() => String)
  fillerKind: string;

  @Field(() => Int)
  guideGroup: number;

  @Field(() => String, { nullable: true })
  customTitle?: string;

  @Field(() => String, { nullable: true })
  contentKey?: string;
}

@ObjectType("PlayoutItem", { description: "One scheduled piece of a channel's timeline." })
export class PlayoutItemType extends PlayoutPreviewItemType {
  @Field(() => Int)
  id: number;

  @Field(() => String, { nullable: true, description: "Title of the media item." })
  title?: string;

  @Field(() => String, { nullable: true })
  mediaKind?: string;
}

export const PlayoutItemPageType = PageType("PlayoutItemPage", PlayoutItemType);
export type PlayoutItemPageType = InstanceType<typeof PlayoutItemPageType>;


@ObjectType("NowPlaying", { description: "What a channel plays at a moment." })
export class NowPlayingType {
  @Field(() => Int)
  channelId: number;

  @Field(() => String, { description: "ISO 8601" })
  at: string;

  @Field(() => PlayoutItemType, { nullable: true, description: "Absent in a gap (offline)." })
  current?: PlayoutItemType;

  @Field(() => Float, { nullable: true, description: "ms into the current item's media." })
  offsetMs?: number;

  @Field(() => Float, { nullable: true, description: "ms until the current item (or the gap) ends." })
  remainingMs?: number;

  @Field(() => [PlayoutItemType])
  next: PlayoutItemType[];
}


@ObjectType("PlayoutPreview", { description: "The timeline a Reset build would produce; nothing is saved." })
export class PlayoutPreviewType {
  @Field(() => [PlayoutPreviewItemType])
  items: PlayoutPreviewItemType[];

  @Field(() => [String])
  warnings: string[];
}
