import { Badge } from "@mantine/core";
import { useQuery } from "urql";
import { Link } from "../app/router";
import { HealthChecksDocument } from "../graphql/generated";
import { useTranslation } from "react-i18next";

/** In the header: how many health checks fail, linking to the Health page; nothing while all pass. */
export function HealthBadge() {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: HealthChecksDocument, requestPolicy: "cache-and-network" });
  const failed = data?.healthChecks.filter((c) => c.status === "failed").length ?? 0;
  if (!failed) return null;
  return (
    <Link to="/health-checks" aria-label={t("common.healthChecksFailed", { count: failed })}>
      <Badge color="red" variant="filled" style={{ cursor: "pointer" }}>
        {t("common.problems", { count: failed })}
      </Badge>
    </Link>
  );
}
