import { Anchor, Badge, Code, Group, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { LogLinesDocument, LogSettingsDocument, UpdateLogSettingsDocument } from "../../graphql/generated";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";

const FOLLOW_MS = 2000;
const LEVEL_COLOR: Record<string, string> = { debug: "gray", info: "blue", warn: "yellow", error: "red" };

/** `/logs`: the server log, newest first, filtered by level and text, following new lines while Follow is on. */
export default function LogsPage() {
  const { t } = useTranslation();
  const [level, setLevel] = useState<string>("debug");
  const [text, setText] = useState("");
  const [follow, setFollow] = useState(true);
  const [{ data, error }, refetch] = useQuery({ query: LogLinesDocument, variables: { level, text: text || null }, requestPolicy: "network-only" });

  useEffect(() => {
    if (!follow) return;
    const timer = setInterval(() => refetch({ requestPolicy: "network-only" }), FOLLOW_MS);
    return () => clearInterval(timer);
  }, [follow, refetch]);

  const [{ data: settingsData }, refetchSettings] = useQuery({ query: LogSettingsDocument });
  const [saving, updateLogSettings] = useServerMutation(UpdateLogSettingsDocument);
  const [settingsError, setSettingsError] = useState<string | undefined>();
  const logSettings = settingsData?.settings;
  const changeLogSettings = async (input: { logLevel?: string; iptvAccessLog?: boolean }) => {
    const result = await updateLogSettings({ input });
    setSettingsError(result.error?.message);
    refetchSettings({ requestPolicy: "network-only" });
  };

  const lines = data?.logLines ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.logs")}</Title>
        <Group gap="md">
          <Anchor href="/api/v1/logs/files/current" download>{t("logs.downloadThisRunSLog")}</Anchor>
          <Anchor href="/api/v1/logs/files/previous" download>{t("logs.downloadThePreviousRunSLog")}</Anchor>
        </Group>
      </Group>
      <Group align="flex-end">
        <Select label={t("common.lowestLevel")} data={["debug", "info", "warn", "error"]} value={level} onChange={(v) => setLevel(v ?? "debug")} allowDeselect={false} w={160} />
        <TextInput label={t("common.containing")} placeholder={t("logs.textToLookFor")} value={text} onChange={(e) => setText(e.currentTarget.value)} w={280} />
        <Switch label={t("logs.followNewLines")} checked={follow} onChange={(e) => setFollow(e.currentTarget.checked)} mb={8} />
      </Group>
      {logSettings && (
        <Group align="flex-end">
          <Select
            label={t("logs.serverRecordsFrom")}
            description={t("logs.serverRecordsFromHint")}
            data={["debug", "info", "warn", "error"]}
            value={logSettings.logLevel}
            onChange={(v) => v && void changeLogSettings({ logLevel: v })}
            allowDeselect={false}
            disabled={saving.fetching}
            w={220}
          />
          <Switch
            label={t("logs.iptvAccessLog")}
            checked={logSettings.iptvAccessLog}
            onChange={(e) => void changeLogSettings({ iptvAccessLog: e.currentTarget.checked })}
            disabled={saving.fetching}
            mb={8}
          />
        </Group>
      )}
      <ServerMessage message={settingsError ?? error?.message} />
      {data && lines.length === 0 && <Text c="dimmed">{t("logs.noLinesMatch")}</Text>}
      <Stack gap={2} component="ol" aria-label={t("common.logLines")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {lines.map((line) => (
          <Group key={line.seq} component="li" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: "nowrap" }}>{line.at.replace("T", " ").replace("Z", "")}</Text>
            <Badge size="xs" color={LEVEL_COLOR[line.level] ?? "gray"} variant="light" w={56} style={{ flexShrink: 0 }}>{line.level}</Badge>
            <Code block={false} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", background: "transparent", padding: 0 }}>{line.text}</Code>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
