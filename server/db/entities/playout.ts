import type { PlayoutTemplate } from "./block";
import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { BuildMode, PlayoutKind } from "../../domain/enums";
import { Channel } from "./channel";
import { Schedule } from "./schedule";

/** A channel's timeline generator; a channel has at most one. */
@Entity("playout")
export class Playout {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  channelId: number;

  @OneToOne(() => Channel, { onDelete: "CASCADE" })
  @JoinColumn({ name: "channelId" })
  channel?: Relation<Channel>;

  @Column({ type: "varchar", length: 20 })
  kind: PlayoutKind;

  @Column({ type: "integer", nullable: true })
  scheduleId: number | null;

  /** Block playouts: their template assignments, when the service has read them (not a column). */
  templates?: PlayoutTemplate[];

  @ManyToOne(() => Schedule, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "scheduleId" })
  schedule?: Relation<Schedule>;

  /** YAML / JSON file path, or a script command line. */
  @Column({ type: "varchar", length: 4096, nullable: true })
  scheduleFile: string | null;

  /** YAML definition text stored in the database (Sequential without a file). */
  @Column({ type: "text", nullable: true })
  definition: string | null;

  /** Seed of the playout's random source; redrawn only when history is erased. */
  @Column({ type: "integer" })
  seed: number;

  /** Builder state carried between builds (cursor, positions, anchors), JSON. */
  @Column({ type: "text", nullable: true })
  buildState: string | null;

  @Column({ type: "integer", nullable: true })
  lastBuildAt: number | null;

  @Column({ type: "boolean", nullable: true })
  lastBuildSuccess: boolean | null;

  @Column({ type: "text", nullable: true })
  lastBuildMessage: string | null;

  @Column({ type: "integer" })
  createdAt: number;

  /** On-demand channels: when the last viewer left (epoch ms); null while playing or on a continuous channel. */
  @Column({ type: "integer", nullable: true })
  pausedAt: number | null;

  /** On-demand checkpoint: the item on air when the last viewer left (null in a gap), and the offset into it. */
  @Column({ type: "integer", nullable: true })
  checkpointItemId: number | null;

  @Column({ type: "integer", nullable: true })
  checkpointOffsetMs: number | null;

  /** When the items were last moved in time (an on-demand resume or a skip); part of the guide's change key. */
  @Column({ type: "integer", nullable: true })
  shiftedAt: number | null;
}

/** One scheduled piece of a channel's timeline. Times are epoch ms. */
@Entity("playout_item")
@Index("IDX_playout_item_playout_start", ["playoutId", "start"])
export class PlayoutItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  playoutId: number;

  @ManyToOne(() => Playout, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playoutId" })
  playout?: Relation<Playout>;

  /** Null for an offline gap the builder chose to keep as an item. */
  @Column({ type: "integer", nullable: true })
  mediaItemId: number | null;

  @Column({ type: "integer" })
  start: number;

  @Column({ type: "integer" })
  finish: number;

  @Column({ type: "integer", default: 0 })
  inPointMs: number;

  @Column({ type: "integer" })
  outPointMs: number;

  @Column({ type: "integer", default: 0 })
  guideGroup: number;

  @Column({ type: "integer", nullable: true })
  guideStart: number | null;

  @Column({ type: "integer", nullable: true })
  guideFinish: number | null;

  @Column({ type: "varchar", length: 20, default: "None" })
  fillerKind: string;

  @Column({ type: "varchar", length: 200, nullable: true })
  customTitle: string | null;

  @Column({ type: "boolean", default: false })
  hiddenFromGuide: boolean;

  @Column({ type: "simple-json", nullable: true })
  watermarkIds: number[] | null;

  @Column({ type: "boolean", default: false })
  disableWatermarks: boolean;

  /** The schedule or block item's graphics elements, and whether they add to or replace the channel's. */
  @Column({ type: "simple-json", nullable: true })
  graphicsIds: number[] | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  graphicsMode: string | null;

  @Column({ type: "varchar", length: 3, nullable: true })
  preferredAudioLanguageCode: string | null;

  @Column({ type: "varchar", length: 3, nullable: true })
  preferredSubtitleLanguageCode: string | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  subtitleMode: string | null;

  /** Where the item came from (content key, schedule item id), for diagnostics and history. */
  @Column({ type: "varchar", length: 200, nullable: true })
  source: string | null;

  /** A file outside the library that this item plays directly (ExternalJson playouts). */
  @Column({ type: "varchar", length: 4096, nullable: true })
  externalPath: string | null;

  /** Guide metadata of an external item (title, showTitle, season, episode, year, icon, type), JSON. */
  @Column({ type: "simple-json", nullable: true })
  externalMetadata: ExternalItemMetadata | null;
}

export interface ExternalItemMetadata {
  title: string;
  showTitle?: string;
  season?: number;
  episode?: number;
  year?: number;
  icon?: string;
  /** "episode", or anything else for a movie-like programme. */
  type?: string;
}

/** A timeline item as the repository reads it, with its media's title and kind (a read model, not a table). */
export interface PlayoutItemRow extends PlayoutItem {
  title: string | null;
  mediaKind: string | null;
}

/** One build attempt, kept as history for diagnostics. */
@Entity("playout_build")
@Index("IDX_playout_build_playout", ["playoutId", "startedAt"])
export class PlayoutBuild {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  playoutId: number;

  @ManyToOne(() => Playout, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playoutId" })
  playout?: Relation<Playout>;

  @Column({ type: "varchar", length: 20 })
  mode: BuildMode;

  @Column({ type: "integer" })
  startedAt: number;

  @Column({ type: "integer" })
  finishedAt: number;

  @Column({ type: "boolean" })
  success: boolean;

  @Column({ type: "text", nullable: true })
  message: string | null;

  @Column({ type: "integer", default: 0 })
  itemCount: number;
}
