import { Field, Int, ObjectType } from "type-graphql";

@ObjectType("PlayoutValidationError", { description: "One problem of a YAML playout definition, located in the file it was found in." })
export class PlayoutValidationErrorType {
  @Field(() => String, { description: "`definition` for text sent in the request, `definitions/<path>` for its imports; otherwise the file's absolute path." })
  file: string;

  @Field(() => Int, { description: "1-based" })
  line: number;

  @Field(() => Int, { description: "1-based" })
  column: number;

  @Field(() => String, { description: "Where in the document, e.g. `playout[3].duration`; empty for the document itself." })
  path: string;

  @Field(() => String)
  message: string;
}

@ObjectType("PlayoutValidation", { description: "The outcome of validating a YAML playout definition and its imports." })
export class PlayoutValidationType {
  @Field(() => Boolean, { description: "True when the definition (and every import) has no errors." })
  valid: boolean;

  @Field(() => [PlayoutValidationErrorType], { description: "Every problem, in file order (main file first, then imports), then line and column." })
  errors: PlayoutValidationErrorType[];
}
