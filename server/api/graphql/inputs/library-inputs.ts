import { Field, InputType } from "type-graphql";
import { LibraryKind } from "../../../domain/enums";
import type { LibraryInput } from "../../../services/library-input";

@InputType({ description: "Fields of a library; omitted ones keep their value." })
export class LibraryUpdateInput implements LibraryInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => LibraryKind, { nullable: true })
  kind?: LibraryKind;

  @Field(() => [String], { nullable: true, description: "Replaces the library's folders." })
  paths?: string[];

  @Field(() => String, { nullable: true, description: "RemoteStreams only: an IPTV M3U playlist (http or https) whose entries become live items; null removes it." })
  m3uUrl?: string | null;
}

@InputType({ description: "A new library." })
export class LibraryCreateInput extends LibraryUpdateInput {
  @Field(() => String)
  override name: string;

  @Field(() => LibraryKind)
  override kind: LibraryKind;

  @Field(() => [String])
  override paths: string[];
}
