import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { PlaybackOrder } from "../../domain/enums";
import { MediaItem } from "./media-item";

@ObjectType({ description: "A hand-picked set of media items." })
@Entity("collection")
export class Collection {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Column({ type: "boolean", default: false })
  useCustomPlaybackOrder: boolean;
}

/** A show or season added here stands for all its episodes, including future ones. */
@Entity("collection_item")
@Index("IDX_collection_item_media", ["mediaItemId"])
export class CollectionItem {
  @PrimaryColumn({ type: "integer" })
  collectionId: number;

  @PrimaryColumn({ type: "integer" })
  mediaItemId: number;

  @ManyToOne(() => Collection, { onDelete: "CASCADE" })
  @JoinColumn({ name: "collectionId" })
  collection?: Relation<Collection>;

  @ManyToOne(() => MediaItem, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaItemId" })
  mediaItem?: Relation<MediaItem>;

  @Column({ type: "integer", nullable: true })
  customIndex: number | null;
}

@ObjectType({ description: "A saved search query." })
@Entity("smart_collection")
export class SmartCollection {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Field(() => String)
  @Column({ type: "text" })
  query: string;
}

@ObjectType({ description: "An ordered set of collections and smart collections, scheduled as one." })
@Entity("multi_collection")
export class MultiCollection {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;
}

/** One member of a multi collection: a collection or a smart collection. */
@ObjectType({ description: "One member of a multi collection: a collection or a smart collection." })
@Entity("multi_collection_item")
@Index("IDX_multi_collection_item_parent", ["multiCollectionId"])
export class MultiCollectionItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  multiCollectionId: number;

  @ManyToOne(() => MultiCollection, { onDelete: "CASCADE" })
  @JoinColumn({ name: "multiCollectionId" })
  multiCollection?: Relation<MultiCollection>;

  @Column({ type: "integer" })
  position: number;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  collectionId: number | null;

  @Field(() => Collection, { nullable: true })
  @ManyToOne(() => Collection, { onDelete: "CASCADE" })
  @JoinColumn({ name: "collectionId" })
  collection?: Relation<Collection>;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  smartCollectionId: number | null;

  @Field(() => SmartCollection, { nullable: true })
  @ManyToOne(() => SmartCollection, { onDelete: "CASCADE" })
  @JoinColumn({ name: "smartCollectionId" })
  smartCollection?: Relation<SmartCollection>;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  scheduleAsGroup: boolean;

  @Field(() => PlaybackOrder)
  @Column({ type: "varchar", length: 30, default: PlaybackOrder.Chronological })
  playbackOrder: PlaybackOrder;
}
