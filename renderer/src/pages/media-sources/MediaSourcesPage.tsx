import { Alert, Badge, Button, Card, Drawer, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteMediaSourceDocument, MediaSourcesDocument, TestMediaSourceDocument, type MediaSourceFieldsFragment } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { MediaSourceForm } from "./MediaSourceForm";
import { SourceLibraries } from "./SourceLibraries";
import { useTranslation } from "react-i18next";

type TestOutcome = { ok: true; text: string } | { ok: false; text: string };

function SourceCard({ source, onEdit, onChanged }: { source: MediaSourceFieldsFragment; onEdit: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [testState, test] = useServerMutation(TestMediaSourceDocument);
  const [, remove] = useServerMutation(DeleteMediaSourceDocument);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const onTest = async () => {
    const result = await test({ id: source.id });
    const server = result.data?.testMediaSource;
    setOutcome(server ? { ok: true, text: t("mediaSources.serverAnswered", { name: server.name, version: server.version }) } : { ok: false, text: toServerErrors(result.error, []).general ?? t("common.testFailed") });
  };
  const onDelete = async () => {
    if (!window.confirm(t("mediaSources.deleteTheMediaSource", { name: source.name }))) return;
    const result = await remove({ id: source.id });
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    onChanged();
  };
  return (
    <Card withBorder padding="md" component="section" aria-label={t("mediaSources.mediaSource", { name: source.name })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={3} size="h4">{source.name}</Title>
            <Badge variant="light">{source.kind}</Badge>
          </Group>
          <Text size="sm" c="dimmed">{source.serverName ? `${source.serverName} ${source.serverVersion ?? ""}` : t("common.notTested")}</Text>
        </Group>
        <Text size="xs" ff="monospace">{source.url}</Text>
        {source.pathReplacements.map((r) => (
          <Text key={`${r.serverPath}→${r.localPath}`} size="xs" ff="monospace">{r.serverPath} → {r.localPath}</Text>
        ))}
        {outcome && <Alert color={outcome.ok ? "green" : "red"} role="status" title={outcome.ok ? t("common.connected") : t("common.testFailed")}>{outcome.text}</Alert>}
        <ServerMessage message={message} />
        <Group gap="xs">
          <Button size="xs" variant="default" loading={testState.fetching} onClick={() => void onTest()} aria-label={t("mediaSources.test", { name: source.name })}>{t("common.test")}</Button>
          <Button size="xs" variant="default" onClick={onEdit} aria-label={t("mediaSources.edit", { name: source.name })}>{t("common.edit")}</Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => void onDelete()} aria-label={t("mediaSources.delete", { name: source.name })}>{t("common.delete")}</Button>
        </Group>
        <SourceLibraries sourceId={source.id} sourceName={source.name} />
      </Stack>
    </Card>
  );
}

/** `/media-sources`: Plex, Jellyfin and Emby servers whose libraries Airwave syncs. */
export default function MediaSourcesPage() {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useQuery({ query: MediaSourcesDocument, requestPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<MediaSourceFieldsFragment | "new" | null>(null);
  const reload = () => refetch({ requestPolicy: "network-only" });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.mediaSources")}</Title>
        <Button onClick={() => setEditing("new")}>{t("mediaSources.addMediaSource")}</Button>
      </Group>
      {error && <ServerMessage title={t("mediaSources.cannotLoadMediaSources")} message={error.message} />}
      {data && data.mediaSources.length === 0 && <Text>{t("mediaSources.noMediaServersYetAddA")}</Text>}
      {data?.mediaSources.map((source) => <SourceCard key={source.id} source={source} onEdit={() => setEditing(source)} onChanged={reload} />)}
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? t("mediaSources.addAMediaSource") : t("mediaSources.editMediaSource")} position="right" size="lg">
        {editing !== null && (
          <MediaSourceForm
            key={editing === "new" ? "new" : editing.id}
            existing={editing === "new" ? undefined : editing}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
          />
        )}
      </Drawer>
    </Stack>
  );
}
