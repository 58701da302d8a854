import { Badge } from "@mantine/core";
import { useQuery } from "urql";
import { Link } from "../app/router";
import { HealthChecksDocument } from "../graphql/generated";

/** In the header: how many health checks fail, linking to the Health page; nothing while all pass. */
export function HealthBadge() {
  const [{ data }] = useQuery({ query: HealthChecksDocument, requestPolicy: "cache-and-network" });
  const failed = data?.healthChecks.filter((c) => c.status === "failed").length ?? 0;
  if (!failed) return null;
  return (
    <Link to="/health-checks" aria-label={`${failed} health check${failed === 1 ? "" : "s"} failed`}>
      <Badge color="red" variant="filled" style={{ cursor: "pointer" }}>
        {failed} problem{failed === 1 ? "" : "s"}
      </Badge>
    </Link>
  );
}
