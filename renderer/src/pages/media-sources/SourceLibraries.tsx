import { Badge, Button, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useQuery } from "urql";
import { ServerMessage } from "../../components/ServerMessage";
import { EnableMediaSourceLibraryDocument, MediaSourceLibrariesDocument, ScanLibraryDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { ScanStatus } from "../libraries/ScanStatus";
import { useLibraries } from "../libraries/use-libraries";

const KIND_LABEL: Record<string, string> = { Shows: "TV shows", Movies: "Movies", OtherVideos: "Other videos", Music: "Music" };

/** The server's libraries: pick one to create its Airwave library, then sync it (progress and last result as for a scan). */
export function SourceLibraries({ sourceId, sourceName }: { sourceId: number; sourceName: string }) {
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

  if (error) return <ServerMessage title={`Cannot list the libraries of ${sourceName}`} message={error.message} />;
  if (!data) return fetching ? <Loader size="sm" aria-label={`Loading the libraries of ${sourceName}`} /> : null;
  return (
    <Stack gap="xs">
      <ServerMessage message={message} />
      <Table aria-label={`Libraries of ${sourceName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Library on the server</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Sync</Table.Th>
            <Table.Th><span className="visually-hidden">Actions</span></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.mediaSourceLibraries.map((remote) => {
            const library = bound(remote.libraryId);
            return (
              <Table.Tr key={remote.id}>
                <Table.Td>{remote.name}</Table.Td>
                <Table.Td>{KIND_LABEL[remote.kind] ?? remote.kind}</Table.Td>
                <Table.Td>{library ? <ScanStatus library={library} /> : <Badge color="gray" variant="light">Not used</Badge>}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {library ? (
                      <Button size="xs" onClick={() => run(() => sync({ id: library.id, force: false }))} disabled={Boolean(library.scan)} aria-label={`Sync ${remote.name}`}>
                        Sync
                      </Button>
                    ) : (
                      <Button size="xs" variant="default" onClick={() => run(() => enable({ id: sourceId, remoteLibraryId: remote.id }))} aria-label={`Use ${remote.name}`}>
                        Use this library
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {data.mediaSourceLibraries.length === 0 && <Text size="sm">The server has no movie, show or music library.</Text>}
    </Stack>
  );
}
