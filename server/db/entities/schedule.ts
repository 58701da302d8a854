import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from "typeorm";
import {
  CollectionType,
  FixedStartTimeBehavior,
  GuideMode,
  PlaybackOrder,
  PlayoutMode,
  SubtitleMode,
  TailMode,
} from "../../domain/enums";

/** A classic schedule: an ordered list of items that a Classic playout cycles through. */
@Entity("schedule")
export class Schedule {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Column({ type: "boolean", default: false })
  keepMultiPartEpisodesTogether: boolean;

  @Column({ type: "boolean", default: false })
  treatCollectionsAsShows: boolean;

  @Column({ type: "boolean", default: false })
  shuffleScheduleItems: boolean;

  @Column({ type: "boolean", default: false })
  randomStartPoint: boolean;

  @Column({ type: "varchar", length: 20, default: FixedStartTimeBehavior.Strict })
  fixedStartTimeBehavior: FixedStartTimeBehavior;

  @OneToMany(() => ScheduleItem, (i) => i.schedule)
  items?: Relation<ScheduleItem[]>;
}

@Entity("schedule_item")
@Index("IDX_schedule_item_schedule", ["scheduleId", "position"])
export class ScheduleItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  scheduleId: number;

  @ManyToOne(() => Schedule, (s) => s.items, { onDelete: "CASCADE" })
  @JoinColumn({ name: "scheduleId" })
  schedule?: Relation<Schedule>;

  @Column({ type: "integer" })
  position: number;

  /** Fixed start as seconds after local midnight; null for a dynamic start. */
  @Column({ type: "integer", nullable: true })
  startTimeSeconds: number | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  fixedStartTimeBehavior: FixedStartTimeBehavior | null;

  @Column({ type: "varchar", length: 20 })
  playoutMode: PlayoutMode;

  @Column({ type: "varchar", length: 30 })
  collectionType: CollectionType;

  @Column({ type: "integer", nullable: true })
  collectionId: number | null;

  @Column({ type: "integer", nullable: true })
  mediaItemId: number | null;

  @Column({ type: "integer", nullable: true })
  multiCollectionId: number | null;

  @Column({ type: "integer", nullable: true })
  smartCollectionId: number | null;

  @Column({ type: "integer", nullable: true })
  playlistId: number | null;

  @Column({ type: "text", nullable: true })
  searchQuery: string | null;

  @Column({ type: "varchar", length: 30 })
  playbackOrder: PlaybackOrder;

  /** Marathon options: group by, shuffle groups / items, batch size. */
  @Column({ type: "simple-json", nullable: true })
  marathon: { groupBy: string; shuffleGroups: boolean; shuffleItems: boolean; batchSize: number | null } | null;

  @Column({ type: "varchar", length: 30, nullable: true })
  multipleMode: string | null;

  /** Count expression with `count` and `random`, e.g. "3" or "random % 3 + 1". */
  @Column({ type: "varchar", length: 200, nullable: true })
  multipleCount: string | null;

  @Column({ type: "integer", nullable: true })
  playoutDurationSeconds: number | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  tailMode: TailMode | null;

  @Column({ type: "integer", nullable: true })
  discardToFillAttempts: number | null;

  @Column({ type: "varchar", length: 200, nullable: true })
  customTitle: string | null;

  @Column({ type: "varchar", length: 20, default: GuideMode.Normal })
  guideMode: GuideMode;

  @Column({ type: "integer", nullable: true })
  preRollFillerId: number | null;

  @Column({ type: "integer", nullable: true })
  midRollFillerId: number | null;

  @Column({ type: "integer", nullable: true })
  postRollFillerId: number | null;

  @Column({ type: "integer", nullable: true })
  tailFillerId: number | null;

  @Column({ type: "integer", nullable: true })
  fallbackFillerId: number | null;

  @Column({ type: "simple-json", nullable: true })
  watermarkIds: number[] | null;

  @Column({ type: "varchar", length: 3, nullable: true })
  preferredAudioLanguageCode: string | null;

  @Column({ type: "varchar", length: 200, nullable: true })
  preferredAudioTitle: string | null;

  @Column({ type: "varchar", length: 3, nullable: true })
  preferredSubtitleLanguageCode: string | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  subtitleMode: SubtitleMode | null;
}
