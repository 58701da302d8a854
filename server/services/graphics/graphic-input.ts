import type { GraphicKind, GraphicTimeFormat } from "../../domain/enums";

/**
 * What a client sends for a graphics element. Fields only another kind or timing uses are refused, not
 * ignored. PUT replaces every field (absent ones take their defaults).
 */
export interface GraphicSettingsInput {
  /** 1–50 characters, unique without regard to letter case. */
  name: string;
  /** Text (a template), Image, NowNext (two lines: what is on, what comes next and when) or Clock (the channel's local time). */
  kind: GraphicKind;
  /**
   * Text only, required: 1–500 characters; a new line starts a second line. Placeholders, filled from the
   * programme on air: `{{title}}`, `{{showTitle}}`, `{{season}}`, `{{episode}}`, `{{year}}`, `{{artist}}`,
   * `{{album}}`, `{{channelName}}`, `{{channelNumber}}`, `{{start}}`, `{{end}}`, `{{next.title}}`,
   * `{{next.showTitle}}`, `{{next.start}}` and `{{time}}` (the live clock). Times are in the playout's time
   * zone, written as timeFormat says; a value the programme lacks is left out.
   */
  text?: string | null;
  /**
   * Image only, the image itself: a `data:` URL of a PNG, JPEG, GIF or WebP image of at most 5 MB (decoded).
   * It is written into the data folder's `graphics/`. Give this or imagePath, not both.
   */
  imageData?: string | null;
  /** Image only, instead of imageData: absolute path of an image inside the data folder or a library folder (copied into `graphics/`). */
  imagePath?: string | null;
  /**
   * One of the nine anchors: TopLeft, TopCenter, TopRight, MiddleLeft, Center, MiddleRight, BottomLeft,
   * BottomCenter, BottomRight; default TopRight for Clock and Image, BottomLeft otherwise. Anything else is a
   * 422 naming this field.
   * @example "BottomLeft"
   */
  position?: string | null;
  /** 0–50 (% of the frame width, default 4). */
  horizontalMarginPercent?: number | null;
  /** 0–50 (% of the frame height, default 5). */
  verticalMarginPercent?: number | null;
  /** Share of the frame height (%): text 1–30 (default 5), an image's height 1–100 (default 15). */
  sizePercent?: number | null;
  /** Text colour `#RRGGBB` (default `#FFFFFF`). */
  color?: string | null;
  /** Colour of the box behind text, `#RRGGBB` (default `#000000`). */
  backgroundColor?: string | null;
  /**
   * Opacity of the box behind text, 0 (no box: a drop shadow instead) – 100; default 60.
   * @isInt
   */
  backgroundOpacity?: number | null;
  /**
   * 0 (invisible) – 100 (opaque, default).
   * @isInt
   */
  opacity?: number | null;
  /** Fade in and out over this many seconds, 0–10 (default 0.5); not with show Always. Images fade in ProgrammeStart and BeforeProgrammeEnd only. */
  fadeSeconds?: number | null;
  /**
   * Always (default), ProgrammeStart (the first `seconds` of each programme), BeforeProgrammeEnd (the last
   * `seconds`, for "up next") or EveryMinutes (`seconds` every `everyMinutes` minutes of the clock). Anything
   * else is a 422 naming this field.
   * @example "Always"
   */
  show?: string | null;
  /**
   * Required with ProgrammeStart, BeforeProgrammeEnd and EveryMinutes: 1–600 (and shorter than the period).
   * @isInt
   */
  seconds?: number | null;
  /**
   * EveryMinutes only, required: 1–120.
   * @isInt
   */
  everyMinutes?: number | null;
  /** How times are written: TwentyFourHour (`21:05`, default) or TwelveHour (`9:05 PM`). */
  timeFormat?: GraphicTimeFormat | null;
  /** Drawn during filler too (pre-, mid- and post-roll, pad, fallback filler); default false. */
  showDuringFiller?: boolean | null;
}
