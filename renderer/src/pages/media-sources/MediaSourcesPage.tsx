import { Alert, Badge, Button, Card, Drawer, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteMediaSourceDocument, MediaSourcesDocument, TestMediaSourceDocument, type MediaSourceFieldsFragment } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { MediaSourceForm } from "./MediaSourceForm";
import { SourceLibraries } from "./SourceLibraries";

type TestOutcome = { ok: true; text: string } | { ok: false; text: string };

function SourceCard({ source, onEdit, onChanged }: { source: MediaSourceFieldsFragment; onEdit: () => void; onChanged: () => void }) {
  const [testState, test] = useServerMutation(TestMediaSourceDocument);
  const [, remove] = useServerMutation(DeleteMediaSourceDocument);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const onTest = async () => {
    const result = await test({ id: source.id });
    const server = result.data?.testMediaSource;
    setOutcome(server ? { ok: true, text: `${server.name} answered: version ${server.version}` } : { ok: false, text: toServerErrors(result.error, []).general ?? "The test failed" });
  };
  const onDelete = async () => {
    if (!window.confirm(`Delete the media source “${source.name}” and the libraries synced from it?`)) return;
    const result = await remove({ id: source.id });
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    onChanged();
  };
  return (
    <Card withBorder padding="md" component="section" aria-label={`Media source ${source.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={3} size="h4">{source.name}</Title>
            <Badge variant="light">{source.kind}</Badge>
          </Group>
          <Text size="sm" c="dimmed">{source.serverName ? `${source.serverName} ${source.serverVersion ?? ""}` : "not tested"}</Text>
        </Group>
        <Text size="xs" ff="monospace">{source.url}</Text>
        {source.pathReplacements.map((r) => (
          <Text key={`${r.serverPath}→${r.localPath}`} size="xs" ff="monospace">{r.serverPath} → {r.localPath}</Text>
        ))}
        {outcome && <Alert color={outcome.ok ? "green" : "red"} role="status" title={outcome.ok ? "Connected" : "Test failed"}>{outcome.text}</Alert>}
        <ServerMessage message={message} />
        <Group gap="xs">
          <Button size="xs" variant="default" loading={testState.fetching} onClick={() => void onTest()} aria-label={`Test ${source.name}`}>Test</Button>
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${source.name}`}>Edit</Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => void onDelete()} aria-label={`Delete ${source.name}`}>Delete</Button>
        </Group>
        <SourceLibraries sourceId={source.id} sourceName={source.name} />
      </Stack>
    </Card>
  );
}

/** `/media-sources`: Plex, Jellyfin and Emby servers whose libraries Airwave syncs. */
export default function MediaSourcesPage() {
  const [{ data, error }, refetch] = useQuery({ query: MediaSourcesDocument, requestPolicy: "cache-and-network" });
  const [editing, setEditing] = useState<MediaSourceFieldsFragment | "new" | null>(null);
  const reload = () => refetch({ requestPolicy: "network-only" });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Media sources</Title>
        <Button onClick={() => setEditing("new")}>Add media source</Button>
      </Group>
      {error && <ServerMessage title="Cannot load media sources" message={error.message} />}
      {data && data.mediaSources.length === 0 && <Text>No media servers yet. Add a Plex, Jellyfin or Emby server to schedule its libraries.</Text>}
      {data?.mediaSources.map((source) => <SourceCard key={source.id} source={source} onEdit={() => setEditing(source)} onChanged={reload} />)}
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? "Add a media source" : "Edit media source"} position="right" size="lg">
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
