import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { LibraryKind } from "../../domain/enums";
import { LibraryPath } from "./library-path";

@ObjectType({ description: "A local library: folders of one kind of media." })
@Entity("library")
export class Library {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Field(() => LibraryKind)
  @Column({ type: "varchar", length: 20 })
  kind: LibraryKind;

  /** Epoch ms of the last finished scan. */
  @Column({ type: "integer", nullable: true })
  lastScan: number | null;

  @Field(() => Boolean, { nullable: true })
  @Column({ type: "boolean", nullable: true })
  lastScanSuccess: boolean | null;

  /** Summary of the last scan: counts on success, the reason on failure. */
  @Field(() => String, { nullable: true })
  @Column({ type: "text", nullable: true })
  lastScanMessage: string | null;

  /** RemoteStreams libraries: an IPTV M3U playlist whose entries become live items (read again on every scan). */
  @Field(() => String, { nullable: true })
  @Column({ type: "varchar", length: 2048, nullable: true })
  m3uUrl: string | null;

  @OneToMany(() => LibraryPath, (p) => p.library)
  paths?: Relation<LibraryPath[]>;
}
