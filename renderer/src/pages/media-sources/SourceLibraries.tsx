import { Badge, Button, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { EnableMediaSourceLibraryDocument, MediaSourceLibrariesDocument, ScanLibraryDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { ScanStatus } from "../libraries/ScanStatus";
import { useLibraries } from "../libraries/use-libraries";
import { useTranslation } from "react-i18next";

const KIND_LABEL: Record<string, "common.tvShows" | "common.movies" | "common.otherVideos" | "common.music"> = { Shows: "common.tvShows", Movies: "common.movies", OtherVideos: "common.otherVideos", Music: "common.music" };

/** The server's libraries: pick one to create its Airwave library, then sync it (progress and last result as for a scan). */
export function SourceLibraries({ sourceId, sourceName }: { sourceId: number; sourceName: string }) {
  const { t } = useTranslation();
  const [{ data, error, fetching }, refetch] = useQuery({ query: MediaSourceLibrariesDocument, variables: { id: sourceId }, requestPolicy: "cache-and-network" });
  // The bound libraries' scan state, re-read every second while a sync runs.
  const [libraries, reloadLibraries] = useLibraries();
  const [, enable] = useServerMutation(EnableMediaSourceLibraryDocument);
  const [, sync] = useServerMutation(ScanLibraryDocument);
  const [message, setMessage] = useState<string | null>(null);
  const bound = (libraryId: number | null | undefined) => libraries.data?.libraries.find((library) => library.id === libraryId);

  const run = async (action: () => Promise<{ error?: Parameters<typeof toServerErrors>[0] }>) => {
    const result = await action();
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    refetch({ requestPolicy: "network-only" });
    reloadLibraries();
  };

  if (error) return <ServerMessage title={t("mediaSources.cannotListTheLibrariesOf", { sourceName: sourceName })} message={error.message} />;
  if (!data) return fetching ? <Loader size="sm" aria-label={t("mediaSources.loadingTheLibrariesOf", { sourceName: sourceName })} /> : null;
  return (
    <Stack gap="xs">
      <ServerMessage message={message} />
      <Table aria-label={t("mediaSources.librariesOf", { sourceName: sourceName })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("mediaSources.libraryOnTheServer")}</Table.Th>
            <Table.Th>{t("common.kind")}</Table.Th>
            <Table.Th>{t("common.sync")}</Table.Th>
            <Table.Th><span className="visually-hidden">{t("common.actions")}</span></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.mediaSourceLibraries.map((remote) => {
            const library = bound(remote.libraryId);
            return (
              <Table.Tr key={remote.id}>
                <Table.Td>{remote.name}</Table.Td>
                <Table.Td>{KIND_LABEL[remote.kind] ? t(KIND_LABEL[remote.kind]) : remote.kind}</Table.Td>
                <Table.Td>{library ? <ScanStatus library={library} /> : <Badge color="gray" variant="light">{t("common.notUsed")}</Badge>}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {library ? (
                      <Button size="xs" onClick={() => run(() => sync({ id: library.id, force: false }))} disabled={Boolean(library.scan)} aria-label={t("mediaSources.sync", { name: remote.name })}>{t("common.sync")}</Button>
                    ) : (
                      <Button size="xs" variant="default" onClick={() => run(() => enable({ id: sourceId, remoteLibraryId: remote.id }))} aria-label={t("mediaSources.use", { name: remote.name })}>{t("mediaSources.useThisLibrary")}</Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {data.mediaSourceLibraries.length === 0 && <Text size="sm">{t("mediaSources.theServerHasNoMovieShow")}</Text>}
    </Stack>
  );
}
