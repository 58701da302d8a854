import { Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
import type { HealthCheck } from "../../../services/health/health-types";
import type { GraphqlContext } from "../context";

@ObjectType("HealthCheck", { description: "One health check (the same as GET /api/v1/health/checks)." })
export class HealthCheckType implements HealthCheck {
  @Field(() => String)
  id: string;

  @Field(() => String)
  title: string;

  @Field(() => String, { description: "ok, info, warning or failed" })
  status: HealthCheck["status"];

  @Field(() => String)
  reason: string;

  @Field(() => String, { nullable: true, description: "What to do about it; null when nothing needs doing." })
  action?: string;
}

@Resolver(() => HealthCheckType)
export class HealthResolver {
  @Query(() => [HealthCheckType], { description: "Every health check with its status, reason and what to do." })
  healthChecks(@Ctx() ctx: GraphqlContext): Promise<HealthCheckType[]> {
    return ctx.services.health.run();
  }
}
