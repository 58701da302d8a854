import { Anchor, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useQuery } from "urql";
import { Link, navigate } from "../../app/router";
import { ServerMessage } from "../../components/ServerMessage";
import { CreateScheduleDocument, DeleteScheduleDocument, SchedulesDocument } from "../../graphql/generated";
import { toServerErrors, type ServerErrors } from "../../graphql/server-errors";
import { useServerMutation } from "../../graphql/use-server-mutation";
import { useTranslation } from "react-i18next";

/** `/schedules`: every classic schedule; create, open, delete. */
export default function SchedulesPage() {
  const { t } = useTranslation();
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
    if (!window.confirm(t("schedules.deleteTheScheduleAnd", { label: label }))) return;
    const result = await remove({ id });
    setMessage(result.error ? toServerErrors(result.error, []).general : null);
    refetch({ requestPolicy: "network-only" });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("common.schedules")}</Title>
        <Button onClick={() => { setCreating(true); setErrors(null); }}>{t("common.newSchedule")}</Button>
      </Group>
      <Text size="sm" c="dimmed">{t("schedules.classicSchedulesAListOfItems")}</Text>
      <ServerMessage title={t("schedules.cannotLoadSchedules")} message={error?.message} />
      <ServerMessage message={message} />
      {data && data.schedules.length === 0 && <Text>{t("schedules.noSchedulesYet")}</Text>}
      {data && data.schedules.length > 0 && (
        <Table verticalSpacing="sm" maw={800}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("common.name")}</Table.Th>
              <Table.Th w={100}>{t("common.items")}</Table.Th>
              <Table.Th w={100}><span className="visually-hidden">{t("common.actions")}</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.schedules.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td><Anchor component={Link} to={`/schedules/${s.id}`}>{s.name}</Anchor></Table.Td>
                <Table.Td>{s.items.length}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => deleteSchedule(s.id, s.name)} aria-label={t("schedules.delete", { name: s.name })}>{t("common.delete")}</Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t("common.newSchedule")}>
        <form onSubmit={submit}>
          <Stack>
            <TextInput label={t("common.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors?.fields.name} data-autofocus />
            <ServerMessage message={errors?.general} />
            <Group justify="flex-end"><Button type="submit" loading={createState.fetching}>{t("common.createSchedule")}</Button></Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
