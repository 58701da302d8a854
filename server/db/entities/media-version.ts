import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { MediaStreamKind } from "../../domain/enums";
import { MediaItem } from "./media-item";

/** One file of a media item, as ffprobe saw it. */
@Entity("media_version")
@Index("IDX_media_version_item", ["mediaItemId"])
export class MediaVersion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaItemId: number;

  @ManyToOne(() => MediaItem, (i) => i.versions, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaItemId" })
  mediaItem?: Relation<MediaItem>;

  @Column({ type: "varchar", length: 4096, unique: true })
  path: string;

  @Column({ type: "integer" })
  size: number;

  /** File modification time, epoch ms: unchanged size + mtime means no re-probe. */
  @Column({ type: "integer" })
  mtime: number;

  @Column({ type: "integer" })
  durationMs: number;

  @Column({ type: "varchar", length: 50, nullable: true })
  container: string | null;

  @Column({ type: "integer", nullable: true })
  width: number | null;

  @Column({ type: "integer", nullable: true })
  height: number | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  sampleAspectRatio: string | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  displayAspectRatio: string | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  frameRate: string | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  scanKind: string | null;

  @Column({ type: "integer" })
  probedAt: number;

  @OneToMany(() => MediaStream, (s) => s.mediaVersion)
  streams?: Relation<MediaStream[]>;

  @OneToMany(() => MediaChapter, (c) => c.mediaVersion)
  chapters?: Relation<MediaChapter[]>;
}

@Entity("media_stream")
@Index("IDX_media_stream_version", ["mediaVersionId"])
export class MediaStream {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaVersionId: number;

  @ManyToOne(() => MediaVersion, (v) => v.streams, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaVersionId" })
  mediaVersion?: Relation<MediaVersion>;

  /** Stream index inside the file (ffprobe's `index`). */
  @Column({ type: "integer" })
  streamIndex: number;

  @Column({ type: "varchar", length: 20 })
  kind: MediaStreamKind;

  @Column({ type: "varchar", length: 50, nullable: true })
  codec: string | null;

  @Column({ type: "varchar", length: 50, nullable: true })
  profile: string | null;

  @Column({ type: "varchar", length: 3, nullable: true })
  language: string | null;

  @Column({ type: "varchar", length: 200, nullable: true })
  title: string | null;

  @Column({ type: "integer", nullable: true })
  channels: number | null;

  @Column({ type: "integer", nullable: true })
  width: number | null;

  @Column({ type: "integer", nullable: true })
  height: number | null;

  @Column({ type: "varchar", length: 30, nullable: true })
  pixelFormat: string | null;

  @Column({ type: "integer", nullable: true })
  bitDepth: number | null;

  @Column({ type: "boolean", default: false })
  isDefault: boolean;

  @Column({ type: "boolean", default: false })
  isForced: boolean;
}

@Entity("media_chapter")
@Index("IDX_media_chapter_version", ["mediaVersionId"])
export class MediaChapter {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaVersionId: number;

  @ManyToOne(() => MediaVersion, (v) => v.chapters, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaVersionId" })
  mediaVersion?: Relation<MediaVersion>;

  @Column({ type: "integer" })
  chapterIndex: number;

  @Column({ type: "integer" })
  startMs: number;

  @Column({ type: "integer" })
  endMs: number;

  @Column({ type: "varchar", length: 200, nullable: true })
  title: string | null;
}
