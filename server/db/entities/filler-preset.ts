import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";
import { FillerKind, FillerMode } from "../../domain/enums";
import { ContentTarget, Targeted } from "./content-target";

@Entity("filler_preset")
export class FillerPreset extends Targeted {
  @PrimaryGeneratedColumn()
  id: number;

  @Column(() => ContentTarget, { prefix: false })
  override target: ContentTarget;

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

  /** Mid-roll: which chapter boundaries get filler. */
  @Column({ type: "varchar", length: 500, nullable: true })
  expression: string | null;

  @Column({ type: "boolean", default: false })
  useChaptersAsMediaItems: boolean;
}
