import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Graphic } from "../../../db/entities/graphic";
import { GraphicKind, GraphicPosition, GraphicShow, GraphicTimeFormat } from "../../../domain/enums";

@ObjectType("Graphic", { description: "A graphics element (text template, image, now/next, clock) drawn into a channel's picture." })
export class GraphicType {
  @Field(() => Int)
  id: number;

  @Field(() => String)
  name: string;

  @Field(() => GraphicKind)
  kind: GraphicKind;

  @Field(() => String, { nullable: true, description: "Text: the template with its placeholders." })
  text: string | null;

  @Field(() => String, { nullable: true, description: "Image: the copy of the chosen image inside the data folder (graphics/)." })
  imagePath: string | null;

  @Field(() => GraphicPosition)
  position: GraphicPosition;

  @Field(() => Float)
  horizontalMarginPercent: number;

  @Field(() => Float)
  verticalMarginPercent: number;

  @Field(() => Float, { description: "Share of the frame height: the font size of text, the height of an image." })
  sizePercent: number;

  @Field(() => String)
  color: string;

  @Field(() => String)
  backgroundColor: string;

  @Field(() => Int)
  backgroundOpacity: number;

  @Field(() => Int)
  opacity: number;

  @Field(() => Float)
  fadeSeconds: number;

  @Field(() => GraphicShow)
  show: GraphicShow;

  @Field(() => Int, { nullable: true })
  seconds: number | null;

  @Field(() => Int, { nullable: true })
  everyMinutes: number | null;

  @Field(() => GraphicTimeFormat)
  timeFormat: GraphicTimeFormat;

  @Field(() => Boolean)
  showDuringFiller: boolean;
}

export function toGraphicType(g: Graphic): GraphicType {
  return Object.assign(new GraphicType(), g);
}
