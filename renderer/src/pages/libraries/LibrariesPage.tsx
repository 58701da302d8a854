import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { SourceBadge } from "../../components/SourceBadge";
import { DeleteLibraryDocument, ScanLibraryDocument, type LibraryFieldsFragment } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { LibraryForm } from "./LibraryForm";
import { ScanStatus } from "./ScanStatus";
import { useLibraries } from "./use-libraries";
import { useTranslation } from "react-i18next";

const KIND_LABEL: Record<string, "common.tvShows" | "common.movies" | "common.otherVideos" | "common.music" | "remoteStreams.libraryKind"> = { Shows: "common.tvShows", Movies: "common.movies", OtherVideos: "common.otherVideos", Music: "common.music", RemoteStreams: "remoteStreams.libraryKind" };

function LibraryCard({ library, onChanged }: { library: LibraryFieldsFragment; onChanged: () => void }) {
  const { t } = useTranslation();
  const [, scan] = useServerMutation(ScanLibraryDocument);
  const [, remove] = useServerMutation(DeleteLibraryDocument);
  const [message, setMessage] = useState<string | null>(null);
  const run = async (action: () => Promise<{ error?: Parameters<typeof toServerErrors>[0] }>) => {
    const result = await action();
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    onChanged();
  };
  return (
    <Card withBorder padding="md" component="section" aria-label={t("libraries.library", { name: library.name })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">{library.name}</Title>
          <Text size="sm" c="dimmed">{KIND_LABEL[library.kind] ? t(KIND_LABEL[library.kind]) : library.kind}</Text>
        </Group>
        <SourceBadge source={library.source} />
        {!library.source && library.paths.map((p) => <Text key={p.id} size="xs" ff="monospace" truncate="start" title={p.path}>{p.path}</Text>)}
        <ScanStatus library={library} />
        <ServerMessage message={message} />
        <Group gap="xs">
          <Button size="xs" onClick={() => run(() => scan({ id: library.id, force: false }))} disabled={Boolean(library.scan)}>{t("common.scan")}</Button>
          <Button size="xs" variant="default" onClick={() => run(() => scan({ id: library.id, force: true }))} disabled={Boolean(library.scan)}>{t("common.fullRescan")}</Button>
          <Button size="xs" variant="default" component={Link} to={`/libraries/${library.id}`}>{t("common.browse")}</Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => window.confirm(t("libraries.deleteTheLibraryAnd", { name: library.name })) && run(() => remove({ id: library.id }))}>{t("common.delete")}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function LibrariesPage() {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useLibraries();
  const [adding, setAdding] = useState(false);
  const [, scan] = useServerMutation(ScanLibraryDocument);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.libraries")}</Title>
        <Button onClick={() => setAdding(true)}>{t("common.addLibrary")}</Button>
      </Group>
      {error && <ServerMessage title={t("libraries.cannotLoadLibraries")} message={error.message} />}
      {data && data.libraries.length === 0 && <Text>{t("libraries.noLibrariesYetAddAFolder")}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {data?.libraries.map((library) => <LibraryCard key={library.id} library={library} onChanged={refetch} />)}
      </SimpleGrid>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t("libraries.addALibrary")} size="lg">
        <LibraryForm
          onCreated={async (library) => {
            setAdding(false);
            await scan({ id: library.id, force: false });
            refetch();
          }}
        />
      </Modal>
    </Stack>
  );
}
