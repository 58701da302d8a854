import { Column, Entity, PrimaryGeneratedColumn } from "typeorm";
import { GraphicKind, GraphicPosition, GraphicShow, GraphicTimeFormat } from "../../domain/enums";

/** A graphics element (text template, image, now/next, clock) drawn into a channel's picture. */
@Entity("graphic")
export class Graphic {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 50, unique: true, collation: "NOCASE" })
  name: string;

  @Column({ type: "varchar", length: 20 })
  kind: GraphicKind;

  /** Text: the template (placeholders `{{title}}` …). */
  @Column({ type: "varchar", length: 500, nullable: true })
  text: string | null;

  /** Image: absolute path of the copy inside the data folder (graphics/). */
  @Column({ type: "varchar", length: 1024, nullable: true })
  imagePath: string | null;

  @Column({ type: "varchar", length: 20, default: GraphicPosition.BottomLeft })
  position: GraphicPosition;

  @Column({ type: "real", default: 4 })
  horizontalMarginPercent: number;

  @Column({ type: "real", default: 5 })
  verticalMarginPercent: number;

  /** Share of the frame height: the font size of text, the height of an image. */
  @Column({ type: "real", default: 5 })
  sizePercent: number;

  /** `#RRGGBB` of the text. */
  @Column({ type: "varchar", length: 7, default: "#FFFFFF" })
  color: string;

  /** `#RRGGBB` of the box behind text. */
  @Column({ type: "varchar", length: 7, default: "#000000" })
  backgroundColor: string;

  /** 0 (no box) – 100. */
  @Column({ type: "integer", default: 60 })
  backgroundOpacity: number;

  /** 0–100. */
  @Column({ type: "integer", default: 100 })
  opacity: number;

  @Column({ type: "real", default: 0.5 })
  fadeSeconds: number;

  @Column({ type: "varchar", length: 30, default: GraphicShow.Always })
  show: GraphicShow;

  /** ProgrammeStart, BeforeProgrammeEnd, EveryMinutes: seconds shown. */
  @Column({ type: "integer", nullable: true })
  seconds: number | null;

  /** EveryMinutes: the period on the clock. */
  @Column({ type: "integer", nullable: true })
  everyMinutes: number | null;

  @Column({ type: "varchar", length: 20, default: GraphicTimeFormat.TwentyFourHour })
  timeFormat: GraphicTimeFormat;

  /** Drawn during filler (pre/mid/post roll, pad, fallback) too. */
  @Column({ type: "boolean", default: false })
  showDuringFiller: boolean;
}
