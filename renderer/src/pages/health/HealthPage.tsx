import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { HealthChecksDocument } from "../../graphql/generated";
import { statusLook } from "./health-status";
import { useTranslation } from "react-i18next";

/** `/health-checks` (`/health` is the monitoring endpoint): every check the server runs, problems first, each with its reason and what to do. */
export default function HealthPage() {
  const { t } = useTranslation();
  const [{ data, fetching, error }, refetch] = useQuery({ query: HealthChecksDocument, requestPolicy: "network-only" });
  const checks = [...(data?.healthChecks ?? [])].sort((a, b) => statusLook(a.status).rank - statusLook(b.status).rank);
  const failed = checks.filter((c) => c.status === "failed").length;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.health")}</Title>
        <Button variant="default" loading={fetching} onClick={() => refetch({ requestPolicy: "network-only" })}>{t("common.checkAgain")}</Button>
      </Group>
      <ServerMessage title={t("health.cannotReachTheServer")} message={error?.message} />
      {data && (
        <Text role="status" c={failed ? "red" : "dimmed"}>
          {failed ? t("health.checkFailed", { count: failed }) : t("health.everyCheckPassed")}
        </Text>
      )}
      <Stack gap="xs" component="ul" aria-label={t("common.healthChecks")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {checks.map((check) => {
          const look = statusLook(check.status);
          return (
            <Card key={check.id} component="li" withBorder padding="sm" aria-label={check.title} data-status={check.status}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Badge color={look.color} variant={check.status === "ok" ? "light" : "filled"} w={80} style={{ flexShrink: 0 }}>{look.label}</Badge>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{check.title}</Text>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>{check.reason}</Text>
                  {check.action && <Text size="sm" c="dimmed">{t("health.whatToDo", { action: check.action })}</Text>}
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
