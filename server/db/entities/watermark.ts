import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";
import { WatermarkMode, WatermarkPosition } from "../../domain/enums";

@Entity("watermark")
export class Watermark {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  /** Path of the image under the data folder's watermark store. */
  @Column({ type: "varchar", length: 1024 })
  imagePath: string;

  @Column({ type: "varchar", length: 20, default: WatermarkPosition.BottomRight })
  position: WatermarkPosition;

  /** Width as a percentage of the frame width. */
  @Column({ type: "real", default: 15 })
  widthPercent: number;

  @Column({ type: "real", default: 5 })
  horizontalMarginPercent: number;

  @Column({ type: "real", default: 5 })
  verticalMarginPercent: number;

  /** 0–100. */
  @Column({ type: "integer", default: 100 })
  opacity: number;

  @Column({ type: "varchar", length: 20, default: WatermarkMode.Permanent })
  mode: WatermarkMode;

  @Column({ type: "integer", nullable: true })
  frequencyMinutes: number | null;

  @Column({ type: "integer", nullable: true })
  durationSeconds: number | null;
}
