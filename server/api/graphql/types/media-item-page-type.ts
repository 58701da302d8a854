import { Field, Int, ObjectType } from "type-graphql";
import { MediaItem } from "../../../db/entities/media-item";

@ObjectType("MediaItemPage")
export class MediaItemPageType {
  @Field(() => Int)
  pageNumber: number;

  @Field(() => Int)
  pageSize: number;

  @Field(() => Int)
  totalCount: number;

  @Field(() => [MediaItem])
  items: MediaItem[];
}
