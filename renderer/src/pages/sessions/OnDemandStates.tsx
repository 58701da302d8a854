import { Badge, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useQuery } from "urql";
import { clock } from "./clock";
import { OnDemandStatesDocument } from "../../graphql/generated";


/** Every on-demand channel: playing, or paused since when and where it resumes; refreshed with the sessions. */
export function OnDemandStates({ refreshMs }: { refreshMs: number }) {
  const [{ data }, refetch] = useQuery({ query: OnDemandStatesDocument, requestPolicy: "network-only" });
  useEffect(() => {
    const timer = setInterval(() => refetch({ requestPolicy: "network-only" }), refreshMs);
    return () => clearInterval(timer);
  }, [refetch, refreshMs]);
  const states = data?.onDemandStates ?? [];
  if (!states.length) return null;
  return (
    <Stack gap="xs">
      <Title order={2}>On-demand channels</Title>
      <Table aria-label="On-demand channels">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Channel</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Resumes at</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {states.map((s) => (
            <Table.Tr key={s.channelId}>
              <Table.Td>{`${s.channelNumber} · ${s.channelName}`}</Table.Td>
              <Table.Td>
                {s.playing ? <Badge color="green">Playing</Badge> : <Text size="sm">{`Paused since ${new Date(s.pausedSince!).toLocaleString()}`}</Text>}
              </Table.Td>
              <Table.Td>{s.checkpoint ? `${s.checkpoint.title ?? "A gap"} at ${clock(s.checkpoint.offsetSeconds)}` : "—"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
