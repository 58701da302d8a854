import type { Graphic } from "../../../db/entities/graphic";
import type { GraphicKind, GraphicPosition, GraphicShow, GraphicTimeFormat } from "../../../domain/enums";
import type { GraphicSettingsInput } from "../../../services/graphics/graphic-input";

export interface GraphicDto {
  /** @isInt */
  id: number;
  name: string;
  kind: GraphicKind;
  /** Text: the template. */
  text?: string;
  /** Image: the copy of the chosen image inside the data folder (graphics/). */
  imagePath?: string;
  position: GraphicPosition;
  horizontalMarginPercent: number;
  verticalMarginPercent: number;
  sizePercent: number;
  color: string;
  backgroundColor: string;
  /** @isInt */
  backgroundOpacity: number;
  /** @isInt */
  opacity: number;
  fadeSeconds: number;
  show: GraphicShow;
  /** @isInt */
  seconds?: number;
  /** @isInt */
  everyMinutes?: number;
  timeFormat: GraphicTimeFormat;
  showDuringFiller: boolean;
}

/** Body of POST and PUT; PUT replaces every field (absent ones take their defaults). */
export type GraphicRequest = GraphicSettingsInput;

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function toGraphicDto(g: Graphic): GraphicDto {
  return { ...g, text: opt(g.text), imagePath: opt(g.imagePath), seconds: opt(g.seconds), everyMinutes: opt(g.everyMinutes) };
}
