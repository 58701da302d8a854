import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { rest, RestError } from "../../graphql/rest";
import type { SettingsInput } from "../../graphql/generated";

interface Backup {
  name: string;
  createdAt: string;
  sizeBytes: number;
  trigger: "manual" | "scheduled";
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Backups in the data folder (REST: GraphQL has no equivalent) and their schedule (settings). */
export function BackupsCard({ intervalHours, keep, onSave, errors }: { intervalHours: number; keep: number; onSave: (input: SettingsInput) => Promise<boolean>; errors?: Record<string, string> }) {
  const [backups, setBackups] = useState<Backup[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [taking, setTaking] = useState(false);
  const [schedule, setSchedule] = useState({ intervalHours, keep });
  const [saved, setSaved] = useState(false);

  const load = useCallback(async () => {
    try {
      setBackups(await rest<Backup[]>("GET", "/api/v1/maintenance/backups"));
    } catch (error) {
      setMessage(error instanceof RestError ? error.problem.detail : String(error));
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEffect(() => setSchedule({ intervalHours, keep }), [intervalHours, keep]);

  const takeNow = async () => {
    setTaking(true);
    try {
      await rest<Backup>("POST", "/api/v1/maintenance/backup");
      setMessage(null);
      await load();
    } catch (error) {
      setMessage(error instanceof RestError ? error.problem.detail : String(error));
    } finally {
      setTaking(false);
    }
  };
  const saveSchedule = async () => {
    setSaved(false);
    setSaved(await onSave({ backupIntervalHours: schedule.intervalHours, backupKeep: schedule.keep }));
  };
  const asNumber = (value: string | number) => (typeof value === "number" ? value : Number.parseInt(value, 10));

  return (
    <Card withBorder component="section" aria-label="Backups">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">Backups</Title>
        <Button variant="default" onClick={takeNow} loading={taking}>Back up now</Button>
      </Group>
      <Stack>
        <Text size="sm" c="dimmed">Snapshots of the database with settings.json, in the data folder's backups/. Restore one with <code>airwave restore FILE</code> while Airwave is stopped.</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Hours between backups" description="0 turns scheduled backups off" value={schedule.intervalHours} onChange={(v) => setSchedule({ ...schedule, intervalHours: asNumber(v) })} error={errors?.backupIntervalHours} allowDecimal={false} min={0} />
          <NumberInput label="Backups kept" value={schedule.keep} onChange={(v) => setSchedule({ ...schedule, keep: asNumber(v) })} error={errors?.backupKeep} allowDecimal={false} min={1} />
          <Group align="flex-end" gap="xs">
            <Button variant="default" onClick={saveSchedule}>Save schedule</Button>
            {saved && <Text size="sm" c="green" role="status">Schedule saved</Text>}
          </Group>
        </SimpleGrid>
        <ServerMessage message={message} />
        {backups && backups.length === 0 && <Text size="sm">No backups yet.</Text>}
        {backups && backups.length > 0 && (
          <Table aria-label="Backup files">
            <Table.Thead>
              <Table.Tr><Table.Th>File</Table.Th><Table.Th>Taken</Table.Th><Table.Th>Size</Table.Th><Table.Th>How</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {backups.map((b) => (
                <Table.Tr key={b.name}>
                  <Table.Td>{b.name}</Table.Td>
                  <Table.Td>{new Date(b.createdAt).toLocaleString()}</Table.Td>
                  <Table.Td>{megabytes(b.sizeBytes)}</Table.Td>
                  <Table.Td>{b.trigger}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
