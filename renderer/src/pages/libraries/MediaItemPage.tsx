import { Anchor, Breadcrumbs, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "urql";
import type { PageProps } from "../../app/routes";
import { Link } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { MediaItemDetailDocument } from "../../graphql/generated";
import { ItemChildren, ItemHeader } from "./ItemHeader";
import { useTranslation } from "react-i18next";

export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}` : `${m}:${String(s).padStart(2, "0")}`;
}

/** A show (its seasons), a season (its episodes), an artist (songs) or a playable item (its files), over its fan art. */
export default function MediaItemPage({ params }: PageProps) {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: MediaItemDetailDocument, variables: { id: Number(params.id) } });
  const item = data?.mediaItem;
  if (error) return <ServerMessage title={t("common.cannotLoad")} message={error.message} />;
  if (!item) return null;
  const ancestors = [item.parent?.parent, item.parent].filter((a): a is { id: number; title: string } => Boolean(a));
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/libraries">{t("common.libraries")}</Anchor>
        {ancestors.map((a) => <Anchor key={a.id} component={Link} to={`/media/${a.id}`}>{a.title}</Anchor>)}
        <Text>{item.title}</Text>
      </Breadcrumbs>
      <ItemHeader item={item} />
      {item.kind === "RemoteStream" && (
        <Group>
          <Button variant="default" component={Link} to={`/media/${item.id}/edit-stream`}>{t("remoteStreams.edit")}</Button>
        </Group>
      )}
      {item.children.length > 0 && <ItemChildren kind={item.kind} items={item.children} />}
      {item.versions.length > 0 && (
        <Table>
          <Table.Thead><Table.Tr><Table.Th>{t("common.file")}</Table.Th><Table.Th>{t("common.length")}</Table.Th><Table.Th>{t("common.size")}</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {item.versions.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td ff="monospace" fz="xs">{v.path}</Table.Td>
                <Table.Td>{formatDuration(v.durationMs)}</Table.Td>
                <Table.Td>{v.width && v.height ? `${v.width}×${v.height}` : ""}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
