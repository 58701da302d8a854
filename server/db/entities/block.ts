import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { BlockStopScheduling, DayOfWeek, GraphicsMode, PlaybackOrder } from "../../domain/enums";
import { ContentTarget, Targeted } from "./content-target";
import { Playout } from "./playout";

/** A block: a length of time filled by its items taking turns (Block playouts). */
@ObjectType({ description: "A block: a length of time its items fill by taking turns." })
@Entity("block")
export class Block {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Field(() => Int, { description: "Length in minutes, 1–1440." })
  @Column({ type: "integer" })
  minutes: number;

  @Field(() => BlockStopScheduling)
  @Column({ type: "varchar", length: 20, default: BlockStopScheduling.AfterDurationEnd })
  stopScheduling: BlockStopScheduling;

  @OneToMany(() => BlockItem, (i) => i.block)
  items?: Relation<BlockItem[]>;
}

@ObjectType({ description: "One item of a block: what it plays and in which order.", implements: Targeted })
@Entity("block_item")
@Index("IDX_block_item_block", ["blockId", "position"])
export class BlockItem extends Targeted {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Column(() => ContentTarget, { prefix: false })
  override target: ContentTarget;

  @Field(() => Int)
  @Column({ type: "integer" })
  blockId: number;

  @ManyToOne(() => Block, (b) => b.items, { onDelete: "CASCADE" })
  @JoinColumn({ name: "blockId" })
  block?: Relation<Block>;

  @Field(() => Int, { name: "index", description: "Position in the block, 0..n-1." })
  @Column({ type: "integer" })
  position: number;

  @Field(() => PlaybackOrder)
  @Column({ type: "varchar", length: 30 })
  playbackOrder: PlaybackOrder;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: true })
  includeInProgramGuide: boolean;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  disableWatermarks: boolean;

  @Field(() => [Int])
  @Column({ type: "simple-json", default: "[]" })
  watermarkIds: number[];

  @Field(() => [Int], { description: "Graphics elements for this item's content (added to or replacing the channel's, by graphicsMode)." })
  @Column({ type: "simple-json", default: "[]" })
  graphicsIds: number[];

  @Field(() => GraphicsMode)
  @Column({ type: "varchar", length: 20, default: "Add" })
  graphicsMode: GraphicsMode;
}

/** A day of blocks at local start times. */
@ObjectType({ description: "A block template: one day of blocks at local start times." })
@Entity("block_template")
export class BlockTemplate {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @OneToMany(() => BlockTemplateItem, (i) => i.template)
  items?: Relation<BlockTemplateItem[]>;
}

@Entity("block_template_item")
@Index("IDX_block_template_item_template", ["templateId", "startTimeSeconds"])
export class BlockTemplateItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  templateId: number;

  @ManyToOne(() => BlockTemplate, (t) => t.items, { onDelete: "CASCADE" })
  @JoinColumn({ name: "templateId" })
  template?: Relation<BlockTemplate>;

  @Column({ type: "integer" })
  blockId: number;

  @ManyToOne(() => Block, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "blockId" })
  block?: Relation<Block>;

  /** Seconds after local midnight. */
  @Column({ type: "integer" })
  startTimeSeconds: number;
}

/** Which template a Block playout plays on which dates. */
@Entity("playout_template")
@Index("IDX_playout_template_playout", ["playoutId", "position"])
export class PlayoutTemplate {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  playoutId: number;

  @ManyToOne(() => Playout, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playoutId" })
  playout?: Relation<Playout>;

  @Column({ type: "integer" })
  position: number;

  @Column({ type: "integer" })
  templateId: number;

  @ManyToOne(() => BlockTemplate, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "templateId" })
  template?: Relation<BlockTemplate>;

  @Column({ type: "integer", default: 0 })
  priority: number;

  @Column({ type: "simple-json", nullable: true })
  daysOfWeek: DayOfWeek[] | null;

  @Column({ type: "simple-json", nullable: true })
  daysOfMonth: number[] | null;

  @Column({ type: "simple-json", nullable: true })
  monthsOfYear: number[] | null;

  @Column({ type: "varchar", length: 10, nullable: true })
  startDate: string | null;

  @Column({ type: "varchar", length: 10, nullable: true })
  endDate: string | null;
}
