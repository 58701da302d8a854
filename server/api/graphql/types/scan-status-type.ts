import { Field, Float, ObjectType } from "type-graphql";

@ObjectType("ScanStatus", { description: "A scan in progress." })
export class ScanStatusType {
  @Field(() => String)
  state: "Running";

  @Field(() => Float, { description: "0–100" })
  percent: number;

  @Field(() => String, { nullable: true })
  currentFolder: string | null;

  @Field(() => String, { description: "ISO 8601" })
  startedAt: string;
}

@ObjectType("ScanQueued")
export class ScanQueuedType {
  @Field(() => Boolean, { description: "False when the request joined a scan that was already running." })
  started: boolean;

  @Field(() => ScanStatusType)
  scan: ScanStatusType;
}
