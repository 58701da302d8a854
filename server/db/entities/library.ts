import { Column, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { LibraryKind } from "../../domain/enums";
import { LibraryPath } from "./library-path";

@Entity("library")
export class Library {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Column({ type: "varchar", length: 20 })
  kind: LibraryKind;

  /** Epoch ms of the last finished scan. */
  @Column({ type: "integer", nullable: true })
  lastScan: number | null;

  @OneToMany(() => LibraryPath, (p) => p.library)
  paths?: Relation<LibraryPath[]>;
}
