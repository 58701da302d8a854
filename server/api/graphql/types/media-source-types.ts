import { Field, InputType, Int, ObjectType } from "type-graphql";
import { LibraryKind, MediaServerKind } from "../../../domain/enums";
import type { MediaSourceInput } from "../../../services/media-sources/media-source-input";

@ObjectType("PathReplacement", { description: "A server path prefix and the local prefix Airwave reads instead." })
export class PathReplacementType {
  @Field(() => String)
  serverPath: string;

  @Field(() => String)
  localPath: string;
}

@InputType("PathReplacementInput")
export class PathReplacementInput {
  @Field(() => String)
  serverPath: string;

  @Field(() => String)
  localPath: string;
}

@ObjectType("MediaSource", { description: "A Plex, Jellyfin or Emby server Airwave syncs from. The credential is never readable." })
export class MediaSourceType {
  @Field(() => Int)
  id: number;

  @Field(() => String)
  name: string;

  @Field(() => MediaServerKind)
  kind: MediaServerKind;

  @Field(() => String)
  url: string;

  @Field(() => Boolean, { description: "The token or API key is stored (it is never returned)." })
  hasCredential: boolean;

  @Field(() => [PathReplacementType])
  pathReplacements: PathReplacementType[];

  @Field(() => String, { nullable: true })
  serverId: string | null;

  @Field(() => String, { nullable: true })
  serverName: string | null;

  @Field(() => String, { nullable: true })
  serverVersion: string | null;
}

@ObjectType("ServerIdentity")
export class ServerIdentityType {
  @Field(() => String)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String)
  version: string;
}

@ObjectType("RemoteLibrary", { description: "A library on a media server." })
export class RemoteLibraryType {
  @Field(() => String)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => LibraryKind)
  kind: LibraryKind;

  @Field(() => Int, { nullable: true, description: "The Airwave library synced from it, when enabled." })
  libraryId: number | null;
}

@ObjectType("RemoteCollection", { description: "A collection (box set) or playlist on a media server." })
export class RemoteCollectionType {
  @Field(() => String)
  remoteId: string;

  @Field(() => String, { description: "Collection or Playlist" })
  remoteKind: "Collection" | "Playlist";

  @Field(() => String)
  name: string;

  @Field(() => Int)
  itemCount: number;

  @Field(() => Int, { nullable: true })
  collectionId: number | null;
}

@InputType("MediaSourceUpdateInput", { description: "Fields of a media source; omitted ones keep their value. A new kind, URL or credential is tested first." })
export class MediaSourceUpdateInput implements MediaSourceInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => MediaServerKind, { nullable: true })
  kind?: MediaServerKind;

  @Field(() => String, { nullable: true })
  url?: string;

  @Field(() => String, { nullable: true, description: "Plex token or Jellyfin/Emby API key (write-only)." })
  credential?: string;

  @Field(() => [PathReplacementInput], { nullable: true })
  pathReplacements?: PathReplacementInput[];
}

@InputType("MediaSourceCreateInput", { description: "A new media source; the server is tested before it is stored." })
export class MediaSourceCreateInput extends MediaSourceUpdateInput {
  @Field(() => String)
  override name: string;

  @Field(() => MediaServerKind)
  override kind: MediaServerKind;

  @Field(() => String)
  override url: string;

  @Field(() => String)
  override credential: string;
}
