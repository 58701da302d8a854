import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from "typeorm";
import {
  FixedStartTimeBehavior,
  GraphicsMode,
  GuideMode,
  MultipleMode,
  PlaybackOrder,
  PlayoutMode,
  SubtitleMode,
  TailMode,
} from "../../domain/enums";
import { ContentTarget, Targeted } from "./content-target";

/** A classic schedule: an ordered list of items that a Classic playout cycles through. */
@ObjectType({ description: "A classic schedule: an ordered list of items a Classic playout cycles through." })
@Entity("schedule")
export class Schedule {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  keepMultiPartEpisodesTogether: boolean;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  treatCollectionsAsShows: boolean;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  shuffleScheduleItems: boolean;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  randomStartPoint: boolean;

  @Field(() => FixedStartTimeBehavior)
  @Column({ type: "varchar", length: 20, default: FixedStartTimeBehavior.Strict })
  fixedStartTimeBehavior: FixedStartTimeBehavior;

  @OneToMany(() => ScheduleItem, (i) => i.schedule)
  items?: Relation<ScheduleItem[]>;
}

@ObjectType({ description: "One item of a classic schedule, shaped by its playout mode.", implements: Targeted })
@Entity("schedule_item")
@Index("IDX_schedule_item_schedule", ["scheduleId", "position"])
export class ScheduleItem extends Targeted {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Column(() => ContentTarget, { prefix: false })
  override target: ContentTarget;

  @Field(() => Int)
  @Column({ type: "integer" })
  scheduleId: number;

  @ManyToOne(() => Schedule, (s) => s.items, { onDelete: "CASCADE" })
  @JoinColumn({ name: "scheduleId" })
  schedule?: Relation<Schedule>;

  @Field(() => Int, { name: "index", description: "Position in the schedule, 0..n-1." })
  @Column({ type: "integer" })
  position: number;

  /** Fixed start as seconds after local midnight; null for a dynamic start. */
  @Column({ type: "integer", nullable: true })
  startTimeSeconds: number | null;

  @Field(() => FixedStartTimeBehavior, { nullable: true, description: "Null: the schedule's behaviour." })
  @Column({ type: "varchar", length: 20, nullable: true })
  fixedStartTimeBehavior: FixedStartTimeBehavior | null;

  @Field(() => PlayoutMode)
  @Column({ type: "varchar", length: 20 })
  playoutMode: PlayoutMode;

  @Field(() => PlaybackOrder)
  @Column({ type: "varchar", length: 30 })
  playbackOrder: PlaybackOrder;

  /** Marathon options: group by, shuffle groups / items, batch size. */
  @Column({ type: "simple-json", nullable: true })
  marathon: { groupBy: string; shuffleGroups: boolean; shuffleItems: boolean; batchSize: number | null } | null;

  @Field(() => MultipleMode, { nullable: true })
  @Column({ type: "varchar", length: 30, nullable: true })
  multipleMode: string | null;

  /** Count expression with `count` and `random`, e.g. "3" or "random % 3 + 1". */
  @Column({ type: "varchar", length: 200, nullable: true })
  multipleCount: string | null;

  @Column({ type: "integer", nullable: true })
  playoutDurationSeconds: number | null;

  @Field(() => TailMode, { nullable: true })
  @Column({ type: "varchar", length: 20, nullable: true })
  tailMode: TailMode | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  discardToFillAttempts: number | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 200, nullable: true })
  customTitle: string | null;

  @Field(() => GuideMode)
  @Column({ type: "varchar", length: 20, default: GuideMode.Normal })
  guideMode: GuideMode;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  preRollFillerId: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  midRollFillerId: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  postRollFillerId: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  tailFillerId: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  fallbackFillerId: number | null;

  @Column({ type: "simple-json", nullable: true })
  watermarkIds: number[] | null;

  /** Graphics elements for this item's content; with graphicsMode Add (default) drawn after the channel's, with Replace instead of them. */
  @Column({ type: "simple-json", nullable: true })
  graphicsIds: number[] | null;

  @Column({ type: "varchar", length: 20, default: "Add" })
  graphicsMode: GraphicsMode;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 3, nullable: true })
  preferredAudioLanguageCode: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 200, nullable: true })
  preferredAudioTitle: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 3, nullable: true })
  preferredSubtitleLanguageCode: string | null;

  @Field(() => SubtitleMode, { nullable: true })
  @Column({ type: "varchar", length: 20, nullable: true })
  subtitleMode: SubtitleMode | null;
}
