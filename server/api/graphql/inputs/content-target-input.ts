import { Field, InputType, Int } from "type-graphql";
import { CollectionType } from "../../../domain/enums";
import type { ContentRefInput, ContentTargetInput } from "../../../services/content-targets";

/** The content fields every input with content shares (GraphQL inlines them into each input). */
@InputType("ContentRefInput", { description: "What an entry plays: collectionType and the one id it needs (the others absent)." })
export abstract class ContentRefInputType implements ContentRefInput {
  @Field(() => CollectionType)
  collectionType: CollectionType;

  @Field(() => Int, { nullable: true })
  collectionId?: number | null;

  @Field(() => Int, { nullable: true, description: "Show, season, artist or a playable item." })
  mediaItemId?: number | null;

  @Field(() => Int, { nullable: true })
  multiCollectionId?: number | null;

  @Field(() => Int, { nullable: true })
  smartCollectionId?: number | null;

}

/** The same with a playlist or a search: schedule items, block items and filler presets. */
@InputType("ContentTargetInput", { description: "What an item plays: collectionType and the one field it needs (the others absent)." })
export abstract class ContentTargetInputType extends ContentRefInputType implements ContentTargetInput {
  @Field(() => Int, { nullable: true })
  playlistId?: number | null;

  @Field(() => String, { nullable: true })
  searchQuery?: string | null;
}
