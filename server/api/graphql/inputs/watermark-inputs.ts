import { Field, Float, InputType, Int } from "type-graphql";
import { WatermarkImageSource, WatermarkMode, WatermarkPosition, WatermarkSize } from "../../../domain/enums";
import type { WatermarkSettingsInput } from "../../../services/watermark-input";

@InputType("WatermarkInput", {
  description: "A watermark: imageData or imagePath only with imageSource Custom, widthPercent only with size Scaled, frequencyMinutes/durationSeconds only with mode Intermittent. Update replaces every field.",
})
export class WatermarkInputType implements WatermarkSettingsInput {
  @Field(() => String)
  name: string;

  @Field(() => WatermarkImageSource, { nullable: true, description: "Default Custom." })
  imageSource?: WatermarkImageSource | null;

  @Field(() => String, { nullable: true, description: "The image itself: a data: URL (data:image/png;base64,…) of a PNG, JPEG, GIF or WebP image, at most 5 MB decoded." })
  imageData?: string | null;

  @Field(() => String, { nullable: true, description: "Instead of imageData: absolute path of a .png, .jpg, .gif or .webp image inside the data folder or a library folder." })
  imagePath?: string | null;

  @Field(() => WatermarkPosition, { nullable: true, description: "Default BottomRight." })
  position?: WatermarkPosition | null;

  @Field(() => WatermarkSize, { nullable: true, description: "Default Scaled." })
  size?: WatermarkSize | null;

  @Field(() => Float, { nullable: true, description: "1–100, default 15." })
  widthPercent?: number | null;

  @Field(() => Float, { nullable: true, description: "0–50, default 5." })
  horizontalMarginPercent?: number | null;

  @Field(() => Float, { nullable: true, description: "0–50, default 5." })
  verticalMarginPercent?: number | null;

  @Field(() => Int, { nullable: true, description: "0–100, default 100." })
  opacity?: number | null;

  @Field(() => WatermarkMode, { nullable: true, description: "Default Permanent." })
  mode?: WatermarkMode | null;

  @Field(() => Int, { nullable: true, description: "1–60." })
  frequencyMinutes?: number | null;

  @Field(() => Int, { nullable: true, description: "1–600, shorter than the frequency." })
  durationSeconds?: number | null;

  @Field(() => Boolean, { nullable: true, description: "Default false." })
  placeWithinSourceContent?: boolean | null;
}
