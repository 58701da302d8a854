import { Anchor, Badge, Button, Group, Pagination, Stack, Table, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { Link } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { DeleteRemoteStreamDocument, RemoteStreamItemsDocument } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { durationText } from "./RemoteStreamForm";

const PAGE_SIZE = 50;

/** The streams of a RemoteStreams library, re-read when its scan ends, with add, edit and delete. */
export function RemoteStreamList({ libraryId, scanning }: { libraryId: number; scanning: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [{ data, error, fetching }, refetch] = useQuery({ query: RemoteStreamItemsDocument, variables: { libraryId, pageNumber: page - 1, pageSize: PAGE_SIZE }, requestPolicy: "cache-and-network" });
  const [, remove] = useServerMutation(DeleteRemoteStreamDocument);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!scanning) refetch({ requestPolicy: "network-only" });
  }, [scanning, refetch]);
  const items = data?.mediaItems.items ?? [];

  const onDelete = async (id: number, title: string) => {
    if (!window.confirm(t("remoteStreams.confirmDelete", { title }))) return;
    const result = await remove({ itemId: id });
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    refetch({ requestPolicy: "network-only" });
  };

  return (
    <Stack aria-busy={fetching}>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">{scanning ? t("remoteStreams.scanning") : t("remoteStreams.total", { total: data?.mediaItems.totalCount ?? 0 })}</Text>
        <Button component={Link} to={`/libraries/${libraryId}/add-stream`}>{t("remoteStreams.addTitle")}</Button>
      </Group>
      <ServerMessage title={t("common.cannotLoad")} message={error?.message} />
      <ServerMessage message={message} />
      {items.length > 0 && (
        <Table aria-label={t("remoteStreams.tableLabel")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("remoteStreams.title")}</Table.Th>
              <Table.Th>{t("remoteStreams.length")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const version = item.versions[0];
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/media/${item.id}`}>{item.title}</Anchor>
                    {version?.streamError && <Text size="xs" c="red" title={version.streamError}>{t("remoteStreams.failing")}</Text>}
                  </Table.Td>
                  <Table.Td>
                    {version?.streamLive && <Badge variant="light">{t("remoteStreams.liveBadge")}</Badge>} {version && version.durationMs > 0 ? durationText(version.durationMs) : ""}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="default" component={Link} to={`/media/${item.id}/edit-stream`} aria-label={t("remoteStreams.editNamed", { title: item.title })}>{t("remoteStreams.edit")}</Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(item.id, item.title)} aria-label={t("remoteStreams.deleteNamed", { title: item.title })}>{t("remoteStreams.delete")}</Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {data && data.mediaItems.totalCount === 0 && !scanning && <Text c="dimmed">{t("remoteStreams.none")}</Text>}
      {data && data.mediaItems.totalCount > PAGE_SIZE && (
        <Group justify="center">
          <Pagination total={Math.ceil(data.mediaItems.totalCount / PAGE_SIZE)} value={page} onChange={setPage} aria-label={t("common.pages")} />
        </Group>
      )}
    </Stack>
  );
}
