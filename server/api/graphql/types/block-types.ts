import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "A block placed by a template at a local start time." })
export class BlockTemplateEntry {
  @Field(() => Int)
  blockId: number;

  @Field(() => String, { description: "Local start time hh:mm:ss." })
  startTime: string;
}
