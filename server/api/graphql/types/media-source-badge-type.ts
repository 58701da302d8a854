import { Field, Int, ObjectType } from "type-graphql";

@ObjectType("MediaSourceBadge", { description: "The media server (Plex, Jellyfin, Emby) a library or item is synced from." })
export class MediaSourceBadgeType {
  @Field(() => Int)
  id: number;

  @Field(() => String)
  name: string;

  @Field(() => String, { description: "Plex, Jellyfin or Emby" })
  kind: string;
}
