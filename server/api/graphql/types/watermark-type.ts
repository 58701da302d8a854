import { Field, Float, Int, ObjectType } from "type-graphql";
import type { Watermark } from "../../../db/entities/watermark";
import { WatermarkImageSource, WatermarkMode, WatermarkPosition, WatermarkSize } from "../../../domain/enums";

@ObjectType("Watermark", { description: "An image overlaid on a channel's video." })
export class WatermarkType {
  @Field(() => Int)
  id: number;

  @Field(() => String)
  name: string;

  @Field(() => WatermarkImageSource)
  imageSource: WatermarkImageSource;

  @Field(() => String, { nullable: true, description: "Custom source: the copy of the chosen image inside the data folder (watermarks/)." })
  imagePath: string | null;

  @Field(() => WatermarkPosition)
  position: WatermarkPosition;

  @Field(() => WatermarkSize)
  size: WatermarkSize;

  @Field(() => Float, { nullable: true, description: "Scaled size: percentage of the frame width." })
  widthPercent: number | null;

  @Field(() => Float)
  horizontalMarginPercent: number;

  @Field(() => Float)
  verticalMarginPercent: number;

  @Field(() => Int)
  opacity: number;

  @Field(() => WatermarkMode)
  mode: WatermarkMode;

  @Field(() => Int, { nullable: true, description: "Intermittent: minutes between appearances." })
  frequencyMinutes: number | null;

  @Field(() => Int, { nullable: true, description: "Intermittent: seconds shown each time." })
  durationSeconds: number | null;

  @Field(() => Boolean)
  placeWithinSourceContent: boolean;
}

export function toWatermarkType(w: Watermark): WatermarkType {
  return Object.assign(new WatermarkType(), {
    id: w.id,
    name: w.name,
    imageSource: w.imageSource,
    imagePath: w.imagePath,
    position: w.position,
    size: w.size,
    widthPercent: w.size === WatermarkSize.Scaled ? w.widthPercent : null,
    horizontalMarginPercent: w.horizontalMarginPercent,
    verticalMarginPercent: w.verticalMarginPercent,
    opacity: w.opacity,
    mode: w.mode,
    frequencyMinutes: w.frequencyMinutes,
    durationSeconds: w.durationSeconds,
    placeWithinSourceContent: w.placeWithinSourceContent,
  });
}
