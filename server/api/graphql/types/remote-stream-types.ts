import { Field, Int, ObjectType } from "type-graphql";
import { ScanStatusType } from "./scan-status-type";

@ObjectType("RemoteStreamCreated", { description: "A remote stream item file written into the library's own folder; the scan that reads it runs." })
export class RemoteStreamCreatedType {
  @Field(() => Int)
  libraryId: number;

  @Field(() => String, { description: "The item file's name." })
  file: string;

  @Field(() => ScanStatusType)
  scan: ScanStatusType;
}

@ObjectType("RemoteStreamUpdated", { description: "A remote stream item changed with its file; a changed source is probed again by a scan." })
export class RemoteStreamUpdatedType {
  @Field(() => Int)
  itemId: number;

  @Field(() => Int)
  libraryId: number;

  @Field(() => String, { description: "The item file's name." })
  file: string;

  @Field(() => ScanStatusType, { nullable: true, description: "The scan that probes a changed URL or headers again." })
  scan: ScanStatusType | null;
}

@ObjectType("RemoteStream", { description: "A remote stream item as an edit form shows it: never the URL's query or a header's value." })
export class RemoteStreamType {
  @Field(() => Int)
  itemId: number;

  @Field(() => Int)
  libraryId: number;

  @Field(() => String, { description: "The item file's name." })
  file: string;

  @Field(() => String, { nullable: true, description: "Null when it can be changed and deleted here; otherwise where to change it (its file in a library folder, or the IPTV playlist)." })
  notEditable: string | null;

  @Field(() => String, { nullable: true, description: "The URL without its query." })
  url: string | null;

  @Field(() => Boolean, { description: "The stored URL has a query, which is not shown (kept unless a new URL is given)." })
  urlHasQuery: boolean;

  @Field(() => String)
  title: string;

  @Field(() => String, { nullable: true })
  plot: string | null;

  @Field(() => [String])
  genres: string[];

  @Field(() => Int, { description: "The fixed length; 0 for a live item without one." })
  durationMs: number;

  @Field(() => Boolean)
  live: boolean;

  @Field(() => [String], { description: "Names of the headers sent with it (values are never shown)." })
  headerNames: string[];
}
