import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";
import { CollectionType, FillerKind, FillerMode } from "../../domain/enums";

@Entity("filler_preset")
export class FillerPreset {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Column({ type: "varchar", length: 20 })
  kind: FillerKind;

  @Column({ type: "varchar", length: 20, nullable: true })
  mode: FillerMode | null;

  @Column({ type: "integer", nullable: true })
  durationSeconds: number | null;

  @Column({ type: "integer", nullable: true })
  count: number | null;

  @Column({ type: "integer", nullable: true })
  padToNearestMinute: number | null;

  @Column({ type: "boolean", default: true })
  allowWatermarks: boolean;

  @Column({ type: "varchar", length: 30 })
  collectionType: CollectionType;

  @Column({ type: "integer", nullable: true })
  collectionId: number | null;

  @Column({ type: "integer", nullable: true })
  mediaItemId: number | null;

  @Column({ type: "integer", nullable: true })
  multiCollectionId: number | null;

  @Column({ type: "integer", nullable: true })
  smartCollectionId: number | null;

  @Column({ type: "integer", nullable: true })
  playlistId: number | null;

  /** Mid-roll: which chapter boundaries get filler. */
  @Column({ type: "varchar", length: 500, nullable: true })
  expression: string | null;

  @Column({ type: "boolean", default: false })
  useChaptersAsMediaItems: boolean;
}
