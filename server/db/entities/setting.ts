import { Column, Entity, PrimaryColumn } from "typeorm";

/** Small persisted facts of this install: seed version, default FFmpeg profile, device id. */
@Entity("setting")
export class Setting {
  @PrimaryColumn({ type: "varchar", length: 100 })
  key: string;

  @Column({ type: "text" })
  value: string;
}
