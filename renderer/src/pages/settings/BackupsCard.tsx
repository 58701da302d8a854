import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { ServerMessage } from "../../components/ServerMessage";
import { rest, RestError } from "../../graphql/rest";
import type { SettingsInput } from "../../graphql/generated";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n/i18n";

interface Backup {
  name: string;
  createdAt: string;
  sizeBytes: number;
  trigger: "manual" | "scheduled";
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Backups in the data folder (REST: GraphQL has no equivalent) and their schedule (settings). */
export function BackupsCard({ intervalHours, keep, onSave, errors }: { intervalHours: number; keep: number; onSave: (input: SettingsInput) => Promise<boolean>; errors?: Record<string, string> }) {
  const { t } = useTranslation();
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
    <Card withBorder component="section" aria-label={t("common.backups")}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">{t("common.backups")}</Title>
        <Button variant="default" onClick={takeNow} loading={taking}>{t("settings.backUpNow")}</Button>
      </Group>
      <Stack>
        <Text size="sm" c="dimmed">{t("settings.snapshotsOfTheDatabaseWithSettingsJson")}{" "}<code>{t("settings.airwaveRestoreFile")}</code>{" "}{t("settings.whileAirwaveIsStopped")}</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label={t("settings.hoursBetweenBackups")} description={t("settings.n0TurnsScheduledBackupsOff")} value={schedule.intervalHours} onChange={(v) => setSchedule({ ...schedule, intervalHours: asNumber(v) })} error={errors?.backupIntervalHours} allowDecimal={false} min={0} />
          <NumberInput label={t("common.backupsKept")} value={schedule.keep} onChange={(v) => setSchedule({ ...schedule, keep: asNumber(v) })} error={errors?.backupKeep} allowDecimal={false} min={1} />
          <Group align="flex-end" gap="xs">
            <Button variant="default" onClick={saveSchedule}>{t("common.saveSchedule")}</Button>
            {saved && <Text size="sm" c="green" role="status">{t("common.scheduleSaved")}</Text>}
          </Group>
        </SimpleGrid>
        <ServerMessage message={message} />
        {backups && backups.length === 0 && <Text size="sm">{t("settings.noBackupsYet")}</Text>}
        {backups && backups.length > 0 && (
          <Table aria-label={t("common.backupFiles")}>
            <Table.Thead>
              <Table.Tr><Table.Th>{t("common.file")}</Table.Th><Table.Th>{t("common.taken")}</Table.Th><Table.Th>{t("common.size")}</Table.Th><Table.Th>{t("common.how")}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {backups.map((b) => (
                <Table.Tr key={b.name}>
                  <Table.Td>{b.name}</Table.Td>
                  <Table.Td>{new Date(b.createdAt).toLocaleString(currentLocale(), { dateStyle: "medium", timeStyle: "short" })}</Table.Td>
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
