import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique, type Relation } from "typeorm";
import { CollectionType, PlaybackOrder } from "../../domain/enums";

@Entity("playlist_group")
export class PlaylistGroup {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;
}

@Entity("playlist")
@Unique("UQ_playlist_group_name", ["playlistGroupId", "name"])
export class Playlist {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  playlistGroupId: number;

  @ManyToOne(() => PlaylistGroup, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playlistGroupId" })
  playlistGroup?: Relation<PlaylistGroup>;

  @Column({ type: "varchar", length: 50, collation: "NOCASE" })
  name: string;
}

/** An entry of a playlist: a collection, show, season, smart collection or single item. */
@Entity("playlist_item")
@Index("IDX_playlist_item_playlist", ["playlistId"])
export class PlaylistItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  playlistId: number;

  @ManyToOne(() => Playlist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playlistId" })
  playlist?: Relation<Playlist>;

  @Column({ type: "integer" })
  position: number;

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

  @Column({ type: "varchar", length: 30, default: PlaybackOrder.Chronological })
  playbackOrder: PlaybackOrder;

  /** Items to play from this entry each pass; null with playAll. */
  @Column({ type: "integer", nullable: true })
  count: number | null;

  @Column({ type: "boolean", default: false })
  playAll: boolean;

  @Column({ type: "boolean", default: true })
  includeInProgramGuide: boolean;
}
