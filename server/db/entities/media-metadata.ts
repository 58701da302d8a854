import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { MediaItem } from "./media-item";

/** genre, tag, studio, actor, director, writer: searchable names attached to an item. */
@Entity("media_tag")
@Index("IDX_media_tag_kind_name", ["kind", "name"])
@Index("IDX_media_tag_item", ["mediaItemId"])
export class MediaTag {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaItemId: number;

  @ManyToOne(() => MediaItem, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaItemId" })
  mediaItem?: Relation<MediaItem>;

  @Column({ type: "varchar", length: 20 })
  kind: string;

  @Column({ type: "varchar", length: 200, collation: "NOCASE" })
  name: string;

  /** Actor role, or order for actors. */
  @Column({ type: "varchar", length: 200, nullable: true })
  detail: string | null;
}

/** External ids (imdb, tmdb, tvdb) that YAML `guids` content matches on. */
@Entity("media_guid")
@Index("IDX_media_guid_source_value", ["source", "value"])
@Index("IDX_media_guid_item", ["mediaItemId"])
export class MediaGuid {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaItemId: number;

  @ManyToOne(() => MediaItem, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaItemId" })
  mediaItem?: Relation<MediaItem>;

  @Column({ type: "varchar", length: 20, collation: "NOCASE" })
  source: string;

  @Column({ type: "varchar", length: 100 })
  value: string;
}

/**
 * One picture of an item (its kind: `ArtworkKind`), held in the content-addressed cache under the data
 * folder: `cacheKey` the full image, `listKey` its list-width copy. `sourcePath` says where it came from
 * (a library file, `file#attached_pic` for embedded art, or a remote URL for a media-server source that
 * the server fetched and cached); files are only ever served from the cache.
 */
@Entity("artwork")
@Index("IDX_artwork_item", ["mediaItemId"])
export class Artwork {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaItemId: number;

  @ManyToOne(() => MediaItem, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaItemId" })
  mediaItem?: Relation<MediaItem>;

  @Column({ type: "varchar", length: 20 })
  kind: string;

  /** Path relative to the artwork cache folder. */
  @Column({ type: "varchar", length: 1024 })
  cacheKey: string;

  /** The list-width copy (same key as `cacheKey` when the image is already that narrow). */
  @Column({ type: "varchar", length: 1024, nullable: true })
  listKey: string | null;

  @Column({ type: "varchar", length: 4096, nullable: true })
  sourcePath: string | null;
}
