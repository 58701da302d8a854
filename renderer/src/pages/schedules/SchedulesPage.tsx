import { Anchor, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useQuery } from "urql";
import { Link, navigate } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateScheduleDocument, DeleteScheduleDocument, SchedulesDocument } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";

/** `/schedules`: every classic schedule; create, open, delete. */
export default function SchedulesPage() {
  const [{ data, error }, refetch] = useQuery({ query: SchedulesDocument, requestPolicy: "cache-and-network" });
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<ServerErrors | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [createState, create] = useServerMutation(CreateScheduleDocument);
  const [, remove] = useServerMutation(DeleteScheduleDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ input: { name } });
    if (result.error || !result.data) return setErrors(toServerErrors(result.error, ["name"]));
    navigate(`/schedules/${result.data.createSchedule.id}`);
  };

  const deleteSchedule = async (id: number, label: string) => {
    if (!window.confirm(`Delete the schedule “${label}” and its items?`)) return;
    const result = await remove({ id });
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    refetch({ requestPolicy: "network-only" });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Schedules</Title>
        <Button onClick={() => { setCreating(true); setErrors(null); }}>New schedule</Button>
      </Group>
      <Text size="sm" c="dimmed">Classic schedules: a list of items, each playing content in one of four modes, repeated around the clock.</Text>
      <ServerMessage title="Cannot load schedules" message={error?.message} />
      <ServerMessage message={message} />
      {data && data.schedules.length === 0 && <Text>No schedules yet.</Text>}
      {data && data.schedules.length > 0 && (
        <Table verticalSpacing="sm" maw={800}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={100}>Items</Table.Th>
              <Table.Th w={100}><span className="visually-hidden">Actions</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.schedules.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td><Anchor component={Link} to={`/schedules/${s.id}`}>{s.name}</Anchor></Table.Td>
                <Table.Td>{s.items.length}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => deleteSchedule(s.id, s.name)} aria-label={`Delete ${s.name}`}>Delete</Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="New schedule">
        <form onSubmit={submit}>
          <Stack>
            <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} data-autofocus />
            <ServerMessage message={errors?.general} />
            <Group justify="flex-end"><Button type="submit" loading={createState.fetching}>Create schedule</Button></Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
