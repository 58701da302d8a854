import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from "type-graphql";
import type { LogLine } from "../../../domain/log-line";
import type { GraphqlContext } from "../context";

@ObjectType("LogLine", { description: "One line of the server log (keys and tokens taken out)." })
export class LogLineType implements LogLine {
  @Field(() => Int, { description: "Increases by one per line since the server started." })
  seq: number;

  @Field(() => String, { description: "ISO 8601 time." })
  at: string;

  @Field(() => String, { description: "debug, info, warn or error" })
  level: string;

  @Field(() => String)
  text: string;
}

@Resolver(() => LogLineType)
export class LogResolver {
  @Query(() => [LogLineType], { description: "The newest lines of the server log, newest first (same filters as GET /api/v1/logs)." })
  logLines(
    @Ctx() ctx: GraphqlContext,
    @Arg("level", () => String, { nullable: true }) level?: string,
    @Arg("text", () => String, { nullable: true }) text?: string,
    @Arg("after", () => Int, { nullable: true }) after?: number,
    @Arg("limit", () => Int, { nullable: true }) limit?: number,
  ): LogLineType[] {
    return ctx.services.logs.list({ level: level ?? undefined, text: text ?? undefined, after: after ?? undefined, limit: limit ?? undefined });
  }
}
