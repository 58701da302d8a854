import { GraphQLError } from "graphql";
import { Arg, Ctx, Query, Resolver } from "type-graphql";
import type { GraphqlContext } from "../context";
import { GraphqlErrorCode } from "../errors";
import { PlayoutValidationType } from "../types/playout-validation-type";

@Resolver()
export class PlayoutValidationResolver {
  @Query(() => PlayoutValidationType, {
    description:
      "Validates a YAML playout definition given as text (imports resolve under <dataDir>/definitions/) or as the absolute path of a file on the server " +
      "(imports resolve relative to its folder; needs the write key, like the REST endpoint). Give exactly one of the two.",
  })
  // type-graphql lists arguments last parameter first; this order prints (definition, scheduleFile).
  async validatePlayout(
    @Arg("scheduleFile", () => String, { nullable: true }) scheduleFile: string | null | undefined,
    @Arg("definition", () => String, { nullable: true }) definition: string | null | undefined,
    @Ctx() ctx: GraphqlContext,
  ): Promise<PlayoutValidationType> {
    // Reading files on the server is guarded like the REST endpoint (a POST, so behind the write key).
    if (scheduleFile !== undefined && scheduleFile !== null && !ctx.mayWrite) {
      const crossSite = ctx.writeAccess === "cross-site";
      throw new GraphQLError(crossSite ? "pages of other sites may not validate files on the server while no write key is set" : "a valid X-Api-Key header is required to validate a file on the server", {
        extensions: { code: crossSite ? GraphqlErrorCode.Forbidden : GraphqlErrorCode.Unauthorized },
      });
    }
    const result = await ctx.services.playoutValidation.validate({ definition, scheduleFile });
    return { valid: result.valid, errors: result.errors.map(({ file, line, column, path, message }) => ({ file, line, column, path, message })) };
  }
}
