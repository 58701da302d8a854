import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";
import { WatermarkImageSource, WatermarkMode, WatermarkPosition, WatermarkSize } from "../../domain/enums";

@Entity("watermark")
export class Watermark {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Column({ type: "varchar", length: 20, default: WatermarkImageSource.Custom })
  imageSource: WatermarkImageSource;

  /** Absolute path of the image file (Custom source); null when the channel's logo is used. */
  @Column({ type: "varchar", length: 1024, nullable: true })
  imagePath: string | null;

  @Column({ type: "varchar", length: 20, default: WatermarkPosition.BottomRight })
  position: WatermarkPosition;

  @Column({ type: "varchar", length: 20, default: WatermarkSize.Scaled })
  size: WatermarkSize;

  /** Width as a percentage of the frame width (Scaled size). */
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

  /** Position relative to the source content rather than the padded output frame. */
  @Column({ type: "boolean", default: false })
  placeWithinSourceContent: boolean;
}
