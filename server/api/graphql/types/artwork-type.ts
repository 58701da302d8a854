import { Field, ObjectType } from "type-graphql";
import { ArtworkKind } from "../../../domain/enums";

@ObjectType("Artwork", { description: "A picture of an item, served from the artwork cache." })
export class ArtworkType {
  @Field(() => ArtworkKind)
  kind: ArtworkKind;

  @Field(() => String, { description: "The full image, absolute URL." })
  url: string;

  @Field(() => String, { description: "A copy at most 320 px wide, for lists and grids." })
  listUrl: string;

  @Field(() => Boolean, { description: "The picture is the item's season's or show's (it has none of this kind)." })
  inherited: boolean;
}
