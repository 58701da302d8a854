import { Field, Float, InputType, Int } from "type-graphql";
import { GraphicKind, GraphicPosition, GraphicShow, GraphicTimeFormat } from "../../../domain/enums";
import type { GraphicSettingsInput } from "../../../services/graphics/graphic-input";

@InputType("GraphicInput", {
  description:
    "A graphics element: text only with kind Text (placeholders {{title}}, {{showTitle}}, {{season}}, {{episode}}, {{year}}, {{artist}}, {{album}}, {{channelName}}, {{channelNumber}}, {{start}}, {{end}}, {{next.title}}, {{next.showTitle}}, {{next.start}}, {{time}}), imageData or imagePath only with kind Image, seconds with ProgrammeStart/BeforeProgrammeEnd/EveryMinutes, everyMinutes with EveryMinutes. Update replaces every field.",
})
export class GraphicInputType implements GraphicSettingsInput {
  @Field(() => String)
  name: string;

  @Field(() => GraphicKind)
  kind: GraphicKind;

  @Field(() => String, { nullable: true, description: "Text: the template, 1–500 characters." })
  text?: string | null;

  @Field(() => String, { nullable: true, description: "Image: a data: URL of a PNG, JPEG, GIF or WebP image, at most 5 MB decoded." })
  imageData?: string | null;

  @Field(() => String, { nullable: true, description: "Image, instead of imageData: an image inside the data folder or a library folder." })
  imagePath?: string | null;

  @Field(() => GraphicPosition, { nullable: true, description: "Default TopRight for Clock and Image, BottomLeft otherwise." })
  position?: string | null;

  @Field(() => Float, { nullable: true, description: "0–50, default 4." })
  horizontalMarginPercent?: number | null;

  @Field(() => Float, { nullable: true, description: "0–50, default 5." })
  verticalMarginPercent?: number | null;

  @Field(() => Float, { nullable: true, description: "Share of the frame height: text 1–30 (default 5), image 1–100 (default 15)." })
  sizePercent?: number | null;

  @Field(() => String, { nullable: true, description: "#RRGGBB, default #FFFFFF." })
  color?: string | null;

  @Field(() => String, { nullable: true, description: "#RRGGBB, default #000000." })
  backgroundColor?: string | null;

  @Field(() => Int, { nullable: true, description: "0 (no box) – 100, default 60." })
  backgroundOpacity?: number | null;

  @Field(() => Int, { nullable: true, description: "0–100, default 100." })
  opacity?: number | null;

  @Field(() => Float, { nullable: true, description: "0–10, default 0.5; not with show Always." })
  fadeSeconds?: number | null;

  @Field(() => GraphicShow, { nullable: true, description: "Default Always." })
  show?: string | null;

  @Field(() => Int, { nullable: true, description: "1–600." })
  seconds?: number | null;

  @Field(() => Int, { nullable: true, description: "1–120." })
  everyMinutes?: number | null;

  @Field(() => GraphicTimeFormat, { nullable: true, description: "Default TwentyFourHour." })
  timeFormat?: GraphicTimeFormat | null;

  @Field(() => Boolean, { nullable: true, description: "Default false." })
  showDuringFiller?: boolean | null;
}
