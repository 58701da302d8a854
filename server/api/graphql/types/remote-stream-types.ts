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
