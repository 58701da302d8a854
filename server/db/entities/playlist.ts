import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from "typeorm";
import { PlaybackOrder } from "../../domain/enums";
import { ContentRef, TargetedRef } from "./content-target";

@ObjectType({ description: "A folder of playlists." })
@Entity("playlist_group")
export class PlaylistGroup {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;
}

@ObjectType({ description: "An ordered list of entries played in turn, a few items of each per pass." })
@Entity("playlist")
@Unique("UQ_playlist_group_name", ["playlistGroupId", "name"])
export class Playlist {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => Int)
  @Column({ type: "integer" })
  playlistGroupId: number;

  @ManyToOne(() => PlaylistGroup, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playlistGroupId" })
  playlistGroup?: Relation<PlaylistGroup>;

  @Field(() => String)
  @Column({ type: "varchar", length: 50, collation: "NOCASE" })
  name: string;
}

/** An entry of a playlist: a collection, show, season, smart collection or single item. */
@ObjectType({ description: "An entry of a playlist: a collection, show, season, smart or multi collection, or single item.", implements: TargetedRef })
@Entity("playlist_item")
@Index("IDX_playlist_item_playlist", ["playlistId"])
export class PlaylistItem extends TargetedRef {
  @PrimaryGeneratedColumn()
  id: number;

  @Column(() => ContentRef, { prefix: false })
  override target: ContentRef;

  @Column({ type: "integer" })
  playlistId: number;

  @ManyToOne(() => Playlist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playlistId" })
  playlist?: Relation<Playlist>;

  @Column({ type: "integer" })
  position: number;

  @Field(() => PlaybackOrder)
  @Column({ type: "varchar", length: 30, default: PlaybackOrder.Chronological })
  playbackOrder: PlaybackOrder;

  /** Items to play from this entry each pass; null with playAll. */
  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  count: number | null;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  playAll: boolean;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: true })
  includeInProgramGuide: boolean;
}
