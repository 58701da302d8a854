import { Anchor, Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "urql";
import { Link } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { PlayoutsOverviewDocument } from "../../graphql/generated";
import { formatTime } from "../libraries/ScanStatus";
import { PlayoutResetButton } from "./PlayoutResetButton";
import { useTranslation } from "react-i18next";

/** `/playouts`: every channel's playout with its build status; edit or reset it. */
export default function PlayoutsPage() {
  const { t } = useTranslation();
  const [{ data, error }, refetch] = useQuery({ query: PlayoutsOverviewDocument, requestPolicy: "cache-and-network" });
  const channelOf = new Map((data?.channels ?? []).map((c) => [c.id, c]));
  return (
    <Stack>
      <Title order={1}>{t("common.playouts")}</Title>
      <ServerMessage title={t("playouts.cannotLoadPlayouts")} message={error?.message} />
      {data && data.playouts.length === 0 && <Text>{t("playouts.noPlayoutsYetGiveAChannel")}</Text>}
      {data && data.playouts.length > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.channel")}</Table.Th>
                <Table.Th>{t("common.kind")}</Table.Th>
                <Table.Th>{t("common.lastBuild")}</Table.Th>
                <Table.Th><span className="visually-hidden">{t("common.actions")}</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.playouts.map((p) => {
                const channel = channelOf.get(p.channelId);
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/channels/${p.channelId}/playout`}>{channel ? `${channel.number} · ${channel.name}` : t("playouts.channel", { channelId: p.channelId })}</Anchor>
                    </Table.Td>
                    <Table.Td>{p.kind}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        {p.buildStatus.success === false && <Badge color="red" size="sm">{t("common.failed")}</Badge>}
                        {p.buildStatus.success === true && <Badge color="green" size="sm">{t("common.ok")}</Badge>}
                        <Text size="sm">{formatTime(p.buildStatus.lastBuild)}</Text>
                      </Group>
                      {p.buildStatus.message && <Text size="xs" c="dimmed">{p.buildStatus.message}</Text>}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} justify="flex-end">
                        <PlayoutResetButton channelId={p.channelId} onDone={() => refetch({ requestPolicy: "network-only" })} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
