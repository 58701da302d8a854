import { Field, Float, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { MediaStreamKind } from "../../domain/enums";
import { MediaItem } from "./media-item";

/** One file of a media item, as ffprobe saw it. */
@ObjectType({ description: "One file of a media item." })
@Entity("media_version")
@Index("IDX_media_version_item", ["mediaItemId"])
@Index("IDX_media_version_group", ["groupKey"])
export class MediaVersion {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaItemId: number;

  @ManyToOne(() => MediaItem, (i) => i.versions, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaItemId" })
  mediaItem?: Relation<MediaItem>;

  @Field(() => String)
  @Column({ type: "varchar", length: 4096, unique: true })
  path: string;

  @Field(() => Float)
  @Column({ type: "integer" })
  size: number;

  /** What tells this version from the item's others ("1080p", "Director's Cut"): the file name's suffix or the server's name; null when it has none. */
  @Field(() => String, { nullable: true, description: "What tells this version from the item's others (1080p, Director's Cut); null when it has none." })
  @Column({ type: "varchar", length: 200, nullable: true })
  label: string | null;

  /** Local files: the group the file's name puts it in (folder and `Title (Year)`); files of one group are versions of one item. */
  @Column({ type: "varchar", length: 4096, nullable: true })
  groupKey: string | null;

  /** File modification time, epoch ms: unchanged size + mtime means no re-probe. */
  @Column({ type: "integer" })
  mtime: number;

  /** Digest of the sidecars (NFOs, artwork images: names, sizes, mtimes) the file was last read with. */
  @Column({ type: "varchar", length: 64, nullable: true })
  sidecarStamp: string | null;

  /** Media-source items: the file's path on the server (for path replacements) and the client's stream key. */
  @Column({ type: "varchar", length: 4096, nullable: true })
  remotePath: string | null;

  @Column({ type: "varchar", length: 500, nullable: true })
  remoteKey: string | null;

  /** Remote stream items: the URL played (the version's `path` is the item's file), its headers (JSON object), whether it is live. Not a GraphQL field: a query may carry a token. */
  @Column({ type: "varchar", length: 2048, nullable: true })
  streamUrl: string | null;

  @Column({ type: "text", nullable: true })
  streamHeaders: string | null;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  streamLive: boolean;

  /** Remote stream items: the last failure to read the source (scan or play) and when (epoch ms); cleared when it plays. */
  @Field(() => String, { nullable: true })
  @Column({ type: "text", nullable: true })
  streamError: string | null;

  @Column({ type: "integer", nullable: true })
  streamFailedAt: number | null;

  /** Fixed length of the item; 0 for a live remote stream without one. */
  @Field(() => Int)
  @Column({ type: "integer" })
  durationMs: number;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 50, nullable: true })
  container: string | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  width: number | null;

  @Field(() => Int, { nullable: true })
  @Column({ type: "integer", nullable: true })
  height: number | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  sampleAspectRatio: string | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  displayAspectRatio: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 20, nullable: true })
  frameRate: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 20, nullable: true })
  scanKind: string | null;

  @Column({ type: "integer" })
  probedAt: number;

  @Field(() => [MediaStream])
  @OneToMany(() => MediaStream, (s) => s.mediaVersion)
  streams?: Relation<MediaStream[]>;

  @Field(() => [MediaChapter])
  @OneToMany(() => MediaChapter, (c) => c.mediaVersion)
  chapters?: Relation<MediaChapter[]>;
}

@ObjectType({ description: "A video, audio or subtitle stream of a file." })
@Entity("media_stream")
@Index("IDX_media_stream_version", ["mediaVersionId"])
@Index("IDX_media_stream_kind_language", ["kind", "language"])
export class MediaStream {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaVersionId: number;

  @ManyToOne(() => MediaVersion, (v) => v.streams, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaVersionId" })
  mediaVersion?: Relation<MediaVersion>;

  /** Stream index inside the file (ffprobe's `index`). */
  @Field(() => Int)
  @Column({ type: "integer" })
  streamIndex: number;

  @Field(() => MediaStreamKind)
  @Column({ type: "varchar", length: 20 })
  kind: MediaStreamKind;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 50, nullable: true })
  codec: string | null;

  @Column({ type: "varchar", length: 50, nullable: true })
  profile: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 3, nullable: true })
  language: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 200, nullable: true })
  title: string | null;

  @Field(() => Int, { nullable: true })
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

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  isDefault: boolean;

  @Field(() => Boolean)
  @Column({ type: "boolean", default: false })
  isForced: boolean;
}

@ObjectType({ description: "A chapter of a file." })
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

  @Field(() => Int)
  @Column({ type: "integer" })
  chapterIndex: number;

  @Field(() => Int)
  @Column({ type: "integer" })
  startMs: number;

  @Field(() => Int)
  @Column({ type: "integer" })
  endMs: number;

  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 200, nullable: true })
  title: string | null;
}
