import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from "typeorm";
import { Library } from "./library";

@ObjectType({ description: "A folder of a library." })
@Entity("library_path")
export class LibraryPath {
  @Field(() => Int)
  @PrimaryGeneratedColumn()
  id: number;

  @Field(() => Int)
  @Column({ type: "integer" })
  libraryId: number;

  @ManyToOne(() => Library, (l) => l.paths, { onDelete: "CASCADE" })
  @JoinColumn({ name: "libraryId" })
  library?: Relation<Library>;

  /** Absolute, normalised folder path. */
  @Field(() => String)
  @Column({ type: "varchar", length: 4096, unique: true })
  path: string;

  @Column({ type: "integer", nullable: true })
  lastScan: number | null;
}
