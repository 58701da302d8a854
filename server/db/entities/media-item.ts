import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { MediaItemKind, MediaItemState } from "../../domain/enums";
import { LibraryPath } from "./library-path";
import { MediaVersion } from "./media-version";

/**
 * Every playable or groupable thing in a library: movies, shows, seasons, episodes, other videos and
 * music. Shows contain seasons (parentId), seasons contain episodes.
 */
@Entity("media_item")
@Index("IDX_media_item_parent", ["parentId"])
@Index("IDX_media_item_library_kind", ["libraryPathId", "kind"])
export class MediaItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 20 })
  kind: MediaItemKind;

  @Column({ type: "integer" })
  libraryPathId: number;

  @ManyToOne(() => LibraryPath, { onDelete: "CASCADE" })
  @JoinColumn({ name: "libraryPathId" })
  libraryPath?: Relation<LibraryPath>;

  @Column({ type: "integer", nullable: true })
  parentId: number | null;

  @ManyToOne(() => MediaItem, { onDelete: "CASCADE" })
  @JoinColumn({ name: "parentId" })
  parent?: Relation<MediaItem>;

  /** Folder of a show or season; the file of a movie or episode is on its version. */
  @Column({ type: "varchar", length: 4096, nullable: true })
  folderPath: string | null;

  @Column({ type: "varchar", length: 500 })
  title: string;

  @Column({ type: "varchar", length: 500 })
  sortTitle: string;

  @Column({ type: "varchar", length: 500, nullable: true })
  originalTitle: string | null;

  @Column({ type: "integer", nullable: true })
  year: number | null;

  /** ISO date (yyyy-mm-dd). */
  @Column({ type: "varchar", length: 10, nullable: true })
  releaseDate: string | null;

  @Column({ type: "text", nullable: true })
  plot: string | null;

  @Column({ type: "varchar", length: 50, nullable: true })
  contentRating: string | null;

  @Column({ type: "integer", nullable: true })
  seasonNumber: number | null;

  @Column({ type: "integer", nullable: true })
  episodeNumber: number | null;

  /** Last episode number of a multi-episode file (S01E02-E03 → 3). */
  @Column({ type: "integer", nullable: true })
  episodeEndNumber: number | null;

  @Column({ type: "varchar", length: 20, default: MediaItemState.Normal })
  state: MediaItemState;

  @Column({ type: "integer" })
  addedAt: number;

  @Column({ type: "integer" })
  updatedAt: number;

  @OneToMany(() => MediaVersion, (v) => v.mediaItem)
  versions?: Relation<MediaVersion[]>;
}
