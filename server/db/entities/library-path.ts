import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { Library } from "./library";

@Entity("library_path")
export class LibraryPath {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "integer" })
  libraryId: number;

  @ManyToOne(() => Library, (l) => l.paths, { onDelete: "CASCADE" })
  @JoinColumn({ name: "libraryId" })
  library?: Relation<Library>;

  /** Absolute, normalised folder path. */
  @Column({ type: "varchar", length: 4096, unique: true })
  path: string;

  @Column({ type: "integer", nullable: true })
  lastScan: number | null;
}
