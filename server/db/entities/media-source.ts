import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { MediaServerKind } from "../../domain/enums";
import { Collection } from "./collection";
import { Library } from "./library";

/** A server path prefix and the local prefix it stands for (`/data/tv` → `/mnt/nas/tv`). */
export interface PathReplacement {
  serverPath: string;
  localPath: string;
}

/**
 * A Plex, Jellyfin or Emby server whose libraries Airwave syncs. `credential` (token or API key) is
 * read only by the services that talk to the server; no view, log line or error carries it.
 */
@Entity("media_source")
export class MediaSource {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Column({ type: "varchar", length: 20 })
  kind: MediaServerKind;

  @Column({ type: "varchar", length: 2048 })
  url: string;

  @Column({ type: "text" })
  credential: string;

  @Column({ type: "simple-json", default: "[]" })
  pathReplacements: PathReplacement[];

  /** What the last successful test said about the server. */
  @Column({ type: "varchar", length: 200, nullable: true })
  serverId: string | null;

  @Column({ type: "varchar", length: 200, nullable: true })
  serverName: string | null;

  @Column({ type: "varchar", length: 50, nullable: true })
  serverVersion: string | null;
}

/** An Airwave library fed by one library of a media source (one library path holds its items). */
@Entity("media_source_library")
@Index("IDX_media_source_library_source", ["mediaSourceId"])
export class MediaSourceLibrary {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaSourceId: number;

  @ManyToOne(() => MediaSource, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaSourceId" })
  mediaSource?: Relation<MediaSource>;

  @Column({ type: "integer", unique: true })
  libraryId: number;

  @ManyToOne(() => Library, { onDelete: "CASCADE" })
  @JoinColumn({ name: "libraryId" })
  library?: Relation<Library>;

  @Column({ type: "varchar", length: 200 })
  remoteLibraryId: string;

  /** The newest server updated-at seen by the last successful sync: the next one asks for changes since. */
  @Column({ type: "integer", nullable: true })
  syncedThrough: number | null;
}

/** An Airwave collection that mirrors a server collection/box set or playlist and re-syncs with it. */
@Entity("media_source_collection")
@Index("IDX_media_source_collection_source", ["mediaSourceId"])
export class MediaSourceCollection {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  mediaSourceId: number;

  @ManyToOne(() => MediaSource, { onDelete: "CASCADE" })
  @JoinColumn({ name: "mediaSourceId" })
  mediaSource?: Relation<MediaSource>;

  @Column({ type: "integer", unique: true })
  collectionId: number;

  @ManyToOne(() => Collection, { onDelete: "CASCADE" })
  @JoinColumn({ name: "collectionId" })
  collection?: Relation<Collection>;

  /** `Collection` or `Playlist` on the server. */
  @Column({ type: "varchar", length: 20 })
  remoteKind: string;

  @Column({ type: "varchar", length: 200 })
  remoteId: string;
}
