import { Anchor, Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "urql";
import { Link } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { PlayoutsOverviewDocument } from "../../graphql/generated";
import { formatTime } from "../libraries/ScanStatus";
import { PlayoutResetButton } from "./PlayoutResetButton";

/** `/playouts`: every channel's playout with its build status; edit or reset it. */
export default function PlayoutsPage() {
  const [{ data, error }, refetch] = useQuery({ query: PlayoutsOverviewDocument, requestPolicy: "cache-and-network" });
  const channelOf = new Map((data?.channels ?? []).map((c) => [c.id, c]));
  return (
    <Stack>
      <Title order={1}>Playouts</Title>
      <ServerMessage title="Cannot load playouts" message={error?.message} />
      {data && data.playouts.length === 0 && <Text>No playouts yet. Give a channel one from its playout page.</Text>}
      {data && data.playouts.length > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Channel</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Last build</Table.Th>
                <Table.Th><span className="visually-hidden">Actions</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.playouts.map((p) => {
                const channel = channelOf.get(p.channelId);
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/channels/${p.channelId}/playout`}>{channel ? `${channel.number} · ${channel.name}` : `Channel ${p.channelId}`}</Anchor>
                    </Table.Td>
                    <Table.Td>{p.kind}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        {p.buildStatus.success === false && <Badge color="red" size="sm">Failed</Badge>}
                        {p.buildStatus.success === true && <Badge color="green" size="sm">OK</Badge>}
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
