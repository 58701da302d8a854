import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { MediaItemKind, MediaItemState } from "../../domain/enums";
import { LibraryPath } from "./library-path";
import { MediaVersion } from "./media-version";

/**
 * Every playable or groupable thing in a library: movies, shows, seasons, episodes, other videos and
 * music. Shows contain seasons (parentId), seasons contain episodes, artists contain their songs and music videos.
 */
@ObjectType({ description: "A movie, show, season, episode, other video or song." })
@Entity("media_item")
@Index("IDX_media_item_parent", ["parentId"])
@Index("IDX_media_item_library_kind", ["libraryPathId", "kind"])
@Index("IDX_media_item_kind_parent", ["kind", "parentId"])
@Index("IDX_media_item_sort", ["sortTitle", "id"])
@Index("IDX_media_item_remote", ["libraryPathId", "remoteId"])
export class MediaItem {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => MediaItemKind)
  @Column({ type: "varchar", length: 20 })
  kind: MediaItemKind;

  @Field(() => Int)
  @Column({ type: "integer" })
  libraryPathId: number;

  @ManyToOne(() => LibraryPath, { onDelete: "CASCADE" })
  @JoinColumn({ name: "libraryPathId" })
  libraryPath?: Relation<LibraryPath>;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  parentId: number | null;

  @ManyToOne(() => MediaItem, { onDelete: "CASCADE" })
  @JoinColumn({ name: "parentId" })
  parent?: Relation<MediaItem>;

  /** Folder of a show or season; the file of a movie or episode is on its version. */
  @Column({ type: "varchar", length: 4096, nullable: true })
  folderPath: string | null;

  @Field(() => String)
  @Column({ type: "varchar", length: 500 })
  title: string;

  @Field(() => String)
  @Column({ type: "varchar", length: 500 })
  sortTitle: string;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 500, nullable: true })
  originalTitle: string | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  year: number | null;

  /** ISO date (yyyy-mm-dd). */
  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 10, nullable: true })
  releaseDate: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "text", nullable: true })
  plot: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 50, nullable: true })
  contentRating: string | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  seasonNumber: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  episodeNumber: number | null;

  /** Last episode number of a multi-episode file (S01E02-E03 → 3). */
  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  episodeEndNumber: number | null;

  /** Songs: the performing artist (tag, else the artist folder). */
  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 500, nullable: true })
  artist: string | null;

  /** Songs: the album's artist tag, when it differs from the song's. */
  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 500, nullable: true })
  albumArtist: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 500, nullable: true })
  album: string | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  trackNumber: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  discNumber: number | null;

  @Field(() => MediaItemState)
  @Column({ type: "varchar", length: 20, default: MediaItemState.Normal })
  state: MediaItemState;

  /** Items of a media source: the server's id, and when the server last changed the item (epoch ms). */
  @Column({ type: "varchar", length: 200, nullable: true })
  remoteId: string | null;

  @Column({ type: "integer", nullable: true })
  remoteUpdatedAt: number | null;

  @Column({ type: "integer" })
  addedAt: number;

  @Column({ type: "integer" })
  updatedAt: number;

  @OneToMany(() => MediaVersion, (v) => v.mediaItem)
  versions?: Relation<MediaVersion[]>;
}
