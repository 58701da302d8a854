import { Field, InputType, Int } from "type-graphql";
import { PlaybackOrder } from "../../../domain/enums";
import type { MultiCollectionInput, MultiCollectionMemberInput } from "../../../services/multi-collection-service";
import type { PlaylistInput, PlaylistItemInput } from "../../../services/playlist-service";
import { ContentRefInputType } from "./content-target-input";

@InputType("MultiCollectionMemberInput", { description: "One member of a multi collection: exactly one of collectionId and smartCollectionId." })
export class MultiCollectionMemberInputType implements MultiCollectionMemberInput {
  @Field(() => Int, { nullable: true })
  collectionId?: number | null;

  @Field(() => Int, { nullable: true })
  smartCollectionId?: number | null;

  @Field(() => Boolean)
  scheduleAsGroup: boolean;

  @Field(() => PlaybackOrder)
  playbackOrder: PlaybackOrder;
}

@InputType("MultiCollectionInput", { description: "A whole multi collection; on update the members are replaced." })
export class MultiCollectionInputType implements MultiCollectionInput {
  @Field(() => String)
  name: string;

  @Field(() => [MultiCollectionMemberInputType])
  items: MultiCollectionMemberInputType[];
}

@InputType("PlaylistItemInput", { description: "An entry of a playlist: the id matching collectionType is required, the others must be absent." })
export class PlaylistItemInputType extends ContentRefInputType implements PlaylistItemInput {
  @Field(() => PlaybackOrder)
  playbackOrder: PlaybackOrder;

  @Field(() => Int, { nullable: true, description: "At least 1 (default 1); must be absent with playAll." })
  count?: number | null;

  @Field(() => Boolean)
  playAll: boolean;

  @Field(() => Boolean)
  includeInProgramGuide: boolean;
}

@InputType("PlaylistInput", { description: "A whole playlist; on update the entries are replaced." })
export class PlaylistInputType implements PlaylistInput {
  @Field(() => String)
  name: string;

  @Field(() => Int)
  playlistGroupId: number;

  @Field(() => [PlaylistItemInputType])
  items: PlaylistItemInputType[];
}
